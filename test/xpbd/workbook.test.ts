import { describe, expect, it } from 'vitest';
import { pbdExamples } from '../../src/workbook/s26-3-pbd.js';

describe('workbook §26.3 (PBD part), exercise 26.8-4, task 26.9-4, §26.5 colouring', () => {
  const examples = pbdExamples();
  const byId = (id: string) => {
    const e = examples.find((x) => x.id === id);
    if (!e) throw new Error(`missing ${id}`);
    return e;
  };

  it('every self-check of every example passes', () => {
    expect(examples.map((e) => e.id)).toEqual([
      '26.3-distance-projection',
      '26.3-stiffness-iterations',
      '26.3-xpbd-iterations',
      '26.3-pbd-cloth',
      '26.8-4',
      '26.9-4',
      '26.5-coloring',
    ]);
    for (const e of examples)
      for (const c of e.checks ?? []) expect(c.pass, `${e.id}: ${c.label}`).toBe(true);
  });

  it('§26.3 the printed positions of the three projections', () => {
    const s = byId('26.3-distance-projection').steps;
    expect(s[0].values).toMatchObject({ p1: [0.3, 0.4], p2: [2.7, 3.6], length: 4 });
    expect(s[1].values).toMatchObject({ p1: [0, 0], p2: [2.4, 3.2] });
    expect(s[2].values).toMatchObject({ p1: [0.15, 0.2], p2: [2.55, 3.4] });
  });

  it('§26.3 the XPBD listing output (length 4.3333, λ −0.3333; length 4.0000, λ −0.5)', () => {
    const rows = byId('26.3-xpbd-iterations').steps[0].table!.rows;
    expect(rows).toEqual([
      [0, 1, '(0.3, 0.4)', '(2.7, 3.6)', 4, -0.5],
      [0, 2, '(0.3, 0.4)', '(2.7, 3.6)', 4, -0.5],
      [0.01, 1, '(0.2, 0.2667)', '(2.8, 3.7333)', 4.3333, -0.3333],
      [0.01, 2, '(0.2, 0.2667)', '(2.8, 3.7333)', 4.3333, -0.3333],
    ]);
  });

  it('26.8-4: PBD 1.5/1 then 1.25/1; XPBD α̃ = 1: 1.5/1.25', () => {
    expect(byId('26.8-4').steps[0].table!.rows).toEqual([
      ['PBD sweep 1', 1.5, 1],
      ['PBD sweep 2', 1.25, 1],
      ['XPBD α̃ = 1, one sweep', 1.5, 1.25],
    ]);
  });

  it('26.9-4: predicted −1.1/−2.1, sweeps −1.05/−2.05 and −1.025/−2.025, velocities −0.25', () => {
    const s = byId('26.9-4').steps;
    expect(s[0].values).toMatchObject({ p2: [0, -1.1], p3: [0, -2.1] });
    expect(s[1].values).toMatchObject({ p2: [0, -1.05], p3: [0, -2.05], length12: 1.05, length23: 1 });
    expect(s[2].values).toMatchObject({ p2: [0, -1.025], p3: [0, -2.025], length12: 1.025, length23: 1 });
    expect(s[3].values).toMatchObject({ v2: [0, -0.25], v3: [0, -0.25] });
  });
});
