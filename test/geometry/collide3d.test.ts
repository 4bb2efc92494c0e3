import { describe, expect, it } from 'vitest';
import { collide3 } from '../../src/geometry/collide3d.js';
import { EpaResult3, epa3 } from '../../src/geometry/epa3d.js';
import { GjkResult3, gjk3 } from '../../src/geometry/gjk3d.js';
import { Manifold3 } from '../../src/geometry/manifold3d.js';
import { quickhull3 } from '../../src/geometry/quickhull3d.js';
import { boxBoxSat3, SatAxis3, SatResult3 } from '../../src/geometry/sat3d.js';
import { HullSatResult3, hullHullSat3 } from '../../src/geometry/sathull3d.js';
import { Box3, Capsule3, type Shape3, Sphere3 } from '../../src/geometry/shapes3d.js';
import { ConvexProxy3 } from '../../src/geometry/support3d.js';
import { Prng } from '../../src/math/prng.js';

/** [px, py, pz, qx, qy, qz, qw] for a rotation by `angle` about the unit axis (ax, ay, az). */
function xf(px: number, py: number, pz: number, ax = 0, ay = 0, az = 1, angle = 0): Float64Array {
  const s = Math.sin(angle / 2);
  return new Float64Array([px, py, pz, ax * s, ay * s, az * s, Math.cos(angle / 2)]);
}
function randomXf(rng: Prng, spread: number): Float64Array {
  // a uniformly random unit quaternion (Shoemake)
  const u1 = rng.next();
  const u2 = rng.next() * 2 * Math.PI;
  const u3 = rng.next() * 2 * Math.PI;
  const a = Math.sqrt(1 - u1);
  const b = Math.sqrt(u1);
  return new Float64Array([
    rng.range(-spread, spread),
    rng.range(-spread, spread),
    rng.range(-spread, spread),
    a * Math.sin(u2),
    a * Math.cos(u2),
    b * Math.sin(u3),
    b * Math.cos(u3),
  ]);
}
function localPoint(t: Float64Array, x: number, y: number, z: number): [number, number, number] {
  // world → local through the conjugate rotation
  const qx = -t[3]!;
  const qy = -t[4]!;
  const qz = -t[5]!;
  const qw = t[6]!;
  const vx = x - t[0]!;
  const vy = y - t[1]!;
  const vz = z - t[2]!;
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  return [
    vx + qw * tx + (qy * tz - qz * ty),
    vy + qw * ty + (qz * tx - qx * tz),
    vz + qw * tz + (qx * ty - qy * tx),
  ];
}
function insideBox(b: Box3, t: Float64Array, x: number, y: number, z: number, tol: number): boolean {
  const [lx, ly, lz] = localPoint(t, x, y, z);
  return Math.abs(lx) <= b.hx + tol && Math.abs(ly) <= b.hy + tol && Math.abs(lz) <= b.hz + tol;
}

