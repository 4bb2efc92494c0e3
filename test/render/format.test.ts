import { describe, expect, it } from 'vitest';
import { formatSig, formatTable, formatValue } from '../../src/render/format.js';

describe('formatSig: 5 significant digits as the workbook prints them', () => {
  it('rounds the §26.1 implicit Euler values the way the book prints them', () => {
    // textbook §26.1: v1 = -3.44828, x1 = 0.13793, E1 = 6.8966 J (= 50/7.25)
    expect(formatSig(-25 / 7.25)).toBe('-3.4483');
    expect(formatSig(1 / 7.25)).toBe('0.13793');
    expect(formatSig(50 / 7.25)).toBe('6.8966');
    expect(formatSig(341.3333333)).toBe('341.33');
  });
  it('writes integers plainly, drops trailing zeros, switches to exponents for tiny and huge values', () => {
    expect(formatSig(1)).toBe('1');
    expect(formatSig(-5.25)).toBe('-5.25');
    expect(formatSig(0)).toBe('0');
    expect(formatSig(0.23)).toBe('0.23');
    expect(formatSig(1.234567e-7)).toBe('1.2346e-7');
    expect(formatSig(123456789.5)).toBe('1.2346e8');
    expect(formatSig(123456)).toBe('1.2346e5');
    expect(formatSig(100000)).toBe('100000');
    expect(formatSig(Number.NaN)).toBe('NaN');
    expect(formatSig(Number.NEGATIVE_INFINITY)).toBe('-Infinity');
  });
  it('formats arrays and other values', () => {
    expect(formatValue([1, 0.333333333])).toBe('[1, 0.33333]');
    expect(formatValue(true)).toBe('true');
  });
});

describe('formatTable', () => {
  it('right-aligns numeric columns and left-aligns text, every row the same width', () => {
    const lines = formatTable(
      ['step', 'x', 'note'],
      [
        [0, 1, 'start'],
        [1, -5.25, 'b'],
        [4, 341.3333333, 'exploded'],
      ],
    );
    expect(lines).toEqual([
      'step       x  note',
      '----  ------  --------',
      '   0       1  start',
      '   1   -5.25  b',
      '   4  341.33  exploded',
    ]);
  });
  it('keeps a numeric column right-aligned when some cells are blank or a dash', () => {
    expect(
      formatTable(
        ['n', 'ratio'],
        [
          [0, ''],
          [1, 0.137931],
          [2, '—'],
        ],
      ),
    ).toEqual(['n    ratio', '-  -------', '0', '1  0.13793', '2        —']);
  });
});
