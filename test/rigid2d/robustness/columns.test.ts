/**
 * Columns Box2D v3 holds (Catto, Box2D v3 samples; 60 Hz steps, 4 substeps): 100 unit boxes for
 * 30 s, five 1 cm boxes, a box 100 times heavier than the one under it — and the contact ids and
 * contact recycling that make them stand.
 */
import { describe, expect, it } from 'vitest';
import { collidePolygons } from '../../../src/geometry/collide2d.js';
import { Manifold2 } from '../../../src/geometry/manifold2d.js';
import { makeBox, Transform2 } from '../../../src/geometry/shapes2d.js';
import { type SolverSettings, World } from '../../../src/rigid2d/index.js';
import { boxColumn, heavyOnLight, SAMPLE_DT } from '../../../src/scene/builders/box2d-samples.js';

/** Runs a column for `steps` steps; the largest distance of any box from the axis, the top box. */
function runColumn(n: number, half: number, steps: number, solver: SolverSettings = {}) {
  const world = new World({ solver });
  const { boxes } = boxColumn(world, n, half);
  let maxDx = 0;
  for (let s = 0; s < steps; s++) {
    world.step(SAMPLE_DT);
    for (const b of boxes) maxDx = Math.max(maxDx, Math.abs(world.getPosition(b)[0]));
  }
  const top = world.getPosition(boxes[n - 1]!);
  return { world, boxes, maxDx, top };
}

describe('rigid2d columns (Box2D v3 robustness)', () => {
  it('a column of 100 unit boxes stands 30 s: the top box drifts < 0.1 m and stays on top', () => {
    const { world, boxes, maxDx, top } = runColumn(100, 0.5, 1800);
    // measured: 1 mm (native Box2D v3: 0.18 m at its top box)
    expect(Math.abs(top[0])).toBeLessThan(0.1);
    expect(maxDx).toBeLessThan(0.1);
    // the soft contacts carry the weight on springs: it sags 3.5 m, as native Box2D v3 does
    expect(top[1]).toBeGreaterThan(95.5);
    expect(world.isAwake(boxes[0]!)).toBe(false);
  });

  it('the 100-box column falls without contact recycling (the manifold rebuilt every step)', () => {
    // the cause the recycling removes: lever arms that turn with each leaning box
    const { maxDx } = runColumn(100, 0.5, 600, { recycleDistance: 0 });
    expect(maxDx).toBeGreaterThan(1);
  });

  it('a column of five 1 cm boxes stands 30 s (drift under a tenth of a box width)', () => {
    const { maxDx, top } = runColumn(5, 0.005, 1800);
    expect(maxDx).toBeLessThan(0.001);
    expect(top[1]).toBeGreaterThan(0.035);
  });

  it('a box 100 times as dense holds on a light one for 10 s (heavy-on-light 100:1)', () => {
    const world = new World();
    const { light, heavy } = heavyOnLight(world, 100);
    for (let s = 0; s < 600; s++) world.step(SAMPLE_DT);
    const l = world.getPosition(light);
    const h = world.getPosition(heavy);
    expect(Math.abs(l[0])).toBeLessThan(0.01);
    expect(Math.abs(h[0])).toBeLessThan(0.01);
    // stacked: the heavy box rests on the light one (soft contact under 100 times the weight: 3.5 cm)
    expect(h[1] - l[1]).toBeGreaterThan(0.95);
    expect(l[1]).toBeGreaterThan(0.48);
    expect(world.maxPenetration()).toBeLessThan(0.05);
  });
});

describe('rigid2d contact ids (Box2D v3 feature pairs)', () => {
  const box = makeBox(0.5, 0.5);
  const m = new Manifold2();
  const ids = (xfA: Transform2, xfB: Transform2, forced: number) => {
    collidePolygons(box, xfA, box, xfB, 0.02, m, forced);
    const out: Record<number, [number, number]> = {};
    for (let k = 0; k < m.pointCount; k++) out[m.id[k]!] = [m.px[k]!, m.py[k]!];
    return { out, first: m.id[0]!, count: m.pointCount };
  };

  it('a resting pair of equal boxes names its points the same whichever face is the reference', () => {
    const xfA = new Transform2().set(0, 0, 1, 0);
    // B on A, shifted by less than a micrometre: the side planes cut or keep the corners by chance
    for (const shift of [0, 1e-9, -1e-9, 3e-7]) {
      const xfB = new Transform2().set(shift, 0.999, 1, 0);
      const refA = ids(xfA, xfB, 2); // A's top face (edge 2)
      const refB = ids(xfA, xfB, 0x100 | 0); // B's bottom face (edge 0)
      expect(refA.count).toBe(2);
      expect(refB.count).toBe(2);
      expect(Object.keys(refB.out).sort()).toEqual(Object.keys(refA.out).sort());
      for (const id of Object.keys(refA.out)) {
        expect(refB.out[Number(id)]![0]).toBeCloseTo(refA.out[Number(id)]![0], 6);
      }
      // and the same point comes first (the solver visits it first)
      expect(refB.first).toBe(refA.first);
    }
  });

  it('the ids of a resting stack stay the same for 100 steps', () => {
    const world = new World({ enableSleep: false });
    boxColumn(world, 5, 0.5);
    for (let s = 0; s < 30; s++) world.step(SAMPLE_DT);
    const key = () =>
      world
        .contacts()
        .map((c) => `${c.shapeA}-${c.shapeB}:${c.points.map((p) => p.id).join(',')}`)
        .sort()
        .join(' ');
    const k0 = key();
    expect(world.contacts().length).toBe(5);
    for (let s = 0; s < 100; s++) {
      world.step(SAMPLE_DT);
      expect(key()).toBe(k0);
    }
  });
});
