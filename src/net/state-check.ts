/**
 * A desync check for state synchronisation (textbook §26.5: state hashes compared between the
 * machines that should agree). Every so often the server follows its `state` message for tick T
 * with a `check` message { t: 'check', tick: T, hash } carrying the hash of its world after tick T
 * as rebuilt from that snapshot (JSON turns −0 into +0, so the server hashes what a client can
 * rebuild). `StateCheckLink` sits between the socket and a `PredictingClient`: it passes every other
 * message through, keeps the last few `state` texts, and on a `check` loads the state of the same
 * tick into a separate mirror game and compares the mirror's hash with the server's. Equal hashes
 * say the client's world, rebuilt from the snapshot, is bit for bit the server's world at T; the
 * first tick where they differ is reported as `desyncTick` (a snapshot that lost bits, a client
 * built with another game configuration, a tampered or mismatched message stream).
 */
import type { NetGame } from './game.js';
import type { Link } from './link.js';
import { MAX_TICK, type Parsed, parseJson, parseServerMessage } from './protocol.js';

/** The server's hash of its world after `tick` ticks. */
export interface CheckMessage {
  /** message type */
  t: 'check';
  /** the tick the hash is of (a tick the server also sent a state for) */
  tick: number;
  /** the world's state hash, 16 hex digits */
  hash: string;
}

/** The text of a `check` message. */
export function checkMessage(tick: number, hash: string): string {
  return JSON.stringify({ t: 'check', tick, hash });
}

/** Parses a `check` message. */
export function parseCheckMessage(text: unknown): Parsed<CheckMessage> {
  const p = parseJson(text, 256);
  if (!p.ok) return p;
  const o = p.msg;
  if (o['t'] !== 'check') return { ok: false, reason: "not a 'check' message" };
  const keys = Object.keys(o);
  if (keys.length !== 3 || !('tick' in o) || !('hash' in o)) return { ok: false, reason: 'wrong keys' };
  const tick = o['tick'];
  if (!(typeof tick === 'number' && Number.isInteger(tick) && tick >= 0 && tick <= MAX_TICK))
    return { ok: false, reason: "'tick' must be an integer tick" };
  const hash = o['hash'];
  if (typeof hash !== 'string' || !/^[0-9a-f]{16}$/.test(hash))
    return { ok: false, reason: "'hash' must be a 16-digit hex digest" };
  return { ok: true, msg: { t: 'check', tick, hash } };
}

const STATE_PREFIX = /^\{"t":"state","tick":(\d{1,10}),/;
const KEPT = 16;

function keep<V>(map: Map<number, V>, tick: number, value: V): void {
  map.set(tick, value);
  if (map.size > KEPT) map.delete(map.keys().next().value!);
}

/** A link filter that checks server states against the server's hashes (see the file comment). */
export class StateCheckLink<I> implements Link {
  onMessage: ((text: string) => void) | null = null;
  onClose: (() => void) | null = null;
  /** checks that agreed */
  checked = 0;
  /** the first tick whose hashes differed, or null */
  desyncTick: number | null = null;
  /** the tick of the newest check that agreed, or −1 */
  lastGoodTick = -1;
  private readonly states = new Map<number, string>();
  /** checks whose state has not arrived yet (jitter reorders messages) */
  private readonly waiting = new Map<number, string>();

  constructor(
    readonly inner: Link,
    readonly mirror: NetGame<I>,
  ) {
    inner.onMessage = (text) => this.received(text);
    inner.onClose = () => this.onClose?.();
  }

  get closed(): boolean {
    return this.inner.closed;
  }

  send(text: string): void {
    this.inner.send(text);
  }

  close(): void {
    this.inner.close();
  }

  private received(text: string): void {
    if (text.startsWith('{"t":"check"')) {
      const p = parseCheckMessage(text);
      if (!p.ok) return;
      const state = this.states.get(p.msg.tick);
      if (state !== undefined) this.check(p.msg, state);
      else keep(this.waiting, p.msg.tick, p.msg.hash);
      return;
    }
    const m = STATE_PREFIX.exec(text);
    if (m) {
      const tick = Number(m[1]);
      const hash = this.waiting.get(tick);
      if (hash !== undefined) {
        this.waiting.delete(tick);
        this.check({ t: 'check', tick, hash }, text);
      } else keep(this.states, tick, text);
    }
    this.onMessage?.(text);
  }

  private check(c: CheckMessage, text: string): void {
    const p = parseServerMessage(text, (x) => this.mirror.validateInput(x));
    if (!p.ok || p.msg.t !== 'state') return;
    let hash = '';
    try {
      this.mirror.setState(p.msg.state);
      hash = this.mirror.hash();
    } catch {
      hash = '';
    }
    if (hash === c.hash) {
      this.checked++;
      this.lastGoodTick = Math.max(this.lastGoodTick, c.tick);
    } else if (this.desyncTick === null || c.tick < this.desyncTick) this.desyncTick = c.tick;
  }
}
