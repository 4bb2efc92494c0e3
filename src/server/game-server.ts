/**
 * The game server: rikigaku's networking (src/net) over WebSockets (the `ws` package) in Node.
 * Clients connect to `ws://host:port/net?room=NAME&mode=state|lockstep` (state rooms: `&delta=1`
 * for delta-compressed snapshots, src/net/delta-link.ts); the first client of a
 * name creates the room — a `StateRoom` (an authoritative `StateServer`, the default) or a
 * `LockstepRelay` — and the room ends when its last client leaves. The server ticks every room
 * at a fixed rate on its own clock (or the caller ticks it, for tests).
 *
 * Every client is treated as hostile. Before a connection is accepted: a cap on connections in
 * all, per address, on rooms, and a room name of at most 32 letters, digits and dashes (else the
 * upgrade gets a plain HTTP error). After it: frames over `maxPayload` bytes end the connection
 * before they are assembled (ws, code 1009), binary frames end it (1003), per-client token
 * buckets of messages and bytes per second drop the excess and count strikes, too many strikes
 * (here or in the room's schema checks) end it (1008), a ping every `heartbeatMs` that is not
 * answered by the next two ends it, and so does silence longer than `idleTimeoutMs`. Every
 * socket and server error is handled, and what a handler throws closes only the client whose
 * message it was: no client can stop the server or reach into another client's slot.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { PhysicsError } from '../core/errors.js';
import type { NetGame } from '../net/game.js';
import { MAX_CLIENT_MESSAGE } from '../net/protocol.js';
import { PushBoxesGame } from '../net/push-boxes.js';
import { type ClientLimits, ClientLink } from './client-link.js';
import { LockstepRelay } from './lockstep-relay.js';
import { StateRoom } from './state-room.js';

/** A room of either mode. */
export type Room = StateRoom | LockstepRelay;

/** Options of {@link GameServer}; every limit has a default. */
export interface GameServerOptions {
  /** the upgrade path, default '/net' */
  path?: string;
  /** the largest frame accepted, bytes (ws `maxPayload`), default the protocol's client-message limit (8 KiB) */
  maxPayload?: number;
  /** messages per second per client, default 120 (an honest client sends 60) */
  messagesPerSecond?: number;
  /** burst of messages, default 120 */
  messageBurst?: number;
  /** bytes per second per client, default 48 KiB (an honest client sends up to about 24 KiB/s) */
  bytesPerSecond?: number;
  /** burst of bytes, default 96 KiB */
  byteBurst?: number;
  /** transport strikes before a disconnect, default 30 */
  maxStrikes?: number;
  /** clients per room (the game's player slots), default 4 */
  maxClientsPerRoom?: number;
  /** rooms at once, default 64 */
  maxRooms?: number;
  /** connections at once, default 256 */
  maxConnections?: number;
  /** connections at once from one address, default 32 */
  maxConnectionsPerAddress?: number;
  /** heartbeat ping interval, ms, default 5000 (0: none); two unanswered in a row end the connection */
  heartbeatMs?: number;
  /** a client silent for longer is disconnected, ms, default 30000 */
  idleTimeoutMs?: number;
  /** a client whose socket buffers more unsent bytes is disconnected, default 1 MiB */
  maxBufferedBytes?: number;
  /** ticks per second of every room, default 60 */
  tickHz?: number;
  /** tick the rooms on a timer (default true); false: the caller calls `tick()` */
  autoTick?: boolean;
  /** state rooms send the state every this many ticks, default 2 */
  snapshotEvery?: number;
  /** state rooms send a hash check every this many ticks, default 30 */
  checkEvery?: number;
  /** the clock of the rate limits and timeouts, ms, default `performance.now` */
  now?: () => number;
  /** builds a room's game, default a `PushBoxesGame` with 12 crates and `players` slots */
  game?: (room: string, players: number) => NetGame<unknown>;
  /** where log lines go, default nowhere */
  log?: (line: string) => void;
}

