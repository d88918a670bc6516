import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget } from './bundle-budget';
import { precompress } from './wire-encoding';

export default defineConfig({
  plugins: [react(), tailwindcss(), bundleBudget({ maxInitialKb: 160 }), precompress()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
