/**
 * The snapshot container of every world (determinism and rollback, textbook §26.5): a byte string
 * that holds the magic `RKSN`, a format version, the world kind, named sections (typed arrays and
 * scalars) and a 64-bit checksum (two 32-bit lanes, see `checksum`) over everything before it. `readSnapshot` checks
 * the whole string — length, magic, version, checksum, kind, every section's bounds — before any
 * world is touched, so a truncated, tampered or foreign snapshot is a `PhysicsError` and never a
 * half-loaded world.
 *
 * Layout (little-endian, every part aligned to 8 bytes so arrays copy as whole words):
 * `RKSN` · version u32 · kind length u32 · section count u32 · kind (padded) · per section: name
 * length u16, type u8, 0 u8, element count u32, name (padded), data (padded) · checksum (2 × u32).
 *
 * A store (a structure of arrays) is declared once as {@link StoreFields}; the same declaration
 * writes its snapshot sections ({@link writeStore}), validates and loads them
 * ({@link checkStore}, {@link applyStore}) and feeds the state hash ({@link hashStore}).
 */
import { PhysicsError } from './errors.js';
import type { StateHasher } from './hash.js';

/** The snapshot format version this build writes and reads. */
export const SNAPSHOT_VERSION = 1;

const MAGIC = 0x4e534b52; // 'RKSN' read as a little-endian u32

/** The element types a section may hold. */
export type SnapshotArray = Float64Array | Float32Array | Int32Array | Uint32Array | Uint8Array | Uint16Array;

const TYPES = [Float64Array, Float32Array, Int32Array, Uint32Array, Uint8Array, Uint16Array] as const;
const TYPE_NAMES = ['Float64Array', 'Float32Array', 'Int32Array', 'Uint32Array', 'Uint8Array', 'Uint16Array'];

function typeCode(a: SnapshotArray): number {
  for (let t = 0; t < TYPES.length; t++) if (a instanceof TYPES[t]!) return t;
  throw new PhysicsError('invalid-argument', 'snapshot: unsupported array type');
}

function fail(message: string): never {
  throw new PhysicsError('invalid-argument', `snapshot: ${message}`);
}

const pad8 = (n: number): number => (n + 7) & ~7;

function ascii(s: string): Uint8Array {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 126 || c < 32) fail(`name ${JSON.stringify(s)} is not printable ASCII`);
    b[i] = c;
  }
  return b;
}

/**
 * The checksum: four 32-bit lanes, each taking four words per step (xor one in, multiply by an odd
 * constant, add the second, xor the third rotated, add the fourth, xorshift — each a bijection of
 * the lane and of the word it takes), so a change of any single word always changes its lane and,
 * through a fold in which each lane enters bijectively, both 32-bit halves of the result; the
 * length enters the seed. Four independent lanes let the multiplies overlap: about 0.45 ns a word,
 * three times the speed of {@link legacyChecksum} — what the cost of a megabyte snapshot comes
 * down to.
 */
function checksum(words: Uint32Array, n: number): [number, number] {
  let a = (0x811c9dc5 ^ n) | 0;
  let b = (0x9747b28c ^ Math.imul(n, 0x27d4eb2f)) | 0;
  let c = 0x165667b1 | 0;
  let d = 0x27d4eb2f | 0;
  const m = n - (n & 15);
  let i = 0;
  for (; i < m; i += 16) {
    let x = words[i + 8]!;
    a =
      (((Math.imul(a ^ words[i]!, 0x01000193) + words[i + 4]!) ^ ((x << 13) | (x >>> 19))) + words[i + 12]!) |
      0;
    a ^= a >>> 15;
    x = words[i + 9]!;
    b =
      (((Math.imul(b ^ words[i + 1]!, 0x5bd1e995) + words[i + 5]!) ^ ((x << 13) | (x >>> 19))) +
        words[i + 13]!) |
      0;
    b ^= b >>> 15;
    x = words[i + 10]!;
    c =
      (((Math.imul(c ^ words[i + 2]!, 0x85ebca6b) + words[i + 6]!) ^ ((x << 13) | (x >>> 19))) +
        words[i + 14]!) |
      0;
    c ^= c >>> 15;
    x = words[i + 11]!;
    d =
      (((Math.imul(d ^ words[i + 3]!, 0xc2b2ae35) + words[i + 7]!) ^ ((x << 13) | (x >>> 19))) +
        words[i + 15]!) |
      0;
    d ^= d >>> 15;
  }
  for (; i < n; i++) {
    a = Math.imul(a ^ words[i]!, 0x01000193);
    a ^= a >>> 15;
  }
  return [fold(fold(fold(fold(0, a), b), c), d) >>> 0, fold(fold(fold(fold(0x5bd1e995, d), c), b), a) >>> 0];
}

