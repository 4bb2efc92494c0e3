/**
 * Pre-fractured 3D bodies (textbook §26.5 + breakable joints): Voronoi pieces glued by fixed joints
 * at their shared faces hold together under gravity and come apart under a hit.
 */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { fractureBody3 } from '../../src/rigid3d/fracture.js';
import { prefractureBody3 } from '../../src/rigid3d/fracture-glue.js';
import { World3 } from '../../src/rigid3d/world.js';

function scene() {
  const world = new World3({ gravity: [0, -10, 0] });
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfExtents: [10, 0.5, 10], position: [0, -0.5, 0] });
  // a narrow pedestal under the middle: the block's ends overhang by 0.8 m
  world.createShape(ground, { kind: 'box', halfExtents: [0.2, 0.5, 0.5], position: [0, 0.5, 0] });
  const block = world.createBody({ position: [0, 1.5, 0] });
  world.createShape(block, { kind: 'box', halfExtents: [1, 0.5, 0.5], density: 1000 });
  return { world, block };
}

/** The largest change of any two pieces' centre distance between two moments. */
function pairDrift(a: number[][], b: number[][]): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++)
    for (let j = i + 1; j < a.length; j++) {
      const d0 = Math.hypot(a[i]![0]! - a[j]![0]!, a[i]![1]! - a[j]![1]!, a[i]![2]! - a[j]![2]!);
      const d1 = Math.hypot(b[i]![0]! - b[j]![0]!, b[i]![1]! - b[j]![1]!, b[i]![2]! - b[j]![2]!);
      worst = Math.max(worst, Math.abs(d1 - d0));
    }
  return worst;
}

describe('prefractureBody3', () => {
  it('glued pieces of a 1000 kg block keep its mass and hold together over a narrow pedestal for 2 s', () => {
    const { world, block } = scene();
    const mass = world.getMass(block);
    const res = prefractureBody3(world, block, { breakForce: 1e7, breakTorque: 1e7 }, { count: 10, seed: 4 });
    expect(res.bodies.length).toBe(10);
    expect(res.joints.length).toBe(res.neighbours.length);
    expect(res.joints.length).toBeGreaterThanOrEqual(9);
    const m = res.bodies.reduce((s, b) => s + world.getMass(b), 0);
    expect(Math.abs(m - mass) / mass).toBeLessThan(1e-9);
    const start = res.bodies.map((b) => world.getWorldCenter(b));
    let broken = 0;
    for (let i = 0; i < 120; i++) {
      world.step(1 / 60);
      broken += world.events().jointBreak.length;
    }
    expect(broken).toBe(0);
    expect(
      pairDrift(
        start,
        res.bodies.map((b) => world.getWorldCenter(b)),
      ),
    ).toBeLessThan(5e-3);
  });

  it('without the glue the same pieces fall off the pedestal', () => {
    const { world, block } = scene();
    const res = fractureBody3(world, block, { count: 10, seed: 4 });
    const start = res.bodies.map((b) => world.getWorldCenter(b));
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(
      pairDrift(
        start,
        res.bodies.map((b) => world.getWorldCenter(b)),
      ),
    ).toBeGreaterThan(0.3);
  });

  it('a heavy ball breaks the glue where it hits; the pieces there come loose', () => {
    const { world, block } = scene();
    const res = prefractureBody3(world, block, { breakForce: 2e4, breakTorque: 2e4 }, { count: 10, seed: 4 });
    const ball = world.createBody({ position: [0.7, 1.5, 4], linearVelocity: [0, 0, -15] });
    world.createShape(ball, { kind: 'sphere', radius: 0.4, density: 8000 });
    let broken = 0;
    for (let i = 0; i < 90; i++) {
      world.step(1 / 60);
      broken += world.events().jointBreak.length;
    }
    expect(broken).toBeGreaterThan(0);
    expect(broken).toBeLessThanOrEqual(res.joints.length);
  });

  it('refuses a break force that is not positive', () => {
    const { world, block } = scene();
    expect(() => prefractureBody3(world, block, { breakForce: 0 })).toThrow(PhysicsError);
    expect(world.isValid(block)).toBe(true);
  });
});
