import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AttachmentSet,
  addBalloon,
  addHair,
  addRope,
  CollisionSet,
  DihedralBendingSet,
  DistanceSet,
  Particles,
  plane,
  RodSet,
  TetVolumeSet,
  TriangleAreaSet,
  XpbdWorld,
} from '../../src/xpbd/index.js';

/** Central finite difference of f with respect to x[k]. */
function fd(x: Float64Array, k: number, f: (x: Float64Array) => number): number {
  const h = 1e-6;
  const old = x[k];
  x[k] = old + h;
  const fp = f(x);
  x[k] = old - h;
  const fm = f(x);
  x[k] = old;
  return (fp - fm) / (2 * h);
}

const coord = fc.double({ min: -1, max: 1, noNaN: true });
const point = fc.tuple(coord, coord, coord);

describe('constraint gradients match finite differences (compute C, ∇C)', () => {
  it('dihedral bending: ∇θ of Bridson et al. for random non-degenerate quads', () => {
    fc.assert(
      fc.property(point, point, point, point, (a, b, c, d) => {
        const p = new Particles();
        for (const q of [a, b, c, d]) p.add(q[0], q[1], q[2], 1);
        const set = new DihedralBendingSet();
        const g = new Float64Array(12);
        const theta = set.gradient(p.x, 0, 1, 2, 3, g);
        if (Number.isNaN(theta) || Math.abs(Math.abs(theta) - Math.PI) < 0.2) return; // degenerate or at the ±π cut
        const f = (x: Float64Array) => set.gradient(x, 0, 1, 2, 3, null);
        // skip nearly degenerate triangles, where finite differences are meaningless
        const scale = Math.max(...g.map(Math.abs));
        if (scale > 50) return;
        for (let k = 0; k < 12; k++) expect(g[k]).toBeCloseTo(fd(p.x, k, f), 4);
      }),
      { numRuns: 200, seed: 42 },
    );
  });

  it('triangle area and tetrahedron volume gradients', () => {
    fc.assert(
      fc.property(point, point, point, point, (a, b, c, d) => {
        const p = new Particles();
        for (const q of [a, b, c, d]) p.add(q[0], q[1], q[2], 1);
        const area = new TriangleAreaSet();
        const g = new Float64Array(12);
        const A = area.area(p.x, 0, 1, 2, g);
        if (A > 1e-3) {
          for (let k = 0; k < 9; k++)
            expect(g[k]).toBeCloseTo(
              fd(p.x, k, (x) => area.area(x, 0, 1, 2, null)),
              5,
            );
        }
        const tet = new TetVolumeSet();
        tet.volume(p.x, 0, 1, 2, 3, g);
        for (let k = 0; k < 12; k++) {
          expect(g[k]).toBeCloseTo(
            fd(p.x, k, (x) => tet.volume(x, 0, 1, 2, 3, null)),
            6,
          );
        }
      }),
      { numRuns: 100, seed: 7 },
    );
  });
});

describe('constraint projections restore their rest values', () => {
  it('a folded hinge bends back to its rest angle (dihedral, α = 0)', () => {
    const world = new XpbdWorld({ gravity: [0, 0, 0], substeps: 1, iterations: 50 });
    const p = world.particles;
    p.add(0.5, 0.5, 0, 1); // x1
    p.add(0.5, -0.5, 0, 1); // x2
    p.add(0, 0, 0, 1); // x3
    p.add(1, 0, 0, 1); // x4
    const set = world.add(new DihedralBendingSet());
    set.add(p, 0, 1, 2, 3, 0);
    p.x[2] = 0.3; // fold x1 out of the plane
    world.step(1 / 60);
    expect(Math.abs(set.angle(p.x, 0, 1, 2, 3))).toBeLessThan(1e-6);
  });

  it('triangle area and tetrahedron volume return to their rest values after a squash', () => {
    const world = new XpbdWorld({ gravity: [0, 0, 0], substeps: 1, iterations: 30 });
    const p = world.particles;
    p.add(0, 0, 0, 1);
    p.add(1, 0, 0, 1);
    p.add(0, 1, 0, 1);
    p.add(0, 0, 1, 1);
    const area = world.add(new TriangleAreaSet());
    area.add(p, 0, 1, 2);
    const tet = world.add(new TetVolumeSet());
    tet.add(p, 0, 1, 2, 3);
    p.x[3] = 0.6; // squash
    p.x[11] = 0.5;
    world.step(1 / 60);
    expect(area.area(p.x, 0, 1, 2, null)).toBeCloseTo(0.5, 4);
    expect(tet.volume(p.x, 0, 1, 2, 3, null)).toBeCloseTo(1 / 6, 4);
  });

  it("Provot's strain limit: ‖p1 − p2‖ ≤ 1.1 d is projected only when violated", () => {
    const world = new XpbdWorld({ gravity: [0, 0, 0], substeps: 1, iterations: 1 });
    const p = world.particles;
    p.add(0, 0, 0, 0);
    p.add(1.3, 0, 0, 1);
    p.add(2.1, 0, 0, 1);
    const limit = world.add(new DistanceSet({ mode: 'max' }));
    limit.add(p, 0, 1, 1.1); // violated: 1.3 > 1.1
    limit.add(p, 1, 2, 1.1); // then 1.0 ≤ 1.1: left alone
    world.step(1 / 60);
    expect(p.position(1)[0]).toBeCloseTo(1.1, 12); // only the free end moves, exactly to the limit
    expect(p.position(2)[0]).toBe(2.1);
  });
});

