/**
 * XPBD definitions are validated where they enter (cloth, rope, hair and balloon builders,
 * colliders, world settings): enumerations, pins inside the grid, collider geometry, unknown keys,
 * and counts that could only exhaust memory or hang the step.
 */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import {
  addBalloon,
  addCloth,
  addRope,
  type Collider,
  CollisionSet,
  clothMesh,
  XpbdWorld,
} from '../../src/xpbd/index.js';

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

const mesh = () => clothMesh({ nx: 4, ny: 3, width: 1, height: 1 });

describe('cloth', () => {
  it("plane 'yz' is not silently 'xz'", () => {
    expectError(
      () => clothMesh({ nx: 4, ny: 3, width: 1, height: 1, plane: 'yz' as never }),
      'invalid-argument',
      `cloth.plane: expected one of 'xy', 'xz', got string "yz"`,
    );
    expectError(
      () => clothMesh({ nx: 4, ny: 3, width: 1, height: 1, origin: [0, Number.NaN, 0] }),
      'non-finite',
      'cloth.origin[1]: must be a finite number, got NaN',
    );
  });
  it("pin 'bogus', bending 'bogus' and an out-of-range pin are errors", () => {
    const world = new XpbdWorld();
    expectError(
      () => addCloth(world, mesh(), { pin: 'bogus' as never }),
      'invalid-argument',
      /^cloth\.pin: expected one of 'top-corners', 'top-edge', 'left-edge', 'none', got string "bogus"$/,
    );
    expectError(
      () => addCloth(world, mesh(), { bending: 'bogus' as never }),
      'invalid-argument',
      /^cloth\.bending: expected one of 'distance', 'dihedral', 'none'/,
    );
    expectError(
      () => addCloth(world, mesh(), { pin: [[4, 0]] }),
      'invalid-argument',
      'cloth.pin[0][0]: must be <= 3, got 4',
    );
    expectError(
      () => addCloth(world, mesh(), { pin: [[1.5, 0]] }),
      'invalid-argument',
      'cloth.pin[0][0]: must be an integer, got 1.5',
    );
    expectError(
      () => addCloth(world, mesh(), { stretchComplience: 1e-6 } as never),
      'invalid-argument',
      /^cloth\.stretchComplience: unknown field/,
    );
    // nothing was added by the refused calls
    expect(world.particles.count).toBe(0);
    addCloth(world, mesh(), { pin: [[3, 2]], bending: 'dihedral' });
    expect(world.particles.invMass[11]).toBe(0);
  });
});

describe('colliders', () => {
  const set = () => new CollisionSet(new XpbdWorld().particles);
  it('a sphere with a NaN centre or a negative radius is refused', () => {
    expectError(
      () => set().addCollider({ kind: 'sphere', center: [0, Number.NaN, 0], radius: 1 }),
      'non-finite',
      'collision.colliders[0].center[1]: must be a finite number, got NaN',
    );
    expectError(
      () => set().addCollider({ kind: 'sphere', center: [0, 0, 0], radius: -1 }),
      'invalid-argument',
      'collision.colliders[0].radius: must be >= 0, got -1',
    );
  });
  it('other kinds, unknown fields and an unknown kind', () => {
    expectError(
      () => set().addCollider({ kind: 'box', center: [0, 0, 0], half: [1, -1, 1] }),
      'invalid-argument',
      'collision.colliders[0].half[1]: must be >= 0, got -1',
    );
    expectError(
      () => set().addCollider({ kind: 'plane', normal: [0, 0, 0], offset: 0 }),
      'invalid-argument',
      /^collision\.colliders\[0\]\.normal: must be non-zero/,
    );
    expectError(
      () => set().addCollider({ kind: 'cylinder' } as unknown as Collider),
      'invalid-argument',
      /^collision\.colliders\[0\]\.kind: expected one of 'plane', 'sphere'/,
    );
    expectError(
      () => set().addCollider({ kind: 'sphere', center: [0, 0, 0], radius: 1, r: 2 } as unknown as Collider),
      'invalid-argument',
      /^collision\.colliders\[0\]\.r: unknown field/,
    );
    const s = set();
    s.addCollider({ kind: 'sphere', center: [0, 0, 0], radius: 1 });
    expect(s.colliders.length).toBe(1);
  });
});

describe('world settings and builders', () => {
  it('unknown settings, switches and counts that would hang', () => {
    expectError(
      () => new XpbdWorld({ substep: 4 } as never),
      'invalid-argument',
      /^xpbd\.settings\.substep: unknown field/,
    );
    expectError(
      () => new XpbdWorld({ stiffnessCorrection: 'no' as never }),
      'invalid-argument',
      'xpbd.settings.stiffnessCorrection: expected true or false, got string "no"',
    );
    expectError(
      () => new XpbdWorld({ substeps: 1e9 }),
      'invalid-argument',
      'xpbd.settings.substeps: must be <= 1000, got 1000000000',
    );
  });
  it('a rope of 1e9 links or a balloon of 10 subdivisions is refused before allocating', () => {
    const world = new XpbdWorld();
    expectError(
      () => addRope(world, { start: [0, 0, 0], end: [1, 0, 0], links: 1e9 }),
      'invalid-argument',
      'rope.links: must be < 4194304, got 1000000000',
    );
    expectError(
      () => addRope(world, { start: [0, 0, 0], end: [1, 0, 0], links: 3, pinFirst: 'yes' as never }),
      'invalid-argument',
      'rope.pinFirst: expected true or false, got string "yes"',
    );
    expectError(
      () => addBalloon(world, { center: [0, 0, 0], radius: 1, subdivisions: 10 }),
      'invalid-argument',
      'balloon.subdivisions: must be <= 6, got 10',
    );
    expect(world.particles.count).toBe(0);
  });
});
