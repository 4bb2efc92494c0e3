import { describe, expect, it } from 'vitest';
import {
  type AddClothOptions,
  addCloth,
  type ClothOptions,
  clothMesh,
  colorCount,
  isValidColoring,
  type XpbdSettings,
  XpbdWorld,
} from '../../src/xpbd/index.js';

/** The textbook's cloth: 13×13 particles, 1.2 m, hung by its two top corners (textbook §26.3). */
function seedCloth(
  settings: Partial<XpbdSettings>,
  options: AddClothOptions = {},
  mesh: Partial<ClothOptions> = {},
) {
  const world = new XpbdWorld({ gravity: [0, -9.81, 0], ...settings });
  const cloth = addCloth(
    world,
    clothMesh({ nx: 13, ny: 13, width: 1.2, height: 1.2, plane: 'xy', ...mesh }),
    {
      bending: 'none',
      ...options,
    },
  );
  return { world, cloth };
}

function run(world: XpbdWorld, seconds: number): void {
  const frames = Math.round(seconds * 60);
  for (let f = 0; f < frames; f++) world.step(1 / 60);
}

function hangingLength(world: XpbdWorld): number {
  const x = world.particles.x;
  let minY = Number.POSITIVE_INFINITY;
  for (let i = 0; i < world.particles.count; i++) minY = Math.min(minY, x[3 * i + 1]);
  return -minY;
}

function maxDiff(a: Float64Array, b: Float64Array, n: number): number {
  let d = 0;
  for (let k = 0; k < 3 * n; k++) d = Math.max(d, Math.abs(a[k] - b[k]));
  return d;
}

// §26.5: "26.3節の布は8色を使いました" — the textbook's cloth figures come from the 8-colour order.
describe('§26.3 PBD cloth: stiffness depends on the iteration count (textbook figures, ±25%)', () => {
  const figures = [
    { iterations: 1, stretch: 1.05, hang: 1.5 },
    { iterations: 4, stretch: 0.28, hang: 1.28 },
    { iterations: 16, stretch: 0.07, hang: 1.22 },
  ];
  for (const f of figures) {
    it(`§26.3 13×13 cloth, ${f.iterations} iteration(s), 60 Hz, 3 s: max stretch ≈ ${f.stretch * 100}%, hanging ≈ ${f.hang} m`, () => {
      const { world, cloth } = seedCloth({
        integrator: 'pbd',
        substeps: 1,
        iterations: f.iterations,
        order: 'colored',
      });
      run(world, 3);
      const stretch = cloth.stretch.maxStretch(world.particles.x);
      expect(stretch).toBeGreaterThan(0.75 * f.stretch);
      expect(stretch).toBeLessThan(1.25 * f.stretch);
      expect(hangingLength(world)).toBeGreaterThan(0.75 * f.hang);
      expect(hangingLength(world)).toBeLessThan(1.25 * f.hang);
    });
  }

  it('§26.3 more iterations make the same PBD cloth stiffer (1 → 4 → 16)', () => {
    const s = [1, 4, 16].map((n) => {
      const { world, cloth } = seedCloth({ integrator: 'pbd', substeps: 1, iterations: n });
      run(world, 3);
      return cloth.stretch.maxStretch(world.particles.x);
    });
    expect(s[0]).toBeGreaterThan(2 * s[1]);
    expect(s[1]).toBeGreaterThan(2 * s[2]);
  });

  it('the fused velocity-update/predict pass is bit-identical to the separate stages (trace on forces them)', () => {
    const a = seedCloth({ substeps: 10, drag: 0.3 }, { stretchCompliance: 1e-5 });
    const b = seedCloth({ substeps: 10, drag: 0.3 }, { stretchCompliance: 1e-5 });
    b.world.trace = () => {};
    run(a.world, 0.5);
    run(b.world, 0.5);
    const n = 3 * a.world.particles.count;
    for (let k = 0; k < n; k++) {
      expect(a.world.particles.x[k]).toBe(b.world.particles.x[k]);
      expect(a.world.particles.v[k]).toBe(b.world.particles.v[k]);
    }
  });

  it('Jakobsen Verlet relaxation of the same constraints gives the PBD cloth (velocity implicit in x_n − x_{n−1})', () => {
    const a = seedCloth({ integrator: 'pbd', substeps: 1, iterations: 4 });
    const b = seedCloth({ integrator: 'verlet', substeps: 1, iterations: 4 });
    run(a.world, 1);
    run(b.world, 1);
    expect(maxDiff(a.world.particles.x, b.world.particles.x, a.world.particles.count)).toBeLessThan(1e-9);
  });
});

