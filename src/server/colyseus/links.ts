/**
 * `Link`s (rikigaku/net's transport interface) over Colyseus room messages, one for each end.
 *
 * rikigaku's JSON text messages (net/protocol.ts) ride on one Colyseus message type,
 * {@link RK_MESSAGE}; the server room routes every other type it receives into the same link as
 * malformed text, so the protocol's parsers, rate limits and strikes apply to whatever a client
 * sends. Because a Colyseus client may receive the room's first messages before the code that
 * awaited the join has attached its handlers, the client end announces itself with
 * {@link RK_READY} once it listens, and the server room only then hands the link to the rikigaku
 * server (which answers with its welcome).
 *
 * Neither class imports Colyseus: they work on the few methods they call (the structural types
 * below), which `@colyseus/core`'s `Client` and `colyseus.js`'s `Room` (0.16) provide.
 */
import type { Link } from '../../net/index.js';

/** The Colyseus message type carrying rikigaku's protocol text. */
export const RK_MESSAGE = 'rk';
/** The Colyseus message type a client sends once it listens for {@link RK_MESSAGE}. */
export const RK_READY = 'rk:ready';
/** The Colyseus message type a lockstep relay uses to tell a client its player slot and the slot count. */
export const RK_SEAT = 'rk:seat';
/** The close code a room uses when the rikigaku server disconnects a client (full, flooding, malformed). */
export const RK_KICK_CODE = 4000;

/** The part of a server-side Colyseus `Client` (`@colyseus/core`) the server link uses. */
export interface ColyseusServerClient {
  /** sends a message of a type to this client */
  send(type: string | number, message?: unknown): void;
  /** disconnects this client with a close code */
  leave(code?: number, data?: string): void;
}

/**
 * The server end of one client's connection inside a Colyseus room. The room calls
 * {@link ColyseusServerLink.deliver} for every message the client sends and
 * {@link ColyseusServerLink.detach} when the client leaves; `close()` (the rikigaku server
 * kicking the client) disconnects it.
 */
export class ColyseusServerLink implements Link {
  onMessage: ((text: string) => void) | null = null;
  onClose: (() => void) | null = null;
  /** messages sent to the client */
  sent = 0;
  /** messages received from the client */
  received = 0;
  private isClosed = false;

  constructor(private readonly client: ColyseusServerClient) {}

  get closed(): boolean {
    return this.isClosed;
  }

  send(text: string): void {
    if (this.isClosed) return;
    this.sent++;
    this.client.send(RK_MESSAGE, text);
  }

  /**
   * Hands a message from the client to the link's reader. Anything that is not text (another
   * message type, binary data) arrives as the empty string, which every parser refuses.
   */
  deliver(message: unknown): void {
    if (this.isClosed) return;
    this.received++;
    this.onMessage?.(typeof message === 'string' ? message : '');
  }

  /** Marks the link closed because the client left (the room calls it from `onLeave`). */
  detach(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.onClose?.();
  }

  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.client.leave(RK_KICK_CODE);
    this.onClose?.();
  }
}

/** The part of a `colyseus.js` (0.16) client `Room` the client link uses. */
export interface ColyseusClientRoom {
  /** sends a message of a type to the room */
  send(type: string | number, message?: unknown): void;
  /** registers the handler of a message type */
  onMessage(type: string | number, callback: (message: unknown) => void): unknown;
  /** registers a handler called when the connection to the room ends */
  onLeave(callback: (code: number, reason?: string) => void): unknown;
  /** leaves the room */
  leave(consented?: boolean): Promise<number>;
}

/**
 * The client end: a `Link` over a joined colyseus.js room, so `PredictingClient` and
 * `LockstepPeer` run on Colyseus unchanged. Build it right after the join resolves; it listens
 * for {@link RK_MESSAGE} at once, keeps what arrives before `onMessage` is set, and then tells the
 * room it is ready. `seat` holds the slot a lockstep relay assigned (null before, and in a
 * state-synchronisation room, whose welcome carries the slot instead).
 */
export class ColyseusClientLink implements Link {
  onClose: (() => void) | null = null;
  /** messages sent to the room */
  sent = 0;
  /** messages received from the room */
  received = 0;
  /** the player slot and slot count from a lockstep relay's seat message, or null */
  seat: { player: number; players: number } | null = null;
  /** called when a lockstep relay's seat message arrives */
  onSeat: ((player: number, players: number) => void) | null = null;
  private reader: ((text: string) => void) | null = null;
  private readonly early: string[] = [];
  private isClosed = false;

  constructor(private readonly room: ColyseusClientRoom) {
    room.onMessage(RK_MESSAGE, (m) => {
      if (this.isClosed) return;
      this.received++;
      const text = typeof m === 'string' ? m : '';
      if (this.reader) this.reader(text);
      else if (this.early.length < 64) this.early.push(text);
    });
    room.onMessage(RK_SEAT, (m) => {
      const s = m as { player?: unknown; players?: unknown } | null;
      const player = s?.player;
      const players = s?.players;
      if (
        typeof players === 'number' &&
        Number.isInteger(players) &&
        players >= 1 &&
        players <= 1024 &&
        typeof player === 'number' &&
        Number.isInteger(player) &&
        player >= 0 &&
        player < players
      ) {
        this.seat = { player, players };
        this.onSeat?.(player, players);
      }
    });
    room.onLeave(() => {
      if (this.isClosed) return;
      this.isClosed = true;
      this.onClose?.();
    });
    room.send(RK_READY, 1);
  }

  get onMessage(): ((text: string) => void) | null {
    return this.reader;
  }

  set onMessage(reader: ((text: string) => void) | null) {
    this.reader = reader;
    if (reader) for (const text of this.early.splice(0)) reader(text);
  }

  get closed(): boolean {
    return this.isClosed;
  }

  send(text: string): void {
    if (this.isClosed) return;
    this.sent++;
    this.room.send(RK_MESSAGE, text);
  }

  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    void this.room.leave(true).catch(() => {});
    this.onClose?.();
  }
}
