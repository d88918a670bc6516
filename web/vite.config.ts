import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget } from './bundle-budget';
import { earlyEntry } from './early-entry-build';
import { precompress } from './wire-encoding';

// 160 KB until the app spoke three languages: i18next, react-i18next and the calls that name each
// text add about 18 KB (brotli) to every page; the texts of one language come in a file of their
// own. The early entry, which index.html loads for every page, adds half a kilobyte.
const MAX_INITIAL_KB = 168;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    bundleBudget({ maxInitialKb: MAX_INITIAL_KB }),
    earlyEntry(),
    precompress(),
  ],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
