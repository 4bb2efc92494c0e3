import { describe, expect, it } from 'vitest';
import { findSection } from '../../src/workbook/index.js';
import { section26_5 } from '../../src/workbook/s26-5.js';

describe('workbook §26.5 (fracture, determinism) and the §26.8 multiple-choice questions', () => {
  const examples = section26_5.examples();
  const byId = new Map(examples.map((e) => [e.id, e]));

  it('is registered and lists its examples', () => {
    expect(findSection('26.5')).toBe(section26_5);
    expect(examples.map((e) => e.id)).toEqual([
      '26.5-voronoi',
      '26.5-associativity',
      '26.8-q1',
      '26.8-q2',
      '26.8-q3',
    ]);
  });

  it.each(examples.map((e) => [e.id, e] as const))('%s: every self-check passes', (_id, ex) => {
    expect(ex.checks!.length).toBeGreaterThan(0);
    for (const c of ex.checks!)
      expect({ label: c.label, pass: c.pass }).toEqual({ label: c.label, pass: true });
  });

  it('golden: bisector 2x + y = 5, (1, 1) on the first side with squared distances 2 and 10', () => {
    const v = byId.get('26.5-voronoi')!;
    expect(v.steps[0]!.values).toEqual({ a: 2, b: 1, c: 5 });
    expect(v.steps[1]!.values).toEqual({ side: 3, d1: 2, d2: 10 });
    const rows = v.steps[2]!.table!.rows;
    expect(rows.length).toBe(2);
  });

  it('golden: single precision (1e8 − 1e8) + 1 = 1 and 1e8 + (−1e8 + 1) = 0', () => {
    const a = byId.get('26.5-associativity')!;
    expect(a.steps[0]!.values!.left).toBe(1);
    expect(a.steps[1]!.values!.right).toBe(0);
    expect(a.steps[1]!.values!.inner).toBe(-1e8);
  });

  it('the answers are A, B and C, each explained for all five options', () => {
    expect(['26.8-q1', '26.8-q2', '26.8-q3'].map((id) => byId.get(id)!.conclusion)).toEqual([
      'Answer: A.',
      'Answer: B.',
      'Answer: C.',
    ]);
    for (const id of ['26.8-q1', '26.8-q2', '26.8-q3']) {
      const lines = byId.get(id)!.steps[0]!.lines!;
      expect(lines.length).toBe(5);
      expect(lines.filter((l) => l.includes('(right)')).length).toBe(1);
    }
    const q1 = byId.get('26.8-q1')!.steps[0]!.values!;
    expect(q1.explicitFactor).toBe(2);
    expect(q1.implicitFactor).toBe(0.5);
  });
});
