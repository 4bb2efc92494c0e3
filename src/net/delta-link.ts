/**
 * Delta compression of state snapshots on a reliable, ordered link (a WebSocket): the server's
 * end (`DeltaEncodingLink`) sends each `state` message as a `delta` against the previous state it
 * sent on the same link — only the leaves (numbers, strings, booleans) of the state that changed,
 * as index/value pairs — whenever the state has the same shape and the delta is smaller; the
 * client's end (`DeltaDecodingLink`) rebuilds the full `state` text, so everything above it
 * (`PredictingClient`, the desync check) sees the messages unchanged. A body at rest costs
 * nothing; a moving one its changed coordinates. The baseline is the last state *sent*, not the
 * last acknowledged (as over UDP, Quake III's scheme), because a WebSocket loses nothing: simulated
 * loss (`ConditionedLink`) belongs above the decoder.
 *
 * Wire form: { t: 'delta', tick, ack, inputs, base, d: [i0, v0, i1, v1, …] } where `base` is the
 * tick of the state the leaves are changed from, and i are leaf indices in depth-first order.
 */
import type { Link } from './link.js';
import { MAX_SERVER_MESSAGE, parseJson } from './protocol.js';

type Leaf = number | string | boolean | null;

/** The leaves of a JSON value in depth-first order, and a key describing its shape. */
function flatten(value: unknown, leaves: Leaf[], shape: string[]): void {
  if (Array.isArray(value)) {
    shape.push(`[${value.length}`);
    for (const v of value) flatten(v, leaves, shape);
    shape.push(']');
  } else if (typeof value === 'object' && value !== null) {
    shape.push('{');
    for (const [k, v] of Object.entries(value)) {
      shape.push(JSON.stringify(k));
      flatten(v, leaves, shape);
    }
    shape.push('}');
  } else {
    leaves.push(value as Leaf);
    shape.push(typeof value === 'number' ? 'n' : typeof value === 'string' ? 's' : 'o');
  }
}

/** A copy of `template` with its leaves taken in order from `leaves`. */
function rebuild(template: unknown, leaves: readonly Leaf[], at: { i: number }): unknown {
  if (Array.isArray(template)) return template.map((v) => rebuild(v, leaves, at));
  if (typeof template === 'object' && template !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(template)) out[k] = rebuild(v, leaves, at);
    return out;
  }
  return leaves[at.i++];
}

interface Baseline {
  tick: number;
  shape: string;
  leaves: Leaf[];
  template: unknown;
}

function baseline(tick: number, state: unknown): Baseline {
  const leaves: Leaf[] = [];
  const shape: string[] = [];
  flatten(state, leaves, shape);
  return { tick, shape: shape.join(''), leaves, template: state };
}

/** The server's end: turns `state` messages into deltas (see the file comment). */
export class DeltaEncodingLink implements Link {
  onMessage: ((text: string) => void) | null = null;
  onClose: (() => void) | null = null;
  /** state messages sent in full */
  full = 0;
  /** state messages sent as deltas */
  deltas = 0;
  /** characters the full messages would have taken */
  charsBefore = 0;
  /** characters actually sent for state messages */
  charsAfter = 0;
  private base: Baseline | null = null;

  constructor(readonly inner: Link) {
    inner.onMessage = (text) => this.onMessage?.(text);
    inner.onClose = () => this.onClose?.();
  }

  get closed(): boolean {
    return this.inner.closed;
  }

  close(): void {
    this.inner.close();
  }

  send(text: string): void {
    if (!text.startsWith('{"t":"state"')) {
      this.inner.send(text);
      return;
    }
    const m = JSON.parse(text) as { tick: number; ack: number; inputs: unknown[]; state: unknown };
    const next = baseline(m.tick, m.state);
    const prev = this.base;
    this.base = next;
    let out = text;
    if (prev && prev.shape === next.shape) {
      const d: Leaf[] = [];
      for (let i = 0; i < next.leaves.length; i++) {
        if (next.leaves[i] !== prev.leaves[i]) d.push(i, next.leaves[i]!);
      }
      const delta = JSON.stringify({
        t: 'delta',
        tick: m.tick,
        ack: m.ack,
        inputs: m.inputs,
        base: prev.tick,
        d,
      });
      if (delta.length < text.length) out = delta;
    }
    if (out === text) this.full++;
    else this.deltas++;
    this.charsBefore += text.length;
    this.charsAfter += out.length;
    this.inner.send(out);
  }
}

/** The client's end: rebuilds `state` messages from deltas (see the file comment). */
export class DeltaDecodingLink implements Link {
  onMessage: ((text: string) => void) | null = null;
  onClose: (() => void) | null = null;
  /** deltas that could not be applied (no or another baseline, malformed) and were dropped */
  refused = 0;
  /** characters of the state and delta messages received */
  charsIn = 0;
  /** characters of the full state messages they stand for */
  charsOut = 0;
  /** state messages received (in full or as deltas) */
  states = 0;
  private base: Baseline | null = null;

  constructor(readonly inner: Link) {
    inner.onMessage = (text) => this.received(text);
    inner.onClose = () => this.onClose?.();
  }

  get closed(): boolean {
    return this.inner.closed;
  }

  close(): void {
    this.inner.close();
  }

  send(text: string): void {
    this.inner.send(text);
  }

  private received(text: string): void {
    if (text.startsWith('{"t":"state"')) {
      const p = parseJson(text, MAX_SERVER_MESSAGE);
      const tick = p.ok ? p.msg['tick'] : undefined;
      if (p.ok && typeof tick === 'number') this.base = baseline(tick, p.msg['state']);
      this.count(text.length, text.length);
      this.onMessage?.(text);
      return;
    }
    if (!text.startsWith('{"t":"delta"')) {
      this.onMessage?.(text);
      return;
    }
    const full = this.apply(text);
    if (full === null) this.refused++;
    else {
      this.count(text.length, full.length);
      this.onMessage?.(full);
    }
  }

  private count(wire: number, full: number): void {
    this.states++;
    this.charsIn += wire;
    this.charsOut += full;
  }

  private apply(text: string): string | null {
    const p = parseJson(text, MAX_SERVER_MESSAGE);
    const b = this.base;
    if (!p.ok || b === null) return null;
    const { tick, ack, inputs, base, d } = p.msg;
    if (Object.keys(p.msg).length !== 6 || base !== b.tick || typeof tick !== 'number' || !Array.isArray(d))
      return null;
    if (d.length % 2 !== 0) return null;
    const leaves = b.leaves.slice();
    for (let k = 0; k < d.length; k += 2) {
      const i = d[k];
      const v = d[k + 1];
      if (!(typeof i === 'number' && Number.isInteger(i) && i >= 0 && i < leaves.length)) return null;
      if (typeof v === 'object' && v !== null) return null;
      leaves[i] = v as Leaf;
    }
    const state = rebuild(b.template, leaves, { i: 0 });
    this.base = { tick, shape: b.shape, leaves, template: state };
    return JSON.stringify({ t: 'state', tick, ack, inputs, state });
  }
}
