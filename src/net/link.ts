/**
 * The transport interface of the networking layer, and a simulated network for tests and demos.
 *
 * A `Link` is one end of a bidirectional, message-oriented connection carrying text (the
 * protocol's JSON, see protocol.ts): a WebSocket, a WebRTC data channel, a Colyseus room message
 * stream, or `SimulatedNetwork`'s in-process pipes. Delivery may be late, reordered or lost (the
 * protocol copes: inputs are resent until acknowledged, states are absolute).
 *
 * `SimulatedNetwork` delays every message by latency ± jitter and drops a fraction of them, with
 * a seeded PRNG and an explicit clock (`advance(ms)`), so a test with 10% loss replays exactly.
 */
import { PhysicsError } from '../core/errors.js';
import { Prng } from '../math/prng.js';

/** One end of a connection (see the file comment). */
export interface Link {
  /** queues a message to the other end; a closed link drops it */
  send(text: string): void;
  /** called for every message from the other end */
  onMessage: ((text: string) => void) | null;
  /** called once when either end closes */
  onClose: (() => void) | null;
  /** closes both ends */
  close(): void;
  /** true once either end closed */
  readonly closed: boolean;
}

/** Conditions of a simulated network path. */
export interface NetworkConditions {
  /** one-way delay, ms (default 0) */
  latencyMs?: number;
  /** uniform extra delay in [0, jitterMs], ms (default 0); messages may overtake each other */
  jitterMs?: number;
  /** fraction of messages lost, [0, 1) (default 0) */
  loss?: number;
}

interface InFlight {
  at: number;
  seq: number;
  to: SimLink;
  text: string;
}

class SimLink implements Link {
  onMessage: ((text: string) => void) | null = null;
  onClose: (() => void) | null = null;
  peer!: SimLink;
  private isClosed = false;
  /** messages sent through this end (for flood tests) */
  sent = 0;

  constructor(private readonly net: SimulatedNetwork) {}

  get closed(): boolean {
    return this.isClosed;
  }

  send(text: string): void {
    if (this.isClosed) return;
    this.sent++;
    this.net.enqueue(this.peer, text);
  }

  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.peer.isClosed = true;
    this.onClose?.();
    this.peer.onClose?.();
  }

  deliver(text: string): void {
    if (!this.isClosed) this.onMessage?.(text);
  }
}

/** In-process links with latency, jitter and loss on an explicit clock (see the file comment). */
export class SimulatedNetwork {
  /** the network clock, ms */
  now = 0;
  /** messages dropped so far */
  lost = 0;
  /** messages delivered so far */
  delivered = 0;
  private readonly queue: InFlight[] = [];
  private seq = 0;
  private readonly rng: Prng;
  private latency = 0;
  private jitter = 0;
  private loss = 0;

  constructor(conditions: NetworkConditions = {}, seed = 1) {
    this.rng = new Prng(seed);
    this.setConditions(conditions);
  }

  /** Changes latency, jitter and loss for messages sent from now on. */
  setConditions(c: NetworkConditions): void {
    const latency = c.latencyMs ?? 0;
    const jitter = c.jitterMs ?? 0;
    const loss = c.loss ?? 0;
    if (!(latency >= 0 && latency <= 10_000))
      throw new PhysicsError('invalid-argument', `latencyMs: must be in [0, 10000], got ${latency}`);
    if (!(jitter >= 0 && jitter <= 10_000))
      throw new PhysicsError('invalid-argument', `jitterMs: must be in [0, 10000], got ${jitter}`);
    if (!(loss >= 0 && loss < 1))
      throw new PhysicsError('invalid-argument', `loss: must be in [0, 1), got ${loss}`);
    this.latency = latency;
    this.jitter = jitter;
    this.loss = loss;
  }

  /** A connected pair of links: [client end, server end]. */
  connect(): [Link, Link] {
    const a = new SimLink(this);
    const b = new SimLink(this);
    a.peer = b;
    b.peer = a;
    return [a, b];
  }

  /** @internal */
  enqueue(to: SimLink, text: string): void {
    if (this.loss > 0 && this.rng.next() < this.loss) {
      this.lost++;
      return;
    }
    const at = this.now + this.latency + (this.jitter > 0 ? this.rng.next() * this.jitter : 0);
    this.queue.push({ at, seq: this.seq++, to, text });
  }

  /** Moves the clock forward by `ms`, delivering every message that falls due, in time order. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      let best = -1;
      for (let i = 0; i < this.queue.length; i++) {
        const m = this.queue[i]!;
        if (m.at > end) continue;
        const b = best < 0 ? null : this.queue[best]!;
        if (b === null || m.at < b.at || (m.at === b.at && m.seq < b.seq)) best = i;
      }
      if (best < 0) break;
      const m = this.queue[best]!;
      this.queue.splice(best, 1);
      this.now = Math.max(this.now, m.at);
      this.delivered++;
      m.to.deliver(m.text);
    }
    this.now = end;
  }

  /** Messages still in flight. */
  get pending(): number {
    return this.queue.length;
  }
}
