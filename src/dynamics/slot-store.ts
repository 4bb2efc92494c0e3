/**
 * The common part of the structure-of-arrays stores (bodies, shapes): slots with an alive flag and
 * a generation counter (handles of freed slots fail loudly), a free list that hands out the lowest
 * freed slot first (deterministic reuse), and arrays that grow by doubling (core/grow.ts). Shared by
 * the 2D and 3D rigid engines; a store subclasses it and grows its own arrays in `resize`.
 */
import { grow } from '../core/grow.js';

/** Slots with generation counters and a free list: the storage behind stable body, shape and joint handles. */
export class SlotStore {
  /** slots allocated */
  capacity = 0;
  /** slots in use are [0, count) minus the free list */
  count = 0;
  /** freed slots, reused first */
  freeList: number[] = [];
  /** 1 for a slot in use */
  alive = new Uint8Array(0);
  /** generation of each slot, bumped when it is freed: stale handles do not match */
  generation = new Uint32Array(0);

  /** Makes room for `n` slots (capacity doubles, at least 16). */
  ensure(n: number): void {
    if (n <= this.capacity) return;
    let cap = Math.max(16, this.capacity);
    while (cap < n) cap *= 2;
    this.resize(cap);
    this.capacity = cap;
  }

  /** Grows every per-slot array to `cap` (subclasses add theirs). */
  protected resize(cap: number): void {
    this.alive = grow(this.alive, cap);
    this.generation = grow(this.generation, cap);
  }

  /** Takes a free slot (the lowest freed one first, for determinism) and returns its index. */
  allocate(): number {
    let i: number;
    if (this.freeList.length > 0) {
      i = this.freeList.pop()!;
    } else {
      i = this.count++;
      this.ensure(this.count);
    }
    this.alive[i] = 1;
    return i;
  }

  /** Frees slot i (its generation changes, so old handles become invalid). */
  free(i: number): void {
    this.alive[i] = 0;
    this.generation[i] = this.generation[i]! + 1;
    this.freeList.push(i);
    // keep the lowest index at the end so reuse order does not depend on destruction order
    this.freeList.sort((a, b) => b - a);
  }
}
