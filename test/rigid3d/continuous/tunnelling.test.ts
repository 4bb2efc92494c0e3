import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../../src/core/errors.js';
import { Heightfield3 } from '../../../src/geometry/shapes3d.js';
import { Prng } from '../../../src/math/prng.js';
import { type BodyId3, World3, type WorldDef3 } from '../../../src/rigid3d/index.js';

const WALL_HALF = 0.005; // a 0.01 m wall
const DT = 1 / 60;

/** A static 0.01 m wall in the plane x = 0 (4 m × 4 m). */
function wallWorld(def: WorldDef3 = {}, friction = 0.6): World3 {
  const w = new World3({ gravity: [0, 0, 0], ...def });
  const wall = w.createBody({ type: 'static' });
  w.createShape(wall, { kind: 'box', halfExtents: [WALL_HALF, 2, 2], friction });
  return w;
}

/**
 * One seeded trial: a body starts 0.2–(speed·dt + 0.2) m before the wall (so the crossing falls
 * anywhere within a step) with a slightly tilted velocity towards it; after enough steps to pass
 * the wall twice over, its centre must still be on the near side.
 */
function trial(
  rng: Prng,
  speed: number,
  kind: 'sphere' | 'box',
  def?: WorldDef3,
  bullet = false,
  friction = 0.6,
): number {
  const w = wallWorld(def, friction);
  const start = -(0.2 + rng.range(0, speed * DT));
  const y = rng.range(-1, 1);
  const z = rng.range(-1, 1);
  const b = w.createBody({
    position: [start, y, z],
    linearVelocity: [speed, rng.range(-0.05, 0.05) * speed, rng.range(-0.05, 0.05) * speed],
    angularVelocity:
      kind === 'box' ? [rng.range(-40, 40), rng.range(-40, 40), rng.range(-40, 40)] : [0, 0, 0],
    orientation: kind === 'box' ? randomQuat(rng) : undefined,
    bullet,
  });
  if (kind === 'sphere') w.createShape(b, { kind: 'sphere', radius: 0.05, friction });
  else w.createShape(b, { kind: 'box', halfExtents: [0.05, 0.05, 0.05], friction });
  const steps = Math.ceil((-start + 1) / (speed * DT)) + 2;
  for (let s = 0; s < steps; s++) w.step(DT);
  return w.getWorldCenter(b)[0];
}

function randomQuat(rng: Prng): [number, number, number, number] {
  const q = [rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)];
  const l = Math.hypot(...q);
  return [q[0]! / l, q[1]! / l, q[2]! / l, q[3]! / l];
}

