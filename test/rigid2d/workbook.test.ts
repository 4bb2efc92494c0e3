import { describe, expect, it } from 'vitest';
import { crateTrace } from '../../src/scene/builders/crate.js';
import { section26_2 } from '../../src/workbook/s26-2.js';

const examples = section26_2.examples();
const byId = (id: string) => {
  const e = examples.find((x) => x.id === id);
  if (!e) throw new Error(`no example ${id}`);
  return e;
};

describe('workbook §26.2 (2D parts)', () => {
  it('lists the SAT example, the crate, Baumgarte, exercise 26.8-3 and tasks 26.9-2 / 26.9-3', () => {
    expect(examples.map((e) => e.id)).toEqual([
      '26.2-sat',
      '26.2-crate',
      '26.2-baumgarte',
      '26.8-3',
      '26.9-2',
      '26.9-3',
    ]);
  });

  it('§26.2 SAT example: gap 0.28 at (3, 1.8); normal (0.8, 0.6), depth 0.3 and EPA depth 0.3 at (2.5, 1.5)', () => {
    const e = byId('26.2-sat');
    expect(e.steps[0]!.values!['gapOnUB']).toBeCloseTo(0.28, 12);
    expect(e.steps[1]!.values!['depth']).toBeCloseTo(0.3, 12);
    expect(e.steps[2]!.lines).toEqual(['(2, 0.5) depth 0', '(2, 1) depth 0.3']);
    expect(e.steps[3]!.values!['depth']).toBeCloseTo(0.3, 9);
    const n = e.steps[3]!.values!['normal'] as number[];
    expect(n[0]).toBeCloseTo(0.8, 9);
    expect(n[1]).toBeCloseTo(0.6, 9);
  });

  it('§26.2 crate table in the workbook matches the book’s rows', () => {
    const t = byId('26.2-crate').steps[2]!.table!;
    expect(t.rows.map((r) => r[1])).toEqual([0.8, 1.04, 1.112, 1.1336, 1.1401]);
    expect(t.rows.map((r) => r[5])).toEqual([-0.6, -0.18, -0.054, -0.0162, -0.0049]);
    expect(byId('26.2-crate').steps[3]!.values!['lambdaN']).toBeCloseTo(8 / 7, 12);
  });

  it('§26.2 Baumgarte example: 0.18 m/s from the formula and from the solver', () => {
    const e = byId('26.2-baumgarte');
    expect(e.steps[0]!.values!['bias']).toBeCloseTo(0.18, 12);
    expect(e.steps[1]!.values!['separatingSpeed']).toBeCloseTo(0.18, 12);
  });

  it('exercise 26.8-3: normal (1, 0) with depth 0.2 at (2.3, 0.5); A’s x axis separates at (2.8, 0.5)', () => {
    const e = byId('26.8-3');
    expect(e.steps[0]!.values!['normal']).toEqual([1, 0]);
    expect(e.steps[0]!.values!['depth']).toBeCloseTo(0.2, 12);
    expect(e.steps[2]!.values!['overlapping']).toBe(false);
    expect(e.steps[2]!.values!['separatingAxis']).toBe('A x');
  });

  it('task 26.9-2 self-check: all four overlaps positive, smallest on A’s y axis, normal (0, 1), depth < 0.5', () => {
    const e = byId('26.9-2');
    expect(e.checks!.map((c) => c.label)).toHaveLength(4);
    for (const c of e.checks!) expect(c.pass, c.label).toBe(true);
    const rows = e.steps[0]!.table!.rows;
    expect(rows.every((r) => (r[5] as number) > 0)).toBe(true);
  });

  it('task 26.9-3 self-check: friction at −μλn after iteration 1, vn shrinks, 0.8 < λn < 1, still sliding', () => {
    const e = byId('26.9-3');
    expect(e.checks).toHaveLength(4);
    for (const c of e.checks!) expect(c.pass, c.label).toBe(true);
    // and directly from the solver's trace
    const { rows } = crateTrace(0.2, 40);
    expect(rows[0]!.pt).toBe(-0.2 * rows[0]!.pn);
    for (let i = 1; i < 8; i++) expect(Math.abs(rows[i]!.vn)).toBeLessThan(Math.abs(rows[i - 1]!.vn));
    const last = rows.at(-1)!;
    expect(last.pn).toBeGreaterThan(0.8);
    expect(last.pn).toBeLessThan(1);
    expect(last.vx + 0.5 * last.w).toBeGreaterThan(0); // the corner slides in +t
  });
});
