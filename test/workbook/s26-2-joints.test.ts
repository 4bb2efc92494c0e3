import { describe, expect, it } from 'vitest';
import { findSection } from '../../src/workbook/index.js';
import { section26_2Joints } from '../../src/workbook/s26-2-joints.js';

describe('workbook §26.2 joints (traced from the rigid2d solver)', () => {
  const examples = section26_2Joints.examples();
  const byId = new Map(examples.map((e) => [e.id, e]));

  it('is registered next to §26.2 and lists the point constraint, the limit and the motor clamp', () => {
    expect(findSection('26.2-joints')).toBe(section26_2Joints);
    expect(examples.map((e) => e.id)).toEqual(['26.2-joint-point', '26.2-joint-limit', '26.2-joint-motor']);
  });

  it.each(examples.map((e) => [e.id, e] as const))('%s: every self-check passes', (_id, ex) => {
    expect(ex.checks!.length).toBeGreaterThan(0);
    for (const c of ex.checks!)
      expect({ label: c.label, pass: c.pass }).toEqual({ label: c.label, pass: true });
  });

  it('point constraint: λ = −K⁻¹ Ċ takes either sign — (−2, 0) out, (2, 0) in, (0, −1/3) across', () => {
    const rows = byId.get('26.2-joint-point')!.steps[1]!.table!.rows;
    expect(rows.map((r) => r[2])).toEqual([
      '(-2, 0)',
      '(-2, 0)',
      '(2, 0)',
      '(2, 0)',
      '(0, -0.3333)',
      '(0, -0.3333)',
    ]);
    const swing = byId.get('26.2-joint-point')!.steps[2]!.values!;
    expect(swing.omega as number).toBeCloseTo(8 / 3, 12);
  });

  it('limit: the lower impulse is 0 until the disc reaches −0.25 rad; at rest it carries m g L cos θ · h', () => {
    const ex = byId.get('26.2-joint-limit')!;
    const rows = ex.steps[1]!.table!.rows;
    const first = rows.findIndex((r) => (r[3] as number) > 0);
    expect(first).toBe(13); // step 14: 0.25 rad is reached after t = √(2·0.25/α), α = mgL/I_pivot = 10/1.125
    expect(rows.slice(0, first).every((r) => r[3] === 0 && r[4] === 0)).toBe(true);
    const rest = ex.steps[2]!.values!;
    expect(rest.angle as number).toBeCloseTo(-0.25, 2);
    expect(rest.lambdaLower as number).toBeCloseTo(rest.mgLcosTheta_h as number, 6);
  });

  it('motor: λ = τmax·h = 0.5/240 while spinning up; ω = 10 rad/s at the end', () => {
    const steps = byId.get('26.2-joint-motor')!.steps;
    for (const r of steps[1]!.table!.rows) expect(r[2]).toBe(Number((0.5 / 240).toFixed(6)));
    expect(steps[1]!.table!.rows.at(-1)![4] as number).toBeCloseTo(8 * 8 * (0.5 / 240), 6);
    expect(steps[2]!.table!.rows.at(-1)![4] as number).toBeCloseTo(10, 6);
  });
});
