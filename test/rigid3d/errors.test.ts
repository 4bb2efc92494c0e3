import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { World3 } from '../../src/rigid3d/index.js';

function code(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(PhysicsError);
    return `${(e as PhysicsError).code}: ${(e as Error).message}`;
  }
  return 'no error';
}

describe('rigid3d bad input', () => {
  const world = new World3();
  const body = world.createBody();

  it('NaN anywhere names the field', () => {
    expect(code(() => world.createBody({ position: [0, Number.NaN, 0] }))).toMatch(
      /^non-finite: body\.position\[1\]/,
    );
    expect(code(() => world.createBody({ linearVelocity: [0, 0, Number.POSITIVE_INFINITY] }))).toMatch(
      /body\.linearVelocity\[2\]/,
    );
    expect(code(() => world.createShape(body, { kind: 'sphere', radius: Number.NaN }))).toMatch(
      /shape\.radius/,
    );
    expect(code(() => world.createShape(body, { kind: 'box', halfExtents: [1, Number.NaN, 1] }))).toMatch(
      /shape\.halfExtents\[1\]/,
    );
    expect(code(() => world.step(Number.NaN))).toMatch(/^non-finite: step\(dt\)/);
    expect(code(() => world.applyForce(body, [Number.NaN, 0, 0]))).toMatch(/force\[0\]/);
    expect(code(() => new World3({ gravity: [0, Number.NaN, 0] }))).toMatch(/world\.gravity\[1\]/);
  });

  it('negative density and zero-size shapes are refused', () => {
    expect(code(() => world.createShape(body, { kind: 'sphere', radius: 1, density: -1 }))).toMatch(
      /^invalid-argument: shape\.density: must be >= 0, got -1/,
    );
    expect(code(() => world.createShape(body, { kind: 'sphere', radius: 0 }))).toMatch(
      /^degenerate-shape: shape\.radius/,
    );
    expect(code(() => world.createShape(body, { kind: 'box', halfExtents: [1, 0, 1] }))).toMatch(
      /^degenerate-shape: shape\.halfExtents\[1\]/,
    );
    expect(code(() => world.createShape(body, { kind: 'capsule', halfHeight: -1, radius: 1 }))).toMatch(
      /^degenerate-shape: shape\.halfHeight/,
    );
    expect(code(() => world.createShape(body, { kind: 'cylinder', halfHeight: 1, radius: 0 }))).toMatch(
      /^degenerate-shape: shape\.radius/,
    );
  });

  it('quaternions: within 1e-6 of unit length they are normalised, further off refused', () => {
    const s = Math.SQRT1_2 * (1 + 5e-7);
    const id = world.createBody({ orientation: [0, 0, s, s] });
    const q = world.getOrientation(id);
    expect(Math.hypot(...q)).toBeCloseTo(1, 15);
    expect(code(() => world.createBody({ orientation: [0, 0, 1, 1] }))).toMatch(
      /^invalid-argument: body\.orientation: must be a unit quaternion/,
    );
    expect(code(() => world.createBody({ orientation: [0, 0, 0, 0] }))).toMatch(/body\.orientation/);
    expect(
      code(() => world.createShape(body, { kind: 'sphere', radius: 1, orientation: [1, 1, 0, 0] })),
    ).toMatch(/shape\.orientation/);
    expect(code(() => world.setTransform(body, [0, 0, 0], [0, 0, 0, 2]))).toMatch(
      /^invalid-argument: orientation/,
    );
  });

  it('settings, types and handles', () => {
    expect(code(() => new World3({ gyroscopic: 'sometimes' as never }))).toMatch(
      /world\.gyroscopic: expected 'implicit'/,
    );
    expect(code(() => new World3({ friction: 'square' as never }))).toMatch(/world\.friction/);
    expect(code(() => world.createBody({ type: 'floating' as never }))).toMatch(/body\.type/);
    expect(code(() => world.createShape(body, { kind: 'sphere', radius: 1, restitution: 2 }))).toMatch(
      /shape\.restitution: must be <= 1/,
    );
    expect(code(() => world.step(-1))).toMatch(/step\(dt\): must be > 0/);
    const gone = world.createBody();
    world.destroyBody(gone);
    expect(code(() => world.getPosition(gone))).toMatch(/^stale-handle/);
    const other = new World3();
    expect(code(() => other.getPosition(body))).toMatch(/another world/);
    expect(code(() => world.createBody({ position: [1e13, 0, 0] }))).toMatch(
      /body\.position\[0\]: magnitude/,
    );
  });

  it('a step that leaves a body non-finite throws non-finite naming the body', () => {
    const w = new World3({ gravity: [0, 0, 0] });
    const b = w.createBody();
    w.createShape(b, { kind: 'sphere', radius: 1 });
    w.applyForce(b, [1e30, 0, 0]);
    w.step(1 / 60);
    // overflow through repeated huge forces
    for (let k = 0; k < 20; k++) w.applyForce(b, [1e30, 0, 0]);
    w.bodies.vx[w.bodySlot(b)] = Number.POSITIVE_INFINITY;
    expect(code(() => w.step(1 / 60))).toMatch(/^non-finite: rigid3d\.bodies\[0\] \(body \d+\)/);
  });
});
