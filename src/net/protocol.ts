/**
 * The wire protocol: JSON text messages, checked before anything acts on them. A message longer
 * than its limit is refused before it is parsed; a parsed message must match its type's schema
 * exactly (no unknown keys, integer ticks in range, bounded arrays); inputs are checked by the
 * game's own `validateInput`. Nothing from the network reaches a simulation unchecked.
 *
 * Messages (t = type):
 * - client → server `input`: { t, tick, inputs } — the client's inputs for ticks
 *   tick − inputs.length + 1 … tick, resent every tick until acknowledged (redundancy against loss)
 * - server → client `welcome`: { t, player, players, tick, dt, state }
 * - server → client `state`: { t, tick, ack, inputs, state } — the authoritative state after `tick`
 *   ticks, the newest tick of this client's inputs the server has received (`ack`), and the inputs
 *   every player's slot held at the last tick (clients predict other players with them)
 * - peer → peer (lockstep) `ls`: { t, from, tick, inputs, hashTick, hashes } — the sender's inputs for
 *   ticks up to `tick` (redundant window) and its state hashes after ticks hashTick, hashTick + 1, …
 */

/** The most inputs one message carries (the redundancy window). */
export const MAX_INPUTS_PER_MESSAGE = 32;
/** Client → server and peer → peer messages longer than this (characters) are refused unparsed. */
export const MAX_CLIENT_MESSAGE = 8 * 1024;
/** Server → client messages longer than this are refused unparsed. */
export const MAX_SERVER_MESSAGE = 1024 * 1024;
/** Ticks are integers in [0, MAX_TICK]. */
export const MAX_TICK = 2 ** 31 - 1;

/** A client → server message: inputs for the ticks up to `tick`. */
export interface InputMessage<I> {
  /** message type */
  t: 'input';
  /** the newest tick of `inputs` */
  tick: number;
  /** inputs for ticks tick − inputs.length + 1 … tick */
  inputs: I[];
}
/** The server's first message to a new client. */
export interface WelcomeMessage {
  /** message type */
  t: 'welcome';
  /** the slot this client controls */
  player: number;
  /** number of player slots */
  players: number;
  /** the server's tick */
  tick: number;
  /** the fixed step, s */
  dt: number;
  /** the full state (the game's `getState()`) */
  state: unknown;
}
/** The authoritative state the server sends every few ticks. */
export interface StateMessage<I = unknown> {
  /** message type */
  t: 'state';
  /** ticks simulated by the server */
  tick: number;
  /** the newest tick of this client's inputs the server has received, or −1 */
  ack: number;
  /** the input every slot held at the last tick */
  inputs: I[];
  /** the full state after `tick` ticks */
  state: unknown;
}
/** A lockstep peer's message: its inputs and state hashes. */
export interface LockstepMessage<I> {
  /** message type */
  t: 'ls';
  /** the sender's player slot */
  from: number;
  /** the newest tick of `inputs` */
  tick: number;
  /** inputs for ticks tick − inputs.length + 1 … tick */
  inputs: I[];
  /** the tick of `hashes[0]` */
  hashTick: number;
  /** the sender's state hashes after ticks hashTick, hashTick + 1, … */
  hashes: string[];
}

/** The outcome of parsing: the message, or why it was refused. */
export type Parsed<M> = { ok: true; msg: M } | { ok: false; reason: string };

function isTick(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= MAX_TICK;
}

function hasOnlyKeys(o: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const k of Object.keys(o)) if (!keys.includes(k)) return `unknown key '${k.slice(0, 40)}'`;
  for (const k of keys) if (!(k in o)) return `missing '${k}'`;
  return null;
}

/** JSON.parse with a length limit, never throwing. */
export function parseJson(text: unknown, maxLength: number): Parsed<Record<string, unknown>> {
  if (typeof text !== 'string') return { ok: false, reason: 'not text' };
  if (text.length > maxLength)
    return { ok: false, reason: `too long (${text.length} > ${maxLength} characters)` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, reason: 'not an object' };
  return { ok: true, msg: value as Record<string, unknown> };
}

function parseInputs<I>(raw: unknown, validate: (x: unknown) => I | null): I[] | string {
  if (!Array.isArray(raw)) return "'inputs' must be an array";
  if (raw.length < 1 || raw.length > MAX_INPUTS_PER_MESSAGE) {
    return `'inputs' must hold 1 to ${MAX_INPUTS_PER_MESSAGE} inputs, got ${raw.length}`;
  }
  const out: I[] = [];
  for (let i = 0; i < raw.length; i++) {
    const v = validate(raw[i]);
    if (v === null) return `inputs[${i}] is malformed`;
    out.push(v);
  }
  return out;
}