describe('no tunnelling (continuous collision, conservative advancement)', () => {
  // A ball that grazes the wall picks up a fast spin from friction and may dig up to about half its
  // radius into the face before the contact pushes it out; it never reaches the wall's middle.
  it('a 0.05 m sphere at 500 m/s never passes a 0.01 m static wall (1,000 seeded trials)', () => {
    const rng = new Prng(12);
    let worst = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < 1000; k++) worst = Math.max(worst, trial(rng, 500, 'sphere'));
    expect(worst).toBeLessThan(-WALL_HALF);
  });

  it('on a frictionless wall it stops a radius before the face, within the slop (1,000 trials)', () => {
    const rng = new Prng(16);
    let worst = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < 1000; k++) worst = Math.max(worst, trial(rng, 500, 'sphere', {}, false, 0));
    expect(worst).toBeLessThan(-WALL_HALF - 0.05 + 0.006);
  });

  it('the same at 10 m/s (1,000 seeded trials)', () => {
    const rng = new Prng(13);
    let worst = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < 1000; k++) worst = Math.max(worst, trial(rng, 10, 'sphere'));
    expect(worst).toBeLessThan(-WALL_HALF - 0.05 + 0.006);
  });

  it('a fast tumbling box (0.1 m, 500 m/s, up to 40 rad/s) never passes the wall (500 trials)', () => {
    const rng = new Prng(14);
    let worst = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < 500; k++) worst = Math.max(worst, trial(rng, 500, 'box'));
    expect(worst).toBeLessThan(-WALL_HALF);
  });

  it('without the continuous stage the sphere does pass (the test can fail)', () => {
    const rng = new Prng(12);
    let passed = 0;
    for (let k = 0; k < 100; k++) if (trial(rng, 500, 'sphere', { continuous: false }) > 0) passed++;
    expect(passed).toBeGreaterThan(90);
  });

  it('bullets are swept even with the stage switched off', () => {
    const rng = new Prng(15);
    let worst = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < 100; k++)
      worst = Math.max(worst, trial(rng, 500, 'sphere', { continuous: false }, true, 0));
    expect(worst).toBeLessThan(-WALL_HALF - 0.05 + 0.006);
  });

  it('a bullet does not pass a thin dynamic plate; a plain fast body does', () => {
    // the ball's centre in the plate's frame, largest over the run (the plate turns when hit off-centre)
    const run = (bullet: boolean): number => {
      const w = new World3({ gravity: [0, 0, 0] });
      const plate = w.createBody({ position: [0, 0, 0] });
      w.createShape(plate, { kind: 'box', halfExtents: [0.01, 0.5, 0.5], density: 1000 });
      const b = w.createBody({ position: [-1, 0.05, 0], linearVelocity: [300, 0, 0], bullet });
      w.createShape(b, { kind: 'sphere', radius: 0.03, density: 8000 });
      let worst = Number.NEGATIVE_INFINITY;
      for (let s = 0; s < 20; s++) {
        w.step(DT);
        const c = w.getWorldCenter(b);
        const p = w.getWorldCenter(plate);
        const q = w.getOrientation(plate);
        // the plate's local x axis in world
        const ax = 1 - 2 * (q[1] * q[1] + q[2] * q[2]);
        const ay = 2 * (q[0] * q[1] + q[3] * q[2]);
        const az = 2 * (q[0] * q[2] - q[3] * q[1]);
        worst = Math.max(worst, (c[0] - p[0]) * ax + (c[1] - p[1]) * ay + (c[2] - p[2]) * az);
      }
      expect(w.getLinearVelocity(plate)[0]).toBeGreaterThan(bullet ? 5 : -1);
      return worst;
    };
    expect(run(true)).toBeLessThan(-0.01);
    expect(run(false)).toBeGreaterThan(0.5);
  });

  // The impact on a tilted triangle keeps the tangential part of the velocity (up to 40 m/s here),
  // so the check is the impact itself: two steps after the drop every ball was stopped on the field.
  it('balls dropped at 400 m/s on a bumpy heightfield are stopped at its surface', () => {
    const w = new World3();
    const n = 9;
    const heights: number[] = [];
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) heights.push(0.1 * Math.sin(c) * Math.cos(r));
    const ground = w.createBody({ type: 'static' });
    w.createShape(ground, { kind: 'geometry', shape: new Heightfield3(n, n, heights, 1) });
    const balls: BodyId3[] = [];
    const rng = new Prng(4);
    for (let k = 0; k < 40; k++) {
      const b = w.createBody({
        position: [rng.range(-3, 3), rng.range(1, 6), rng.range(-3, 3)],
        linearVelocity: [0, -400, 0],
      });
      w.createShape(b, { kind: 'sphere', radius: 0.05 });
      balls.push(b);
    }
    w.step(DT);
    expect(w.lastStep.continuousMoved).toBe(40);
    w.step(DT);
    for (const b of balls) {
      // above the lowest sample by the radius (less a little penetration), and no longer falling fast
      expect(w.getWorldCenter(b)[1]).toBeGreaterThan(-0.1 + 0.05 - 0.01);
      expect(Math.abs(w.getLinearVelocity(b)[1])).toBeLessThan(10);
    }
  });

  it('refuses a bullet flag or continuous switch that is not a boolean, naming the field', () => {
    const w = new World3();
    expect(() => w.createBody({ bullet: 'yes' as unknown as boolean })).toThrow(PhysicsError);
    expect(() => w.createBody({ bullet: 1 as unknown as boolean })).toThrow(
      /body\.bullet: must be a boolean/,
    );
    expect(() => new World3({ continuous: 0 as unknown as boolean })).toThrow(
      /world\.continuous: must be a boolean/,
    );
    const b = w.createBody({ bullet: true });
    expect(w.isBullet(b)).toBe(true);
    w.setBullet(b, false);
    expect(w.isBullet(b)).toBe(false);
    expect(() => w.setBullet(b, null as unknown as boolean)).toThrow(/setBullet\(bullet\)/);
    // a refused body leaves no slot behind
    expect(w.bodyCount).toBe(1);
  });
});