describe('balloons, hair, collisions, attachments', () => {
  it('a balloon resting on the ground keeps its target volume within 1%', () => {
    const world = new XpbdWorld({ substeps: 10, drag: 1 });
    const b = addBalloon(world, {
      center: [0, 0.5, 0],
      radius: 0.4,
      subdivisions: 2,
      stretchCompliance: 1e-3,
      pressure: 1.2,
    });
    const ground = world.add(new CollisionSet(world.particles, { friction: 0.5 }));
    ground.addCollider(plane([0, 1, 0], 0));
    for (let f = 0; f < 120; f++) world.step(1 / 60);
    const v = b.volume.volume(world.particles.x);
    expect(Math.abs(v / (1.2 * b.volume.restVolume) - 1)).toBeLessThan(0.01);
    // and it rests on the ground, squashed: the lowest vertex touches y = 0
    let minY = Infinity;
    for (let i = b.first; i < b.first + b.count; i++) minY = Math.min(minY, world.particles.x[3 * i + 1]);
    expect(minY).toBeGreaterThan(-1e-9);
    expect(minY).toBeLessThan(1e-3);
  });

  it('§26.5 follow-the-leader hair keeps every segment at exactly its rest length on a moving head', () => {
    const world = new XpbdWorld({ substeps: 4 });
    const roots: [number, number, number][] = [];
    const dirs: [number, number, number][] = [];
    for (let s = 0; s < 8; s++) {
      const a = (s / 8) * Math.PI;
      roots.push([0.1 * Math.cos(a), 0.1 * Math.sin(a), 0]);
      dirs.push([Math.cos(a), Math.sin(a), 0.2]);
    }
    const hair = addHair(world, { roots, directions: dirs, segments: 10, length: 0.3 });
    const root0 = hair.strands.map((st) => world.particles.position(st[0]));
    for (let f = 0; f < 120; f++) {
      const dx = 0.2 * Math.sin(f / 10); // shake the head
      hair.strands.forEach((st, s) => {
        world.particles.x[3 * st[0]] = root0[s][0] + dx;
      });
      world.step(1 / 60);
      expect(hair.set.maxLengthError(world.particles.x)).toBeLessThan(1e-12);
    }
  });

  it('no tunnelling: a particle at 200 m/s stops at the plane (3.3 m per frame)', () => {
    const world = new XpbdWorld({ substeps: 4 });
    const p = world.particles;
    const i = p.add(0, 1, 0, 1);
    p.setVelocity(i, 0, -200, 0);
    const col = world.add(new CollisionSet(p, { thickness: 0.01 }));
    col.addCollider(plane([0, 1, 0], 0));
    for (let f = 0; f < 10; f++) {
      world.step(1 / 60);
      expect(p.x[1]).toBeGreaterThanOrEqual(0.01 - 1e-12);
    }
  });

  it('restitution e: a dropped particle rebounds with e times its impact speed; friction stops a sliding one', () => {
    const world = new XpbdWorld({ substeps: 1 });
    const p = world.particles;
    const i = p.add(0, 0.05, 0, 1);
    p.setVelocity(i, 0, -3, 0);
    const col = world.add(new CollisionSet(p, { restitution: 0.5, friction: 0.5 }));
    col.addCollider(plane([0, 1, 0], 0));
    let maxUp = 0;
    for (let f = 0; f < 10; f++) {
      world.step(1 / 60);
      maxUp = Math.max(maxUp, p.v[1]);
    }
    expect(maxUp).toBeGreaterThan(0.5 * 3 * 0.9);
    expect(maxUp).toBeLessThan(0.5 * 3.2);
    // sliding with μ = 0.5: v = 2 m/s stops after ≈ v²/(2 μ g) = 0.41 m
    const w2 = new XpbdWorld({ substeps: 10 });
    const q = w2.particles.add(0, 0, 0, 1);
    w2.particles.setVelocity(q, 2, 0, 0);
    const floor = w2.add(new CollisionSet(w2.particles, { friction: 0.5 }));
    floor.addCollider(plane([0, 1, 0], 0));
    for (let f = 0; f < 60; f++) w2.step(1 / 60);
    expect(Math.abs(w2.particles.v[0])).toBeLessThan(1e-6);
    expect(w2.particles.x[0]).toBeGreaterThan(0.3);
    expect(w2.particles.x[0]).toBeLessThan(0.5);
  });

  it('sphere, capsule, box and SDF colliders push particles to their surfaces', () => {
    const p = new Particles();
    const world = new XpbdWorld({ gravity: [0, 0, 0], substeps: 1 }, p);
    const ids = [p.add(0.1, 0.1, 0, 1), p.add(3.05, 0.2, 0, 1), p.add(6.2, 0.1, 0.1, 1), p.add(9, 0.5, 0, 1)];
    const col = world.add(new CollisionSet(p));
    col.addCollider({ kind: 'sphere', center: [0, 0, 0], radius: 1 });
    col.addCollider({ kind: 'capsule', a: [3, -1, 0], b: [3, 1, 0], radius: 0.5 });
    col.addCollider({ kind: 'box', center: [6, 0, 0], half: [0.5, 0.5, 0.5] });
    col.addCollider({
      kind: 'sdf',
      distance: (x, y, z, g) => {
        // a sphere of radius 1 at (9, 0, 0) as a field
        const d = Math.hypot(x - 9, y, z);
        g[0] = (x - 9) / d;
        g[1] = y / d;
        g[2] = z / d;
        return d - 1;
      },
    });
    world.step(1 / 60);
    expect(Math.hypot(...p.position(ids[0]))).toBeCloseTo(1, 9);
    expect(Math.hypot(p.x[3] - 3, p.x[5])).toBeCloseTo(0.5, 9);
    expect(p.position(ids[2])[0]).toBeCloseTo(6.5, 9);
    expect(Math.hypot(p.x[9] - 9, p.x[10], p.x[11])).toBeCloseTo(1, 9);
  });

  it('a compliant attachment behaves like a spring: the hanging mass sags by m g α', () => {
    const world = new XpbdWorld({ substeps: 20, drag: 5 });
    const p = world.particles;
    const i = p.add(0, 0, 0, 0.5); // m = 2 kg
    const att = world.add(new AttachmentSet());
    att.add(p, i, [0, 0, 0], 1e-3); // k = 1000 N/m
    for (let f = 0; f < 300; f++) world.step(1 / 60);
    expect(p.x[1]).toBeCloseTo(-2 * 9.81 * 1e-3, 5);
  });
});

