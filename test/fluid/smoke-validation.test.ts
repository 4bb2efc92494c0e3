/**
 * SmokeSim options and splats are validated at the API boundary (fluid/smoke-options.ts), the grid
 * size is capped before anything is allocated, and a step that leaves a NaN in a cell throws
 * `non-finite` naming the field and the cell (the engines' one non-finite policy).
 */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { MacGrid } from '../../src/fluid/mac-grid.js';
import { SmokeSim } from '../../src/fluid/smoke.js';

function expectError(f: () => unknown, code: string, message: string | RegExp) {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(PhysicsError);
    expect((e as PhysicsError).code).toBe(code);
    if (typeof message === 'string') expect((e as Error).message).toBe(message);
    else expect((e as Error).message).toMatch(message);
    return;
  }
  throw new Error(`expected a PhysicsError ${code}`);
}

describe('SmokeSim options', () => {
  it('an unknown pressure solver is an error, not a silent Jacobi', () => {
    expectError(
      () => new SmokeSim({ nx: 8, ny: 8, solver: 'magic' as never }),
      'invalid-argument',
      /^smoke\.solver: expected one of 'jacobi', .*got string "magic"$/,
    );
  });
  it('unknown keys, switch types and schemes', () => {
    expectError(
      () => new SmokeSim({ nx: 8, ny: 8, vorticty: 2 } as never),
      'invalid-argument',
      /^smoke\.vorticty: unknown field/,
    );
    expectError(
      () => new SmokeSim({ nx: 8, ny: 8, conserveSmoke: 'no' as never }),
      'invalid-argument',
      'smoke.conserveSmoke: expected true or false, got string "no"',
    );
    expectError(
      () => new SmokeSim({ nx: 8, ny: 8, scalarAdvection: 'lagrange' as never }),
      'invalid-argument',
      /^smoke\.scalarAdvection: expected one of/,
    );
    expectError(
      () => new SmokeSim({ nx: 8, ny: 8, velocityAdvection: 'conservative' as never }),
      'invalid-argument',
      /^smoke\.velocityAdvection: expected one of 'semi-lagrangian', 'maccormack', 'bfecc'/,
    );
    expectError(
      () => new SmokeSim({ nx: 8, ny: 8, open: { top: true } as never }),
      'invalid-argument',
      /^smoke\.open\.top: unknown field/,
    );
    expectError(
      () => new SmokeSim({ nx: 8, ny: 8, sources: [{ x: 0.5, y: 0.5, radius: 0.1, colour: 1 } as never] }),
      'invalid-argument',
      /^smoke\.sources\[0\]\.colour: unknown field/,
    );
  });
  it('a solver or scheme changed after construction to an unknown name throws at the step', () => {
    const sim = new SmokeSim({ nx: 8, ny: 8 });
    (sim as { solver: string }).solver = 'magic';
    expectError(
      () => sim.step(1 / 60),
      'invalid-argument',
      /^pressure\.solver: expected one of .*got string "magic"$/,
    );
    const other = new SmokeSim({ nx: 8, ny: 8 });
    (other as { scalarAdvection: string }).scalarAdvection = 'magic';
    expectError(
      () => other.step(1 / 60),
      'invalid-argument',
      /^advection\.scheme: expected one of .*got string "magic"$/,
    );
  });
  it('iterations and work per step are bounded', () => {
    expectError(
      () => new SmokeSim({ nx: 8, ny: 8, solver: 'jacobi', tolerance: 0, pressureIterations: 1e9 }),
      'invalid-argument',
      'smoke.pressureIterations: must be <= 10000, got 1000000000',
    );
    expectError(
      () => new SmokeSim({ nx: 1024, ny: 1024, solver: 'sor', pressureIterations: 500 }),
      'invalid-argument',
      /^smoke\.pressureIterations: 500 iterations on 1048576 cells with tolerance 0/,
    );
  });
  it('a 1e6 × 1e6 grid is refused before any allocation (not a RangeError)', () => {
    expectError(
      () => new MacGrid({ nx: 1e6, ny: 1e6 }),
      'invalid-argument',
      'grid.nx: 1000000 × 1000000 = 1000000000000 cells is more than the limit of 4194304 cells',
    );
    expectError(
      () => new SmokeSim({ nx: 1e6, ny: 1e6 }),
      'invalid-argument',
      /more than the limit of 4194304/,
    );
  });
});

describe('splat and the non-finite check', () => {
  it('splat(NaN, …) and NaN amounts are refused; the field stays finite', () => {
    const sim = new SmokeSim({ nx: 8, ny: 8 });
    expectError(
      () => sim.splat(Number.NaN, 0.5, 0.2, 1 / 60, { density: 1 }),
      'non-finite',
      'smoke.splat.x: must be a finite number, got NaN',
    );
    expectError(
      () => sim.splat(0.5, 0.5, 0.2, 1 / 60, { density: Number.POSITIVE_INFINITY }),
      'non-finite',
      'smoke.splat.amounts.density: must be a finite number, got Infinity',
    );
    expectError(
      () => sim.splat(0.5, 0.5, -1, 1 / 60, { density: 1 }),
      'invalid-argument',
      'smoke.splat.radius: must be > 0, got -1',
    );
    expectError(
      () => sim.splat(0.5, 0.5, 0.2, 1 / 60, { densty: 1 } as never),
      'invalid-argument',
      /^smoke\.splat\.amounts\.densty: unknown field/,
    );
    expect(sim.density.every((d) => d === 0)).toBe(true);
  });
  it('a NaN that reaches the state is named with its cell after the step', () => {
    const sim = new SmokeSim({ nx: 8, ny: 8 });
    sim.step(1 / 60);
    sim.heat[sim.grid.cellIndex(3, 5)] = Number.NaN;
    expectError(
      () => sim.step(1 / 60),
      'non-finite',
      /^smoke\.(density|heat): cell \(\d, \d\) is NaN after step 2;/,
    );
    const fresh = new SmokeSim({ nx: 8, ny: 8 });
    fresh.grid.u[fresh.grid.uIndex(4, 2)] = Number.POSITIVE_INFINITY;
    expectError(
      () => fresh.step(1 / 60),
      'non-finite',
      /^smoke\.\w+: (cell|face) \(\d, \d\) is (NaN|-?Infinity) after step 1;/,
    );
  });
  it('a finite simulation steps without a throw', () => {
    const sim = new SmokeSim({
      nx: 8,
      ny: 8,
      sources: [{ x: 0.5, y: 0.2, radius: 0.2, density: 1, temperature: 1 }],
    });
    for (let s = 0; s < 20; s++) sim.step(1 / 60);
    expect(sim.totalSmoke()).toBeGreaterThan(0);
  });
});
