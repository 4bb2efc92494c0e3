/**
 * The server's end of one client connection, as a `Link` (src/net/link.ts) over a `ws` socket,
 * with the transport-level defences that come before any parsing: text frames only (a binary
 * frame closes the connection, code 1003), a token bucket of messages per second and one of bytes
 * per second (a message over either rate is dropped and counts a strike), a disconnect after too
 * many strikes (code 1008), and no unbounded send queue (a client that does not read — its
 * socket buffering more than `maxBufferedBytes` — is cut off). The maximum message size is
 * enforced by the socket itself (`ws`'s `maxPayload`, close code 1009) before a frame is even
 * assembled. Whatever a handler throws while handling one client's message closes that client
 * (code 1011) and nobody else.
 */
import type { WebSocket } from 'ws';
import type { Link } from '../net/link.js';
import { TokenBucket } from './token-bucket.js';

/** The limits of one connection. */
export interface ClientLimits {
  /** messages per second on average */
  messagesPerSecond: number;
  /** the message bucket's size */
  messageBurst: number;
  /** bytes per second on average */
  bytesPerSecond: number;
  /** the byte bucket's size */
  byteBurst: number;
  /** strikes (over-rate, or a room's protocol strikes) before the client is disconnected */
  maxStrikes: number;
  /** a client whose socket buffers more than this many bytes unsent is disconnected */
  maxBufferedBytes: number;
}

/** Why connections ended, counted by the server. */
export interface CloseCounters {
  /** closed for misbehaving (rate, binary frames, strikes, slow reading, errors) */
  kicked: number;
  /** messages refused by the transport limits */
  refused: number;
}

/** The server's end of one connection (see the file comment). */
export class ClientLink implements Link {
  onMessage: ((text: string) => void) | null = null;
  onClose: (() => void) | null = null;
  /** called once when the connection ends, after `onClose` (the server's own bookkeeping) */
  onEnd: (() => void) | null = null;
  /** messages received and passed on */
  messagesIn = 0;
  /** bytes received (all frames) */
  bytesIn = 0;
  /** messages sent */
  messagesOut = 0;
  /** bytes sent */
  bytesOut = 0;
  /** strikes so far */
  strikes = 0;
  /** clock reading of the last frame received, ms */
  lastSeen: number;
  /** whether a pong (or any frame) came since the last heartbeat ping */
  alive = true;
  /** heartbeats in a row that found no pong since the one before */
  missed = 0;
  /** why the server closed it, '' if it did not */
  reason = '';
  private isClosed = false;
  private readonly messages: TokenBucket;
  private readonly bytes: TokenBucket;

  constructor(
    readonly socket: WebSocket,
    /** the peer's address, for the per-address cap */
    readonly address: string,
    private readonly limits: ClientLimits,
    private readonly now: () => number,
    private readonly counters: CloseCounters,
  ) {
    const t = now();
    this.lastSeen = t;
    this.messages = new TokenBucket(limits.messagesPerSecond, limits.messageBurst, t);
    this.bytes = new TokenBucket(limits.bytesPerSecond, limits.byteBurst, t);
    socket.on('message', (data, isBinary) => this.frame(data, isBinary));
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('close', () => this.finish());
    socket.on('error', () => {
      // a protocol error (bad frame, invalid UTF-8, too large): ws closes the socket itself
      if (this.isClosed) return;
      this.counters.kicked++;
      this.reason ||= 'socket error';
      this.finish();
    });
  }

  get closed(): boolean {
    return this.isClosed;
  }

  send(text: string): void {
    if (this.isClosed || this.socket.readyState !== 1) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.kick(1008, 'not reading');
      return;
    }
    this.socket.send(text);
    this.messagesOut++;
    this.bytesOut += Buffer.byteLength(text);
  }

  /**
   * Closes the connection at a room's request: the `StateServer` closes only a client it has
   * struck out, so this counts as a disconnect for misbehaving (code 1008).
   */
  close(): void {
    this.kick(1008, 'protocol violations');
  }

  /** Closes with a code and a short reason, counting it as a disconnect for misbehaving. */
  kick(code: number, reason: string): void {
    if (this.isClosed) return;
    this.counters.kicked++;
    this.reason = reason;
    this.end(code, reason);
  }

  /** Counts one strike (a room's protocol-level complaint); too many disconnect the client. */
  strike(reason: string): void {
    if (this.isClosed) return;
    this.strikes++;
    if (this.strikes > this.limits.maxStrikes) this.kick(1008, reason);
  }

  /** Closes with `code` (the other end is told why), and drops the socket if it does not close soon. */
  end(code: number, reason: string): void {
    if (this.isClosed) return;
    try {
      this.socket.close(code, reason.slice(0, 100));
    } catch {
      this.socket.terminate();
    }
    const s = this.socket;
    setTimeout(() => s.terminate(), 2000).unref();
    this.finish();
  }

  private frame(data: unknown, isBinary: boolean): void {
    if (this.isClosed) return;
    const t = this.now();
    this.lastSeen = t;
    this.alive = true;
    const size = data instanceof Buffer ? data.length : 0;
    this.bytesIn += size;
    if (isBinary || !(data instanceof Buffer)) {
      this.counters.refused++;
      this.kick(1003, 'text frames only');
      return;
    }
    if (!this.messages.take(1, t) || !this.bytes.take(size, t)) {
      this.counters.refused++;
      this.strike('rate limit');
      return;
    }
    this.messagesIn++;
    try {
      this.onMessage?.(data.toString('utf8'));
    } catch {
      this.kick(1011, 'internal error');
    }
  }

  private finish(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    try {
      this.onClose?.();
    } finally {
      this.onEnd?.();
    }
  }
}