describe('XPBD rods with bend and twist (Cosserat, quaternions; Kugelstadt & Schömer 2016)', () => {
  function cantilever(kind: 'rod' | 'rope', compliance = 0, twist = false) {
    const w = new XpbdWorld({ substeps: 20, drag: 1 });
    const p = w.particles;
    const ids: number[] = [];
    for (let k = 0; k <= 10; k++) ids.push(p.add(0.1 * k, 0, 0, k === 0 ? 0 : 10));
    let rod: RodSet | null = null;
    if (kind === 'rod') {
      rod = w.add(
        new RodSet(p, ids, { bendTwistCompliance: compliance, clampFirst: true, orientationInvMass: 10 }),
      );
    } else {
      const d = w.add(new DistanceSet());
      for (let k = 0; k < 10; k++) d.add(p, ids[k], ids[k + 1]);
    }
    const base = rod ? Array.from(rod.q.subarray(0, 4)) : [];
    for (let f = 0; f < 120; f++) {
      if (twist && rod) {
        // turn the clamped root about the rod axis (world x) by up to 90°
        const a = (Math.min(1, f / 60) * Math.PI) / 4;
        const [bx, by, bz, bw] = base;
        const sa = Math.sin(a);
        const ca = Math.cos(a);
        rod.q.set([ca * bx + sa * bw, ca * by - sa * bz, ca * bz + sa * by, ca * bw - sa * bx], 0);
      }
      w.step(1 / 60);
    }
    return { p, rod };
  }

  it('a clamped stiff rod holds itself straight out; a rope (distance only) and a soft rod droop', () => {
    expect(cantilever('rod', 0).p.position(10)[1]).toBeGreaterThan(-0.01);
    expect(cantilever('rod', 0.1).p.position(10)[1]).toBeLessThan(-0.3);
    expect(cantilever('rope').p.position(10)[1]).toBeLessThan(-0.5);
  });

  it('stretch–shear keeps the segment lengths, and twisting the root turns the tip frame with it', () => {
    const { p, rod } = cantilever('rod', 0, true);
    for (let k = 0; k < 10; k++) {
      const a = p.position(k);
      const b = p.position(k + 1);
      expect(Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2])).toBeCloseTo(0.1, 5);
    }
    const d1Root = rod!.d1(0);
    const d1Tip = rod!.d1(9);
    expect(d1Root[1]).toBeCloseTo(1, 6); // the root frame was turned from −z to +y
    expect(d1Tip[1]).toBeGreaterThan(0.99); // and the twist reached the tip
  });
});

