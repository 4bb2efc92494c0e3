import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { RayHit, rayCastShape, shapeContainsPoint } from '../../src/geometry/raycast2d.js';
import { makeBox, makeCircle, Transform2 } from '../../src/geometry/shapes2d.js';
import { World } from '../../src/rigid2d/index.js';
import { queriesOf, rayCastClosest, WorldQueries } from '../../src/rigid2d/queries.js';

/** A small world: ground, three boxes in a row, a circle, a capsule, a sensor and a filtered box. */
function scene() {
  const world = new World({ gravity: [0, -10], enableSleep: false });
  const ground = world.createBody({ type: 'static' });
  const groundShape = world.createShape(ground, {
    kind: 'box',
    halfWidth: 20,
    halfHeight: 0.5,
    center: [0, -0.5],
  });
  const boxes = [0, 1, 2].map((i) => {
    const b = world.createBody({ position: [i * 3, 0.5] });
    return { body: b, shape: world.createShape(b, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 }) };
  });
  const ball = world.createBody({ position: [-3, 1] });
  const ballShape = world.createShape(ball, { kind: 'circle', radius: 1 });
  const cap = world.createBody({ position: [0, 4], angle: 0 });
  const capShape = world.createShape(cap, { kind: 'capsule', p1: [-1, 0], p2: [1, 0], radius: 0.25 });
  const sensorBody = world.createBody({ type: 'static', position: [6, 3] });
  const sensor = world.createShape(sensorBody, { kind: 'box', halfWidth: 1, halfHeight: 1, isSensor: true });
  const filtered = world.createBody({ type: 'static', position: [-6, 2] });
  const filteredShape = world.createShape(filtered, {
    kind: 'box',
    halfWidth: 0.5,
    halfHeight: 0.5,
    filter: { categoryBits: 0x4, maskBits: 0xffff },
  });
  return { world, groundShape, boxes, ballShape, cap, capShape, sensor, filteredShape };
}

