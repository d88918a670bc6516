import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface ChunkInfo {
  code: string;
  imports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  fileName: string;
}

/**
 * Fails the build when the JavaScript a page needs before it can show (the entry, the page's lazy
 * chunk and everything they import statically) weighs more than the budget, gzipped.
 */
export function bundleBudget({ maxInitialKbGzip }: { maxInitialKbGzip: number }): Plugin {
  return {
    name: 'bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') chunks.set(fileName, { ...output, fileName });
      }
      const closure = (start: string, seen = new Set<string>()) => {
        if (seen.has(start) || !chunks.has(start)) return seen;
        seen.add(start);
        for (const imported of chunks.get(start)!.imports) closure(imported, seen);
        return seen;
      };
      const size = (files: Set<string>) =>
        [...files].reduce((total, file) => total + gzipSync(chunks.get(file)!.code).length, 0);

      const entries = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      const entryFiles = entries.reduce((all, entry) => closure(entry, all), new Set<string>());
      const pages = [...chunks.values()].filter((chunk) => chunk.isDynamicEntry);
      const report = (pages.length ? pages : [{ fileName: '(entry only)' } as ChunkInfo]).map((page) => {
        const files =
          page.fileName === '(entry only)' ? entryFiles : closure(page.fileName, new Set(entryFiles));
        return { page: page.fileName, kb: Math.round((size(files) / 1024) * 10) / 10 };
      });
      for (const { page, kb } of report) {
        this.info(`initial JavaScript with ${page}: ${kb} KB gzip`);
        if (kb > maxInitialKbGzip) {
          this.error(
            `${page} needs ${kb} KB of JavaScript gzipped before it shows, over the ${maxInitialKbGzip} KB budget`,
          );
        }
      }
    },
  };
}