describe('XPBD constraint damping (Macklin, Müller, Chentanez 2016, eq. 25)', () => {
  const spring = (beta: number, substeps: number) => {
    const w = new XpbdWorld({ substeps, gravity: [0, 0, 0] });
    const p = w.particles;
    p.add(0, 0, 0, 0);
    p.add(0, -1.1, 0, 1); // 1 kg on a 1 m spring of k = 1000 N/m, stretched 0.1 m
    w.add(new DistanceSet({ compliance: 1e-3, damping: beta })).add(p, 0, 1, 1);
    const ys: number[] = [];
    for (let f = 0; f < 30; f++) {
      w.step(1 / 60);
      ys.push(-p.x[4] - 1);
    }
    return ys;
  };

  it('damps the relative velocity along the constraint: β = 30 N·s/m settles, β = 0 keeps ringing', () => {
    const damped = spring(30, 20);
    const free = spring(0, 20);
    expect(Math.abs(damped[29])).toBeLessThan(1e-3);
    expect(Math.max(...free.slice(20).map(Math.abs))).toBeGreaterThan(0.05);
  });

  it('20 and 30 substeps follow the same damped motion (within 2 mm)', () => {
    const a = spring(30, 20);
    const b = spring(30, 30);
    a.forEach((y, k) => {
      expect(Math.abs(y - b[k])).toBeLessThan(2e-3);
    });
  });
});

describe('energy never grows without external work', () => {
  it('a swinging compliant rope (no damping): E(t) ≤ E(0)', () => {
    const world = new XpbdWorld({ substeps: 20 });
    const rope = addRope(world, { start: [0, 2, 0], end: [2.2, 2, 0], links: 11, compliance: 1e-4 });
    expect(rope.count).toBe(12);
    const e0 = world.energy();
    for (let f = 0; f < 300; f++) {
      world.step(1 / 60);
      expect(world.energy()).toBeLessThanOrEqual(e0 + 1e-9 * Math.abs(e0) + 1e-6);
    }
  });

  it('a tumbling rigid cloth in free fall (no gravity, spun): kinetic energy never grows', () => {
    for (const order of ['gauss-seidel', 'colored', 'jacobi'] as const) {
      const world = new XpbdWorld({ substeps: 10, gravity: [0, 0, 0], order });
      const p = world.particles;
      // a 6×6 sheet, rigid stretch + shear + skip-one bending, given a spin
      for (let j = 0; j < 6; j++) for (let i = 0; i < 6; i++) p.add(i * 0.1, 0, j * 0.1, 1);
      const s = world.add(new DistanceSet());
      for (let j = 0; j < 6; j++) {
        for (let i = 0; i < 6; i++) {
          const k = i + 6 * j;
          if (i < 5) s.add(p, k, k + 1);
          if (j < 5) s.add(p, k, k + 6);
          if (i < 4) s.add(p, k, k + 2);
          if (j < 4) s.add(p, k, k + 12);
        }
      }
      for (let k = 0; k < 36; k++) p.setVelocity(k, 0, (p.x[3 * k] - 0.25) * 4, 0);
      p.setVelocity(0, 0, 3, 3);
      const e0 = world.energy();
      for (let f = 0; f < 240; f++) {
        world.step(1 / 60);
        expect(world.energy()).toBeLessThanOrEqual(e0 * (1 + 1e-9));
      }
    }
  });
});