describe('world ray casts', () => {
  it('closest: the nearest box along a horizontal ray, with point and normal', () => {
    const { world, boxes } = scene();
    const hit = rayCastClosest(world, [10, 0.5], [-10, 0.5]);
    expect(hit).not.toBeNull();
    expect(hit!.shape).toBe(boxes[2]!.shape);
    expect(hit!.body).toBe(boxes[2]!.body);
    expect(hit!.point[0]).toBeCloseTo(6.5, 12);
    expect(hit!.point[1]).toBeCloseTo(0.5, 12);
    expect(hit!.normal[0]).toBeCloseTo(1, 12);
    expect(hit!.fraction).toBeCloseTo(3.5 / 20, 12);
  });

  it('all: every shape along the ray, nearest first; sensors only when asked', () => {
    const { world, boxes, ballShape, sensor } = scene();
    const q = queriesOf(world);
    const hits = q.rayCastAll([10, 0.5], [-10, 0.5]);
    expect(hits.map((h) => h.shape)).toEqual([boxes[2]!.shape, boxes[1]!.shape, boxes[0]!.shape, ballShape]);
    for (let k = 1; k < hits.length; k++) expect(hits[k]!.fraction).toBeGreaterThan(hits[k - 1]!.fraction);
    // A vertical ray through x = 6 meets the sensor (only when included) and box 2 below it.
    expect(q.rayCastAll([6, 10], [6, 0.5]).map((h) => h.shape)).toEqual([boxes[2]!.shape]);
    expect(q.rayCastAll([6, 10], [6, 0.5], { includeSensors: true }).map((h) => h.shape)).toEqual([
      sensor,
      boxes[2]!.shape,
    ]);
    // Down to y = 0 the ray also ends exactly on the ground's top face (fraction 1 counts).
    const toGround = q.rayCastAll([6, 10], [6, 0]);
    expect(toGround).toHaveLength(2);
    expect(toGround[1]!.fraction).toBe(1);
  });

  it('filters: mask bits, ignored body and predicate', () => {
    const { world, filteredShape, boxes, groundShape } = scene();
    const q = queriesOf(world);
    // The filtered box (category 0x4) sits on the ray from the left.
    expect(q.rayCastClosest([-10, 2.3], [10, 2.3])!.shape).toBe(filteredShape);
    expect(q.rayCastClosest([-10, 2.3], [10, 2.3], { maskBits: 0x1 })).toBeNull();
    // Ignore the first box: the ray goes on to the second.
    const down = q.rayCastClosest([0, 5], [0, -5], { ignoreBody: world.getShapeBody(boxes[0]!.shape) });
    expect(down!.shape).not.toBe(boxes[0]!.shape);
    const onlyGround = q.rayCastClosest([3, 5], [3, -5], { predicate: (s) => s === groundShape });
    expect(onlyGround!.shape).toBe(groundShape);
    expect(onlyGround!.point[1]).toBeCloseTo(0, 12);
  });

  it('a Box2D-style callback can stop, ignore or clip', () => {
    const { world } = scene();
    const seen: number[] = [];
    queriesOf(world).rayCast([10, 0.5], [-10, 0.5], (h) => {
      seen.push(h.shape);
      return 0; // stop at the first reported hit
    });
    expect(seen).toHaveLength(1);
  });

  it('equals a brute-force cast over every shape, for random rays (property)', () => {
    const { world } = scene();
    const q = new WorldQueries(world);
    const hit = new RayHit();
    const xf = new Transform2();
    const coord = fc.double({ min: -12, max: 12, noNaN: true });
    fc.assert(
      fc.property(coord, coord, coord, coord, (x1, y1, x2, y2) => {
        fc.pre(Math.hypot(x2 - x1, y2 - y1) > 1e-3);
        let best = Infinity;
        let bestShape = -1;
        for (const s of world.shapeIds()) {
          if (world.shapes.sensor[world.shapeSlot(s)]) continue;
          world.getTransform(world.getShapeBody(s), xf);
          if (rayCastShape(world.getShapeGeometry(s), xf, x1, y1, x2, y2, 1, hit) && hit.fraction < best) {
            best = hit.fraction;
            bestShape = s;
          }
        }
        const got = q.rayCastClosest([x1, y1], [x2, y2]);
        if (bestShape < 0) expect(got).toBeNull();
        else {
          expect(got).not.toBeNull();
          expect(got!.fraction).toBeCloseTo(best, 12);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('sees bodies where the last step left them', () => {
    const { world, cap, capShape } = scene();
    const q = queriesOf(world);
    expect(q.queryPoint(0, 4)).toEqual([capShape]);
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    const [, y] = world.getPosition(cap);
    expect(y).toBeLessThan(3.5);
    expect(q.queryPoint(0, 4)).toEqual([]);
    expect(q.queryPoint(0, y)).toEqual([capShape]);
  });

  it('rejects non-finite input naming the argument', () => {
    const { world } = scene();
    const q = queriesOf(world);
    expect(() => q.rayCastClosest([Number.NaN, 0], [1, 0])).toThrow(PhysicsError);
    expect(() => q.rayCastClosest([Number.NaN, 0], [1, 0])).toThrow(
      'rayCastClosest.p1[0]: must be a finite number, got NaN',
    );
    expect(() => q.queryAABB(0, 0, Number.POSITIVE_INFINITY, 1)).toThrow(
      'queryAABB.maxX: must be a finite number, got Infinity',
    );
    expect(() => q.queryAABB(2, 0, 1, 1)).toThrow('queryAABB: min must not exceed max');
  });
});

describe('AABB, point and shape overlap queries', () => {
  it('AABB query equals brute force over the shapes’ boxes', () => {
    const { world } = scene();
    const q = queriesOf(world);
    const coord = fc.double({ min: -12, max: 12, noNaN: true });
    fc.assert(
      fc.property(
        coord,
        coord,
        fc.double({ min: 0, max: 8, noNaN: true }),
        fc.double({ min: 0, max: 8, noNaN: true }),
        (x, y, w, h) => {
          const expected = world
            .shapeIds()
            .filter((s) => !world.shapes.sensor[world.shapeSlot(s)])
            .filter((s) => {
              const [a, b, c, d] = world.getShapeAabb(s);
              return !(a > x + w || b > y + h || x > c || y > d);
            })
            .sort((a, b) => a - b);
          expect(q.queryAABB(x, y, x + w, y + h)).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('point query equals brute-force containment', () => {
    const { world } = scene();
    const q = queriesOf(world);
    const xf = new Transform2();
    const coord = fc.double({ min: -8, max: 8, noNaN: true });
    fc.assert(
      fc.property(coord, coord, (x, y) => {
        const expected = world
          .shapeIds()
          .filter((s) => !world.shapes.sensor[world.shapeSlot(s)])
          .filter((s) =>
            shapeContainsPoint(
              world.getShapeGeometry(s),
              world.getTransform(world.getShapeBody(s), xf),
              x,
              y,
            ),
          )
          .sort((a, b) => a - b);
        expect(q.queryPoint(x, y)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('shape overlap: a box between two boxes touches neither; a wider one overlaps both; a circle finds the ball', () => {
    const { world, boxes, ballShape, groundShape } = scene();
    const q = queriesOf(world);
    // Boxes at x = 0 and 3 (half 0.5): a box of half width 0.9 at x = 1.5, y = 2 is clear of everything.
    expect(q.overlapShape(makeBox(0.9, 0.4), [1.5, 2])).toEqual([]);
    expect(q.overlapShape(makeBox(1.2, 0.4), [1.5, 0.5])).toEqual([boxes[0]!.shape, boxes[1]!.shape]);
    expect(q.overlapShape(makeBox(1.2, 0.45), [1.5, 0.4])).toEqual(
      [groundShape, boxes[0]!.shape, boxes[1]!.shape].sort((a, b) => a - b),
    );
    expect(q.overlapShape(makeCircle(0.5), [-4.2, 1.2])).toEqual([ballShape]);
    // Rotated query box: a 45° diamond of half size 0.5 reaches 0.707 sideways and down; at x = 1.25
    // (corner at 0.543) it clears box 0's right face x = 0.5, at x = 1.1 (corner at 0.393) it overlaps.
    expect(q.overlapShape(makeBox(0.5, 0.5), [1.25, 0.8], Math.PI / 4)).toEqual([]);
    expect(q.overlapShape(makeBox(0.5, 0.5), [1.1, 0.8], Math.PI / 4)).toEqual([boxes[0]!.shape]);
  });
});
