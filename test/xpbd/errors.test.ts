import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import {
  addCloth,
  addRope,
  assertClosedManifold,
  clothMesh,
  DistanceSet,
  FollowTheLeaderSet,
  MeshVolumeSet,
  Particles,
  TetVolumeSet,
  XpbdWorld,
} from '../../src/xpbd/index.js';

function expectError(fn: () => unknown, code: string, text: RegExp): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PhysicsError);
    expect((e as PhysicsError).code).toBe(code);
    expect((e as PhysicsError).message).toMatch(text);
    return;
  }
  throw new Error('expected a PhysicsError');
}

describe('bad input gives clear errors', () => {
  it('zero-length rest edges', () => {
    const p = new Particles();
    p.add(0, 0, 0, 1);
    p.add(0, 0, 0, 1);
    expectError(
      () => new DistanceSet().add(p, 0, 1),
      'degenerate-shape',
      /distance\[0\]\.rest: rest length must be > 0/,
    );
    expectError(
      () => new DistanceSet().add(p, 0, 1, 0),
      'degenerate-shape',
      /rest length must be > 0, got 0/,
    );
    const h = new FollowTheLeaderSet();
    expectError(
      () => h.addStrand(p, [0, 1]),
      'degenerate-shape',
      /hair\[0\]\.segment\[0\]: rest length must be > 0/,
    );
  });

  it('constraints whose particles are all pinned', () => {
    const p = new Particles();
    p.add(0, 0, 0, 0);
    p.add(1, 0, 0, 0);
    p.add(0, 1, 0, 0);
    p.add(0, 0, 1, 0);
    expectError(
      () => new DistanceSet().add(p, 0, 1),
      'invalid-argument',
      /both particles 0 and 1 are pinned/,
    );
    expectError(
      () => new TetVolumeSet().add(p, 0, 1, 2, 3),
      'invalid-argument',
      /all four particles are pinned/,
    );
  });

  it('NaN positions, at creation and if a step produced them', () => {
    const p = new Particles();
    expectError(
      () => p.add(Number.NaN, 0, 0, 1),
      'non-finite',
      /particles\[0\]\.x: must be a finite number, got NaN/,
    );
    expectError(
      () => p.add(0, 0, 0, -1),
      'invalid-argument',
      /particles\[0\]\.invMass: must be >= 0, got -1/,
    );
    const world = new XpbdWorld({ substeps: 2 });
    addRope(world, { start: [0, 0, 0], end: [1, 0, 0], links: 3 });
    world.particles.x[4] = Number.NaN; // corrupted from outside
    expectError(
      () => world.step(1 / 60),
      'non-finite',
      /xpbd\.particles\[\d\]: position\/velocity must be finite/,
    );
  });

  it('bad settings and steps', () => {
    expectError(
      () => new XpbdWorld({ substeps: 0 }),
      'invalid-argument',
      /substeps: must be an integer >= 1, got 0/,
    );
    const world = new XpbdWorld();
    expectError(() => world.step(-1), 'invalid-argument', /step\.dt: must be > 0, got -1/);
    expectError(() => clothMesh({ nx: 1, ny: 5, width: 1, height: 1 }), 'invalid-argument', /cloth\.nx/);
    expectError(
      () => clothMesh({ nx: 3, ny: 3, width: 0, height: 1 }),
      'degenerate-shape',
      /cloth\.width: must be > 0/,
    );
  });

  it('non-manifold or open meshes where a closed manifold is required', () => {
    // an open cloth mesh cannot hold a volume
    const mesh = clothMesh({ nx: 3, ny: 3, width: 1, height: 1 });
    expectError(
      () => assertClosedManifold(mesh.triangles, 9, 'balloon'),
      'degenerate-shape',
      /balloon: not a closed oriented manifold — edge \d+→\d+ is used 1 time\(s\) and \d+→\d+ 0 time\(s\)/,
    );
    // three triangles on one edge (non-manifold)
    const p = new Particles();
    for (const q of [
      [0, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
      [0, -1, 0],
    ]) {
      p.add(q[0], q[1], q[2], 1);
    }
    expectError(
      () => new MeshVolumeSet(p, [0, 1, 2, 3, 4], [0, 1, 2, 1, 0, 3, 0, 1, 4]),
      'degenerate-shape',
      /mesh-volume: not a closed oriented manifold/,
    );
    // a world's cloth with everything pinned has no constraints to solve, but builds fine
    const w = new XpbdWorld();
    const c = addCloth(w, clothMesh({ nx: 2, ny: 2, width: 1, height: 1 }), {
      pin: [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ],
    });
    expect(c.stretch.size()).toBe(0);
  });
});
