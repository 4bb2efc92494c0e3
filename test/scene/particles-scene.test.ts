import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScene } from '../../src/scene/index.js';
import { parseParticlesScene } from '../../src/scene/particles-format.js';
import { ParticlesInstance } from '../../src/scene/particles-instance.js';

const EXAMPLE = join(import.meta.dirname, '../../examples/scenes/particles-dam-break.json');

function scene(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    format: 'rikigaku/particles@1',
    method: 'dfsph',
    domain: { min: [0, 0], max: [0.3, 0.2] },
    spacing: 0.01,
    blocks: [{ min: [0, 0], max: [0.08, 0.12] }],
    ...over,
  };
}

describe('rikigaku/particles@1 scenes', () => {
  it('the example runs in every method, keeps its particles and draws', () => {
    const json = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as Record<string, unknown>;
    for (const method of ['dfsph', 'sph', 'pbf', 'flip']) {
      const params = method === 'sph' ? { substeps: 30 } : method === 'flip' ? {} : { substeps: 6 };
      const inst = loadScene(JSON.stringify({ ...json, method, parameters: params })) as ParticlesInstance;
      const n = inst.stats().particles!;
      // 15 × 30 lattice points; none falls on the step
      expect(n).toBe(450);
      for (let f = 0; f < 20; f++) inst.step();
      const st = inst.stats();
      expect(st.particles).toBe(n);
      expect(Number.isFinite(st.time)).toBe(true);
      if (method === 'flip') expect(Math.abs(st.volumePercent! - 100)).toBeLessThan(3);
      else expect(st.densityErrorPercent!).toBeLessThan(5);
    }
  });

  it('leaves out the particles of a block inside an obstacle (clamped, not an error)', () => {
    const s = parseParticlesScene(scene({ obstacles: [{ min: [0, 0], max: [0.04, 0.04] }] }));
    const inst = new ParticlesInstance(s);
    // 8 × 12 lattice points, the 4 × 4 in the corner box left out
    expect(inst.stats().particles).toBe(96 - 16);
  });

  it('the obstacle holds the liquid back: a box across the tank keeps the water on its side', () => {
    const inst = new ParticlesInstance(
      parseParticlesScene(
        scene({ obstacles: [{ min: [0.12, 0], max: [0.15, 0.2] }], parameters: { substeps: 6 } }),
      ),
    );
    for (let f = 0; f < 30; f++) inst.step();
    const { x, first } = inst.liquid.positions();
    let beyond = 0;
    for (let k = 0; k < inst.liquid.count(); k++) if (x[3 * (first + k)]! > 0.15) beyond++;
    expect(beyond).toBe(0);
  });

  it('rejects a kernel radius that does not match the spacing, naming the field', () => {
    expect(() => parseParticlesScene(scene({ kernelRadius: 0.1 }))).toThrow(
      /scene\.kernelRadius: must be between 1\.5 and 5 particle spacings .* got 0\.1 \(10\.000 spacings\)/,
    );
    expect(() => parseParticlesScene(scene({ kernelRadius: 0.012 }))).toThrow(/scene\.kernelRadius/);
    // FLIP: the cell must hold 2 – 8 particles
    expect(() => parseParticlesScene(scene({ method: 'flip', kernelRadius: 0.04 }))).toThrow(
      /scene\.kernelRadius: FLIP's cell .*\(16\.00 particles per cell\)/,
    );
    expect(() => parseParticlesScene(scene({ method: 'flip', kernelRadius: 0.02 }))).not.toThrow();
  });

  it('rejects non-finite and out-of-range parameters, naming the field', () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ spacing: Number.POSITIVE_INFINITY }, /scene\.spacing: .*finite/],
      [{ dt: -1 }, /scene\.dt: must be > 0/],
      [{ gravity: [0, Number.NaN] }, /scene\.gravity\[1\]/],
      [{ restDensity: 0 }, /scene\.restDensity/],
      [{ parameters: { substeps: 0 } }, /scene\.parameters\.substeps: must be >= 1/],
      [{ parameters: { viscosity: Number.POSITIVE_INFINITY } }, /scene\.parameters\.viscosity/],
      [
        { parameters: { iterations: 4 } },
        /scene\.parameters: unknown field 'iterations'|scene\.parameters.*iterations/,
      ],
      [{ method: 'pbf', parameters: { xsph: 2 } }, /scene\.parameters\.xsph: must be <= 1/],
      [{ method: 'flip', parameters: { transfer: 'magic' } }, /scene\.parameters\.transfer/],
      [{ method: 'lbm' }, /scene\.method/],
      [{ format: 'rikigaku/particles@2' }, /scene\.format/],
      [{ bogus: 1 }, /bogus/],
    ];
    for (const [over, re] of bad)
      expect(() => parseParticlesScene(scene(over)), JSON.stringify(over)).toThrow(re);
  });

  it('rejects particles outside the domain, naming the block and the corner', () => {
    expect(() => parseParticlesScene(scene({ blocks: [{ min: [0, 0], max: [0.4, 0.1] }] }))).toThrow(
      /scene\.blocks\[0\]\.max\[0\]: outside the domain \(above 0\.3\), got 0\.4/,
    );
    expect(() =>
      parseParticlesScene(
        scene({
          blocks: [
            { min: [0, 0], max: [0.1, 0.1] },
            { min: [0.1, -0.05], max: [0.2, 0.1] },
          ],
        }),
      ),
    ).toThrow(/scene\.blocks\[1\]\.min\[1\]: outside the domain/);
    expect(() => parseParticlesScene(scene({ obstacles: [{ min: [0.2, 0], max: [0.35, 0.1] }] }))).toThrow(
      /scene\.obstacles\[0\]\.max\[0\]/,
    );
    expect(() => parseParticlesScene(scene({ blocks: [{ min: [0.1, 0], max: [0.05, 0.1] }] }))).toThrow(
      /scene\.blocks\[0\]\.max\[0\]: must exceed min\[0\]/,
    );
    expect(() => parseParticlesScene(scene({ blocks: [] }))).toThrow(/scene\.blocks/);
    expect(() =>
      parseParticlesScene(scene({ spacing: 0.0001, blocks: [{ min: [0, 0], max: [0.3, 0.2] }] })),
    ).toThrow(/scene\.blocks: seed 6000000 particles, more than the limit/);
  });
});
