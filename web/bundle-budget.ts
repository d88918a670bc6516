import type { Plugin } from 'vite';
import { brotli } from './wire-encoding';

interface ChunkInfo {
  code: string;
  imports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  fileName: string;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Fails the build when what a page needs before it can show (the entry, the page's lazy chunk,
 * everything they import statically, and their styles) weighs more than the budget on the wire:
 * brotli-compressed, as the gateway serves the build's precompressed files (wire-encoding.ts).
 */
export function bundleBudget({ maxInitialKb }: { maxInitialKb: number }): Plugin {
  return {
    name: 'bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      const styles = new Map<string, string | Uint8Array>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') chunks.set(fileName, { ...output, fileName });
        else if (fileName.endsWith('.css')) styles.set(fileName, output.source);
      }
      const closure = (start: string, seen = new Set<string>()) => {
        if (seen.has(start) || !chunks.has(start)) return seen;
        seen.add(start);
        for (const imported of chunks.get(start)!.imports) closure(imported, seen);
        return seen;
      };
      const compressed = new Map<string, number>();
      const bytesOf = (file: string) => {
        if (!compressed.has(file))
          compressed.set(file, brotli(chunks.get(file)?.code ?? styles.get(file)!).length);
        return compressed.get(file)!;
      };
      const wireBytes = (files: Set<string>) => {
        const css = [...files].flatMap((file) => [...(chunks.get(file)!.viteMetadata?.importedCss ?? [])]);
        const sent = new Set([...files, ...css.filter((file) => styles.has(file))]);
        return [...sent].reduce((total, file) => total + bytesOf(file), 0);
      };

      const entries = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      const entryFiles = entries.reduce((all, entry) => closure(entry, all), new Set<string>());
      const pages = [...chunks.values()].filter((chunk) => chunk.isDynamicEntry);
      const report = (pages.length ? pages : [{ fileName: '(entry only)' } as ChunkInfo]).map((page) => {
        const files =
          page.fileName === '(entry only)' ? entryFiles : closure(page.fileName, new Set(entryFiles));
        return { page: page.fileName, kb: Math.round((wireBytes(files) / 1024) * 10) / 10 };
      });
      for (const { page, kb } of report) {
        this.info(`initial download with ${page}: ${kb} KB brotli`);
        if (kb > maxInitialKb) {
          this.error(
            `${page} needs ${kb} KB (brotli) of scripts and styles before it shows, over the ${maxInitialKb} KB budget`,
          );
        }
      }
    },
  };
}
