/**
 * Water follows the engines' one non-finite policy (docs/design.md): a NaN in the pool's columns or
 * balls, or in the ocean's heights, throws `non-finite` naming the column or cell; the options are
 * checked at construction.
 */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { HeightFieldPool } from '../../src/water/heightfield-pool.js';
import { Ocean } from '../../src/water/ocean.js';

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

const pool = () => new HeightFieldPool({ nx: 10, ny: 8, spacing: 0.05, depth: 0.3 });

describe('height-field pool', () => {
  it('a NaN column is named after the step (code non-finite)', () => {
    const p = pool();
    p.step(0.01);
    p.velocity[3 + 10 * 4] = Number.NaN;
    expectError(
      () => p.step(0.01),
      'non-finite',
      /^pool\.columns\[43\] \(column 3, row 4\): height\/velocity must be finite/,
    );
  });
  it('a NaN ball is named', () => {
    const p = pool();
    const ball = p.addBall({ x: 0.25, y: 0.2, z: 0.3, vz: 0, radius: 0.05, mass: 0.1 });
    ball.vz = Number.NaN;
    expectError(() => p.step(0.01), 'non-finite', /^pool\.(balls\[0\]|columns\[\d+\])/);
  });
  it('options, balls and disturbances are checked', () => {
    expectError(
      () => new HeightFieldPool({ nx: 10, ny: 8, spacing: 0.05, depth: 0.3, dampnig: 1 } as never),
      'invalid-argument',
      /^pool\.dampnig: unknown field/,
    );
    expectError(
      () => new HeightFieldPool({ nx: 10, ny: 8, spacing: 0.05, depth: 0.3, gravity: -9.81 }),
      'invalid-argument',
      'pool.gravity: must be > 0, got -9.81',
    );
    expectError(
      () => new HeightFieldPool({ nx: 1e6, ny: 1e6, spacing: 0.05, depth: 0.3 }),
      'invalid-argument',
      /^pool\.nx: 1000000 × 1000000 columns is more than the limit/,
    );
    const p = pool();
    expectError(() => p.disturb(0.2, 0.2, 0, 0.01), 'invalid-argument', 'disturb.radius: must be > 0, got 0');
    expect(p.height.every((h) => Number.isFinite(h))).toBe(true);
  });
});

describe('FFT ocean', () => {
  const uniform = () => {
    let s = 1;
    return () => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  };
  it('options are checked (spectrum name, resolution cap, the random source)', () => {
    expectError(
      () => new Ocean({ resolution: 16, spectrum: 'pierson' as never, uniform: uniform() }),
      'invalid-argument',
      /^ocean\.spectrum: expected one of 'phillips', 'jonswap'/,
    );
    expectError(
      () => new Ocean({ resolution: 4096, uniform: uniform() }),
      'invalid-argument',
      'ocean.resolution: must be a power of two from 4 to 2048, got 4096',
    );
    expectError(
      () => new Ocean({ resolution: 16 } as never),
      'invalid-argument',
      /^ocean\.uniform: expected a function/,
    );
  });
  it('a NaN spectrum gives a non-finite error at the step, not NaN heights', () => {
    const ocean = new Ocean({ resolution: 16, uniform: uniform() });
    ocean.step(0.1);
    ocean.h0Re[5] = Number.NaN;
    expectError(() => ocean.step(0.1), 'non-finite', /^ocean\.height: cell \(\d+, \d+\) is NaN/);
  });
});
