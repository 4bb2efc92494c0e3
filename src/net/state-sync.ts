/**
 * State synchronisation with client-side prediction and rollback (textbook §26.5, "状態同期"):
 * the server runs the authoritative simulation and sends its state; each client predicts its
 * own player from its local inputs at once (no waiting for the round trip), and when a server
 * state arrives it rolls back — restores that state — and re-simulates its inputs the server has
 * not yet included. Other players are predicted with the inputs they held at the server's last
 * tick. A small correction is hidden by smoothing: the drawn positions carry the jump as an offset
 * that decays over a few ticks.
 *
 * The server treats every client as hostile: messages are size-limited and schema-checked
 * (protocol.ts), each client has a token bucket of messages per tick, malformed or flooding
 * clients collect strikes and are disconnected, and a client's inputs only ever drive its own
 * slot, within a window of ticks around the server's.
 */
import { PhysicsError } from '../core/errors.js';
import type { NetGame } from './game.js';
import type { Link } from './link.js';
import { MAX_INPUTS_PER_MESSAGE, parseInputMessage, parseServerMessage } from './protocol.js';

/** Options of {@link StateServer}. */
export interface StateServerOptions {
  /** send the state every this many ticks, default 2 */
  snapshotEvery?: number;
  /** messages a client may send per tick on average, default 4 */
  messagesPerTick?: number;
  /** the token bucket's size: a burst of this many messages passes, default 32 */
  burst?: number;
  /** strikes (malformed or over-rate messages) before a client is disconnected, default 16 */
  maxStrikes?: number;
  /** inputs more than this many ticks ahead of the server are ignored, default 120 */
  inputWindow?: number;
}

interface ClientSlot<I> {
  link: Link;
  inputs: Map<number, I>;
  held: I;
  ack: number;
  tokens: number;
  strikes: number;
}

/** The authoritative server (see the file comment). */
export class StateServer<I, G extends NetGame<I> = NetGame<I>> {
  /** clients disconnected for misbehaving */
  kicked = 0;
  /** messages refused (malformed, too long, over the rate) */
  refused = 0;
  private readonly slots: (ClientSlot<I> | null)[];
  private readonly snapshotEvery: number;
  private readonly perTick: number;
  private readonly burst: number;
  private readonly maxStrikes: number;
  private readonly window: number;

  constructor(
    readonly game: G,
    options: StateServerOptions = {},
  ) {
    this.slots = new Array(game.players).fill(null);
    this.snapshotEvery = intOption(options.snapshotEvery, 2, 1, 600, 'snapshotEvery');
    this.perTick = intOption(options.messagesPerTick, 4, 1, 1000, 'messagesPerTick');
    this.burst = intOption(options.burst, 32, 1, 10_000, 'burst');
    this.maxStrikes = intOption(options.maxStrikes, 16, 1, 1_000_000, 'maxStrikes');
    this.window = intOption(options.inputWindow, 120, 1, 10_000, 'inputWindow');
  }

  /** Number of connected clients. */
  get clients(): number {
    return this.slots.filter((s) => s !== null).length;
  }

  /**
   * Takes a new connection into the first free player slot and welcomes it with the current
   * state; returns the slot, or -1 (and closes the link) when the server is full.
   */
  accept(link: Link): number {
    const slot = this.slots.indexOf(null);
    if (slot < 0) {
      link.close();
      return -1;
    }
    const c: ClientSlot<I> = {
      link,
      inputs: new Map(),
      held: this.game.neutralInput(),
      ack: -1,
      tokens: this.burst,
      strikes: 0,
    };
    this.slots[slot] = c;
    link.onMessage = (text) => this.receive(slot, c, text);
    link.onClose = () => {
      if (this.slots[slot] === c) this.slots[slot] = null;
    };
    link.send(
      JSON.stringify({
        t: 'welcome',
        player: slot,
        players: this.game.players,
        tick: this.game.tick,
        dt: this.game.dt,
        state: this.game.getState(),
      }),
    );
    return slot;
  }

  /** One tick: refills the rate buckets, steps the simulation with every slot's input, sends states. */
  update(): void {
    const t = this.game.tick;
    const row: I[] = [];
    for (const c of this.slots) {
      if (c === null) {
        row.push(this.game.neutralInput());
        continue;
      }
      c.tokens = Math.min(this.burst, c.tokens + this.perTick);
      const v = c.inputs.get(t);
      if (v !== undefined) {
        c.held = v;
        c.inputs.delete(t);
      }
      row.push(c.held);
    }
    this.game.step(row);
    if (this.game.tick % this.snapshotEvery === 0) {
      const state = this.game.getState();
      for (const c of this.slots) {
        if (c === null) continue;
        c.link.send(JSON.stringify({ t: 'state', tick: this.game.tick, ack: c.ack, inputs: row, state }));
      }
    }
  }

