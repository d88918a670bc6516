import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

const EARLY_ENTRY = 'src/early-entry.ts';
const ORDERS_SCREEN = '/src/pages/OrdersPage.tsx';
/** As src/early-entry.ts reads it. */
const ORDERS_CHUNKS_META = 'tawsil-orders-chunks';

/**
 * Builds src/early-entry.ts as an entry of its own and loads it from index.html (`async`: it runs
 * as soon as it arrives, before the app's larger entry), with the Orders screen's chunks named in
 * a meta tag for it to preload on /orders.
 */
export function earlyEntry(): Plugin {
  let base = '/';
  return {
    name: 'early-entry',
    apply: 'build',
    config: (config) => ({
      build: {
        rollupOptions: {
          input: { index: `${config.root ?? '.'}/index.html`, early: `${config.root ?? '.'}/${EARLY_ENTRY}` },
        },
      },
    }),
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter(
          (output): output is OutputChunk => output.type === 'chunk',
        );
        const early = chunks.find((chunk) => chunk.isEntry && chunk.name === 'early');
        if (!early) throw new Error(`the build has no chunk of ${EARLY_ENTRY}`);
        return [
          {
            tag: 'meta',
            attrs: {
              name: ORDERS_CHUNKS_META,
              content: ordersScreenFiles(bundle, chunks)
                .map((file) => base + file)
                .join(' '),
            },
            injectTo: 'head',
          },
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: base + early.fileName },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/** The Orders screen's chunk and what it imports, but for what the entries load anyway. */
function ordersScreenFiles(bundle: OutputBundle, chunks: OutputChunk[]): string[] {
  const screen = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(ORDERS_SCREEN));
  if (!screen) throw new Error(`the build has no chunk of ${ORDERS_SCREEN}`);
  const loaded = new Set<string>();
  const walk = (file: string, into: Set<string>) => {
    const chunk = bundle[file];
    if (into.has(file) || chunk?.type !== 'chunk') return;
    into.add(file);
    for (const imported of chunk.imports) walk(imported, into);
  };
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) walk(entry.fileName, loaded);
  const files = new Set<string>();
  walk(screen.fileName, files);
  return [...files].filter((file) => !loaded.has(file));
}
