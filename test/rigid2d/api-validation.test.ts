/**
 * The rigid2d definitions are validated at the API boundary like scene files: unknown keys, the
 * types of the switches, integer filter bits, the solver's per-step counts and the magnitudes that
 * can only overflow throw a PhysicsError naming the path.
 */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { World } from '../../src/rigid2d/index.js';

function expectError(f: () => unknown, code: string, message: string | RegExp) {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(PhysicsError);
    expect((e as PhysicsError).code).toBe(code);
    if (typeof message === 'string') expect((e as Error).message).toBe(message);
    else expect((e as Error).message).toMatch(message);
    return;
  }
  throw new Error(`expected a PhysicsError ${code}`);
}

describe('unknown keys', () => {
  const world = new World();
  const body = world.createBody();
  it('a misspelt or foreign body field is named', () => {
    expectError(
      () => world.createBody({ positon: [1, 2] } as never),
      'invalid-argument',
      /^body\.positon: unknown field \(expected one of: type, position, angle,/,
    );
    // `mass` is a scene-file field, not a BodyDef one
    expectError(
      () => world.createBody({ mass: -1 } as never),
      'invalid-argument',
      /^body\.mass: unknown field/,
    );
  });
  it('shape, chain, world, solver and joint definitions', () => {
    expectError(
      () => world.createShape(body, { kind: 'circle', radius: 1, halfWidth: 2 } as never),
      'invalid-argument',
      /^shape\.halfWidth: unknown field/,
    );
    expectError(
      () =>
        world.createChain(body, {
          points: [
            [0, 0],
            [1, 0],
          ],
          closed: true,
        } as never),
      'invalid-argument',
      /^chain\.closed: unknown field/,
    );
    expectError(
      () => new World({ gravty: [0, -10] } as never),
      'invalid-argument',
      /^world\.gravty: unknown field/,
    );
    expectError(
      () => new World({ solver: { substep: 4 } as never }),
      'invalid-argument',
      /^world\.solver\.substep: unknown field/,
    );
    const other = world.createBody({ position: [2, 0] });
    expectError(
      () =>
        world.createJoint({ kind: 'revolute', bodyA: body, bodyB: other, motorSpeed: 1, speed: 2 } as never),
      'invalid-argument',
      /^joint\.speed: unknown field/,
    );
  });
});

describe('types and ranges', () => {
  it('filter bits must be integers (0.5 would truncate to 0 and collide with nothing)', () => {
    const world = new World();
    const body = world.createBody();
    expectError(
      () =>
        world.createShape(body, { kind: 'box', halfWidth: 1, halfHeight: 1, filter: { categoryBits: 0.5 } }),
      'invalid-argument',
      'shape.filter.categoryBits: must be an integer, got 0.5',
    );
    expectError(
      () =>
        world.createShape(body, { kind: 'box', halfWidth: 1, halfHeight: 1, filter: { maskBits: 2 ** 32 } }),
      'invalid-argument',
      'shape.filter.maskBits: must be <= 4294967295, got 4294967296',
    );
    expectError(
      () =>
        world.createShape(body, { kind: 'box', halfWidth: 1, halfHeight: 1, filter: { groupIndex: 1.5 } }),
      'invalid-argument',
      'shape.filter.groupIndex: must be an integer, got 1.5',
    );
  });
  it('switches must be booleans ("no" is truthy)', () => {
    expectError(
      () => new World({ enableSleep: 'no' } as never),
      'invalid-argument',
      'world.enableSleep: expected true or false, got string "no"',
    );
    const world = new World();
    expectError(
      () => world.createBody({ bullet: 1 } as never),
      'invalid-argument',
      'body.bullet: expected true or false, got number 1',
    );
    const b = world.createBody();
    expectError(
      () => world.createShape(b, { kind: 'circle', radius: 1, isSensor: 'yes' } as never),
      'invalid-argument',
      'shape.isSensor: expected true or false, got string "yes"',
    );
    expectError(
      () => world.setAwake(b, 'no' as never),
      'invalid-argument',
      'setAwake(awake): expected true or false, got string "no"',
    );
    expectError(
      () => world.setSolver({ warmStarting: 0 } as never),
      'invalid-argument',
      'solver.warmStarting: expected true or false, got number 0',
    );
  });
  it('solver counts are capped as in the scene format (substeps ≤ 64, iterations ≤ 1000)', () => {
    expectError(
      () => new World({ solver: { substeps: 1e9 } }),
      'invalid-argument',
      'world.solver.substeps: must be <= 64, got 1000000000',
    );
    expectError(
      () => new World().setSolver({ iterations: 5000 }),
      'invalid-argument',
      'solver.iterations: must be <= 1000, got 5000',
    );
    expectError(
      () => new World({ solver: { trace: 'log' } as never }),
      'invalid-argument',
      'world.solver.trace: expected a function, got string "log"',
    );
    // at the caps is accepted
    new World({ solver: { substeps: 64, iterations: 1000 } });
  });
});

describe('magnitudes that can only overflow', () => {
  it('polygon coordinates of 1e300 are refused before any geometry is made', () => {
    const world = new World();
    const body = world.createBody();
    expectError(
      () =>
        world.createShape(body, {
          kind: 'polygon',
          vertices: [
            [0, 0],
            [1e300, 0],
            [0, 1e300],
          ],
        }),
      'invalid-argument',
      'shape.vertices[1][0]: magnitude must be <= 1000000000000, got 1e+300',
    );
    expectError(
      () => world.createShape(body, { kind: 'circle', radius: 1e300 }),
      'invalid-argument',
      'shape.radius: magnitude must be <= 1000000000000, got 1e+300',
    );
    expectError(
      () => world.createShape(body, { kind: 'box', halfWidth: 1, halfHeight: 1, center: [1e300, 0] }),
      'invalid-argument',
      'shape.center[0]: magnitude must be <= 1000000000000, got 1e+300',
    );
    expectError(
      () =>
        world.createChain(body, {
          points: [
            [0, 0],
            [0, -1e21],
          ],
        }),
      'invalid-argument',
      'chain.points[1][1]: magnitude must be <= 1000000000000, got -1e+21',
    );
    expectError(
      () => world.createShape(body, { kind: 'circle', radius: 1, density: 1e300 }),
      'invalid-argument',
      'shape.density: magnitude must be <= 1e+30, got 1e+300',
    );
    expect(world.getBodyShapes(body)).toEqual([]);
  });
  it('gravity, gravity scale and force points', () => {
    expectError(
      () => new World({ gravity: [0, -1e300] }),
      'invalid-argument',
      'world.gravity[1]: magnitude must be <= 1000000000000, got -1e+300',
    );
    const world = new World();
    expectError(() => world.setGravity([1e13, 0]), 'invalid-argument', /^gravity\[0\]: magnitude/);
    expectError(
      () => world.createBody({ gravityScale: 1e300 }),
      'invalid-argument',
      /^body\.gravityScale: magnitude/,
    );
    const b = world.createBody();
    world.createShape(b, { kind: 'circle', radius: 1 });
    expectError(() => world.applyForce(b, [1, 0], [0, 1e300]), 'invalid-argument', /^point\[1\]: magnitude/);
    expectError(
      () => world.applyLinearImpulse(b, [1, 0], [1e300, 0]),
      'invalid-argument',
      /^point\[0\]: magnitude/,
    );
  });
  it('joint setters: motor speed, motor torque, limits and mouse target', () => {
    const world = new World();
    const a = world.createBody({ type: 'static' });
    const b = world.createBody({ position: [1, 0] });
    world.createShape(b, { kind: 'circle', radius: 0.2 });
    const j = world.createJoint({ kind: 'revolute', bodyA: a, bodyB: b });
    expectError(
      () => world.setJointMotor(j, { motorSpeed: 1e200 }),
      'invalid-argument',
      /^joint\.motorSpeed: magnitude/,
    );
    expectError(
      () => world.setJointMotor(j, { maxMotorTorque: 1e300 }),
      'invalid-argument',
      /^joint\.maxMotorTorque: magnitude/,
    );
    expectError(() => world.setJointLimits(j, -1e300, 0), 'invalid-argument', /^joint\.lower: magnitude/);
    const m = world.createJoint({ kind: 'mouse', bodyA: a, bodyB: b, target: [1, 0] });
    expectError(
      () => world.setMouseTarget(m, [1e300, 0]),
      'invalid-argument',
      /^joint\.target\[0\]: magnitude/,
    );
  });
  it('a valid world still builds and steps', () => {
    const world = new World({ gravity: [0, -10], enableSleep: false, solver: { substeps: 4 } });
    const ground = world.createBody({ type: 'static' });
    world.createShape(ground, {
      kind: 'box',
      halfWidth: 5,
      halfHeight: 0.5,
      filter: { categoryBits: 1, maskBits: 0xffffffff },
    });
    const box = world.createBody({ position: [0, 2], bullet: false, userData: 'box' });
    world.createShape(box, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, isSensor: false });
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(world.getPosition(box)[1]).toBeCloseTo(1, 1);
  });
});
