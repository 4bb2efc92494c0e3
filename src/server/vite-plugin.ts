/**
 * A Vite plugin that runs the game server (game-server.ts) inside Vite's own HTTP server — the
 * dev server and `vite preview` alike — answering WebSocket upgrades on `/net`. With it, the one
 * command that serves the playground (`npm start`) also hosts the networked demo's rooms, on the
 * same host and port as the page. The game server closes with the HTTP server.
 */
import type { Server } from 'node:http';
import type { Plugin } from 'vite';
import { GameServer, type GameServerOptions } from './game-server.js';

/** The Vite plugin (see the file comment); `options` go to the `GameServer`. */
export function gameServerPlugin(options: GameServerOptions = {}): Plugin {
  const start = (http: unknown) => {
    // a middleware-mode dev server has no HTTP server of its own: nothing to attach to
    if (!http || typeof (http as Server).on !== 'function') return;
    const server = new GameServer(options);
    server.attach(http as Server);
  };
  return {
    name: 'rikigaku-game-server',
    configureServer(server) {
      start(server.httpServer);
    },
    configurePreviewServer(server) {
      start(server.httpServer);
    },
  };
}
