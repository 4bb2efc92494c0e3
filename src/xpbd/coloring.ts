/** Greedy graph colouring of constraint sets (textbook §26.5). */
import type { Coloring, ConstraintSet } from './constraint.js';

/**
 * Greedy graph colouring of a constraint set (textbook §26.5 "グラフ彩色"): every
 * constraint takes the lowest colour not yet used by a constraint sharing one of its particles.
 * Constraints of one colour touch disjoint particles, so a GPU or worker backend can solve a colour
 * in parallel and the colours in sequence — still an exact Gauss–Seidel method.
 * Deterministic: constraints are visited in id order.
 */
export function greedyColoring(set: ConstraintSet, particleCount: number): Coloring {
  const n = set.size();
  const colorOf = new Int32Array(n);
  const used: Uint8Array[] = []; // used[c][p] = 1 when particle p already has a constraint of colour c
  const ids: number[] = [];
  for (let c = 0; c < n; c++) {
    const m = set.particlesOf(c, ids);
    let color = 0;
    for (; color < used.length; color++) {
      const u = used[color];
      let free = true;
      for (let j = 0; j < m; j++) {
        if (u[ids[j]] !== 0) {
          free = false;
          break;
        }
      }
      if (free) break;
    }
    if (color === used.length) used.push(new Uint8Array(particleCount));
    const u = used[color];
    for (let j = 0; j < m; j++) u[ids[j]] = 1;
    colorOf[c] = color;
  }
  return coloringFromColors(colorOf, used.length);
}

/** Builds a colouring (permutation grouped by colour, stable by id) from a colour per constraint. */
export function coloringFromColors(colorOf: Int32Array, colors: number): Coloring {
  const offsets = new Int32Array(colors + 1);
  for (let c = 0; c < colorOf.length; c++) offsets[colorOf[c] + 1]++;
  for (let k = 0; k < colors; k++) offsets[k + 1] += offsets[k];
  const fill = offsets.slice(0, colors);
  const order = new Int32Array(colorOf.length);
  for (let c = 0; c < colorOf.length; c++) order[fill[colorOf[c]]++] = c;
  return { order, offsets };
}

/** True when no two constraints of one colour share a particle (for tests and assertions). */
export function isValidColoring(set: ConstraintSet, coloring: Coloring, particleCount: number): boolean {
  const ids: number[] = [];
  const stamp = new Int32Array(particleCount).fill(-1);
  const seen = new Uint8Array(set.size());
  for (let color = 0; color + 1 < coloring.offsets.length; color++) {
    for (let k = coloring.offsets[color]; k < coloring.offsets[color + 1]; k++) {
      const c = coloring.order[k];
      if (seen[c]) return false;
      seen[c] = 1;
      const m = set.particlesOf(c, ids);
      for (let j = 0; j < m; j++) {
        if (stamp[ids[j]] === color) return false;
        stamp[ids[j]] = color;
      }
    }
  }
  return seen.every((s) => s === 1);
}
