// The playground's Vite config: its own root; it imports the engine from ../src directly.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
