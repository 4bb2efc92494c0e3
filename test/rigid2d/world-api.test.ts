import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { collideChainSegment } from '../../src/geometry/chain2d.js';
import { collideShapes } from '../../src/geometry/collide2d.js';
import { Manifold2 } from '../../src/geometry/manifold2d.js';
import {
  type ConvexShape2,
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  makeSegment,
  Transform2,
} from '../../src/geometry/shapes2d.js';
import type { DebugDraw2 } from '../../src/rigid2d/debug-draw.js';
import {
  type BodyId,
  KIND_CHAIN_SEGMENT,
  KIND_COUNT,
  type ShapeId,
  SolverStage,
  type SolverTraceEvent,
  World,
} from '../../src/rigid2d/index.js';
import { COLLIDERS, shapeKindCode } from '../../src/rigid2d/narrowphase.js';
import { groundWorld, pyramid, stack } from './helpers.js';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PhysicsError);
    return `${(e as PhysicsError).code}: ${(e as Error).message}`;
  }
  throw new Error('expected a PhysicsError');
}

describe('rigid2d handles (branded, world-tagged)', () => {
  it('isValid: live handles of this world only', () => {
    const a = new World();
    const b = new World();
    const body = a.createBody();
    const shape = a.createShape(body, { kind: 'circle', radius: 0.5 });
    expect(a.isValid(body)).toBe(true);
    expect(a.isValid(shape)).toBe(true);
    expect(b.isValid(body)).toBe(false);
    a.destroyShape(shape);
    expect(a.isValid(shape)).toBe(false);
    a.destroyBody(body);
    expect(a.isValid(body)).toBe(false);
    expect(a.isValid(-1 as BodyId)).toBe(false);
    expect(a.isValid(0.5 as BodyId)).toBe(false);
  });

  it('a handle of another world throws stale-handle naming the problem, even where the slot exists', () => {
    const a = new World();
    const b = new World();
    const inA = a.createBody();
    b.createBody();
    expect(codeOf(() => b.getPosition(inA))).toMatch(
      /^stale-handle: body: \d+ is not a live body of this world \(it is a handle of another world\)$/,
    );
  });

  it('a shape handle is refused where a body is expected (and the type system says so too)', () => {
    const w = new World();
    const body = w.createBody();
    const shape = w.createShape(body, { kind: 'box', halfWidth: 1, halfHeight: 1 });
    // @ts-expect-error a ShapeId is not a BodyId
    expect(codeOf(() => w.getPosition(shape))).toMatch(
      /is not a live body of this world \(it is a shape handle\)/,
    );
    // @ts-expect-error a BodyId is not a ShapeId
    expect(codeOf(() => w.getShapeAabb(body))).toMatch(
      /is not a live shape of this world \(it is a body handle\)/,
    );
    // handles kept as plain numbers still pass
    const kept: number[] = [body];
    expect(w.getPosition(kept[0]!)).toEqual([0, 0]);
  });

  it('handles of one world still sort by (generation, slot) and bodyId(slot) round-trips', () => {
    const w = new World();
    const ids = [w.createBody(), w.createBody(), w.createBody()];
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    for (const id of ids) expect(w.bodyId(w.bodySlot(id))).toBe(id);
    w.destroyBody(ids[0]!);
    const again = w.createBody(); // reuses slot 0, next generation
    expect(w.bodySlot(again)).toBe(0);
    expect(again > ids[2]!).toBe(true);
    expect(w.isValid(ids[0]!)).toBe(false);
  });
});