describe('box–box SAT and clipping (textbook §26.2 worked example, extruded along z)', () => {
  // A: half extents (2, 1), B: (1, 0.5) turned so u_B = (0.8, 0.6); both 1 deep along z
  const A = new Box3(2, 1, 1);
  const B = new Box3(1, 0.5, 1);
  const theta = Math.atan2(0.6, 0.8);
  it('B at (2.5, 1.5): normal u_B = (0.8, 0.6, 0), depth 0.3, points (2, 1, ±1) deep 0.3 and (2, 0.5, ±1) touching', () => {
    const m = new Manifold3();
    const ta = xf(0, 0, 0);
    const tb = xf(2.5, 1.5, 0, 0, 0, 1, theta);
    const sat = boxBoxSat3(A, ta, 0, B, tb, 0, new SatResult3());
    expect(sat.axisKind).toBe(SatAxis3.FACE_B);
    expect(sat.separation).toBeCloseTo(-0.3, 12);
    collide3(A, ta, 0, B, tb, 0, 0.02, m);
    expect(m.pointCount).toBe(4);
    expect(m.normalX).toBeCloseTo(0.8, 12);
    expect(m.normalY).toBeCloseTo(0.6, 12);
    expect(m.normalZ).toBeCloseTo(0, 12);
    const pts = [];
    for (let k = 0; k < 4; k++) {
      const s = m.separation[k]!;
      // the point on A's surface is half a separation back along the normal
      pts.push([
        m.px[k]! - 0.5 * s * m.normalX,
        m.py[k]! - 0.5 * s * m.normalY,
        m.pz[k]! - 0.5 * s * m.normalZ,
        s,
      ]);
    }
    pts.sort((p, q) => p[3]! - q[3]! || p[2]! - q[2]!);
    const want = [
      [2, 1, -1, -0.3],
      [2, 1, 1, -0.3],
      [2, 0.5, -1, 0],
      [2, 0.5, 1, 0],
    ];
    for (let k = 0; k < 4; k++) for (let c = 0; c < 4; c++) expect(pts[k]![c]!).toBeCloseTo(want[k]![c]!, 10);
  });
  it('B at (3, 1.8): u_B separates by 0.28, no contact within 0.1', () => {
    const m = new Manifold3();
    const ta = xf(0, 0, 0);
    const tb = xf(3, 1.8, 0, 0, 0, 1, theta);
    const sat = boxBoxSat3(A, ta, 0, B, tb, 0, new SatResult3());
    expect(sat.separation).toBeCloseTo(0.28, 12);
    collide3(A, ta, 0, B, tb, 0, 0.1, m);
    expect(m.pointCount).toBe(0);
    collide3(A, ta, 0, B, tb, 0, 0.5, m);
    expect(m.pointCount).toBeGreaterThan(0);
    for (let k = 0; k < m.pointCount; k++) expect(m.separation[k]!).toBeGreaterThanOrEqual(0.28 - 1e-12);
  });
});

describe('SAT (15 axes) against GJK/EPA on 500 random box pairs', () => {
  it('depths agree to 1e-6, normals agree where the axis is unique, edge–edge cases included', () => {
    const rng = new Prng(2026);
    const sat = new SatResult3();
    const gjk = new GjkResult3();
    const epa = new EpaResult3();
    const pa = new ConvexProxy3();
    const pb = new ConvexProxy3();
    const m = new Manifold3();
    let edgeCases = 0;
    let compared = 0;
    for (let n = 0; n < 500; n++) {
      const a = new Box3(rng.range(0.2, 1.5), rng.range(0.2, 1.5), rng.range(0.2, 1.5));
      const b = new Box3(rng.range(0.2, 1.5), rng.range(0.2, 1.5), rng.range(0.2, 1.5));
      const ta = randomXf(rng, 0.5);
      const tb = randomXf(rng, 1.5);
      boxBoxSat3(a, ta, 0, b, tb, 0, sat);
      const best = Math.max(sat.faceA, sat.faceB, sat.edge);
      pa.setShape(a, ta, 0);
      pb.setShape(b, tb, 0);
      gjk3(pa, pb, gjk);
      if (!gjk.overlap) {
        // separated: the GJK distance is ≥ the best SAT gap (equal for face-separations of boxes)
        expect(best).toBeGreaterThan(0);
        expect(gjk.distance).toBeGreaterThanOrEqual(best - 1e-9);
        continue;
      }
      expect(best).toBeLessThanOrEqual(1e-9);
      expect(epa3(pa, pb, gjk, epa)).toBe(true);
      compared++;
      expect(epa.depth).toBeCloseTo(-best, 6);
      // the face preference gives up at most 5 % + 2.5 mm of depth
      expect(sat.separation).toBeGreaterThanOrEqual(best / 0.95 - 0.0025 / 0.95 - 1e-12);
      const second = [sat.faceA, sat.faceB, sat.edge].sort((x, y) => y - x)[1]!;
      if (best - second > 1e-4 && best === sat.edge) edgeCases++;
      if (best - second > 1e-4 && sat.separation === best) {
        const dot =
          epa.normal[0]! * sat.normal[0]! + epa.normal[1]! * sat.normal[1]! + epa.normal[2]! * sat.normal[2]!;
        expect(dot).toBeGreaterThan(1 - 1e-6);
      }
      // the manifold: ≤ 4 points, inside both boxes up to its depth
      collide3(a, ta, 0, b, tb, 0, 0.01, m);
      expect(m.pointCount).toBeGreaterThan(0);
      expect(m.pointCount).toBeLessThanOrEqual(4);
      for (let k = 0; k < m.pointCount; k++) {
        const tol = Math.abs(m.separation[k]!) + 1e-6;
        expect(insideBox(a, ta, m.px[k]!, m.py[k]!, m.pz[k]!, tol)).toBe(true);
        expect(insideBox(b, tb, m.px[k]!, m.py[k]!, m.pz[k]!, tol)).toBe(true);
        // measured along the chosen axis: no deeper than that axis's separation
        expect(m.separation[k]!).toBeGreaterThanOrEqual(sat.separation - 1e-6);
      }
    }
    expect(compared).toBeGreaterThan(150);
    expect(edgeCases).toBeGreaterThan(5);
  });
});

