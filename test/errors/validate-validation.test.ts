/**
 * The validation kit keeps messages small and safe (core/errors.ts, core/validate.ts): echoed values
 * are shortened, containers are named rather than printed (no recursion on untrusted depth), whole
 * messages are capped, and the API kit gives `non-finite` for NaN / ±∞.
 */
import { describe, expect, it } from 'vitest';
import { assertFinite, firstNonFinite, MAX_MESSAGE, PhysicsError, shorten } from '../../src/core/errors.js';
import { apiChecks, sceneChecks, show } from '../../src/core/validate.js';

function nested(depth: number): unknown {
  let a: unknown[] = [];
  for (let i = 0; i < depth; i++) a = [a];
  return a;
}

describe('echoed values', () => {
  it('a long string keeps 80 characters and says how long it was', () => {
    expect(shorten('abc')).toBe('abc');
    expect(shorten('x'.repeat(5_000_000))).toBe(`${'x'.repeat(80)}… (5000000 characters)`);
    expect(show('x'.repeat(1000))).toBe(`string "${'x'.repeat(79)}… (1002 characters)`);
    expect(show(3)).toBe('number 3');
  });
  it('an array nested 100,000 deep is named, not printed (no stack overflow)', () => {
    const deep = nested(100_000);
    expect(show(deep)).toBe('an array');
    expect(() => assertFinite(deep as never, 'x')).toThrow('x: must be a finite number, got an array');
    expect(() => sceneChecks.number(deep, 'scene.x')).toThrow('scene.x: expected a number, got an array');
  });
  it('an unknown key is shortened and a message is at most 2000 characters', () => {
    const key = 'k'.repeat(100_000);
    try {
      sceneChecks.object({ [key]: 1 }, 'scene', ['a']);
      throw new Error('expected an error');
    } catch (e) {
      expect((e as Error).message).toBe(
        `scene.${'k'.repeat(80)}… (100000 characters): unknown field (expected one of: a)`,
      );
    }
    expect(new PhysicsError('io', 'y'.repeat(10_000)).message.length).toBeLessThan(MAX_MESSAGE + 40);
  });
});

describe('the kits', () => {
  it('apiChecks: invalid-argument for a wrong value, non-finite for NaN', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as PhysicsError).code;
      }
      return 'none';
    };
    expect(code(() => apiChecks.number(Number.NaN, 'a'))).toBe('non-finite');
    expect(code(() => apiChecks.number(-1, 'a', { min: 0 }))).toBe('invalid-argument');
    expect(code(() => sceneChecks.number(Number.NaN, 'a'))).toBe('invalid-scene');
    expect(() => apiChecks.array([1, 2, 3], 'a', 0, 2)).toThrow('a: at most 2 entries, got 3');
  });
  it('firstNonFinite finds the first NaN or ∞, or −1', () => {
    const a = new Float64Array(10);
    expect(firstNonFinite(a)).toBe(-1);
    a[7] = Number.NEGATIVE_INFINITY;
    a[8] = Number.NaN;
    expect(firstNonFinite(a)).toBe(7);
    expect(firstNonFinite(a, 7)).toBe(-1);
  });
});
