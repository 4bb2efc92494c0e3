import { describe, expect, it } from 'vitest';
import { manifoldFromNormal3 } from '../../src/geometry/clip3d.js';
import { collide3 } from '../../src/geometry/collide3d.js';
import { GjkResult3, gjk3 } from '../../src/geometry/gjk3d.js';
import { Manifold3 } from '../../src/geometry/manifold3d.js';
import { Pose3 } from '../../src/geometry/pose3d.js';
import { segmentBoxClosest3 } from '../../src/geometry/segment-box3d.js';
import { Box3, Capsule3 } from '../../src/geometry/shapes3d.js';
import { ConvexProxy3 } from '../../src/geometry/support3d.js';
import { Prng } from '../../src/math/prng.js';

/** A uniformly random pose (Shoemake's quaternion) with the position in [−spread, spread]³. */
function randomXf(rng: Prng, spread: number): Float64Array {
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

/** Squared distance from a box-frame point to the box [−h, h]. */
function boxDist2(h: number[], x: number, y: number, z: number): number {
  const e = [x, y, z].map((v, i) => Math.max(0, Math.abs(v) - h[i]!));
  return e[0]! * e[0]! + e[1]! * e[1]! + e[2]! * e[2]!;
}

/** A random capsule and box (sizes of a ragdoll's bones against a torso or the ground) in random poses. */
function randomPair(rng: Prng, spread: number) {
  const cap = new Capsule3(rng.range(0.02, 0.4), rng.range(0.01, 0.15));
  const box = new Box3(rng.range(0.05, 1), rng.range(0.05, 1), rng.range(0.05, 1));
  return { cap, box, xa: randomXf(rng, spread), xb: randomXf(rng, spread) };
}

describe('segment–box closest points in closed form (segment-box3d.ts)', () => {
  it('a segment crossing the slabs: the worked minimum by hand', () => {
    // box h = (1, 1, 1); segment from (2, 3, 0) to (4, −1, 0): p(t) = (2 + 2t, 3 − 4t, 0)
    // for t in [0.5, 1] y is inside and f = (1 + 2t)² grows; on [0, 0.5] f = (1 + 2t)² + (2 − 4t)²,
    // f' = 4(1 + 2t) − 8(2 − 4t) = 0 at t = 0.3: p = (2.6, 1.8, 0), box point (1, 1, 0), f = 3.2
    const q = new Float64Array([2, 3, 0, 4, -1, 0, 1, 1, 1]);
    const out = new Float64Array(8);
    segmentBoxClosest3(q, out);
    expect(out[7]).toBeCloseTo(0.3, 14);
    expect(out[6]).toBeCloseTo(3.2, 13);
    expect([...out.subarray(0, 6)].map((v) => +v.toFixed(12))).toEqual([2.6, 1.8, 0, 1, 1, 0]);
  });

  it('matches GJK on 5,000 random poses: distance to 1e-9, normal to 1e-9; never above a sampled minimum', () => {
    const rng = new Prng(20261201);
    const pa = new ConvexProxy3();
    const pb = new ConvexProxy3();
    const g = new GjkResult3();
    const pose = new Pose3();
    const q = new Float64Array(9);
    const out = new Float64Array(8);
    const seg = new Float64Array(6);
    let separated = 0;
    let overlapping = 0;
    let worstD = 0;
    let worstN = 0;
    for (let trial = 0; trial < 5000; trial++) {
      const { cap, box, xa, xb } = randomPair(rng, 0.8);
      pose.set(xa, 0);
      pose.toWorld(0, -cap.halfHeight, 0, seg, 0);
      pose.toWorld(0, cap.halfHeight, 0, seg, 3);
      pose.set(xb, 0);
      pose.toLocal(seg[0]!, seg[1]!, seg[2]!, q, 0);
      pose.toLocal(seg[3]!, seg[4]!, seg[5]!, q, 3);
      q[6] = box.hx;
      q[7] = box.hy;
      q[8] = box.hz;
      segmentBoxClosest3(q, out);
      // the points: one on the segment at t, one the box's clamp of it, f their squared gap
      const t = out[7]!;
      for (let i = 0; i < 3; i++) expect(out[i]).toBeCloseTo(q[i]! + t * (q[3 + i]! - q[i]!), 14);
      const h = [box.hx, box.hy, box.hz];
      expect(out[6]).toBeCloseTo(boxDist2(h, out[0]!, out[1]!, out[2]!), 14);
      // no sampled point of the segment is nearer
      let sampled = Number.POSITIVE_INFINITY;
      for (let k = 0; k <= 200; k++) {
        const s = k / 200;
        const f = boxDist2(
          h,
          q[0]! + s * (q[3]! - q[0]!),
          q[1]! + s * (q[4]! - q[1]!),
          q[2]! + s * (q[5]! - q[2]!),
        );
        sampled = Math.min(sampled, f);
      }
      expect(sampled).toBeGreaterThanOrEqual(out[6]! - 1e-12);
      // against GJK on the cores (a segment and a box)
      pa.setShape(cap, xa, 0);
      pb.setShape(box, xb, 0);
      gjk3(pa, pb, g);
      const d = Math.sqrt(out[6]!);
      if (g.overlap) {
        overlapping++;
        expect(d).toBeLessThan(1e-9);
        continue;
      }
      expect(Math.abs(d - g.distance)).toBeLessThan(1e-9);
      worstD = Math.max(worstD, Math.abs(d - g.distance));
      if (g.distance < 1e-3) continue;
      separated++;
      // the normal (box frame → world) is unique for separated convex sets
      const n = new Float64Array(3);
      pose.rotate((out[3]! - out[0]!) / d, (out[4]! - out[1]!) / d, (out[5]! - out[2]!) / d, n, 0);
      const err = Math.hypot(n[0]! - g.normal[0]!, n[1]! - g.normal[1]!, n[2]! - g.normal[2]!);
      worstN = Math.max(worstN, err);
      expect(err).toBeLessThan(1e-9);
    }
    expect(separated).toBeGreaterThan(2000);
    expect(overlapping).toBeGreaterThan(200);
    expect(worstD).toBeLessThan(1e-9);
    expect(worstN).toBeLessThan(1e-9);
  });
});

describe('capsule–box contacts in closed form (collide3)', () => {
  it('gives the manifold the GJK path gives, on 4,000 random near-touching poses', () => {
    const rng = new Prng(7);
    const m = new Manifold3();
    const ref = new Manifold3();
    const pa = new ConvexProxy3();
    const pb = new ConvexProxy3();
    const g = new GjkResult3();
    const spec = 0.02;
    let compared = 0;
    let clipped = 0;
    for (let trial = 0; trial < 4000; trial++) {
      const { cap, box, xa, xb } = randomPair(rng, 0.5);
      collide3(cap, xa, 0, box, xb, 0, spec, m);
      pa.setShape(cap, xa, 0);
      pb.setShape(box, xb, 0);
      gjk3(pa, pb, g);
      if (g.overlap || g.distance < 1e-6) continue; // cores meet: both take GJK/EPA
      ref.clear();
      if (g.distance - cap.radius < spec)
        manifoldFromNormal3(pa, pb, g.normal, g.pointA, g.pointB, spec, ref);
      compared++;
      if (ref.pointCount === 2) clipped++;
      expect(m.pointCount).toBe(ref.pointCount);
      if (ref.pointCount === 0) continue;
      expect(
        Math.abs(m.normalX - ref.normalX) +
          Math.abs(m.normalY - ref.normalY) +
          Math.abs(m.normalZ - ref.normalZ),
      ).toBeLessThan(1e-9);
      for (let k = 0; k < ref.pointCount; k++) {
        expect(m.id[k]).toBe(ref.id[k]);
        expect(Math.abs(m.separation[k]! - ref.separation[k]!)).toBeLessThan(1e-9);
        expect(Math.hypot(m.px[k]! - ref.px[k]!, m.py[k]! - ref.py[k]!, m.pz[k]! - ref.pz[k]!)).toBeLessThan(
          1e-9,
        );
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(clipped).toBeGreaterThan(0);
  });

  it('a capsule lying on a tilted box face: two points on the face, the face normal, separation d − r', () => {
    const cap = new Capsule3(0.3, 0.1);
    const box = new Box3(1, 0.5, 1);
    // the box turned 0.3 rad about z; the capsule (local y) laid along the box's local x, 0.09 m
    // of its radius into the top face (its axis 0.01 m above the face)
    const c = Math.cos(0.15);
    const s = Math.sin(0.15);
    const xb = new Float64Array([0.2, -0.1, 0.3, 0, 0, s, c]);
    const pose = new Pose3().set(xb, 0);
    const at = new Float64Array(3);
    pose.toWorld(0.1, 0.5 + 0.01, 0.2, at, 0);
    // capsule orientation: the box's rotation times a quarter turn about z (local y → box's −x)
    const h = Math.SQRT1_2;
    const qz = s * h + c * h;
    const qw = c * h - s * h;
    const xa = new Float64Array([at[0]!, at[1]!, at[2]!, 0, 0, qz, qw]);
    const m = new Manifold3();
    collide3(cap, xa, 0, box, xb, 0, 0.02, m);
    expect(m.pointCount).toBe(2);
    // normal from the capsule (A) into the box (B): minus the face normal (−sin 0.3, cos 0.3, 0)
    expect(m.normalX).toBeCloseTo(Math.sin(0.3), 12);
    expect(m.normalY).toBeCloseTo(-Math.cos(0.3), 12);
    expect(m.normalZ).toBeCloseTo(0, 12);
    const local = new Float64Array(3);
    for (let k = 0; k < 2; k++) {
      expect(m.separation[k]).toBeCloseTo(0.01 - 0.1, 12);
      // the point on the box's side (midpoint + sep/2 along the normal) lies in the top face
      pose.toLocal(
        m.px[k]! + 0.5 * m.separation[k]! * m.normalX,
        m.py[k]! + 0.5 * m.separation[k]! * m.normalY,
        m.pz[k]! + 0.5 * m.separation[k]! * m.normalZ,
        local,
        0,
      );
      expect(local[1]).toBeCloseTo(0.5, 12);
      expect(Math.abs(local[0]! - 0.1)).toBeCloseTo(0.3, 12);
      expect(local[2]).toBeCloseTo(0.2, 12);
    }
  });
});
