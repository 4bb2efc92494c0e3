import { describe, expect, it } from 'vitest';
import { softExamples } from '../../src/workbook/s26-3-soft.js';

describe('workbook §26.3 soft bodies (computed by the library)', () => {
  const examples = softExamples();

  it('§26.3: the shape-matching and FEM strain examples exist and every self-check passes', () => {
    expect(examples.map((e) => e.id)).toEqual(['26.3-shape-matching', '26.3-fem-strain']);
    for (const ex of examples) {
      expect(ex.checks!.length).toBeGreaterThan(3);
      for (const c of ex.checks!) expect(c.pass, `${ex.id}: ${c.label}`).toBe(true);
    }
  });

  it('§26.3: the printed values — A11 = 0.6, A12 = −3.4, A21 = 3.4, A22 = −0.6, θ = 90°, corner (−0.625, 0.625), ε11 = 0.1', () => {
    const sm = examples[0]!;
    const vals = Object.assign({}, ...sm.steps.map((s) => s.values ?? {}));
    expect(vals).toMatchObject({
      A11: 0.6,
      A12: -3.4,
      A21: 3.4,
      A22: -0.6,
      'θ (deg)': 90,
      'x3.x': -0.625,
      'x3.y': 0.625,
    });
    expect(vals.cx).toBe(0.15);
    expect(vals.cy).toBe(-0.15);
    const goals = sm.steps.find((s) => s.table)!.table!.rows.map((r) => r[2]);
    expect(goals).toEqual(['(1.15, -1.15)', '(1.15, 0.85)', '(-0.85, 0.85)', '(-0.85, -1.15)']);
    const fem = examples[1]!;
    const fv = Object.assign({}, ...fem.steps.map((s) => s.values ?? {}));
    expect(fv).toMatchObject({ ε11: 0.1, ε22: 0 });
  });
});