describe('hull SAT (faces and Minkowski edge pairs) against GJK/EPA on 200 random hull pairs', () => {
  it('depths agree to 1e-6; box–box SAT equals the hull SAT of the same boxes', () => {
    const rng = new Prng(99);
    const hs = new HullSatResult3();
    const gjk = new GjkResult3();
    const epa = new EpaResult3();
    const pa = new ConvexProxy3();
    const pb = new ConvexProxy3();
    const m = new Manifold3();
    let compared = 0;
    let edges = 0;
    for (let n = 0; n < 200; n++) {
      const cloud = () => {
        const p: number[] = [];
        const k = 6 + rng.int(20);
        for (let i = 0; i < k; i++) p.push(rng.range(-1, 1), rng.range(-0.6, 0.6), rng.range(-0.8, 0.8));
        return quickhull3(p);
      };
      const a = cloud();
      const b = cloud();
      const ta = randomXf(rng, 0.3);
      const tb = randomXf(rng, 1.2);
      hullHullSat3(a, ta, 0, b, tb, 0, hs);
      const best = Math.max(hs.faceA, hs.faceB, hs.edge);
      pa.setShape(a, ta, 0);
      pb.setShape(b, tb, 0);
      gjk3(pa, pb, gjk);
      if (!gjk.overlap) {
        expect(best).toBeGreaterThan(-1e-9);
        expect(gjk.distance).toBeGreaterThanOrEqual(best - 1e-9);
        continue;
      }
      expect(epa3(pa, pb, gjk, epa)).toBe(true);
      compared++;
      expect(epa.depth).toBeCloseTo(-best, 6);
      if (hs.edge === best && best > Math.max(hs.faceA, hs.faceB) + 1e-4) edges++;
      collide3(a, ta, 0, b, tb, 0, 0.01, m);
      expect(m.pointCount).toBeGreaterThan(0);
      expect(m.pointCount).toBeLessThanOrEqual(4);
      // a reference face off the EPA normal measures deeper only within the face tolerance
      for (let k = 0; k < m.pointCount; k++)
        expect(m.separation[k]!).toBeGreaterThanOrEqual(-epa.depth / 0.95 - 0.0025 - 1e-6);
    }
    expect(compared).toBeGreaterThan(60);
    expect(edges).toBeGreaterThan(3);
    // boxes: the 15-axis SAT and the hull SAT give the same best separation
    const sat = new SatResult3();
    for (let n = 0; n < 100; n++) {
      const a = new Box3(rng.range(0.2, 1), rng.range(0.2, 1), rng.range(0.2, 1));
      const b = new Box3(rng.range(0.2, 1), rng.range(0.2, 1), rng.range(0.2, 1));
      const ta = randomXf(rng, 0.5);
      const tb = randomXf(rng, 1);
      boxBoxSat3(a, ta, 0, b, tb, 0, sat);
      hullHullSat3(a.asHull(), ta, 0, b.asHull(), tb, 0, hs);
      const boxBest = Math.max(sat.faceA, sat.faceB, sat.edge);
      const hullBest = Math.max(hs.faceA, hs.faceB, hs.edge);
      if (boxBest < 0) expect(hullBest).toBeCloseTo(boxBest, 9);
    }
  });
});

