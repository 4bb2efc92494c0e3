/**
 * Deterministic lockstep (textbook §26.5, "ロックステップ"): every peer runs the whole simulation and
 * only inputs travel. A peer's input for tick T is scheduled `inputDelay` ticks ahead and sent to
 * every other peer (each message repeats the last few inputs, so a lost packet costs nothing);
 * tick T is simulated once the inputs of all players for T are in. Because the simulation is
 * deterministic, all peers then hold bit-identical states — which each peer checks: every message
 * carries the sender's state hashes after its newest ticks (the same redundant window as the
 * inputs), and the first tick whose hashes differ is reported as the desync tick.
 */
import { PhysicsError } from '../core/errors.js';
import type { NetGame } from './game.js';
import type { Link } from './link.js';
import { MAX_INPUTS_PER_MESSAGE, parseLockstepMessage } from './protocol.js';

/** Options of {@link LockstepPeer}. */
export interface LockstepOptions {
  /** this peer's player slot */
  player: number;
  /** ticks between sampling an input and simulating it (hides latency), default 3 */
  inputDelay?: number;
  /** inputs repeated in each message (redundancy against loss), default 8 */
  redundancy?: number;
  /** hashes kept for comparison, ticks, default 600 */
  hashHistory?: number;
}

/** One peer of a lockstep session (see the file comment). */
export class LockstepPeer<I, G extends NetGame<I> = NetGame<I>> {
  /** this peer's player slot */
  readonly player: number;
  /** ticks between sampling an input and simulating it */
  readonly inputDelay: number;
  /** the first tick at which a peer's hash differed from ours, or null */
  desyncTick: number | null = null;
  /** messages refused as malformed */
  refused = 0;
  private readonly redundancy: number;
  private readonly historyLength: number;
  private readonly links: Link[] = [];
  /** inputs[p].get(tick) */
  private readonly inputs: Map<number, I>[] = [];
  private readonly hashes = new Map<number, string>();
  /** remote hashes whose tick we have not simulated yet */
  private readonly remoteHashes = new Map<number, string[]>();
  /** the newest tick with a scheduled local input */
  private scheduled: number;
  private localInput: I;
  /** the tick this peer started at */
  private readonly firstTick: number;

  constructor(
    readonly game: G,
    options: LockstepOptions,
  ) {
    const { player } = options;
    if (!Number.isInteger(player) || player < 0 || player >= game.players) {
      throw new PhysicsError(
        'invalid-argument',
        `player: must be a slot in [0, ${game.players}), got ${player}`,
      );
    }
    this.player = player;
    this.inputDelay = options.inputDelay ?? 3;
    this.redundancy = options.redundancy ?? 8;
    this.historyLength = options.hashHistory ?? 600;
    if (!Number.isInteger(this.inputDelay) || this.inputDelay < 0 || this.inputDelay > 60) {
      throw new PhysicsError(
        'invalid-argument',
        `inputDelay: must be an integer in [0, 60], got ${this.inputDelay}`,
      );
    }
    if (
      !Number.isInteger(this.redundancy) ||
      this.redundancy < 1 ||
      this.redundancy > MAX_INPUTS_PER_MESSAGE
    ) {
      throw new PhysicsError(
        'invalid-argument',
        `redundancy: must be an integer in [1, ${MAX_INPUTS_PER_MESSAGE}]`,
      );
    }
    for (let p = 0; p < game.players; p++) {
      const m = new Map<number, I>();
      // the first inputDelay ticks run on neutral inputs for everybody
      for (let t = game.tick; t < game.tick + this.inputDelay; t++) m.set(t, game.neutralInput());
      this.inputs.push(m);
    }
    this.firstTick = game.tick;
    this.scheduled = game.tick + this.inputDelay - 1;
    this.localInput = game.neutralInput();
  }

  /** Adds a link to another peer (messages from it are parsed; messages to it are every update's). */
  connect(link: Link): void {
    this.links.push(link);
    link.onMessage = (text) => this.receive(text);
  }

  /** Sets the input sampled at the next `update`. */
  setInput(input: I): void {
    this.localInput = input;
  }

  /** The newest simulated tick's hash, or '' before the first tick. */
  lastHash(): string {
    return this.hashes.get(this.game.tick - 1) ?? '';
  }

  /**
   * One frame: schedules the local input, sends it to every peer and simulates every tick whose
   * inputs are complete. Returns the number of ticks simulated.
   */
  update(): number {
    // schedule the local input inputDelay ticks ahead (one new tick per frame at most)
    if (this.scheduled < this.game.tick + this.inputDelay) {
      this.scheduled++;
      this.inputs[this.player]!.set(this.scheduled, this.localInput);
    }
    this.broadcast();
    let n = 0;
    for (;;) {
      const t = this.game.tick;
      const row: I[] = [];
      for (let p = 0; p < this.game.players; p++) {
        const v = this.inputs[p]!.get(t);
        if (v === undefined) break;
        row.push(v);
      }
      if (row.length < this.game.players) break;
      this.game.step(row);
      for (const m of this.inputs) m.delete(t - this.redundancy);
      const h = this.game.hash();
      this.hashes.set(t, h);
      this.hashes.delete(t - this.historyLength);
      const remote = this.remoteHashes.get(t);
      if (remote) {
        for (const r of remote) this.compare(t, r);
        this.remoteHashes.delete(t);
      }
      n++;
    }
    return n;
  }

  private broadcast(): void {
    const from = Math.max(0, this.scheduled - this.redundancy + 1);
    const list: I[] = [];
    for (let t = from; t <= this.scheduled; t++)
      list.push(this.inputs[this.player]!.get(t) ?? this.game.neutralInput());
    const hashTick = Math.max(this.firstTick, this.game.tick - this.redundancy);
    const hashes: string[] = [];
    for (let t = hashTick; t < this.game.tick; t++) hashes.push(this.hashes.get(t)!);
    const text = JSON.stringify({
      t: 'ls',
      from: this.player,
      tick: this.scheduled,
      inputs: list,
      hashTick,
      hashes,
    });
    for (const l of this.links) l.send(text);
  }

  private receive(text: string): void {
    const p = parseLockstepMessage(text, this.game.players, (x) => this.game.validateInput(x));
    if (!p.ok || p.msg.from === this.player) {
      this.refused++;
      return;
    }
    const m = p.msg;
    const store = this.inputs[m.from]!;
    const first = m.tick - m.inputs.length + 1;
    for (let i = 0; i < m.inputs.length; i++) {
      const t = first + i;
      // a tick already simulated keeps the input it was simulated with
      if (t >= this.game.tick && !store.has(t)) store.set(t, m.inputs[i]!);
    }
    for (let i = 0; i < m.hashes.length; i++) {
      const t = m.hashTick + i;
      const h = m.hashes[i]!;
      if (this.hashes.has(t)) this.compare(t, h);
      else if (t >= this.game.tick && t < this.game.tick + this.historyLength) {
        const list = this.remoteHashes.get(t) ?? [];
        if (list.length < this.game.players) list.push(h);
        this.remoteHashes.set(t, list);
      }
    }
  }

  private compare(tick: number, remote: string): void {
    const own = this.hashes.get(tick);
    if (own !== undefined && own !== remote && (this.desyncTick === null || tick < this.desyncTick)) {
      this.desyncTick = tick;
    }
  }
}
