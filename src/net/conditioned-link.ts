/**
 * Simulated network conditions on a real link: `ConditionedLink` wraps any `Link` (a WebSocket,
 * say) and delays each message in both directions by latency + a uniform jitter in
 * [0, jitter], dropping a fraction of them — the conditions of `SimulatedNetwork` (link.ts),
 * but on real time, so a client on a fast local connection can watch prediction and rollback
 * work as they would over a slow, lossy one. The draws come from a seeded PRNG; the timer is
 * `setTimeout` unless another scheduler is given. Jitter lets messages overtake each other.
 */
import { PhysicsError } from '../core/errors.js';
import { Prng } from '../math/prng.js';
import type { Link, NetworkConditions } from './link.js';

/** Options of {@link ConditionedLink}. */
export interface ConditionedLinkOptions extends NetworkConditions {
  /** PRNG seed of the loss and jitter draws, default 1 */
  seed?: number;
  /** runs `fn` after `ms` milliseconds, default `setTimeout` */
  schedule?: (fn: () => void, ms: number) => void;
}

/** A link that delays and drops messages of another link (see the file comment). */
export class ConditionedLink implements Link {
  onMessage: ((text: string) => void) | null = null;
  onClose: (() => void) | null = null;
  /** messages dropped so far, both directions */
  lost = 0;
  /** messages passed on so far, both directions */
  passed = 0;
  private latency = 0;
  private jitter = 0;
  private loss = 0;
  private readonly rng: Prng;
  private readonly schedule: (fn: () => void, ms: number) => void;

  constructor(
    readonly inner: Link,
    options: ConditionedLinkOptions = {},
  ) {
    this.rng = new Prng(options.seed ?? 1);
    this.schedule = options.schedule ?? ((fn, ms) => void setTimeout(fn, ms));
    this.setConditions(options);
    inner.onMessage = (text) =>
      this.carry(() => {
        if (!this.inner.closed) this.onMessage?.(text);
      });
    inner.onClose = () => this.onClose?.();
  }

  /** Changes latency, jitter and loss for messages from now on (as `SimulatedNetwork.setConditions`). */
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

  get closed(): boolean {
    return this.inner.closed;
  }

  send(text: string): void {
    if (this.inner.closed) return;
    this.carry(() => this.inner.send(text));
  }

  close(): void {
    this.inner.close();
  }

  private carry(deliver: () => void): void {
    if (this.loss > 0 && this.rng.next() < this.loss) {
      this.lost++;
      return;
    }
    this.passed++;
    const delay = this.latency + (this.jitter > 0 ? this.rng.next() * this.jitter : 0);
    if (delay <= 0) deliver();
    else this.schedule(deliver, delay);
  }
}
