/**
 * One Colyseus 0.16 game-server process for rikigaku rooms: a WebSocket transport, the room
 * types (state synchronisation and a lockstep relay of the push-boxes game), and — given a Redis
 * URL — Colyseus' Redis presence and Redis driver, so that several such processes on one or many
 * machines form one cluster: the matchmaker of any process creates a room on the process with
 * the fewest rooms and reserves seats in rooms living on any process (the client is then sent
 * to that process's public address). Without Redis the process runs alone, on Colyseus' local
 * presence and driver.
 *
 * Colyseus keeps its matchmaker in module state, so a Node process holds one such server.
 */
import { LocalDriver, LocalPresence, matchMaker, Server } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { PhysicsError } from '../../core/errors.js';
import { MAX_CLIENT_MESSAGE, PushBoxesGame, type PushBoxesOptions } from '../../net/index.js';
import { lockstepRelayRoom } from './lockstep-room.js';
import { stateSyncRoom } from './state-room.js';

/** The room name of the push-boxes game under state synchronisation with prediction and rollback. */
export const PUSH_BOXES_ROOM = 'push-boxes';
/** The room name of the push-boxes game under lockstep (the room relays inputs and hashes). */
export const PUSH_BOXES_LOCKSTEP_ROOM = 'push-boxes-lockstep';

/** Options of {@link startColyseusServer}. */
export interface ColyseusServerOptions {
  /** the port to listen on (HTTP matchmaking and WebSocket rooms); required, 1–65535 */
  port: number;
  /** the interface to listen on, default 127.0.0.1 */
  host?: string;
  /** `redis://host:port` of the cluster's Redis; without it the process runs alone */
  redis?: string;
  /** host:port clients reach this process at (what other processes send them to), default host:port */
  publicAddress?: string;
  /** the push-boxes game of each room (players, crates), default 2 players and 12 crates */
  game?: PushBoxesOptions;
}

/** A running game-server process (see {@link startColyseusServer}). */
export interface ColyseusServerHandle {
  /** the Colyseus server */
  readonly server: Server;
  /** the port it listens on */
  readonly port: number;
  /** the address other processes send this process's clients to */
  readonly publicAddress: string;
  /** the Colyseus process id (in Redis, the key of this process's rooms) */
  readonly processId: string;
  /** disconnects every room, leaves the cluster (Redis entries removed) and closes the port */
  close(): Promise<void>;
}

/**
 * Starts a Colyseus server with the push-boxes rooms ({@link PUSH_BOXES_ROOM},
 * {@link PUSH_BOXES_LOCKSTEP_ROOM}) and resolves once it listens.
 */
export async function startColyseusServer(options: ColyseusServerOptions): Promise<ColyseusServerHandle> {
  const { port } = options;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new PhysicsError('invalid-argument', `port: must be an integer in [1, 65535], got ${port}`);
  }
  const host = options.host ?? '127.0.0.1';
  const publicAddress = options.publicAddress ?? `${host}:${port}`;
  const gameOptions: PushBoxesOptions = { players: 2, crates: 12, ...options.game };
  // check the game options once here rather than in every room
  const probe = new PushBoxesGame(gameOptions);
  const server = new Server({
    transport: new WebSocketTransport({
      // a client's frame never needs more than the protocol's longest message and msgpack's framing
      maxPayload: MAX_CLIENT_MESSAGE + 1024,
    }),
    presence: options.redis ? new RedisPresence(options.redis) : new LocalPresence(),
    driver: options.redis ? new RedisDriver(options.redis) : new LocalDriver(),
    publicAddress,
    greet: false,
    gracefullyShutdown: false,
  });
  server.define(PUSH_BOXES_ROOM, stateSyncRoom({ createGame: () => new PushBoxesGame(gameOptions) }));
  server.define(
    PUSH_BOXES_LOCKSTEP_ROOM,
    lockstepRelayRoom({ players: probe.players, validateInput: (x) => probe.validateInput(x) }),
  );
  await server.listen(port, host);
  let closing: Promise<void> | null = null;
  return {
    server,
    port,
    publicAddress,
    processId: matchMaker.processId,
    close() {
      closing ??= server.gracefullyShutdown(false);
      return closing;
    },
  };
}
