import { randomBytes } from 'node:crypto';
import { bundleBudget } from './bundle-budget';

type Chunk = {
  type: 'chunk';
  code: string;
  imports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
};
type Asset = { type: 'asset'; source: string };

/** Random text of about the given compressed size (base64 of random bytes barely compresses further). */
const weighing = (kb: number) => randomBytes(Math.round(kb * 1024)).toString('base64');

function run(bundle: Record<string, Chunk | Asset>, maxInitialKb = 10) {
  const plugin = bundleBudget({ maxInitialKb });
  const messages: string[] = [];
  const context = {
    info: (message: string) => messages.push(message),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  (plugin.generateBundle as unknown as (this: typeof context, o: unknown, b: unknown) => void).call(
    context,
    {},
    bundle,
  );
  return messages;
}

describe('bundleBudget', () => {
  const chunk = (code: string, imports: string[] = [], flags: Partial<Chunk> = {}): Chunk => ({
    type: 'chunk',
    code,
    imports,
    isEntry: false,
    isDynamicEntry: false,
    ...flags,
  });

  it('reports each page with the entry and everything they import', () => {
    const messages = run({
      'index.js': chunk(weighing(2), ['vendor.js'], { isEntry: true }),
      'vendor.js': chunk(weighing(3)),
      'Page.js': chunk(weighing(1), ['shared.js'], { isDynamicEntry: true }),
      'shared.js': chunk(weighing(1)),
    });
    expect(messages).toHaveLength(1);
    const kb = Number(/Page\.js: ([\d.]+) KB brotli/.exec(messages[0])?.[1]);
    expect(kb).toBeGreaterThan(6.5);
    expect(kb).toBeLessThan(8);
  });

  it('counts the styles the page and the entry bring, as compressed as the gateway sends them', () => {
    const messages = run({
      'index.js': chunk(weighing(1), [], {
        isEntry: true,
        viteMetadata: { importedCss: new Set(['index.css']) },
      }),
      'index.css': { type: 'asset', source: weighing(3) },
      'Page.js': chunk(weighing(1), [], { isDynamicEntry: true }),
      'Other.css': { type: 'asset', source: weighing(20) },
    });
    const kb = Number(/Page\.js: ([\d.]+) KB brotli/.exec(messages[0])?.[1]);
    expect(kb).toBeGreaterThan(4.5);
    expect(kb).toBeLessThan(6);
  });

  it('fails the build when a page goes over the budget', () => {
    expect(() =>
      run({
        'index.js': chunk(weighing(6), [], { isEntry: true }),
        'Heavy.js': chunk(weighing(6), [], { isDynamicEntry: true }),
        'Light.js': chunk(weighing(1), [], { isDynamicEntry: true }),
      }),
    ).toThrow(
      /Heavy\.js needs .* KB \(brotli\) of scripts and styles before it shows, over the 10 KB budget/,
    );
  });
});
