/**
 * The box–box manifold's fast paths (textbook §26.2): the incident edge of an axis-aligned box from
 * two dot products instead of four, and the clipping of the incident edge to the reference face's
 * slab written out for one segment. Each is checked bit for bit against the general routine it
 * replaces, on random inputs where exact ties, exact touching and quantised angles are common.
 */
import { describe, expect, it } from 'vitest';
import { ClipResult, clipSegmentToSlab, clipToReferenceEdge } from '../../src/geometry/clip2d.js';
import { boxIncidentEdge, incidentEdge } from '../../src/geometry/collide2d.js';
import { makeBox } from '../../src/geometry/shapes2d.js';
import { pcos, psin } from '../../src/math/portable.js';

/** A small seeded generator (Park–Miller), so every run sees the same inputs. */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 48271) % 2147483647;
    return s / 2147483647;
  };
}

/** An angle, quantised to multiples of 90° or 45° for some draws (exact 0, ±1 and ties). */
function angle(r: () => number, t: number): number {
  const a = r() * 2 * Math.PI;
  if (t % 4 === 0) return Math.round(a / (Math.PI / 2)) * (Math.PI / 2);
  if (t % 4 === 1) return Math.round(a / (Math.PI / 4)) * (Math.PI / 4);
  return a;
}

const same = (x: number, y: number): boolean => Object.is(x, y);

describe('box fast paths of the polygon manifold', () => {
  it('the incident edge of an axis box equals the general search on 50,000 turns and normals', () => {
    const r = rng(2024);
    const box = makeBox(0.5, 0.3);
    const turn = new Float64Array(4);
    const hits = [0, 0, 0, 0];
    for (let t = 0; t < 50000; t++) {
      const q = angle(r, t);
      const n = angle(r, t >> 2);
      turn[0] = t % 9 === 0 ? 1 : pcos(q);
      turn[1] = t % 9 === 0 ? 0 : psin(q);
      turn[2] = t % 11 === 0 ? 0 : pcos(n);
      turn[3] = t % 11 === 0 ? (t % 2 === 0 ? 1 : -1) : psin(n);
      const fast = boxIncidentEdge(turn);
      expect(fast).toBe(incidentEdge(box, turn));
      hits[fast]!++;
    }
    // every edge is chosen often (the test sees all four branches)
    for (const h of hits) expect(h).toBeGreaterThan(5000);
  });

  it('the written-out slab clipping equals clipToReferenceEdge bit for bit on 50,000 segments', () => {
    const r = rng(99);
    const g = new Float64Array(8);
    const fast = new ClipResult();
    const slow = new ClipResult();
    const scratch = new ClipResult();
    const incident = new ClipResult();
    let clipped = 0;
    let cut = 0;
    for (let t = 0; t < 50000; t++) {
      // a reference edge, axis-aligned for some draws (a box's face), and an incident edge near it
      const a = angle(r, t);
      const half = 0.1 + r();
      const ox = r() - 0.5;
      const oy = r() - 0.5;
      const c = pcos(a);
      const s = psin(a);
      g[0] = ox - half * c;
      g[1] = oy - half * s;
      g[2] = ox + half * c;
      g[3] = oy + half * s;
      for (let k = 4; k < 8; k += 2) {
        const u = t % 6 === 0 ? (r() < 0.5 ? -half : half) : (2 * r() - 1) * 1.5 * half;
        const v = (r() - 0.5) * 0.2;
        g[k] = ox + u * c - v * s;
        g[k + 1] = oy + u * s + v * c;
      }
      if (t % 13 === 0) {
        // both ends on one side plane, or a point: the degenerate cases
        g[6] = g[4]!;
        g[7] = g[5]!;
      }
      const ok = clipSegmentToSlab(g, fast);
      const n = clipToReferenceEdge(incident.set(g[4]!, g[5]!, g[6]!, g[7]!), g, slow, scratch);
      expect(ok).toBe(n >= 2);
      if (!ok) continue;
      clipped++;
      for (let k = 0; k < 2; k++) {
        expect(same(fast.x[k]!, slow.x[k]!)).toBe(true);
        expect(same(fast.y[k]!, slow.y[k]!)).toBe(true);
        expect(fast.origin[k]).toBe(slow.origin[k]);
        if (fast.origin[k]! >= 2) cut++;
      }
    }
    expect(clipped).toBeGreaterThan(20000);
    expect(cut).toBeGreaterThan(10000);
  });
});
