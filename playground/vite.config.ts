// The playground's Vite config: its own root; it imports the engine from ../src directly.
// When the API reference has been generated (`npm run docs` → docs/api/), it is served and
// copied next to the page as api/, and the sidebar links to it. The game server of the networked
// demo (src/server) answers WebSocket upgrades on /net of the same HTTP server.
import { cpSync, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { gameServerPlugin } from '../src/server/vite-plugin.js';

const API_DIR = fileURLToPath(new URL('../docs/api', import.meta.url));
const HAVE_API = existsSync(join(API_DIR, 'index.html'));

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** Serves docs/api/ under /api/ in dev and copies it into the build. */
function apiDocs(): Plugin {
  return {
    name: 'rikigaku-api-docs',
    configureServer(server) {
      server.middlewares.use('/api', (req, res, next) => {
        const rel = normalize(decodeURIComponent((req.url ?? '/').split('?')[0]!)).replace(
          /^(\.\.[/\\])+/,
          '',
        );
        let file = join(API_DIR, rel);
        if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
        if (!file.startsWith(API_DIR) || !existsSync(file)) return next();
        res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
        res.end(readFileSync(file));
      });
    },
    writeBundle(options) {
      if (options.dir) cpSync(API_DIR, join(options.dir, 'api'), { recursive: true });
    },
  };
}

const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  define: { __RIKIGAKU_API_DOCS__: JSON.stringify(HAVE_API ? 'api/index.html' : '') },
  // the game server of the networked demo, on /net of the same server as the page
  plugins: [...(HAVE_API ? [apiDocs()] : []), gameServerPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  // cross-origin isolation: the page gets SharedArrayBuffer for the threaded rigid2d solve (docs/threads.md)
  server: { host: '127.0.0.1', headers: ISOLATION },
  preview: { host: '127.0.0.1', headers: ISOLATION },
});
