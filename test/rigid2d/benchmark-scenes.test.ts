/**
 * Box2D v3's benchmark scenes (scene/builders/box2d-benchmarks.ts): the descriptions have Box2D's
 * counts, each scene builds in a World and steps 60 frames with finite state, and the rain and the
 * joint grid are deterministic (two runs bit-identical).
 */
import { describe, expect, it } from 'vitest';
import {
  BENCHMARK_NAMES,
  type BenchmarkName,
  type BenchmarkRun,
  box2dBenchmark,
  buildBenchmark,
  dynamicCount,
} from '../../src/scene/builders/box2d-benchmarks.js';

const DT = 1 / 60;

function run(name: BenchmarkName, frames: number): BenchmarkRun {
  const r = buildBenchmark(name, 'small');
  for (let i = 0; i < frames; i++) r.step(DT);
  return r;
}

/** x, y, angle, vx, vy, ω of every live body, in scene order. */
function state(r: BenchmarkRun): Float64Array {
  const bodies = r.bodies();
  const out = new Float64Array(6 * bodies.length);
  bodies.forEach(({ id }, k) => {
    const [x, y] = r.world.getPosition(id);
    const [vx, vy] = r.world.getLinearVelocity(id);
    out.set([x, y, r.world.getAngle(id), vx, vy, r.world.getAngularVelocity(id)], 6 * k);
  });
  return out;
}

describe('Box2D benchmark scene descriptions', () => {
  it('have the counts of Box2D v3 benchmarks.c at full size', () => {
    const grid = box2dBenchmark('joint-grid');
    expect(grid.scene.bodies.length).toBe(10_000);
    expect(dynamicCount(grid.scene)).toBe(10_000 - 7);
    expect(grid.scene.joints.length).toBe(19_800);
    expect(dynamicCount(box2dBenchmark('smash').scene)).toBe(9_601);
    const spinner = box2dBenchmark('spinner');
    expect(dynamicCount(spinner.scene)).toBe(6_077); // 6,076 shapes and the paddle
    expect(spinner.scene.joints).toHaveLength(1);
    expect(dynamicCount(box2dBenchmark('tumbler-motor').scene)).toBe(2_026);
  });

  it('rain drops 40 waves of 25 ragdolls (11 bodies, 10 joints each), then re-drops the oldest column', () => {
    const rain = box2dBenchmark('rain');
    let bodies = 0;
    let joints = 0;
    for (let step = 0; step < 40 * 8; step++) {
      for (const a of rain.actions!(step)) {
        expect('create' in a).toBe(true);
        if ('create' in a) {
          bodies += a.batch.bodies.length;
          joints += a.batch.joints.length;
        }
      }
    }
    expect(bodies).toBe(11_000);
    expect(joints).toBe(10_000);
    const wave = rain.actions!(320);
    expect(wave.filter((a) => 'destroy' in a).map((a) => ('destroy' in a ? a.destroy : -1))).toEqual([
      0, 40, 80, 120, 160,
    ]);
    expect(rain.actions!(321)).toEqual([]);
  });
});

describe('Box2D benchmark scenes in the World (small sizes)', () => {
  for (const name of BENCHMARK_NAMES) {
    it(`${name} builds and steps 60 frames with finite state`, () => {
      const r = run(name, 60);
      const s = state(r);
      expect(s.length).toBeGreaterThan(0);
      expect(s.every(Number.isFinite)).toBe(true);
    });
  }

  for (const name of ['rain', 'joint-grid'] as const) {
    it(`${name} is deterministic: two runs give bit-identical state`, () => {
      const a = state(run(name, 60));
      const b = state(run(name, 60));
      expect(b.length).toBe(a.length);
      expect(Buffer.from(b.buffer).equals(Buffer.from(a.buffer))).toBe(true);
    });
  }
});
