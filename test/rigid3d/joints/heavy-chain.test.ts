import { describe, expect, it } from 'vitest';
import { type BodyId3, World3 } from '../../../src/rigid3d/index.js';

/**
 * A vertical chain of `n` ball-jointed 1000 kg/m³ spheres 0.1 m apart under a static anchor with a
 * 100 × denser sphere (100:1) at its end, at the world's default solver settings. `tipFirst`
 * creates the bodies and joints from the load up (the joints packed far end first).
 */
function heavyChain(n: number, tipFirst: boolean) {
  const w = new World3({ enableSleep: false });
  const anchor = w.createBody({ type: 'static' });
  const order = [...Array(n + 1).keys()];
  if (tipFirst) order.reverse();
  const ids: BodyId3[] = [];
  for (const i of order) {
    ids[i] = w.createBody({ position: [0, -(i + 1) * 0.1, 0] });
    w.createShape(ids[i]!, { kind: 'sphere', radius: 0.04, density: i === n ? 100 * 1000 : 1000 });
  }
  for (const i of order)
    w.createJoint({
      kind: 'ball',
      bodyA: i === 0 ? anchor : ids[i - 1]!,
      bodyB: ids[i]!,
      anchor: [0, -i * 0.1, 0],
    });
  return { w, ids, length: (n + 1) * 0.1 };
}

describe('rigid3d: a 100:1 load on a chain at the default settings', () => {
  for (const tipFirst of [false, true]) {
    it(`stretches the chain under 5 % from its release on (${tipFirst ? 'built from the load up' : 'built from the anchor down'})`, () => {
      const { w, ids, length } = heavyChain(20, tipFirst);
      const tip = ids[20]!;
      expect(w.getMass(tip) / w.getMass(ids[0]!)).toBeCloseTo(100, 9);
      let mass = 0;
      for (const id of ids) mass += w.getMass(id);
      const top = w.jointIds().find((j) => w.getJointAnchors(j)[1] === 0)!;
      let worst = 0;
      let reaction = 0;
      for (let s = 0; s < 240; s++) {
        w.step(1 / 60);
        worst = Math.max(worst, -w.getPosition(tip)[1] / length - 1);
        if (s >= 120) reaction += w.getJointReactionForce(top)[1] / 120;
      }
      expect(worst).toBeLessThan(0.05);
      // and the anchor carries the whole weight (the mean over the last 2 s: the velocity passes'
      // impulses, which the projection's ordering and weights leave alone)
      expect(Math.abs(reaction / (10 * mass) - 1)).toBeLessThan(0.1);
      for (const id of ids) for (const v of w.getPosition(id)) expect(Number.isFinite(v)).toBe(true);
    });
  }
});