  private receive(slot: number, c: ClientSlot<I>, text: string): void {
    if (this.slots[slot] !== c) return;
    c.tokens--;
    if (c.tokens < 0) {
      this.strike(slot, c);
      return;
    }
    const p = parseInputMessage(text, (x) => this.game.validateInput(x));
    if (!p.ok) {
      this.strike(slot, c);
      return;
    }
    const m = p.msg;
    const first = m.tick - m.inputs.length + 1;
    const now = this.game.tick;
    for (let i = 0; i < m.inputs.length; i++) {
      const t = first + i;
      if (t < now || t >= now + this.window) continue;
      if (!c.inputs.has(t)) c.inputs.set(t, m.inputs[i]!);
    }
    if (m.tick > c.ack && m.tick < now + this.window) c.ack = m.tick;
  }

  private strike(slot: number, c: ClientSlot<I>): void {
    this.refused++;
    c.strikes++;
    if (c.strikes > this.maxStrikes) {
      this.kicked++;
      this.slots[slot] = null;
      c.link.close();
    }
  }
}

/** Options of {@link PredictingClient}. */
export interface PredictingClientOptions {
  /** ticks the client runs ahead of the newest server state it has (covers the round trip), default 6 */
  leadTicks?: number;
  /** inputs repeated in each message, default 8 */
  redundancy?: number;
  /** fraction of the drawn correction offset removed per tick, (0, 1], default 0.2 */
  smoothing?: number;
  /**
   * Adapts the lead to the connection (off by default: the lead stays `leadTicks`). Each server
   * state says how early this client's inputs reached the server (its `ack` against its tick); the
   * lead grows at once by what is missing when they arrive later than `margin` ticks ahead of
   * use, and shrinks by one tick (one local tick repeated: time runs a little slower) when they
   * arrive more than `margin + 2` ticks early; between changes it waits until states reflect the
   * changed inputs. `min` default 1, `max` default 120 ticks, `margin` default 2 ticks.
   */
  adaptiveLead?: { min?: number; max?: number; margin?: number };
}

/** A client that predicts its own player and rolls back on server states (see the file comment). */
export class PredictingClient<I, G extends NetGame<I> & { positions?(): Float64Array } = NetGame<I>> {
  /** our slot, or -1 before the welcome */
  player = -1;
  /** server states applied (each one is a rollback) */
  rollbacks = 0;
  /** ticks re-simulated after rollbacks */
  resimulated = 0;
  /** server messages refused as malformed */
  refused = 0;
  /** the newest server tick applied */
  serverTick = -1;
  /** the largest position jump a rollback caused, before smoothing (where the game has `positions`) */
  lastCorrection = 0;
  /** server states built before this client's input for their next tick had arrived (the input came too late and was held over) */
  lateStates = 0;
  /** server states received after the first input was acknowledged (the denominator of `lateStates`) */
  ackedStates = 0;
  private leadTicks: number;
  private readonly adaptive: boolean;
  private readonly minLead: number;
  private readonly maxLead: number;
  private readonly margin: number;
  /** adaptation waits for states of at least this server tick (they reflect the changed lead) */
  private settleUntil = -1;
  private readonly redundancy: number;
  private readonly smoothing: number;
  private readonly pending = new Map<number, I>();
  private held: I[] = [];
  private input: I;
  private ack = -1;
  private offset: Float64Array | null = null;

  constructor(
    readonly game: G,
    readonly link: Link,
    options: PredictingClientOptions = {},
  ) {
    this.leadTicks = intOption(options.leadTicks, 6, 0, 600, 'leadTicks');
    const a = options.adaptiveLead;
    this.adaptive = a !== undefined;
    this.minLead = intOption(a?.min, 1, 0, 600, 'adaptiveLead.min');
    this.maxLead = intOption(a?.max, 120, this.minLead, 600, 'adaptiveLead.max');
    this.margin = intOption(a?.margin, 2, 0, 600, 'adaptiveLead.margin');
    if (this.adaptive) this.leadTicks = Math.min(this.maxLead, Math.max(this.minLead, this.leadTicks));
    this.redundancy = intOption(options.redundancy, 8, 1, MAX_INPUTS_PER_MESSAGE, 'redundancy');
    const s = options.smoothing ?? 0.2;
    if (!(s > 0 && s <= 1))
      throw new PhysicsError('invalid-argument', `smoothing: must be in (0, 1], got ${s}`);
    this.smoothing = s;
    this.input = game.neutralInput();
    link.onMessage = (text) => this.receive(text);
  }

  /** Ticks this client runs ahead of the newest server state (fixed, or adapted: `adaptiveLead`). */
  get lead(): number {
    return this.leadTicks;
  }

