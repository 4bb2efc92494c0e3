/**
 * The command that runs one Colyseus game-server process (server.ts):
 *
 *   node --import tsx src/server/colyseus/main.ts --port 2567 --redis redis://127.0.0.1:6379
 *
 * Flags: `--port N` (required), `--host H` (default 127.0.0.1), `--redis URL` (join the cluster
 * sharing that Redis; omit to run alone), `--public-address HOST:PORT` (what clients of other
 * processes are sent to; default host:port). Once listening it prints one JSON line
 * `{"listening":port,"processId":…,"publicAddress":…}`; SIGTERM or SIGINT shuts it down
 * gracefully (rooms disconnected, Redis entries removed).
 */
import { parseArgs } from 'node:util';
import { startColyseusServer } from './server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    redis: { type: 'string' },
    'public-address': { type: 'string' },
    'stdin-watchdog': { type: 'boolean' },
  },
  strict: true,
});
const port = Number(values.port);
if (!values.port || !Number.isInteger(port)) {
  console.error(
    'usage: main.ts --port N [--host H] [--redis redis://host:port] [--public-address host:port]',
  );
  process.exit(2);
}
const handle = await startColyseusServer({
  port,
  ...(values.host ? { host: values.host } : {}),
  ...(values.redis ? { redis: values.redis } : {}),
  ...(values['public-address'] ? { publicAddress: values['public-address'] } : {}),
});
console.log(
  JSON.stringify({
    listening: handle.port,
    processId: handle.processId,
    publicAddress: handle.publicAddress,
  }),
);
let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  const force = setTimeout(() => process.exit(1), 5000);
  force.unref();
  handle.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
if (values['stdin-watchdog']) {
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
}