/** Counters of a {@link GameServer}. */
export interface GameServerStats {
  /** connections open now */
  connections: number;
  /** rooms open now */
  rooms: number;
  /** connections accepted so far */
  accepted: number;
  /** upgrade requests turned away (caps, bad path or room) */
  rejected: number;
  /** connections closed for misbehaving */
  kicked: number;
  /** connections closed by the heartbeat or the idle timeout */
  timedOut: number;
  /** messages refused by the transport limits */
  refused: number;
  /** messages refused by the rooms' schema checks */
  refusedByRooms: number;
  /** ticks run */
  ticks: number;
}

type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

const ROOM_NAME = /^[A-Za-z0-9-]{1,32}$/;

/** The WebSocket game server (see the file comment). */
export class GameServer {
  /** the `ws` server (no HTTP server of its own: connections come through `handleUpgrade`) */
  readonly wss: WebSocketServer;
  /** the upgrade path */
  readonly path: string;
  private readonly rooms = new Map<string, Room>();
  private readonly clients = new Set<ClientLink>();
  private readonly perAddress = new Map<string, number>();
  private readonly limits: ClientLimits;
  private readonly counters = { kicked: 0, refused: 0 };
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private readonly makeGame: (room: string, players: number) => NetGame<unknown>;
  private readonly o: Required<
    Pick<
      GameServerOptions,
      | 'maxClientsPerRoom'
      | 'maxRooms'
      | 'maxConnections'
      | 'maxConnectionsPerAddress'
      | 'heartbeatMs'
      | 'idleTimeoutMs'
      | 'tickHz'
      | 'snapshotEvery'
      | 'checkEvery'
    >
  >;
  private accepted = 0;
  private rejected = 0;
  private timedOut = 0;
  private ticks = 0;
  private tickTimer: ReturnType<typeof setInterval> | null = null;
  private beatTimer: ReturnType<typeof setInterval> | null = null;
  private clockStart = 0;
  private isClosed = false;
  private readonly attached: { server: Server; listener: UpgradeListener }[] = [];

