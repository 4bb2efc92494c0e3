import { describe, expect, it } from 'vitest';
import { type BodyId3, World3 } from '../../../src/rigid3d/index.js';

/** A vertical chain of `n` ball-jointed spheres 0.1 m apart under a static anchor; `tip` kg/m³ hangs at the end. */
function chain(n: number, tipDensity?: number, jointIterations?: number) {
  const w = new World3({ enableSleep: false, jointIterations });
  let prev: BodyId3 = w.createBody({ type: 'static' });
  for (let i = 0; i < n; i++) {
    const b = w.createBody({ position: [0, -(i + 1) * 0.1, 0] });
    w.createShape(b, { kind: 'sphere', radius: 0.04, density: 1000 });
    w.createJoint({ kind: 'ball', bodyA: prev, bodyB: b, anchor: [0, -i * 0.1, 0] });
    prev = b;
  }
  let length = n * 0.1;
  if (tipDensity !== undefined) {
    const tip = w.createBody({ position: [0, -(n + 1) * 0.1, 0] });
    w.createShape(tip, { kind: 'sphere', radius: 0.04, density: tipDensity });
    w.createJoint({ kind: 'ball', bodyA: prev, bodyB: tip, anchor: [0, -n * 0.1, 0] });
    prev = tip;
    length += 0.1;
  }
  return { w, end: prev, length };
}

describe('rigid3d joint chains', () => {
  it('a 40-link chain hanging under gravity stretches under 1 % (once the first fall has settled)', () => {
    const { w, end, length } = chain(40);
    let worst = 0;
    for (let s = 0; s < 240; s++) {
      w.step(1 / 60);
      if (s >= 60) worst = Math.max(worst, -w.getPosition(end)[1] / length - 1);
    }
    expect(worst).toBeLessThan(0.01);
    expect(-w.getPosition(end)[1] / length - 1).toBeGreaterThan(-0.01);
  });

  it('a 100:1 mass hanging on a 20-link chain stretches it under 5 % (4 joint iterations)', () => {
    const { w, end, length } = chain(20, 100 * 1000, 4);
    let worst = 0;
    for (let s = 0; s < 240; s++) {
      w.step(1 / 60);
      worst = Math.max(worst, -w.getPosition(end)[1] / length - 1);
    }
    expect(w.getMass(end) / w.getMass(w.bodyIds()[1]!)).toBeCloseTo(100, 9);
    expect(worst).toBeLessThan(0.05);
    // and every joint carries the weight below it: the top one ≈ the whole chain's weight
    const top = w.jointIds()[0]!;
    let mass = 0;
    for (const id of w.bodyIds()) mass += w.getMass(id);
    expect(Math.abs(w.getJointReactionForce(top)[1] / (10 * mass) - 1)).toBeLessThan(0.2);
  });

  it('a swinging chain of hinges keeps its links joined (anchor gaps under 5 mm on 0.3 m links)', () => {
    const w = new World3({ enableSleep: false });
    let prev: BodyId3 = w.createBody({ type: 'static' });
    const links: BodyId3[] = [];
    for (let i = 0; i < 12; i++) {
      const b = w.createBody({ position: [(i + 0.5) * 0.3, 0, 0] });
      w.createShape(b, {
        kind: 'capsule',
        halfHeight: 0.1,
        radius: 0.04,
        orientation: [0, 0, Math.SQRT1_2, Math.SQRT1_2],
      });
      w.createJoint({ kind: 'hinge', bodyA: prev, bodyB: b, anchor: [i * 0.3, 0, 0], axis: [0, 0, 1] });
      prev = b;
      links.push(b);
    }
    let gap = 0;
    for (let s = 0; s < 300; s++) {
      w.step(1 / 60);
      for (const j of w.jointIds()) {
        const a = w.getJointAnchors(j);
        gap = Math.max(gap, Math.hypot(a[0] - a[3], a[1] - a[4], a[2] - a[5]));
      }
    }
    expect(gap).toBeLessThan(5e-3);
    // planar: a hinge about z keeps every link in the z = 0 plane
    for (const b of links) expect(Math.abs(w.getPosition(b)[2])).toBeLessThan(1e-6);
  });
});