  /** True once the server's welcome has arrived. */
  get connected(): boolean {
    return this.player >= 0;
  }

  /** Sets the input used from the next `update` on. */
  setInput(input: I): void {
    this.input = input;
  }

  /** One tick: records and sends the local input, and predicts one tick ahead. */
  update(): void {
    if (!this.connected) return;
    const t = this.game.tick;
    this.pending.set(t, this.input);
    const from = Math.max(this.ack + 1, t - this.redundancy + 1, 0);
    const list: I[] = [];
    for (let k = from; k <= t; k++) list.push(this.pending.get(k) ?? this.game.neutralInput());
    this.link.send(JSON.stringify({ t: 'input', tick: t, inputs: list }));
    this.game.step(this.row(t));
    if (this.offset) for (let i = 0; i < this.offset.length; i++) this.offset[i]! *= 1 - this.smoothing;
  }

  /**
   * The positions to draw: the predicted ones plus the decaying correction offset (so a
   * rollback's jump is spread over a few ticks). Needs the game's `positions()`.
   */
  renderPositions(): Float64Array {
    const p = this.game.positions?.();
    if (!p) throw new PhysicsError('invalid-argument', 'renderPositions: the game has no positions()');
    const out = Float64Array.from(p);
    if (this.offset && this.offset.length === out.length)
      for (let i = 0; i < out.length; i++) out[i]! += this.offset[i]!;
    return out;
  }

  private row(t: number): I[] {
    const row: I[] = [];
    for (let p = 0; p < this.game.players; p++) {
      if (p === this.player) row.push(this.pending.get(t) ?? this.input);
      else row.push(this.held[p] ?? this.game.neutralInput());
    }
    return row;
  }

  private receive(text: string): void {
    const p = parseServerMessage(text, (x) => this.game.validateInput(x));
    if (!p.ok) {
      this.refused++;
      return;
    }
    const m = p.msg;
    if (m.t === 'welcome') {
      if (this.connected) return;
      this.game.setState(m.state);
      this.player = m.player;
      this.serverTick = m.tick;
      // run ahead of the server by the lead, on neutral inputs
      for (let k = 0; k < this.leadTicks; k++) this.game.step(this.row(this.game.tick));
      return;
    }
    if (!this.connected || m.tick <= this.serverTick) return;
    if (m.inputs.length === this.game.players) this.held = m.inputs;
    this.ack = Math.max(this.ack, m.ack);
    const predictedTick = this.game.tick;
    const before = this.game.positions?.();
    const beforeCopy = before ? Float64Array.from(before) : null;
    this.game.setState(m.state);
    this.serverTick = m.tick;
    this.rollbacks++;
    for (const k of this.pending.keys()) if (k < m.tick) this.pending.delete(k);
    // how early our inputs reach the server: its next tick m.tick needs our input for m.tick
    let shrink = 0;
    if (m.ack >= 0) {
      this.ackedStates++;
      const early = m.ack - m.tick;
      if (early < 0) this.lateStates++;
      if (this.adaptive && m.tick >= this.settleUntil) {
        if (early < this.margin && this.leadTicks < this.maxLead) {
          this.leadTicks = Math.min(this.maxLead, this.leadTicks + (this.margin - early));
          this.settleUntil = predictedTick;
        } else if (early > this.margin + 2 && this.leadTicks > this.minLead) {
          this.leadTicks--;
          shrink = 1;
          this.settleUntil = predictedTick;
        }
      }
    }
    // re-simulate our inputs that the server state does not include yet (one tick fewer when the
    // lead shrinks: that local tick is played again, its input re-sent)
    const target = Math.max(predictedTick - shrink, m.tick + this.leadTicks);
    while (this.game.tick < target) {
      const t = this.game.tick;
      // ticks the adaptive lead added beyond the prediction play the current input, sent with the next update
      if (this.adaptive && t >= predictedTick && !this.pending.has(t)) this.pending.set(t, this.input);
      this.game.step(this.row(t));
      this.resimulated++;
    }
    if (beforeCopy) {
      const after = this.game.positions!();
      if (!this.offset || this.offset.length !== after.length) this.offset = new Float64Array(after.length);
      let worst = 0;
      for (let i = 0; i < after.length; i++) {
        const d = beforeCopy[i]! - after[i]!;
        worst = Math.max(worst, Math.abs(d));
        this.offset[i]! += d;
      }
      this.lastCorrection = worst;
    }
  }
}

function intOption(v: number | undefined, fallback: number, min: number, max: number, name: string): number {
  const x = v ?? fallback;
  if (!Number.isInteger(x) || x < min || x > max) {
    throw new PhysicsError('invalid-argument', `${name}: must be an integer in [${min}, ${max}], got ${x}`);
  }
  return x;
}
