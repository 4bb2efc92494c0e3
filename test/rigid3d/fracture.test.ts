/**
 * Voronoi fracture of 3D bodies (textbook §26.5): the pieces tile the original, are convex, and keep
 * mass, centre of mass, linear and angular momentum at the break; impact fracture from hit events.
 */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { ShapeKind3 } from '../../src/geometry/shapes3d.js';
import { fractureBody3, ImpactFracture3 } from '../../src/rigid3d/fracture.js';
import type { BodyId3 } from '../../src/rigid3d/types.js';
import { World3 } from '../../src/rigid3d/world.js';

type V3 = [number, number, number];
const cross = (a: V3, b: V3): V3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/** Mass, first moment, linear and angular momentum (about the origin) of a set of bodies. */
function totals(world: World3, bodies: BodyId3[]) {
  let m = 0;
  const mc: V3 = [0, 0, 0];
  const p: V3 = [0, 0, 0];
  const L: V3 = [0, 0, 0];
  for (const b of bodies) {
    const mb = world.getMass(b);
    const c = world.getWorldCenter(b);
    const v = world.getLinearVelocity(b);
    const spin = world.getAngularMomentum(b);
    const orbit = cross(c, v);
    m += mb;
    for (let k = 0; k < 3; k++) {
      mc[k]! += mb * c[k]!;
      p[k]! += mb * v[k]!;
      L[k]! += spin[k]! + mb * orbit[k]!;
    }
  }
  return { m, mc, p, L };
}

function expectRel(a: number[], b: number[], scale: number, tol: number) {
  for (let k = 0; k < a.length; k++) expect(Math.abs(a[k]! - b[k]!) / scale).toBeLessThan(tol);
}

/** The volume of a body's hull shapes (the pieces are hulls). */
function hullVolume(world: World3, body: BodyId3): number {
  let v = 0;
  for (const s of world.getBodyShapes(body)) {
    const g = world.getShapeGeometry(s);
    if (g.kind !== ShapeKind3.HULL) throw new Error('not a hull');
    v += g.volume;
  }
  return v;
}

describe('fractureBody3', () => {
  const cases: [string, (w: World3) => BodyId3][] = [
    [
      'a spinning, moving 2 × 1 × 0.6 box',
      (w) => {
        const b = w.createBody({
          position: [1, 2, -0.5],
          orientation: [0.1825742, 0.3651484, 0.5477226, 0.7302967],
          linearVelocity: [3, -1, 2],
          angularVelocity: [1.5, -4, 2.5],
        });
        w.createShape(b, { kind: 'box', halfExtents: [1, 0.5, 0.3], density: 2400 });
        return b;
      },
    ],
    [
      'an offset, rotated hull',
      (w) => {
        const b = w.createBody({
          position: [-2, 1, 0],
          linearVelocity: [0, 0, 5],
          angularVelocity: [0, 3, 0],
        });
        const pts = [0, 0, 0, 1.2, 0, 0, 0, 0.9, 0, 0, 0, 0.7, 1, 0.8, 0.6, 0.5, 0.5, -0.3];
        w.createShape(b, {
          kind: 'hull',
          points: pts,
          position: [0.3, -0.2, 0.1],
          orientation: [0, 0.6, 0, 0.8],
          density: 700,
        });
        return b;
      },
    ],
  ];
  for (const [name, make] of cases) {
    it(`${name}: pieces tile the volume, keep mass, centre of mass, momentum and angular momentum`, () => {
      for (const seed of [1, 2]) {
        const world = new World3({ gravity: [0, 0, 0] });
        const body = make(world);
        const before = totals(world, [body]);
        const M = before.m;
        const res = fractureBody3(world, body, { count: 16, seed, impact: world.getWorldCenter(body) });
        expect(res.bodies.length).toBe(16);
        expect(world.isValid(body)).toBe(false);
        const after = totals(world, res.bodies);
        expect(Math.abs(after.m - M) / M).toBeLessThan(1e-9);
        const size = 2;
        expectRel(after.mc, before.mc, M * size, 1e-9);
        const pScale = M * 10;
        expectRel(after.p, before.p, pScale, 1e-9);
        const LScale = Math.hypot(...before.L) + M * size * size * 5;
        expectRel(after.L, before.L, LScale, 1e-9);
        // the hulls the engine built hold exactly the cells' volumes: they tile the body
        let hulls = 0;
        let cells = 0;
        res.bodies.forEach((b, i) => {
          hulls += hullVolume(world, b);
          cells += res.cells[i]!.volume;
        });
        expect(Math.abs(hulls - cells) / cells).toBeLessThan(1e-9);
        // every piece's hull is convex: every vertex on or below every face plane
        for (const b of res.bodies) {
          const g = world.getShapeGeometry(world.getBodyShapes(b)[0]!);
          if (g.kind !== ShapeKind3.HULL) throw new Error('not a hull');
          for (let f = 0; f < g.faceCount; f++) {
            for (let v = 0; v < g.vertexCount; v++) {
              const d =
                g.planes[4 * f]! * g.vertices[3 * v]! +
                g.planes[4 * f + 1]! * g.vertices[3 * v + 1]! +
                g.planes[4 * f + 2]! * g.vertices[3 * v + 2]! -
                g.planes[4 * f + 3]!;
              expect(d).toBeLessThan(1e-9);
            }
          }
        }
        expect(res.neighbours.length).toBeGreaterThanOrEqual(res.bodies.length - 1);
      }
    });
  }
  it('the pieces keep the original material and filter unless the options give their own', () => {
    const world = new World3();
    const b = world.createBody();
    const filter = { categoryBits: 4, maskBits: 9, groupIndex: -3 };
    world.createShape(b, {
      kind: 'box',
      halfExtents: [1, 1, 1],
      friction: 0.25,
      restitution: 0.7,
      rollingResistance: 0.01,
      filter,
    });
    const res = fractureBody3(world, b, { count: 4, restitution: 0.1 });
    const st = world.shapes;
    for (const p of res.bodies) {
      const slot = world.shapeSlot(world.getBodyShapes(p)[0]!);
      expect([st.friction[slot], st.restitution[slot], st.rolling[slot]]).toEqual([0.25, 0.1, 0.01]);
      expect([st.category[slot], st.mask[slot], st.group[slot]]).toEqual([4, 9, -3]);
    }
  });
  it('refuses what it cannot cut with a PhysicsError', () => {
    const world = new World3();
    const ground = world.createBody({ type: 'static' });
    world.createShape(ground, { kind: 'box', halfExtents: [1, 1, 1] });
    expect(() => fractureBody3(world, ground)).toThrow(PhysicsError);
    const ball = world.createBody();
    world.createShape(ball, { kind: 'sphere', radius: 1 });
    expect(() => fractureBody3(world, ball)).toThrow(/box or a sharp convex hull/);
    const two = world.createBody();
    world.createShape(two, { kind: 'box', halfExtents: [1, 1, 1] });
    world.createShape(two, { kind: 'box', halfExtents: [1, 1, 1], position: [2, 0, 0] });
    expect(() => fractureBody3(world, two)).toThrow(/exactly one shape/);
  });
});

