import { describe, expect, it } from 'vitest';
import { pyFixed, pyRepr } from '../../src/labs/format.js';

// expected strings printed by CPython 3 (`repr(x)` and `'%.6f' % x`) for the same doubles
describe('lab number formats match the labs’ Python', () => {
  it('pyRepr is Python repr(float)', () => {
    const cases: [number, string][] = [
      [5.0, '5.0'],
      [0.1, '0.1'],
      [1e-5, '1e-05'],
      [1.5e-5, '1.5e-05'],
      [1e16, '1e+16'],
      [123456789012345.0, '123456789012345.0'],
      [1.7041666666666666, '1.7041666666666666'],
      [-1.8, '-1.8'],
      [0.0001, '0.0001'],
      [0.00012345, '0.00012345'],
      [1e22, '1e+22'],
      [2.5e-300, '2.5e-300'],
      [-0, '-0.0'],
      [4.241287500000032, '4.241287500000032'],
      [1 / 3, '0.3333333333333333'],
      [1e16 - 2, '9999999999999998.0'],
    ];
    for (const [x, s] of cases) expect(pyRepr(x), String(x)).toBe(s);
  });

  it("pyFixed is Python '%.6f' (exact ties round to even, unlike toFixed)", () => {
    const cases: [number, string][] = [
      [0.0078125, '0.007812'],
      [0.0234375, '0.023438'],
      [2.5, '2.500000'],
      [-0.0078125, '-0.007812'],
      [-1e-9, '-0.000000'],
      [-0, '-0.000000'],
      [1 / 3, '0.333333'],
      [5, '5.000000'],
      [25 / 6, '4.166667'],
    ];
    for (const [x, s] of cases) expect(pyFixed(x, 6), String(x)).toBe(s);
    expect((0.0078125).toFixed(6)).toBe('0.007813'); // the difference this function exists for
  });
});
