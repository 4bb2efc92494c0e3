#!/usr/bin/env node
// `npm start`: builds the playground with Vite's JS API and serves the build (vite preview) on
// 127.0.0.1, port 5173 or the next free one, then prints the URL. The playground's Vite config also
// hosts the game server of the networked demo on /net of the same server. Ctrl-C stops it.
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';

const configFile = fileURLToPath(new URL('../playground/vite.config.ts', import.meta.url));
const port = Number(process.env.PORT ?? 5173);

console.log('rikigaku: building the playground …');
await build({ configFile, logLevel: 'warn' });
const server = await preview({
  configFile,
  logLevel: 'warn',
  preview: { host: '127.0.0.1', port, strictPort: false, open: false },
});
const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${server.httpServer.address().port}/`;
console.log('');
console.log(`  rikigaku playground:  ${url}`);
console.log(`  the spring demo:      ${url}#spring`);
console.log(`  the workbook:         ${url}#workbook`);
console.log(`  networked demo:       ${url}#net-push-boxes  (one player per tab; game server on /net)`);
console.log('');
console.log('  (Ctrl-C to stop)');

const stop = () => {
  server.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