describe('ImpactFracture3', () => {
  function drop(threshold: number) {
    const world = new World3({ gravity: [0, -10, 0] });
    const ground = world.createBody({ type: 'static' });
    world.createShape(ground, { kind: 'box', halfExtents: [10, 0.5, 10], position: [0, -0.5, 0] });
    const block = world.createBody({ position: [0, 0.6, 0], linearVelocity: [0, -8, 0] });
    world.createShape(block, { kind: 'box', halfExtents: [0.5, 0.5, 0.5], density: 1000 });
    const fracture = new ImpactFracture3(world);
    fracture.add(block, threshold, { count: 10 });
    let pieces: BodyId3[] = [];
    let momentumAtBreak: number[] = [];
    let before: ReturnType<typeof totals> | null = null;
    for (let i = 0; i < 60 && pieces.length === 0; i++) {
      world.step(1 / 60);
      if (world.isValid(block)) before = totals(world, [block]);
      const res = fracture.update();
      if (res.length > 0) {
        pieces = res[0]!.bodies;
        momentumAtBreak = totals(world, pieces).p;
      }
    }
    return { world, pieces, momentumAtBreak, before, fracture };
  }
  it('a 1000 kg cube hitting the ground at 8 m/s (impulse ≈ 8000 N·s) breaks above a 5000 N·s threshold', () => {
    const { pieces, momentumAtBreak, before, fracture } = drop(5000);
    expect(pieces.length).toBe(10);
    expect(fracture.pending).toBe(0);
    // momentum of the pieces at the break equals the block's as the step left it
    expectRel(momentumAtBreak, before!.p, before!.m * 10, 1e-9);
  });
  it('and stays whole below a 20000 N·s threshold', () => {
    const { pieces, fracture } = drop(20000);
    expect(pieces.length).toBe(0);
    expect(fracture.pending).toBe(1);
  });
  it('the pieces settle on the ground without exploding', () => {
    const { world, pieces } = drop(5000);
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    for (const b of pieces) {
      const c = world.getWorldCenter(b);
      expect(c[1]).toBeGreaterThan(-0.05);
      expect(c[1]).toBeLessThan(1.5);
    }
    expect(world.kineticEnergy()).toBeLessThan(0.05 * 0.5 * 1000 * 64);
  });
  it('rejects a bad threshold', () => {
    const world = new World3();
    const b = world.createBody();
    world.createShape(b, { kind: 'box', halfExtents: [1, 1, 1] });
    expect(() => new ImpactFracture3(world).add(b, 0)).toThrow(PhysicsError);
  });
});