describe('XPBD compliance and damping (Macklin, Müller, Chentanez 2016)', () => {
  it('XPBD converges as iterations grow; raw PBD stiffness (no k′) keeps stiffening', () => {
    const xpbd = [4, 16, 32, 64].map((n) => {
      const { world, cloth } = seedCloth(
        { substeps: 1, iterations: n, drag: 2 },
        { stretchCompliance: 0.01 },
      );
      run(world, 5);
      return cloth.stretch.maxStretch(world.particles.x);
    });
    // converged: 32 and 64 iterations agree within 2% of each other, and the cloth stays stretchy
    expect(Math.abs(xpbd[3] - xpbd[2]) / xpbd[3]).toBeLessThan(0.02);
    expect(xpbd[3]).toBeGreaterThan(0.15);
    const pbd = [4, 64].map((n) => {
      const { world, cloth } = seedCloth(
        { integrator: 'pbd', substeps: 1, iterations: n, drag: 2, stiffnessCorrection: false },
        { stiffness: 0.5 },
      );
      run(world, 5);
      return cloth.stretch.maxStretch(world.particles.x);
    });
    expect(pbd[0]).toBeGreaterThan(5 * pbd[1]);
  });

  it('k′ = 1 − (1 − k)^(1/n) removes most of the iteration dependence of PBD with k = 0.5', () => {
    const s = [4, 64].map((n) => {
      const { world, cloth } = seedCloth(
        { integrator: 'pbd', substeps: 1, iterations: n, drag: 2 },
        { stiffness: 0.5 },
      );
      run(world, 5);
      return cloth.stretch.maxStretch(world.particles.x);
    });
    expect(s[1] / s[0]).toBeGreaterThan(0.8);
  });

  it('the settled cloth is the same at 20 and 30 substeps (within 2 mm)', () => {
    const a = seedCloth({ substeps: 20, drag: 2 }, { stretchCompliance: 1e-4 });
    const b = seedCloth({ substeps: 30, drag: 2 }, { stretchCompliance: 1e-4 });
    run(a.world, 5);
    run(b.world, 5);
    expect(maxDiff(a.world.particles.x, b.world.particles.x, a.world.particles.count)).toBeLessThan(2e-3);
  });

  it('Macklin 2019: at equal cost (20 solves per frame), 20 substeps × 1 iteration stretch less than 1 × 20', () => {
    const sub = seedCloth({ substeps: 20, iterations: 1 });
    const its = seedCloth({ substeps: 1, iterations: 20 });
    run(sub.world, 3);
    run(its.world, 3);
    const sSub = sub.cloth.stretch.maxStretch(sub.world.particles.x);
    const sIts = its.cloth.stretch.maxStretch(its.world.particles.x);
    expect(sSub).toBeLessThan(0.25 * sIts);
  });
});

describe('§26.5 solver orders', () => {
  it('the cloth carries the 8-colour colouring of textbook §26.5, and it is valid', () => {
    const { world, cloth } = seedCloth({});
    const col = cloth.stretch.coloring!;
    expect(colorCount(col)).toBe(8);
    expect(isValidColoring(cloth.stretch, col, world.particles.count)).toBe(true);
  });

  it('Gauss–Seidel, Jacobi and coloured Gauss–Seidel agree on the settled cloth (within 2 cm, hanging within 1%)', () => {
    const results = (['gauss-seidel', 'jacobi', 'colored'] as const).map((order) => {
      const { world } = seedCloth({ substeps: 20, drag: 2, order }, { stretchCompliance: 1e-4 });
      run(world, 5);
      return world;
    });
    const n = results[0].particles.count;
    for (const w of results.slice(1)) {
      expect(maxDiff(results[0].particles.x, w.particles.x, n)).toBeLessThan(0.02);
      expect(Math.abs(hangingLength(w) / hangingLength(results[0]) - 1)).toBeLessThan(0.01);
    }
    // coloured GS is an exact Gauss–Seidel order: much closer to GS than Jacobi is
    expect(maxDiff(results[0].particles.x, results[2].particles.x, n)).toBeLessThan(2e-3);
  });

  it('the cloth stored row by row and colour by colour (the default) settle alike, both Gauss–Seidel orders', () => {
    const results = (['rows', 'colors'] as const).map((constraintOrder) => {
      const { world, cloth } = seedCloth(
        { substeps: 20, drag: 2 },
        { stretchCompliance: 1e-4, constraintOrder },
      );
      run(world, 5);
      expect(isValidColoring(cloth.stretch, cloth.stretch.coloring!, world.particles.count)).toBe(true);
      return { world, cloth };
    });
    const [rows, colors] = results;
    // colour storage: the colouring is the identity permutation, so 'colored' is the same sweep
    const order = colors.cloth.stretch.coloring!.order;
    expect(order.every((c, k) => c === k)).toBe(true);
    expect(rows.cloth.stretch.coloring!.order.every((c, k) => c === k)).toBe(false);
    const n = rows.world.particles.count;
    expect(maxDiff(rows.world.particles.x, colors.world.particles.x, n)).toBeLessThan(2e-3);
    expect(Math.abs(hangingLength(colors.world) / hangingLength(rows.world) - 1)).toBeLessThan(0.01);
  });
});
