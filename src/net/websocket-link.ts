/**
 * A `Link` (link.ts) over a WebSocket: the browser's global `WebSocket` and the `ws` package's
 * client or server socket both fit the small `WebSocketLike` shape below, so this file imports
 * no package and runs in browsers, workers and Node alike.
 *
 * Only text frames carry the protocol (protocol.ts); a binary frame, or a text longer than the
 * link's limit, is refused unread and counted. Messages sent while the socket is still
 * connecting wait in a short queue; a message sent while the socket's outgoing buffer holds more
 * than `maxBufferedBytes` is dropped (inputs are resent and states are absolute, so a dropped
 * message costs only freshness, never memory). Bytes are counted as UTF-8 bytes of the text.
 */
import { PhysicsError } from '../core/errors.js';
import type { Link } from './link.js';
import { MAX_SERVER_MESSAGE } from './protocol.js';

/**
 * What the link needs from a WebSocket (the browser's and the `ws` package's both have it). The
 * handlers' parameters are typed `never` so that either implementation's event types fit.
 */
export interface WebSocketLike {
  /** 0 connecting, 1 open, 2 closing, 3 closed */
  readonly readyState: number;
  /** bytes queued by `send` but not yet written to the network */
  readonly bufferedAmount: number;
  /** sends a text frame */
  send(data: string): void;
  /** starts the closing handshake */
  close(code?: number, reason?: string): void;
  /** called once the connection is open */
  onopen: ((event: never) => void) | null;
  /** called per frame, with `event.data` a string for text frames */
  onmessage: ((event: never) => void) | null;
  /** called once the connection has closed */
  onclose: ((event: never) => void) | null;
  /** called on a network or protocol error (a close follows) */
  onerror: ((event: never) => void) | null;
}

/** Options of {@link WebSocketLink}. */
export interface WebSocketLinkOptions {
  /** incoming texts longer than this (characters) are refused unread, default the server-message limit */
  maxMessageLength?: number;
  /** outgoing messages are dropped while the socket buffers more than this, bytes, default 1 MiB */
  maxBufferedBytes?: number;
  /** messages kept while the socket is still connecting, default 64 (older ones are dropped) */
  maxQueued?: number;
}

const CONNECTING = 0;
const OPEN = 1;

/** UTF-8 length of a string, without allocating. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** A `Link` over a WebSocket (see the file comment). */
export class WebSocketLink implements Link {
  onMessage: ((text: string) => void) | null = null;
  onClose: (() => void) | null = null;
  /** called once when the socket opens (at once if it already is) */
  onOpen: (() => void) | null = null;
  /** messages sent to the socket */
  messagesSent = 0;
  /** messages received and passed on */
  messagesReceived = 0;
  /** UTF-8 bytes sent */
  bytesSent = 0;
  /** UTF-8 bytes received (of the messages passed on) */
  bytesReceived = 0;
  /** incoming frames refused: binary, or longer than the limit */
  refused = 0;
  /** outgoing messages dropped: queue full while connecting, or the socket's buffer over its limit */
  dropped = 0;
  /** the close code the socket reported, or 0 while open */
  closeCode = 0;
  private isClosed = false;
  private readonly queue: string[] = [];
  private readonly maxLength: number;
  private readonly maxBuffered: number;
  private readonly maxQueued: number;

  constructor(
    readonly socket: WebSocketLike,
    options: WebSocketLinkOptions = {},
  ) {
    this.maxLength = positiveInt(options.maxMessageLength, MAX_SERVER_MESSAGE, 'maxMessageLength');
    this.maxBuffered = positiveInt(options.maxBufferedBytes, 1 << 20, 'maxBufferedBytes');
    this.maxQueued = positiveInt(options.maxQueued, 64, 'maxQueued');
    socket.onopen = () => this.opened();
    socket.onmessage = (event: { data: unknown }) => this.received(event.data);
    socket.onclose = (event: { code?: unknown }) => {
      this.closeCode = typeof event?.code === 'number' ? event.code : 1006;
      this.finish();
    };
    socket.onerror = () => {};
    if (socket.readyState > OPEN) this.finish();
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** True while the socket is open (not connecting, not closed). */
  get open(): boolean {
    return !this.isClosed && this.socket.readyState === OPEN;
  }

  send(text: string): void {
    if (this.isClosed) return;
    const s = this.socket;
    if (s.readyState === CONNECTING) {
      if (this.queue.length >= this.maxQueued) {
        this.queue.shift();
        this.dropped++;
      }
      this.queue.push(text);
      return;
    }
    if (s.readyState !== OPEN) return;
    if (s.bufferedAmount > this.maxBuffered) {
      this.dropped++;
      return;
    }
    s.send(text);
    this.messagesSent++;
    this.bytesSent += utf8Length(text);
  }

  close(): void {
    if (this.isClosed) return;
    try {
      this.socket.close(1000, 'closed');
    } catch {
      // a socket that cannot close cleanly is dropped all the same
    }
    this.finish();
  }

  private opened(): void {
    if (this.isClosed) return;
    const q = this.queue.splice(0);
    for (const text of q) this.send(text);
    this.onOpen?.();
  }

  private received(data: unknown): void {
    if (this.isClosed) return;
    if (typeof data !== 'string' || data.length > this.maxLength) {
      this.refused++;
      return;
    }
    this.messagesReceived++;
    this.bytesReceived += utf8Length(data);
    this.onMessage?.(data);
  }

  private finish(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.queue.length = 0;
    this.onClose?.();
  }
}

function positiveInt(v: number | undefined, fallback: number, name: string): number {
  const x = v ?? fallback;
  if (!Number.isInteger(x) || x < 1) {
    throw new PhysicsError('invalid-argument', `${name}: must be a positive integer, got ${x}`);
  }
  return x;
}
