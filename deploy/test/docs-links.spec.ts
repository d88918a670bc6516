import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = join(__dirname, '../..');
const inFolder = (folder: string) =>
  readdirSync(join(root, folder))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(folder, name));
const pages = [
  'README.md',
  ...inFolder('docs'),
  ...inFolder('deploy'),
  'web/README.md',
  ...readdirSync(join(root, 'bench'))
    .map((name) => join('bench', name, 'README.md'))
    .filter((path) => existsSync(join(root, path))),
];

/** The page's text without code, where a link-like text is an example, not a link. */
const prose = (text: string) => text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

/** Markdown links and image sources that point into the repository. */
function relativeLinks(text: string): string[] {
  const targets = [
    ...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]),
    ...[...text.matchAll(/src="([^"]+)"/g)].map((match) => match[1]),
  ];
  return targets.filter((target) => !/^[a-z]+:/i.test(target));
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    let anchor = slug;
    for (let repeat = 1; anchors.has(anchor); repeat += 1) anchor = `${slug}-${repeat}`;
    anchors.add(anchor);
  }
  return anchors;
}

describe('documentation links', () => {
  it.each(pages)('%s: every relative link and image points to a file (and heading) that exists', (page) => {
    const text = readFileSync(join(root, page), 'utf8');
    const broken = relativeLinks(prose(text)).filter((link) => {
      const [path, anchor] = link.split('#');
      const target = path ? join(root, dirname(page), decodeURIComponent(path)) : join(root, page);
      if (!existsSync(target)) return true;
      if (!anchor || !target.endsWith('.md')) return false;
      return !anchorsOf(readFileSync(target, 'utf8')).has(anchor);
    });
    expect(broken.map((link) => `${link} (from ${relative(root, join(root, page))})`)).toEqual([]);
  });
});