describe('rigid2d world tunables', () => {
  it('validate on write, naming the field', () => {
    const w = new World();
    expect(codeOf(() => (w.aabbMargin = -1))).toBe(
      'invalid-argument: world.aabbMargin: must be >= 0, got -1',
    );
    expect(codeOf(() => (w.timeToSleep = Number.NaN))).toBe(
      'non-finite: world.timeToSleep: must be a finite number, got NaN',
    );
    expect(codeOf(() => (w.speculativeDistance = -0.5))).toMatch(/world\.speculativeDistance: must be >= 0/);
    expect(codeOf(() => (w.sleepTolerance = '1' as unknown as number))).toMatch(
      /world\.sleepTolerance: expected a number/,
    );
    expect(codeOf(() => (w.hitEventThreshold = -2))).toMatch(/world\.hitEventThreshold/);
    expect(w.aabbMargin).toBe(0.1);
  });

  it('aabbMargin takes effect for boxes inserted after the change', () => {
    const w = new World();
    const body = w.createBody({ type: 'static' });
    const s1 = w.createShape(body, { kind: 'box', halfWidth: 1, halfHeight: 1 });
    w.aabbMargin = 0.5;
    const s2 = w.createShape(body, { kind: 'box', halfWidth: 1, halfHeight: 1 });
    expect(w.getShapeFatAabb(s1)[2]).toBeCloseTo(1.1, 12);
    expect(w.getShapeFatAabb(s2)[2]).toBeCloseTo(1.5, 12);
  });

  it('speculativeDistance takes effect from the next step (bit-identical to a world built with it)', () => {
    const run = (late: boolean) => {
      const { world } = groundWorld(late ? {} : { speculativeDistance: 0.05 });
      const ids = stack(world, 3, 0.03);
      if (late) world.speculativeDistance = 0.05;
      for (let i = 0; i < 60; i++) world.step(1 / 60);
      return ids.flatMap((id) => [...world.getPosition(id), world.getAngle(id)]);
    };
    expect(run(true)).toEqual(run(false));
  });
});

describe('rigid2d readouts for renderers and tools', () => {
  it('readTransforms packs (x, y, angle) per body in body-id order', () => {
    const { world, ground } = groundWorld();
    const ids = stack(world, 3);
    world.setTransform(ids[1]!, [0.25, 1.5], 0.3);
    for (let i = 0; i < 5; i++) world.step(1 / 60);
    const out = new Float64Array(3 * world.bodyCount);
    expect(world.readTransforms(out)).toBe(4);
    const all = [ground as BodyId, ...ids];
    all.forEach((id, k) => {
      const [x, y] = world.getPosition(id);
      expect([out[3 * k], out[3 * k + 1], out[3 * k + 2]]).toEqual([x, y, world.getAngle(id)]);
    });
    expect(codeOf(() => world.readTransforms(new Float64Array(5)))).toMatch(
      /readTransforms\(out\): needs a Float64Array of at least 12/,
    );
  });

  it('profile: milliseconds of each stage of the last step, and the whole', () => {
    const { world } = groundWorld({ enableSleep: false });
    pyramid(world, 8);
    for (let i = 0; i < 10; i++) world.step(1 / 60);
    const p = world.profile;
    for (const k of ['pairs', 'collide', 'solve', 'finalize', 'sleep'] as const) {
      expect(p[k]).toBeGreaterThanOrEqual(0);
      expect(p[k]).toBeLessThanOrEqual(p.step);
    }
    expect(p.step).toBeGreaterThan(0);
    expect(p.pairs + p.collide + p.solve + p.finalize + p.sleep).toBeCloseTo(p.step, 9);
  });

  it('profiling changes no result (bit-identical with and without)', () => {
    const run = (profiling: boolean) => {
      const { world } = groundWorld();
      world.profiling = profiling;
      const ids = pyramid(world, 5);
      for (let i = 0; i < 120; i++) world.step(1 / 60);
      return ids.flatMap((id) => [...world.getPosition(id), world.getAngle(id)]);
    };
    expect(run(true)).toEqual(run(false));
  });

  it('trace events name their stage with the shared SolverStage names', () => {
    const seen = new Set<string>();
    const { world } = groundWorld({
      solver: { trace: (e: SolverTraceEvent) => seen.add(e.stage) },
    });
    stack(world, 2);
    world.step(1 / 60);
    expect([...seen].sort()).toEqual([SolverStage.relax, SolverStage.restitution, SolverStage.solve].sort());
  });

  it('draw(dd) walks the world through a DebugDraw2', () => {
    const { world } = groundWorld();
    stack(world, 2);
    world.createShape(world.createBody({ position: [3, 1] }), { kind: 'circle', radius: 0.5 });
    const calls: string[] = [];
    const dd: DebugDraw2 = {
      polygon: () => calls.push('polygon'),
      circle: () => calls.push('circle'),
      capsule: () => calls.push('capsule'),
      segment: () => calls.push('segment'),
      point: () => calls.push('point'),
    };
    world.draw(dd);
    expect(calls.filter((c) => c === 'polygon').length).toBe(3);
    expect(calls.filter((c) => c === 'circle').length).toBe(1);
  });
});

