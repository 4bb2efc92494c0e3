/**
 * Broadphase: sort and sweep over the shapes' fattened boxes (DESIGN.md "spatial"). The proxy
 * order is kept between steps and re-sorted by insertion sort (nearly sorted → about linear).
 * Only pairs where at least one box was rebuilt this step are reported, in sweep order, which is
 * deterministic (ties broken by shape index). A fat box is rebuilt only when the shape's tight box
 * leaves it, so a resting pile reports nothing.
 */
import type { ShapeStore } from './shape-store.js';

export class SortAndSweep {
  /** shape indices sorted by fat minX */
  order = new Int32Array(16);
  size = 0;

  add(shape: number): void {
    if (this.size === this.order.length) {
      const o = new Int32Array(this.order.length * 2);
      o.set(this.order);
      this.order = o;
    }
    this.order[this.size++] = shape;
  }

  remove(shape: number): void {
    const o = this.order;
    let j = 0;
    for (let i = 0; i < this.size; i++) if (o[i] !== shape) o[j++] = o[i]!;
    this.size = j;
  }

  /**
   * Re-sorts and calls `pair(a, b)` (a < b) for every overlapping pair of fat boxes with at least
   * one moved box. Returns the number of box tests made.
   */
  findPairs(shapes: ShapeStore, pair: (a: number, b: number) => void): number {
    const o = this.order;
    const fat = shapes.fat;
    const n = this.size;
    // insertion sort by minX, ties by index
    for (let i = 1; i < n; i++) {
      const s = o[i]!;
      const key = fat[4 * s]!;
      let j = i - 1;
      while (j >= 0) {
        const t = o[j]!;
        const kt = fat[4 * t]!;
        if (kt < key || (kt === key && t < s)) break;
        o[j + 1] = t;
        j--;
      }
      o[j + 1] = s;
    }
    const moved = shapes.moved;
    let tests = 0;
    for (let i = 0; i < n; i++) {
      const a = o[i]!;
      const a4 = 4 * a;
      const maxX = fat[a4 + 2]!;
      const minY = fat[a4 + 1]!;
      const maxY = fat[a4 + 3]!;
      const ma = moved[a]!;
      for (let j = i + 1; j < n; j++) {
        const b = o[j]!;
        const b4 = 4 * b;
        if (fat[b4]! > maxX) break;
        if (ma === 0 && moved[b] === 0) continue;
        tests++;
        if (fat[b4 + 1]! > maxY || fat[b4 + 3]! < minY) continue;
        if (a < b) pair(a, b);
        else pair(b, a);
      }
    }
    return tests;
  }
}
