import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { World } from '../../src/rigid2d/index.js';

function throwsWith(fn: () => unknown, code: string, message: string | RegExp) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PhysicsError);
    expect((e as PhysicsError).code).toBe(code);
    if (typeof message === 'string') expect((e as Error).message).toBe(message);
    else expect((e as Error).message).toMatch(message);
    return;
  }
  throw new Error('expected a PhysicsError');
}

describe('rigid2d bad input from the API', () => {
  const world = new World();
  const body = world.createBody();

  it('rejects NaN and ±Infinity with the field named', () => {
    throwsWith(
      () => world.createBody({ position: [Number.NaN, 0] }),
      'non-finite',
      'body.position[0]: must be a finite number, got NaN',
    );
    throwsWith(
      () => world.createBody({ angle: Number.POSITIVE_INFINITY }),
      'non-finite',
      'body.angle: must be a finite number, got Infinity',
    );
    throwsWith(
      () => world.createShape(body, { kind: 'box', halfWidth: Number.NEGATIVE_INFINITY, halfHeight: 1 }),
      'non-finite',
      'shape.halfWidth: must be a finite number, got -Infinity',
    );
    throwsWith(
      () => world.createShape(body, { kind: 'circle', radius: Number.NaN }),
      'non-finite',
      'shape.radius: must be a finite number, got NaN',
    );
    throwsWith(() => world.step(Number.NaN), 'non-finite', 'step(dt): must be a finite number, got NaN');
  });

  it('rejects negative density, friction, restitution and damping', () => {
    throwsWith(
      () => world.createShape(body, { kind: 'circle', radius: 1, density: -1 }),
      'invalid-argument',
      'shape.density: must be >= 0, got -1',
    );
    throwsWith(
      () => world.createShape(body, { kind: 'circle', radius: 1, friction: -0.1 }),
      'invalid-argument',
      'shape.friction: must be >= 0, got -0.1',
    );
    throwsWith(
      () => world.createShape(body, { kind: 'circle', radius: 1, restitution: 1.5 }),
      'invalid-argument',
      'shape.restitution: must be <= 1, got 1.5',
    );
    throwsWith(
      () => world.createBody({ linearDamping: -2 }),
      'invalid-argument',
      'body.linearDamping: must be >= 0, got -2',
    );
    throwsWith(() => world.step(-1 / 60), 'invalid-argument', /step\(dt\): must be > 0/);
  });

  it('rejects degenerate, zero-area and non-convex shapes', () => {
    throwsWith(
      () => world.createShape(body, { kind: 'box', halfWidth: 0, halfHeight: 1 }),
      'degenerate-shape',
      'shape.halfWidth: must be > 0, got 0',
    );
    throwsWith(
      () => world.createShape(body, { kind: 'circle', radius: 0 }),
      'degenerate-shape',
      'shape.radius: must be > 0, got 0',
    );
    throwsWith(
      () => world.createShape(body, { kind: 'capsule', p1: [1, 1], p2: [1, 1], radius: 0.5 }),
      'degenerate-shape',
      /shape: the two points must differ/,
    );
    throwsWith(
      () =>
        world.createShape(body, {
          kind: 'polygon',
          vertices: [
            [0, 0],
            [1, 0],
            [2, 0],
          ],
        }),
      'degenerate-shape',
      'shape.vertices: zero area (collinear or repeated points)',
    );
    throwsWith(
      () =>
        world.createShape(body, {
          kind: 'polygon',
          vertices: [
            [0, 0],
            [2, 0],
            [1, 0.2],
            [2, 2],
            [0, 2],
          ],
        }),
      'degenerate-shape',
      /shape.vertices: not strictly convex at vertex/,
    );
    throwsWith(
      () =>
        world.createShape(body, {
          kind: 'polygon',
          vertices: [
            [0, 0],
            [1, 0],
          ],
        }),
      'degenerate-shape',
      'shape.vertices: need 3 to 8 points, got 2',
    );
    throwsWith(
      () =>
        world.createShape(body, {
          kind: 'polygon',
          vertices: Array.from({ length: 9 }, (_, i) => [Math.cos(i), Math.sin(i)] as [number, number]),
        }),
      'degenerate-shape',
      'shape.vertices: need 3 to 8 points, got 9',
    );
    throwsWith(
      () =>
        world.createShape(body, {
          kind: 'polygon',
          vertices: [
            [0, 0],
            [1, Number.NaN],
            [0, 1],
          ],
        }),
      'non-finite',
      'shape.vertices[1][1]: must be a finite number, got NaN',
    );
  });

  it('rejects unknown kinds, types and solver settings', () => {
    throwsWith(
      () => world.createShape(body, { kind: 'blob' } as never),
      'invalid-argument',
      /shape.kind: expected 'box'/,
    );
    throwsWith(
      () => world.createBody({ type: 'floating' as never }),
      'invalid-argument',
      /body.type: expected/,
    );
    throwsWith(
      () => new World({ solver: { substeps: 0 } }),
      'invalid-argument',
      'world.solver.substeps: must be an integer >= 1, got 0',
    );
    throwsWith(
      () => new World({ solver: { positionCorrection: 'magic' as never } }),
      'invalid-argument',
      /world.solver.positionCorrection: expected 'soft-step'/,
    );
    throwsWith(
      () => new World({ gravity: [0, Number.NaN] }),
      'non-finite',
      'world.gravity[1]: must be a finite number, got NaN',
    );
  });

  it('stale handles fail loudly after destruction (generation counter)', () => {
    const w = new World();
    const b = w.createBody();
    const s = w.createShape(b, { kind: 'circle', radius: 0.5 });
    w.destroyBody(b);
    throwsWith(() => w.getPosition(b), 'stale-handle', /body: \d+ is not a live body of this world/);
    throwsWith(() => w.getShapeBody(s), 'stale-handle', /shape: \d+ is not a live shape/);
    const b2 = w.createBody(); // reuses the slot with a new generation
    expect(b2).not.toBe(b);
    expect(() => w.getPosition(b2)).not.toThrow();
    throwsWith(() => w.getPosition(b), 'stale-handle', /not a live body/);
  });
});
