import { describe, expect, it } from 'vitest';
import { StateHasher } from '../../src/core/hash.js';

describe('StateHasher', () => {
  it('is bit-exact: −0 and +0, and the last bit of a double, change the digest', () => {
    const d = (xs: number[]) => {
      const h = new StateHasher();
      for (const x of xs) h.addFloat(x);
      return h.digest();
    };
    expect(d([1, 2, 3])).toBe(d([1, 2, 3]));
    expect(d([0])).not.toBe(d([-0]));
    expect(d([1])).not.toBe(d([1 + Number.EPSILON]));
    expect(d([1, 2])).not.toBe(d([2, 1]));
    expect(d([])).not.toBe(d([0]));
    expect(d([1, 2, 3])).toMatch(/^[0-9a-f]{16}$/);
  });
  it('pins digests (the same in every JavaScript engine: 32-bit integer operations only)', () => {
    const h = new StateHasher();
    h.addInt(42).addFloat(Math.PI).addString('rikigaku');
    expect(h.digest()).toBe(h.digest());
    const pinned = h.digest();
    expect(new StateHasher().addInt(42).addFloat(Math.PI).addString('rikigaku').digest()).toBe(pinned);
    expect(new StateHasher().digest()).toMatchInlineSnapshot(`"ebb6c228d9aaf7d3"`);
  });
  it('spreads: 10,000 consecutive integers give 10,000 different digests', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) seen.add(new StateHasher().addInt(i).digest());
    expect(seen.size).toBe(10_000);
  });
});
