/**
 * Graph colouring of the contact constraints (Box2D v3's constraint graph): each contact gets the
 * first of `COLOR_COUNT` colours in which neither of its non-static bodies is used yet; what fits
 * no colour goes to an overflow colour. Solving colour by colour keeps the Gauss–Seidel order
 * deterministic while consecutive constraints of a colour never share a body — no
 * store-to-load chain from one contact to the next, so the CPU overlaps them (Box2D does the same
 * for SIMD and threads). Static bodies never block a colour.
 */
import { BODY_DYNAMIC } from './body-store.js';

/** colours with a per-body bit (the overflow colour is `COLOR_COUNT`) */
export const COLOR_COUNT = 24;

/**
 * Reorders `active[0..n)` by colour (stable within a colour). `colorMask[body]` must be 0 for every
 * body on entry and is 0 again on return (only the touched bodies are cleared). Only dynamic bodies
 * (`type[body] === BODY_DYNAMIC`) block a colour. Scratch: `colorOf` and `sorted` hold n entries,
 * `counts` COLOR_COUNT + 2.
 */
export function colorConstraints(
  active: Int32Array,
  n: number,
  bodyA: Int32Array,
  bodyB: Int32Array,
  type: Uint8Array,
  colorMask: Int32Array,
  colorOf: Uint8Array,
  sorted: Int32Array,
  counts: Int32Array,
): void {
  const full = (1 << COLOR_COUNT) - 1;
  counts.fill(0, 0, COLOR_COUNT + 2);
  for (let i = 0; i < n; i++) {
    const c = active[i]!;
    const a = bodyA[c]!;
    const b = bodyB[c]!;
    const da = type[a] === BODY_DYNAMIC;
    const db = type[b] === BODY_DYNAMIC;
    const ma = da ? colorMask[a]! : 0;
    const mb = db ? colorMask[b]! : 0;
    const free = ~(ma | mb) & full;
    let color = COLOR_COUNT;
    if (free !== 0) {
      color = 31 - Math.clz32(free & -free); // the lowest free colour
      const bit = 1 << color;
      if (da) colorMask[a] = ma | bit;
      if (db) colorMask[b] = mb | bit;
    }
    colorOf[i] = color;
    counts[color + 1] = counts[color + 1]! + 1;
  }
  // counting sort by colour
  for (let k = 1; k <= COLOR_COUNT + 1; k++) counts[k] = counts[k]! + counts[k - 1]!;
  for (let i = 0; i < n; i++) {
    const color = colorOf[i]!;
    const at = counts[color]!;
    counts[color] = at + 1;
    sorted[at] = active[i]!;
  }
  for (let i = 0; i < n; i++) {
    const c = sorted[i]!;
    active[i] = c;
    colorMask[bodyA[c]!] = 0;
    colorMask[bodyB[c]!] = 0;
  }
}