/** One step of the lanes' fold: a bijection of `h` for a fixed lane and of the lane for a fixed `h`. */
function fold(h: number, lane: number): number {
  let x = Math.imul(h ^ lane, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return x ^ (x >>> 16);
}

/**
 * The checksum of the first builds of format version 1 (two lanes, one word at a time): still
 * accepted on load, so their snapshots restore.
 */
function legacyChecksum(words: Uint32Array, n: number): [number, number] {
  let a = (0x811c9dc5 ^ n) | 0;
  let b = (0x9747b28c ^ Math.imul(n, 0x27d4eb2f)) | 0;
  for (let i = 0; i < n; i++) {
    const w = words[i]!;
    a = Math.imul(a ^ w, 0x01000193);
    b = Math.imul(b ^ w, 0x5bd1e995);
    b ^= b >>> 13;
  }
  a ^= a >>> 16;
  a = Math.imul(a, 0x85ebca6b);
  a ^= a >>> 13;
  b = Math.imul(b ^ (b >>> 16), 0xc2b2ae35);
  b ^= b >>> 16;
  return [a >>> 0, b >>> 0];
}

/** Collects sections and writes the snapshot bytes (see the file comment). */
export class SnapshotWriter {
  private readonly names: string[] = [];
  private readonly arrays: SnapshotArray[] = [];
  private readonly counts: number[] = [];

  /** A writer for a world of kind `kind` (e.g. `'rigid3d'`). */
  constructor(readonly kind: string) {}

  /** Adds the section `name` holding `a[0 .. n)` (copied when {@link finish} runs). */
  array(name: string, a: SnapshotArray, n: number = a.length): this {
    this.names.push(name);
    this.arrays.push(a);
    this.counts.push(n);
    return this;
  }

  /** Adds a scalar (a one-element Float64 section; booleans as 0/1). */
  scalar(name: string, x: number | boolean): this {
    return this.array(name, Float64Array.of(typeof x === 'boolean' ? (x ? 1 : 0) : x));
  }

  /** The snapshot bytes. */
  finish(): Uint8Array {
    const kind = ascii(this.kind);
    let size = 16 + pad8(kind.length);
    const nameBytes = this.names.map(ascii);
    for (let s = 0; s < this.arrays.length; s++) {
      size += 8 + pad8(nameBytes[s]!.length) + pad8(this.counts[s]! * this.arrays[s]!.BYTES_PER_ELEMENT);
    }
    size += 8;
    const out = new Uint8Array(size);
    const dv = new DataView(out.buffer);
    dv.setUint32(0, MAGIC, true);
    dv.setUint32(4, SNAPSHOT_VERSION, true);
    dv.setUint32(8, kind.length, true);
    dv.setUint32(12, this.arrays.length, true);
    out.set(kind, 16);
    let o = 16 + pad8(kind.length);
    for (let s = 0; s < this.arrays.length; s++) {
      const a = this.arrays[s]!;
      const n = this.counts[s]!;
      const name = nameBytes[s]!;
      dv.setUint16(o, name.length, true);
      dv.setUint8(o + 2, typeCode(a));
      dv.setUint32(o + 4, n, true);
      o += 8;
      out.set(name, o);
      o += pad8(name.length);
      out.set(new Uint8Array(a.buffer, a.byteOffset, n * a.BYTES_PER_ELEMENT), o);
      o += pad8(n * a.BYTES_PER_ELEMENT);
    }
    const [h1, h2] = checksum(new Uint32Array(out.buffer), o >> 2);
    dv.setUint32(o, h1, true);
    dv.setUint32(o + 4, h2, true);
    return out;
  }
}

/** A validated snapshot: its kind and its sections, each a fresh copy. */
export class Snapshot {
  /** The world kind written in the snapshot. */
  readonly kind: string;
  /** Sections by name. */
  readonly sections: Map<string, SnapshotArray>;

  /** (Built by {@link readSnapshot}.) */
  constructor(kind: string, sections: Map<string, SnapshotArray>) {
    this.kind = kind;
    this.sections = sections;
  }

  /** The section `name`, which must be of the same array type as `like` (and of length `length` when given). */
  get<T extends SnapshotArray>(name: string, like: T, length?: number): T {
    const a = this.sections.get(name);
    if (a === undefined) fail(`section ${name} is missing`);
    if (a.constructor !== like.constructor) {
      fail(`section ${name}: expected ${like.constructor.name}, got ${a.constructor.name}`);
    }
    if (length !== undefined && a.length !== length) {
      fail(`section ${name}: expected ${length} elements, got ${a.length}`);
    }
    return a as T;
  }

  /** The scalar `name`. */
  scalar(name: string): number {
    return this.get(name, new Float64Array(0), 1)[0]!;
  }

  /** The scalar `name`, which must be an integer in [min, max]. */
  int(name: string, min: number, max: number): number {
    const x = this.scalar(name);
    if (!Number.isInteger(x) || x < min || x > max)
      fail(`${name}: expected an integer in [${min}, ${max}], got ${x}`);
    return x;
  }
}

/**
 * Parses and checks `bytes` as a snapshot of kind `kind`: length, magic, version, checksum, kind,
 * section bounds and types. Throws `PhysicsError` (code `invalid-argument`, message starting with
 * `snapshot:`) on any defect; touches no world.
 */
export function readSnapshot(bytes: Uint8Array, kind: string): Snapshot {
  if (!(bytes instanceof Uint8Array)) fail('expected a Uint8Array');
  const len = bytes.length;
  if (len < 24) fail(`truncated: ${len} bytes is shorter than any snapshot`);
  if (len % 8 !== 0) fail(`truncated or padded: ${len} bytes is not a multiple of 8`);
  // The sections are read in place when the bytes are 8-aligned in an ordinary buffer (loading
  // copies them into the world, and nothing runs between the check and the load); otherwise from a
  // private aligned copy, so that another thread's edits of shared memory cannot reach the world.
  const inPlace = bytes.byteOffset % 8 === 0 && bytes.buffer instanceof ArrayBuffer;
  let buf = bytes;
  if (!inPlace) {
    buf = new Uint8Array(len);
    buf.set(bytes);
  }
  const dv = new DataView(buf.buffer, buf.byteOffset, len);
  if (dv.getUint32(0, true) !== MAGIC) fail('not a rikigaku snapshot (bad magic)');
  const version = dv.getUint32(4, true);
  if (version !== SNAPSHOT_VERSION)
    fail(`format version ${version}, this build reads version ${SNAPSHOT_VERSION}`);
  const words = new Uint32Array(buf.buffer, buf.byteOffset, len >> 2);
  const s1 = dv.getUint32(len - 8, true);
  const s2 = dv.getUint32(len - 4, true);
  const [h1, h2] = checksum(words, (len - 8) >> 2);
  if (s1 !== h1 || s2 !== h2) {
    const [g1, g2] = legacyChecksum(words, (len - 8) >> 2);
    if (s1 !== g1 || s2 !== g2) fail('checksum mismatch (the snapshot is truncated or was altered)');
  }
  const end = len - 8;
  const kindLen = dv.getUint32(8, true);
  const count = dv.getUint32(12, true);
  let o = 16;
  if (o + pad8(kindLen) > end) fail('kind runs past the end');
  const gotKind = String.fromCharCode(...buf.subarray(o, o + kindLen));
  if (gotKind !== kind) fail(`a ${JSON.stringify(gotKind)} snapshot cannot be restored into a ${kind} world`);
  o += pad8(kindLen);
  const sections = new Map<string, SnapshotArray>();
  for (let s = 0; s < count; s++) {
    if (o + 8 > end) fail(`section ${s} of ${count} runs past the end`);
    const nameLen = dv.getUint16(o, true);
    const type = dv.getUint8(o + 2);
    const n = dv.getUint32(o + 4, true);
    o += 8;
    if (type >= TYPES.length) fail(`section ${s}: unknown element type ${type}`);
    if (o + pad8(nameLen) > end) fail(`section ${s}: name runs past the end`);
    let name = '';
    for (let i = 0; i < nameLen; i++) name += String.fromCharCode(buf[o + i]!);
    o += pad8(nameLen);
    const Ctor = TYPES[type]!;
    const bytesLen = n * Ctor.BYTES_PER_ELEMENT;
    if (o + pad8(bytesLen) > end) fail(`section ${name}: ${n} × ${TYPE_NAMES[type]} runs past the end`);
    if (sections.has(name)) fail(`section ${name} appears twice`);
    // a view of the checked bytes (8-aligned): loading copies it into the world
    sections.set(name, new Ctor(buf.buffer as ArrayBuffer, buf.byteOffset + o, n));
    o += pad8(bytesLen);
  }
  if (o !== end) fail(`${end - o} stray bytes after the last section`);
  return new Snapshot(gotKind, sections);
}

// ---------------------------------------------------------------- store declarations

/**
 * The one declaration of a store's fields: which typed-array properties are state (with how many
 * elements per slot), which scalars and number lists, and which arrays are scratch (rebuilt every
 * step, not saved). Drives the store's snapshot, its validation on load and its state hash; a test
 * fails when a store has a typed array that is neither state nor scratch.
 */
export interface StoreFields {
  /**
   * What the arrays' lengths are multiples of: a scalar field name (e.g. `'capacity'`), `'#x'` for the
   * length of array `x`, `'*'` for arrays of any length, or absent for fixed-length arrays (lengths
   * must match). Arrays whose length is unchanged are restored in place, others replaced by copies.
   */
  readonly capacity?: string;
  /**
   * With a scalar `capacity`: the scalar naming the slots in use, [0, used); only that prefix of each
   * array is saved and hashed, the rest of the capacity comes back zeroed.
   */
  readonly used?: string;
  /** state arrays as [property, elements per slot] */
  readonly arrays: readonly (readonly [string, number])[];
  /** number or boolean state properties */
  readonly scalars?: readonly string[];
  /** `number[]` state properties (free lists) */
  readonly lists?: readonly string[];
  /** typed-array properties that are scratch (not state) */
  readonly scratch?: readonly string[];
}

type Bag = Record<string, unknown>;

/** Writes the store `obj` (declared by `decl`) as sections `prefix.field`. */
export function writeStore(w: SnapshotWriter, prefix: string, obj: object, decl: StoreFields): void {
  const o = obj as Bag;
  for (const s of decl.scalars ?? []) w.scalar(`${prefix}.${s}`, o[s] as number | boolean);
  for (const l of decl.lists ?? []) w.array(`${prefix}.${l}`, Float64Array.from(o[l] as number[]));
  const used = decl.used === undefined ? -1 : (o[decl.used] as number);
  for (const [f, m] of decl.arrays) {
    const a = o[f] as SnapshotArray;
    w.array(`${prefix}.${f}`, a, used < 0 ? a.length : m * used);
  }
}

/** Checks that the snapshot holds store `prefix` in the shape `decl` gives for `obj` (types, lengths); changes nothing. */
export function checkStore(snap: Snapshot, prefix: string, obj: object, decl: StoreFields): void {
  const o = obj as Bag;
  for (const s of decl.scalars ?? []) snap.scalar(`${prefix}.${s}`);
  for (const l of decl.lists ?? []) {
    const a = snap.get(`${prefix}.${l}`, new Float64Array(0));
    for (let i = 0; i < a.length; i++)
      if (!Number.isInteger(a[i]!)) fail(`${prefix}.${l}[${i}]: not an integer`);
  }
  let cap = -1;
  if (decl.capacity === '*') {
    for (const [f] of decl.arrays) snap.get(`${prefix}.${f}`, o[f] as SnapshotArray);
    return;
  }
  if (decl.capacity !== undefined) {
    if (decl.capacity.startsWith('#')) {
      const f = decl.capacity.slice(1);
      const m = decl.arrays.find((a) => a[0] === f)?.[1] ?? 1;
      cap = snap.get(`${prefix}.${f}`, o[f] as SnapshotArray).length / m;
    } else {
      cap = snap.scalar(`${prefix}.${decl.capacity}`);
    }
    if (!Number.isInteger(cap) || cap < 0 || cap > 1 << 26) fail(`${prefix}: bad capacity ${cap}`);
  }
  const used = decl.used === undefined ? cap : snap.int(`${prefix}.${decl.used}`, 0, cap);
  for (const [f, m] of decl.arrays) {
    const cur = o[f] as SnapshotArray;
    snap.get(`${prefix}.${f}`, cur, cap < 0 ? cur.length : m * used);
  }
}

/** Loads store `prefix` into `obj` (call {@link checkStore} first): growable arrays are replaced by copies, fixed ones filled in place. */
export function applyStore(snap: Snapshot, prefix: string, obj: object, decl: StoreFields): void {
  const o = obj as Bag;
  for (const s of decl.scalars ?? []) {
    const x = snap.scalar(`${prefix}.${s}`);
    o[s] = typeof o[s] === 'boolean' ? x !== 0 : x;
  }
  for (const l of decl.lists ?? []) o[l] = Array.from(snap.get(`${prefix}.${l}`, new Float64Array(0)));
  const cap = decl.used === undefined ? -1 : snap.scalar(`${prefix}.${decl.capacity}`);
  for (const [f, m] of decl.arrays) {
    const cur = o[f] as SnapshotArray;
    const a = snap.get(`${prefix}.${f}`, cur);
    if (cap >= 0) {
      // the used prefix, then zeros up to the capacity
      const full =
        cur.length === m * cap ? cur : new (cur.constructor as new (n: number) => SnapshotArray)(m * cap);
      full.set(a);
      full.fill(0, a.length);
      o[f] = full;
    } else if (cur.length === a.length) cur.set(a);
    else o[f] = a.slice();
  }
}

/** Adds store `obj`'s declared state to the hash, bit for bit. */
export function hashStore(h: StateHasher, obj: object, decl: StoreFields): void {
  const o = obj as Bag;
  for (const s of decl.scalars ?? []) {
    const x = o[s];
    h.addFloat(typeof x === 'boolean' ? (x ? 1 : 0) : (x as number));
  }
  for (const l of decl.lists ?? []) {
    const a = o[l] as number[];
    h.addInt(a.length);
    for (let i = 0; i < a.length; i++) h.addFloat(a[i]!);
  }
  const used = decl.used === undefined ? -1 : (o[decl.used] as number);
  for (const [f, m] of decl.arrays) {
    const a = o[f] as SnapshotArray;
    const n = used < 0 ? a.length : m * used;
    h.addInt(n);
    // a double's two words in memory order: the same digest as addFloat64Array, without the boxing
    if (a instanceof Float64Array) h.addInt32Array(new Uint32Array(a.buffer, a.byteOffset, 2 * n));
    else if (a instanceof Float32Array) h.addFloat64Array(Float64Array.from(a.subarray(0, n)));
    else h.addInt32Array(a, 0, n);
  }
}

/** The typed-array properties of `obj` that `decl` declares neither state nor scratch (a test keeps this empty). */
export function undeclaredArrays(obj: object, decl: StoreFields): string[] {
  const known = new Set<string>([...decl.arrays.map((a) => a[0]), ...(decl.scratch ?? [])]);
  return Object.keys(obj).filter((k) => ArrayBuffer.isView((obj as Bag)[k]) && !known.has(k));
}

/**
 * The declaration of an object whose every own typed array and number/boolean property is state
 * (constraint sets: their indices, rest values and caches all live in typed arrays), in key order.
 */
export function ownFields(obj: object): StoreFields {
  const o = obj as Bag;
  const keys = Object.keys(obj).sort();
  return {
    capacity: '*',
    arrays: keys
      .filter((k) => ArrayBuffer.isView(o[k]) && !(o[k] instanceof DataView))
      .map((k) => [k, 1] as const),
    scalars: keys.filter(
      (k) => typeof o[k] === 'boolean' || (typeof o[k] === 'number' && Number.isFinite(o[k])),
    ),
  };
}