describe('resting boxes', () => {
  it('a box resting on a box: 4 points, depth 0.01, ids unchanged after a 1e-4 move', () => {
    const ground = new Box3(5, 0.5, 5);
    const box = new Box3(0.5, 0.5, 0.5);
    const tg = xf(0, -0.5, 0);
    const tb = xf(0.3, 0.49, -0.2, 0, 1, 0, 0.4);
    const m = new Manifold3();
    collide3(ground, tg, 0, box, tb, 0, 0.02, m);
    expect(m.pointCount).toBe(4);
    expect(m.normalY).toBeCloseTo(1, 12);
    for (let k = 0; k < 4; k++) {
      expect(m.separation[k]!).toBeCloseTo(-0.01, 12);
      expect(m.py[k]!).toBeCloseTo(-0.005, 12);
    }
    const ids = Array.from(m.id).sort();
    expect(new Set(ids).size).toBe(4);
    const moved = xf(0.3001, 0.4901, -0.1999, 0, 1, 0, 0.4001);
    collide3(ground, tg, 0, box, moved, 0, 0.02, m);
    expect(Array.from(m.id).sort()).toEqual(ids);
    // swapping the pair flips the normal and keeps the same ids with the halves exchanged
    collide3(box, tb, 0, ground, tg, 0, 0.02, m);
    expect(m.pointCount).toBe(4);
    expect(m.normalY).toBeCloseTo(-1, 12);
    const swapped = ids.map((id) => (((id & 0xffff) << 16) | (id >>> 16)) >>> 0).sort();
    expect(Array.from(m.id).sort()).toEqual(swapped);
  });
});