describe('rigid2d narrowphase dispatch table', () => {
  const ghost = (seg: ConvexShape2, oneSided: boolean): ConvexShape2 => {
    seg.ghost = new Float64Array([-3, 0, 3, 0, 1, 1, oneSided ? 1 : 0]);
    return seg;
  };
  const shapes: ConvexShape2[] = [
    makeCircle(0.5),
    makeCapsule(-0.5, 0, 0.5, 0, 0.25),
    makeBox(0.5, 0.4),
    makePolygon(
      [
        [0, 0.6],
        [-0.5, -0.3],
        [0.55, -0.35],
      ],
      0.02,
    ),
    makeSegment(-1, 0, 1, 0),
    ghost(makeSegment(-1, 0, 1, 0), false),
    ghost(makeSegment(-1, 0, 1, 0), true),
  ];

  it('gives the very manifolds of collideShapes / collideChainSegment for every kind pair and pose', () => {
    const xfA = new Transform2();
    const xfB = new Transform2();
    const m1 = new Manifold2();
    const m2 = new Manifold2();
    let pairs = 0;
    let touching = 0;
    for (const a of shapes) {
      for (const b of shapes) {
        const f = COLLIDERS[shapeKindCode(a) * KIND_COUNT + shapeKindCode(b)]!;
        for (let k = 0; k < 40; k++) {
          const t = k / 40;
          xfA.set(0.1 * Math.sin(7 * t), 0, Math.cos(0.4 * t), Math.sin(0.4 * t));
          xfB.set(1.4 * Math.cos(6.3 * t), 0.2 + 0.9 * Math.sin(6.3 * t), Math.cos(2 * t), Math.sin(2 * t));
          if (a.ghost !== undefined) collideChainSegment(a, xfA, b, xfB, true, 0.02, m1);
          else if (b.ghost !== undefined) collideChainSegment(b, xfB, a, xfA, false, 0.02, m1);
          else collideShapes(a, xfA, b, xfB, 0.02, m1);
          f(a, xfA, b, xfB, 0.02, m2);
          expect([m2.pointCount, m2.normalX, m2.normalY, m2.flip]).toEqual([
            m1.pointCount,
            m1.normalX,
            m1.normalY,
            m1.flip,
          ]);
          for (let p = 0; p < m1.pointCount; p++) {
            expect([m2.px[p], m2.py[p], m2.separation[p], m2.id[p]]).toEqual([
              m1.px[p],
              m1.py[p],
              m1.separation[p],
              m1.id[p],
            ]);
          }
          pairs++;
          if (m1.pointCount > 0) touching++;
        }
      }
    }
    expect(pairs).toBe(49 * 40);
    expect(touching).toBeGreaterThan(300);
    expect(shapeKindCode(shapes[5]!)).toBe(KIND_CHAIN_SEGMENT);
  });
});

// type-level: ShapeId and BodyId are distinct brands
const _typeCheck = (w: World, s: ShapeId): void => {
  // @ts-expect-error a ShapeId is not a BodyId
  w.getMass(s);
};
void _typeCheck;