  constructor(options: GameServerOptions = {}) {
    this.path = options.path ?? '/net';
    this.now = options.now ?? (() => performance.now());
    this.log = options.log ?? (() => {});
    this.o = {
      maxClientsPerRoom: int(options.maxClientsPerRoom, 4, 1, 16, 'maxClientsPerRoom'),
      maxRooms: int(options.maxRooms, 64, 1, 100_000, 'maxRooms'),
      maxConnections: int(options.maxConnections, 256, 1, 1_000_000, 'maxConnections'),
      maxConnectionsPerAddress: int(
        options.maxConnectionsPerAddress,
        32,
        1,
        1_000_000,
        'maxConnectionsPerAddress',
      ),
      heartbeatMs: int(options.heartbeatMs, 5000, 0, 3_600_000, 'heartbeatMs'),
      idleTimeoutMs: int(options.idleTimeoutMs, 30_000, 1, 3_600_000, 'idleTimeoutMs'),
      tickHz: int(options.tickHz, 60, 1, 1000, 'tickHz'),
      snapshotEvery: int(options.snapshotEvery, 2, 1, 600, 'snapshotEvery'),
      checkEvery: int(options.checkEvery, 30, 0, 100_000, 'checkEvery'),
    };
    this.limits = {
      messagesPerSecond: int(options.messagesPerSecond, 120, 1, 1_000_000, 'messagesPerSecond'),
      messageBurst: int(options.messageBurst, 120, 1, 1_000_000, 'messageBurst'),
      bytesPerSecond: int(options.bytesPerSecond, 48 * 1024, 1, 1 << 30, 'bytesPerSecond'),
      byteBurst: int(options.byteBurst, 96 * 1024, 1, 1 << 30, 'byteBurst'),
      maxStrikes: int(options.maxStrikes, 30, 0, 1_000_000, 'maxStrikes'),
      maxBufferedBytes: int(options.maxBufferedBytes, 1 << 20, 1, 1 << 30, 'maxBufferedBytes'),
    };
    this.makeGame = options.game ?? ((_room, players) => new PushBoxesGame({ players, crates: 12 }));
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: int(options.maxPayload, MAX_CLIENT_MESSAGE, 16, 1 << 24, 'maxPayload'),
      perMessageDeflate: false,
      clientTracking: false,
    });
    this.wss.on('error', (e) => this.log(`ws server error: ${e.message}`));
    if (options.autoTick ?? true) this.start();
    if (this.o.heartbeatMs > 0) {
      this.beatTimer = setInterval(() => this.heartbeat(), this.o.heartbeatMs);
      this.beatTimer.unref();
    }
  }

  /**
   * A game server on its own HTTP server, listening on `host:port` (port 0: a free one). Plain
   * HTTP requests get 404; upgrades on `path` become clients.
   */
  static async listen(
    options: GameServerOptions & { host?: string; port?: number } = {},
  ): Promise<{ server: GameServer; http: Server; url: string }> {
    const server = new GameServer(options);
    const http = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('rikigaku game server: connect with a WebSocket\n');
    });
    http.on('clientError', (_e, socket) => socket.destroy());
    // a client that trickles its request headers is dropped (slow-loris)
    http.headersTimeout = 10_000;
    http.requestTimeout = 10_000;
    server.attach(http);
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(options.port ?? 0, host, () => resolve());
    });
    const port = (http.address() as AddressInfo).port;
    return { server, http, url: `ws://${host}:${port}${server.path}` };
  }

  /** Serves WebSocket upgrades on `path` of an existing HTTP server (other upgrades are left alone). */
  attach(http: Server): void {
    const listener: UpgradeListener = (req, socket, head) => {
      const path = (req.url ?? '').split('?')[0];
      if (path === this.path) this.handleUpgrade(req, socket, head);
    };
    http.on('upgrade', listener);
    this.attached.push({ server: http, listener });
    http.once('close', () => void this.close());
  }

  /** Takes one upgrade request for `path` (for a caller that routes upgrades itself). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const refuse = (status: string) => {
      this.rejected++;
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
    };
    const verdict = this.admit(req);
    if (typeof verdict === 'string') {
      refuse(verdict);
      return;
    }
    const { name, mode, address, delta } = verdict;
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const link = new ClientLink(ws, address, this.limits, this.now, this.counters);
      if (this.isClosed) {
        link.end(1001, 'server closing');
        return;
      }
      this.clients.add(link);
      this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
      link.onEnd = () => this.forget(link, name);
      let room = this.rooms.get(name);
      if (!room) {
        // the room may have been filled or created while the handshake ran
        if (this.rooms.size >= this.o.maxRooms) {
          link.end(1013, 'too many rooms');
          return;
        }
        const game = this.makeGame(name, this.o.maxClientsPerRoom);
        room =
          mode === 'state'
            ? new StateRoom(name, game, this.makeGame(name, this.o.maxClientsPerRoom), {
                snapshotEvery: this.o.snapshotEvery,
                checkEvery: this.o.checkEvery,
              })
            : new LockstepRelay(name, game);
        this.rooms.set(name, room);
        this.log(`room ${name} (${mode}) opened`);
      }
      if (room.mode !== mode || !(room.mode === 'state' ? room.join(link, delta) : room.join(link))) {
        link.end(1013, 'room full');
        return;
      }
      this.accepted++;
    });
  }

  /** One tick of every room (called by the timer, or by the caller when `autoTick` is false). */
  tick(): void {
    this.ticks++;
    for (const room of this.rooms.values()) {
      try {
        room.tick();
      } catch (e) {
        // a room that fails is closed; the others go on
        this.log(`room ${room.name} failed: ${(e as Error).message}`);
        room.close();
        this.rooms.delete(room.name);
      }
    }
  }

  /** Starts ticking on the clock (whole ticks of 1/tickHz s; a stall drops time beyond 8 ticks). */
  start(): void {
    if (this.tickTimer || this.isClosed) return;
    const tickMs = 1000 / this.o.tickHz;
    this.clockStart = this.now();
    let done = 0;
    this.tickTimer = setInterval(
      () => {
        const due = Math.floor((this.now() - this.clockStart) / tickMs);
        if (due - done > 8) done = due - 8;
        while (done < due) {
          this.tick();
          done++;
        }
      },
      Math.max(1, Math.floor(tickMs / 2)),
    );
    this.tickTimer.unref();
  }

  /** Stops the tick timer. */
  stop(): void {
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.tickTimer = null;
  }

  /** A room by name. */
  room(name: string): Room | undefined {
    return this.rooms.get(name);
  }

  /** The server's counters. */
  stats(): GameServerStats {
    let refusedByRooms = 0;
    for (const r of this.rooms.values()) refusedByRooms += r.mode === 'state' ? r.server.refused : r.refused;
    return {
      connections: this.clients.size,
      rooms: this.rooms.size,
      accepted: this.accepted,
      rejected: this.rejected,
      kicked: this.counters.kicked,
      timedOut: this.timedOut,
      refused: this.counters.refused,
      refusedByRooms,
      ticks: this.ticks,
    };
  }

  /** The connections open now (for inspection and tests). */
  connections(): readonly ClientLink[] {
    return [...this.clients];
  }

  /** Closes every connection and stops the timers (the HTTP server is the caller's). */
  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.stop();
    if (this.beatTimer) clearInterval(this.beatTimer);
    for (const { server, listener } of this.attached) server.off('upgrade', listener);
    for (const room of this.rooms.values()) room.close();
    for (const c of [...this.clients]) c.end(1001, 'server closing');
    this.rooms.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  /** The room, mode and address of an upgrade request, or the HTTP status that turns it away. */
  private admit(
    req: IncomingMessage,
  ): { name: string; mode: 'state' | 'lockstep'; address: string; delta: boolean } | string {
    if (this.isClosed) return '503 Service Unavailable';
    let query: URLSearchParams;
    try {
      query = new URL(req.url ?? '/', 'http://x').searchParams;
    } catch {
      return '400 Bad Request';
    }
    const name = query.get('room') ?? 'lobby';
    const mode = query.get('mode') ?? 'state';
    if (!ROOM_NAME.test(name) || (mode !== 'state' && mode !== 'lockstep')) return '400 Bad Request';
    const address = req.socket.remoteAddress ?? '?';
    if (this.clients.size >= this.o.maxConnections) return '503 Service Unavailable';
    if ((this.perAddress.get(address) ?? 0) >= this.o.maxConnectionsPerAddress)
      return '429 Too Many Requests';
    const existing = this.rooms.get(name);
    if (existing && (existing.mode !== mode || existing.size >= existing.capacity)) return '409 Conflict';
    if (!existing && this.rooms.size >= this.o.maxRooms) return '503 Service Unavailable';
    return { name, mode, address, delta: query.get('delta') === '1' };
  }

  private heartbeat(): void {
    const t = this.now();
    for (const c of [...this.clients]) {
      // two silent heartbeats in a row: one may be a stalled event loop, not a dead peer
      c.missed = c.alive ? 0 : c.missed + 1;
      if (c.missed >= 2 || t - c.lastSeen > this.o.idleTimeoutMs) {
        this.timedOut++;
        c.reason = c.missed >= 2 ? 'no heartbeat' : 'idle';
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      try {
        c.socket.ping();
      } catch {
        c.socket.terminate();
      }
    }
  }

  private forget(link: ClientLink, roomName: string): void {
    if (!this.clients.delete(link)) return;
    const n = (this.perAddress.get(link.address) ?? 1) - 1;
    if (n <= 0) this.perAddress.delete(link.address);
    else this.perAddress.set(link.address, n);
    const room = this.rooms.get(roomName);
    if (room && room.size === 0) {
      this.rooms.delete(roomName);
      this.log(`room ${roomName} closed`);
    }
  }
}

function int(v: number | undefined, fallback: number, min: number, max: number, name: string): number {
  const x = v ?? fallback;
  if (!Number.isInteger(x) || x < min || x > max) {
    throw new PhysicsError('invalid-argument', `${name}: must be an integer in [${min}, ${max}], got ${x}`);
  }
  return x;
}