describe('closed-form pairs', () => {
  const m = new Manifold3();
  it('sphere–sphere: separation |d| − rA − rB and the midpoint', () => {
    collide3(new Sphere3(1), xf(0, 0, 0), 0, new Sphere3(0.5), xf(1.2, 0.9, 0), 0, 0.01, m);
    expect(m.pointCount).toBe(1);
    expect(m.separation[0]!).toBeCloseTo(1.5 - 1.5, 12);
    expect(m.normalX).toBeCloseTo(0.8, 12);
    collide3(new Sphere3(1), xf(0, 0, 0), 0, new Sphere3(0.5), xf(1.2, 1.6, 0), 0, 0.6, m);
    expect(m.pointCount).toBe(1);
    expect(m.separation[0]!).toBeCloseTo(0.5, 12);
    // midway between (0.6, 0.8, 0) on A and (0.9, 1.2, 0) on B
    expect(m.px[0]!).toBeCloseTo(0.75, 12);
    expect(m.py[0]!).toBeCloseTo(1, 12);
    collide3(new Sphere3(1), xf(0, 0, 0), 0, new Sphere3(0.5), xf(1.2, 1.6, 0), 0, 0.5, m);
    expect(m.pointCount).toBe(0);
  });
  it('sphere–box: face, edge and inside cases, and the swapped pair', () => {
    const box = new Box3(1, 1, 1);
    collide3(new Sphere3(0.5), xf(0, 1.4, 0), 0, box, xf(0, 0, 0), 0, 0, m);
    expect(m.pointCount).toBe(1);
    expect(m.normalY).toBeCloseTo(-1, 12);
    expect(m.separation[0]!).toBeCloseTo(-0.1, 12);
    expect(m.py[0]!).toBeCloseTo(0.95, 12);
    collide3(box, xf(0, 0, 0), 0, new Sphere3(0.5), xf(1.3, 1.4, 0), 0, 0, m);
    expect(m.normalX).toBeCloseTo(0.6, 12);
    expect(m.normalY).toBeCloseTo(0.8, 12);
    expect(m.separation[0]!).toBeCloseTo(0, 12);
    collide3(new Sphere3(0.5), xf(0.2, 0.9, 0), 0, box, xf(0, 0, 0), 0, 0, m);
    expect(m.normalY).toBeCloseTo(-1, 12);
    expect(m.separation[0]!).toBeCloseTo(-0.6, 12);
  });
  it('sphere–capsule and capsule–capsule (crossed: one point, parallel: two points)', () => {
    const cap = new Capsule3(1, 0.25);
    collide3(new Sphere3(0.5), xf(0.7, 2, 0), 0, cap, xf(0, 0, 0), 0, 0.5, m);
    expect(m.pointCount).toBe(1);
    expect(m.separation[0]!).toBeCloseTo(Math.hypot(0.7, 1) - 0.75, 12);
    // crossed capsules: A along y at the origin, B along x (turned about z) at height z = 0.4
    collide3(cap, xf(0, 0, 0), 0, cap, xf(0, 0, 0.4, 0, 0, 1, Math.PI / 2), 0, 0, m);
    expect(m.pointCount).toBe(1);
    expect(m.normalZ).toBeCloseTo(1, 12);
    expect(m.separation[0]!).toBeCloseTo(-0.1, 12);
    // crossing at the same height: the normal is the common perpendicular (±z), from A towards B
    collide3(cap, xf(0, 0, 0), 0, cap, xf(0, 0, 1e-15, 0, 0, 1, Math.PI / 2), 0, 0, m);
    expect(m.pointCount).toBe(1);
    expect(Math.abs(m.normalZ)).toBeCloseTo(1, 12);
    expect(m.separation[0]!).toBeCloseTo(-0.5, 12);
    // parallel capsules side by side, offset along their axis by 0.5: overlap y ∈ [−0.5, 1]
    collide3(cap, xf(0, 0, 0), 0, cap, xf(0.45, 0.5, 0), 0, 0, m);
    expect(m.pointCount).toBe(2);
    expect(m.normalX).toBeCloseTo(1, 12);
    const ys = [m.py[0]!, m.py[1]!].sort((p, q) => p - q);
    expect(ys[0]!).toBeCloseTo(-0.5, 12);
    expect(ys[1]!).toBeCloseTo(1, 12);
    expect(m.separation[0]!).toBeCloseTo(-0.05, 12);
  });
  it('a capsule lying on a box gets two points, a tilted one one point', () => {
    const cap = new Capsule3(1, 0.25);
    const box = new Box3(2, 0.5, 2);
    collide3(cap, xf(0, 0.74, 0, 0, 0, 1, Math.PI / 2), 0, box, xf(0, 0, 0), 0, 0.02, m);
    expect(m.pointCount).toBe(2);
    expect(m.normalY).toBeCloseTo(-1, 9);
    for (let k = 0; k < 2; k++) expect(m.separation[k]!).toBeCloseTo(-0.01, 9);
    collide3(cap, xf(0, 1.5, 0, 0, 0, 1, 0.5), 0, box, xf(0, 0, 0), 0, 0.02, m);
    expect(m.pointCount).toBe(1);
    const bottom = 1.5 - Math.cos(0.5) * 1 - 0.25;
    expect(m.separation[0]!).toBeCloseTo(bottom - 0.5, 9);
  });
});

function unused(_s: Shape3): void {}
void unused;
