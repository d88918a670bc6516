import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget } from './bundle-budget';
import { precompress } from './wire-encoding';

// 160 KB until the app spoke three languages: i18next and react-i18next add about 17 KB (brotli) to
// every page; the texts of one language come in a file of their own. 168 since the orders screen
// offers its parcels' labels (the button's code loads on its own; only its loader stays).
const MAX_INITIAL_KB = 168;

export default defineConfig({
  plugins: [react(), tailwindcss(), bundleBudget({ maxInitialKb: MAX_INITIAL_KB }), precompress()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