/** Parses a client's `input` message. */
export function parseInputMessage<I>(
  text: unknown,
  validate: (x: unknown) => I | null,
): Parsed<InputMessage<I>> {
  const p = parseJson(text, MAX_CLIENT_MESSAGE);
  if (!p.ok) return p;
  const o = p.msg;
  if (o['t'] !== 'input') return { ok: false, reason: "not an 'input' message" };
  const keys = hasOnlyKeys(o, ['t', 'tick', 'inputs']);
  if (keys) return { ok: false, reason: keys };
  if (!isTick(o['tick'])) return { ok: false, reason: "'tick' must be an integer tick" };
  const inputs = parseInputs(o['inputs'], validate);
  if (typeof inputs === 'string') return { ok: false, reason: inputs };
  if (inputs.length - 1 > (o['tick'] as number)) return { ok: false, reason: "'inputs' reach before tick 0" };
  return { ok: true, msg: { t: 'input', tick: o['tick'] as number, inputs } };
}

/** Parses a server message (`welcome` or `state`); the state itself is checked by the game's setState. */
export function parseServerMessage<I>(
  text: unknown,
  validate: (x: unknown) => I | null,
): Parsed<WelcomeMessage | StateMessage<I>> {
  const p = parseJson(text, MAX_SERVER_MESSAGE);
  if (!p.ok) return p;
  const o = p.msg;
  if (o['t'] === 'welcome') {
    const keys = hasOnlyKeys(o, ['t', 'player', 'players', 'tick', 'dt', 'state']);
    if (keys) return { ok: false, reason: keys };
    const players = o['players'];
    const player = o['player'];
    if (!(typeof players === 'number' && Number.isInteger(players) && players >= 1 && players <= 1024)) {
      return { ok: false, reason: "'players' must be an integer in [1, 1024]" };
    }
    if (!(typeof player === 'number' && Number.isInteger(player) && player >= 0 && player < players)) {
      return { ok: false, reason: "'player' must be a slot index" };
    }
    if (!isTick(o['tick'])) return { ok: false, reason: "'tick' must be an integer tick" };
    const dt = o['dt'];
    if (!(typeof dt === 'number' && dt > 0 && dt <= 1))
      return { ok: false, reason: "'dt' must be in (0, 1]" };
    return {
      ok: true,
      msg: { t: 'welcome', player, players, tick: o['tick'] as number, dt, state: o['state'] },
    };
  }
  if (o['t'] === 'state') {
    const keys = hasOnlyKeys(o, ['t', 'tick', 'ack', 'inputs', 'state']);
    if (keys) return { ok: false, reason: keys };
    const raw = o['inputs'];
    if (!Array.isArray(raw) || raw.length > 1024) return { ok: false, reason: "'inputs' must be an array" };
    const inputs: I[] = [];
    for (let i = 0; i < raw.length; i++) {
      const v = validate(raw[i]);
      if (v === null) return { ok: false, reason: `inputs[${i}] is malformed` };
      inputs.push(v);
    }
    if (!isTick(o['tick'])) return { ok: false, reason: "'tick' must be an integer tick" };
    const ack = o['ack'];
    if (!(typeof ack === 'number' && Number.isInteger(ack) && ack >= -1 && ack <= MAX_TICK)) {
      return { ok: false, reason: "'ack' must be an integer tick or -1" };
    }
    return { ok: true, msg: { t: 'state', tick: o['tick'] as number, ack, inputs, state: o['state'] } };
  }
  return { ok: false, reason: 'unknown message type' };
}

/** Parses a lockstep peer's `ls` message. */
export function parseLockstepMessage<I>(
  text: unknown,
  players: number,
  validate: (x: unknown) => I | null,
): Parsed<LockstepMessage<I>> {
  const p = parseJson(text, MAX_CLIENT_MESSAGE);
  if (!p.ok) return p;
  const o = p.msg;
  if (o['t'] !== 'ls') return { ok: false, reason: "not an 'ls' message" };
  const keys = hasOnlyKeys(o, ['t', 'from', 'tick', 'inputs', 'hashTick', 'hashes']);
  if (keys) return { ok: false, reason: keys };
  const from = o['from'];
  if (!(typeof from === 'number' && Number.isInteger(from) && from >= 0 && from < players)) {
    return { ok: false, reason: "'from' must be a player slot" };
  }
  if (!isTick(o['tick'])) return { ok: false, reason: "'tick' must be an integer tick" };
  const hashTick = o['hashTick'];
  if (!isTick(hashTick)) return { ok: false, reason: "'hashTick' must be an integer tick" };
  const hashes = o['hashes'];
  if (!Array.isArray(hashes) || hashes.length > MAX_INPUTS_PER_MESSAGE) {
    return { ok: false, reason: `'hashes' must be an array of at most ${MAX_INPUTS_PER_MESSAGE}` };
  }
  for (const h of hashes) {
    if (typeof h !== 'string' || !/^[0-9a-f]{16}$/.test(h))
      return { ok: false, reason: "'hashes' must hold 16-digit hex digests" };
  }
  const inputs = parseInputs(o['inputs'], validate);
  if (typeof inputs === 'string') return { ok: false, reason: inputs };
  if (inputs.length - 1 > (o['tick'] as number)) return { ok: false, reason: "'inputs' reach before tick 0" };
  return {
    ok: true,
    msg: { t: 'ls', from, tick: o['tick'] as number, inputs, hashTick, hashes: hashes as string[] },
  };
}
