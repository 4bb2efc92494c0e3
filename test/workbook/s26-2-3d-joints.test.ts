import { describe, expect, it } from 'vitest';
import { findSection } from '../../src/workbook/index.js';
import { section26_2_3dJoints } from '../../src/workbook/s26-2-3d-joints.js';

describe('workbook §26.2 3D joints', () => {
  it('every example passes its checks, from the real rigid3d joint solver', () => {
    const examples = section26_2_3dJoints.examples();
    expect(findSection('26.2-3d-joints')).toBe(section26_2_3dJoints);
    expect(examples.map((e) => e.id)).toEqual([
      '26.2-3d-ball',
      '26.2-3d-hinge',
      '26.2-3d-limit',
      '26.2-3d-motor',
    ]);
    for (const e of examples)
      for (const c of e.checks ?? []) expect(c.pass, `${e.id}: ${c.label}`).toBe(true);
    // the ball joint: one iteration removes the radial speed 0.3 m/s with λx = −0.3 N·s (m = 1 kg)
    const ball = examples[0]!.steps[0]!.table!.rows;
    expect(ball[0]![1]).toBeCloseTo(-0.3, 6);
  });
});
