import { describe, expect, it } from 'vitest';
import { createRagdoll3, HUMANOID_SKELETON, World3 } from '../../../src/rigid3d/index.js';

describe('rigid3d ragdoll builder', () => {
  it('a humanoid of 12 bones falling 10 m onto the ground never explodes and keeps its joints within their limits', () => {
    const w = new World3();
    const ground = w.createBody({ type: 'static' });
    w.createShape(ground, { kind: 'box', halfExtents: [20, 0.5, 20], position: [0, -0.5, 0] });
    // tipped a little, so it lands on a side and the limbs flail
    const s = Math.sin(0.3);
    const rd = createRagdoll3(w, { position: [0, 10, 0], orientation: [s, 0, 0, Math.cos(0.3)] });
    expect(rd.bodyList.length).toBe(12);
    expect(rd.jointList.length).toBe(11);
    let mass = 0;
    for (const b of rd.bodyList) mass += w.getMass(b);
    expect(mass).toBeGreaterThan(50);
    expect(mass).toBeLessThan(90);
    // the landing at 14 m/s strains the joints for a step or two; at rest they are within 0.05 rad
    const tol = 0.2;
    let worst = 0;
    let worstAtRest = 0;
    let gapAtRest = 0;
    let fastest = 0;
    for (let step = 0; step < 300; step++) {
      w.step(1 / 60);
      for (const b of rd.bodyList) {
        const v = w.getLinearVelocity(b);
        fastest = Math.max(fastest, Math.hypot(...v));
        expect(w.getPosition(b)[1]).toBeGreaterThan(-0.1);
      }
      HUMANOID_SKELETON.forEach((bone) => {
        if (bone.joint === undefined) return;
        const j = rd.joints[bone.name]!;
        const spec = bone.joint;
        const twist = w.getJointAngle(j);
        const over =
          spec.kind === 'cone-twist'
            ? Math.max(
                w.getJointSwingAngle(j) - spec.coneAngle!,
                twist - spec.upperTwist!,
                spec.lowerTwist! - twist,
              )
            : Math.max(twist - spec.upperAngle!, spec.lowerAngle! - twist);
        worst = Math.max(worst, over);
        const a = w.getJointAnchors(j);
        const gap = Math.hypot(a[0] - a[3], a[1] - a[4], a[2] - a[5]);
        expect(gap).toBeLessThan(0.15);
        if (step >= 240) {
          worstAtRest = Math.max(worstAtRest, over);
          gapAtRest = Math.max(gapAtRest, gap);
        }
      });
    }
    // free fall from 10 m: at most √(2 g h) ≈ 14.1 m/s, with a margin for the limbs' swing
    expect(fastest).toBeLessThan(18);
    expect(worst).toBeLessThan(tol);
    expect(worstAtRest).toBeLessThan(0.05);
    expect(gapAtRest).toBeLessThan(0.005);
    // it came to rest on the ground
    expect(w.kineticEnergy()).toBeLessThan(1);
    for (const b of rd.bodyList) expect(w.getPosition(b)[1]).toBeLessThan(1);
  });
});
