import { describe, expect, it } from 'vitest';
import { World } from '../../src/rigid2d/index.js';

const dt = 1 / 60;

/** A square loop of side 2·half centred at the origin; counter-clockwise unless `clockwise`. */
function square(half: number, clockwise: boolean): [number, number][] {
  const p: [number, number][] = [
    [-half, -half],
    [half, -half],
    [half, half],
    [-half, half],
  ];
  return clockwise ? p.reverse() : p;
}

describe('rigid2d one-sided chains (ghost vertices, front = right of the chain direction)', () => {
  it('a box slides across the joins of a one-sided flat chain without catching or being kicked up', () => {
    const world = new World({ enableSleep: false });
    const g = world.createBody({ type: 'static' });
    // listed right to left, so the front (right-hand) side faces up
    const pts: [number, number][] = [];
    for (let i = 40; i >= -10; i--) pts.push([i, 0]);
    world.createChain(g, { points: pts, friction: 0, oneSided: true });
    const box = world.createBody({ position: [0, 0.5], linearVelocity: [5, 0] });
    world.createShape(box, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, friction: 0 });
    let minVx = Number.POSITIVE_INFINITY;
    let maxVy = Number.NEGATIVE_INFINITY;
    let maxY = 0;
    let minY = 1;
    for (let i = 0; i < 240; i++) {
      world.step(dt);
      const [vx, vy] = world.getLinearVelocity(box);
      minVx = Math.min(minVx, vx);
      if (i > 10) maxVy = Math.max(maxVy, vy);
      const y = world.getPosition(box)[1];
      maxY = Math.max(maxY, y);
      minY = Math.min(minY, y);
    }
    expect(minVx).toBeGreaterThan(4.99); // smooth: no catching at the 20 joins it crosses
    expect(maxVy).toBeLessThan(0.01); // no upward kick
    expect(maxY).toBeLessThan(0.51);
    expect(minY).toBeGreaterThan(0.48); // and it is held by the front face
    expect(world.getPosition(box)[0]).toBeCloseTo(20, 1);
  });

  it('a ball inside a counter-clockwise one-sided loop falls through its back side; one on top rests on the front', () => {
    const world = new World({ enableSleep: false });
    const g = world.createBody({ type: 'static' });
    world.createChain(g, { points: square(2, false), loop: true, oneSided: true });
    const inside = world.createBody({ position: [0, 0] });
    world.createShape(inside, { kind: 'circle', radius: 0.3 });
    const onTop = world.createBody({ position: [0, 2.5] });
    world.createShape(onTop, { kind: 'circle', radius: 0.3 });
    for (let i = 0; i < 120; i++) world.step(dt);
    expect(world.getPosition(inside)[1]).toBeLessThan(-3); // through the bottom segment's back
    expect(world.getPosition(onTop)[1]).toBeGreaterThan(2.25); // resting on the top segment's front
    expect(world.getPosition(onTop)[1]).toBeLessThan(2.31);
  });

  it('a clockwise one-sided loop faces inwards and holds a box; the same loop two-sided also does', () => {
    for (const oneSided of [true, false]) {
      const world = new World({ enableSleep: false });
      const g = world.createBody({ type: 'static' });
      world.createChain(g, { points: square(2, true), loop: true, oneSided });
      const box = world.createBody({ position: [0.3, 0], angle: 0.3 });
      world.createShape(box, { kind: 'box', halfWidth: 0.4, halfHeight: 0.4 });
      for (let i = 0; i < 180; i++) world.step(dt);
      const [x, y] = world.getPosition(box);
      expect(y).toBeGreaterThan(-1.65); // on the floor (y = −2 + 0.4 minus slop)
      expect(y).toBeLessThan(-1.55);
      expect(Math.abs(x)).toBeLessThan(1.6);
    }
  });
});
