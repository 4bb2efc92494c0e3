import { describe, expect, it } from 'vitest';
import { assertFinite, PhysicsError } from '../src/core/errors.js';

describe('PhysicsError', () => {
  it('carries a stable code and a message naming the field', () => {
    expect(() => assertFinite(Number.NaN, 'body.mass')).toThrow(PhysicsError);
    expect(() => assertFinite(Number.POSITIVE_INFINITY, 'body.mass')).toThrow(
      /body\.mass: must be a finite number/,
    );
    expect(assertFinite(2, 'x')).toBe(2);
  });
});
