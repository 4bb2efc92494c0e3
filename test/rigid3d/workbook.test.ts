import { describe, expect, it } from 'vitest';
import { findSection } from '../../src/workbook/index.js';
import { section26_2_3d } from '../../src/workbook/s26-2-3d.js';

describe('workbook §26.2, the 3D parts (computed by the rigid3d engine)', () => {
  const examples = section26_2_3d.examples();
  it('is registered and lists the world inertia, the quaternion step and exercise 26.8-2', () => {
    expect(findSection('26.2-3d')).toBe(section26_2_3d);
    expect(examples.map((e) => e.id)).toEqual(['26.2-world-inertia', '26.2-quaternion-step', '26.8-2']);
  });
  it.each(examples.map((e) => [e.id, e] as const))('%s: every self-check passes', (_id, ex) => {
    expect(ex.checks!.length).toBeGreaterThan(0);
    for (const c of ex.checks!)
      expect({ label: c.label, pass: c.pass }).toEqual({ label: c.label, pass: true });
  });
  it('prints the book’s digits', () => {
    const [inertia, quat, ex] = examples;
    expect(inertia!.steps[3]!.values).toEqual({ omega: [0.35, 0.15, 0], angleToL: 23.2 });
    expect(quat!.steps[1]!.values!.q).toEqual([0.995037, 0, 0, 0.099504]);
    expect(quat!.steps[1]!.values!.angle).toBe(0.19934);
    expect(ex!.steps[2]!.values!.omega).toEqual([0.2, 0.1538, 0]);
  });
});
