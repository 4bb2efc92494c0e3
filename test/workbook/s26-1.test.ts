import { describe, expect, it } from 'vitest';
import { section26_1 } from '../../src/workbook/s26-1.js';

describe('workbook §26.1 (computed by the integrators)', () => {
  const examples = section26_1.examples();
  const byId = new Map(examples.map((e) => [e.id, e]));

  it('has every worked example of §26.1, exercise 26.8-1 and task 26.9-1', () => {
    expect(section26_1.id).toBe('26.1');
    expect(examples.map((e) => e.id)).toEqual([
      '26.1-stiffness',
      '26.1-implicit-euler',
      '26.1-numerical-damping',
      '26.1-stability',
      '26.1-newton-step',
      '26.8-1',
      '26.9-1',
    ]);
    expect(byId.get('26.8-1')!.kind).toBe('exercise');
    expect(byId.get('26.9-1')!.kind).toBe('task');
  });

  it.each(examples.map((e) => [e.id, e] as const))('%s: every self-check passes', (_id, ex) => {
    expect(ex.checks!.length).toBeGreaterThan(0);
    for (const c of ex.checks!)
      expect({ label: c.label, pass: c.pass }).toEqual({ label: c.label, pass: true });
  });

  it('§26.1 implicit Euler example reports the printed step values', () => {
    const ex = byId.get('26.1-implicit-euler')!;
    const v = Object.assign({}, ...ex.steps.map((s) => s.values ?? {}));
    expect(Number((v.v1 as number).toFixed(5))).toBe(-3.44828);
    expect(Number((v.x2 as number).toFixed(5))).toBe(-0.09988);
    expect(Number((v.E1 as number).toFixed(4))).toBe(6.8966);
  });

  it('26.9-1: E0 = 2 J, explicit → 4 J, implicit → 1 J with x1 = x0 + h v1', () => {
    const t = byId.get('26.9-1')!;
    const [, exStep, imStep] = t.steps;
    expect(exStep!.values!.E1).toBeCloseTo(4, 12);
    expect(imStep!.values!.E1).toBeCloseTo(1, 12);
    expect(imStep!.values!.x1).toBe(imStep!.values!['x0 + h v1']);
  });

  it('26.8-1: energies after the two implicit steps are 1 J and 0.5 J', () => {
    const rows = byId.get('26.8-1')!.steps[0]!.table!.rows;
    expect(rows.map((row) => Number((row[3] as number).toFixed(12)))).toEqual([2, 1, 0.5]);
  });

  it('is deterministic and JSON-serialisable', () => {
    const again = JSON.stringify(section26_1.examples());
    expect(again).toBe(JSON.stringify(examples));
    expect(JSON.parse(again)).toHaveLength(7);
  });
});
