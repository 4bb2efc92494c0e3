import { describe, expect, it } from 'vitest';
import { World } from '../../src/rigid2d/index.js';
import { BodyAttachments2D, DistanceSet, XpbdWorld } from '../../src/xpbd/index.js';

describe('two-way attachment of XPBD particles to rigid2d bodies', () => {
  function scene(coupled: boolean) {
    const rigid = new World({ gravity: [0, 0] });
    const box = rigid.createBody({ type: 'dynamic', position: [0, 0] });
    rigid.createShape(box, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, density: 2 }); // 2 kg
    const xpbd = new XpbdWorld({ gravity: [0, 0, 0], substeps: 10 });
    const p = xpbd.particles;
    // a 3-particle rope (1 kg each) hanging off the box's right edge, thrown to the right
    for (let k = 0; k < 3; k++) p.add(0.5 + 0.3 * (k + 1), 0, 0, 1);
    const links = xpbd.add(new DistanceSet({ compliance: 1e-4 }));
    links.add(p, 0, 1);
    links.add(p, 1, 2);
    const att = new BodyAttachments2D(xpbd, rigid);
    att.add(0, box, [0.8, 0], 1e-4); // the first particle sits 0.3 m off the box's edge
    for (let k = 0; k < 3; k++) p.setVelocity(k, 2, 0, 0);
    const momentum = () => {
      let px = rigid.getMass(box) * rigid.getLinearVelocity(box)[0];
      for (let k = 0; k < 3; k++) px += p.v[3 * k];
      return px;
    };
    const p0 = momentum();
    for (let f = 0; f < 120; f++) {
      att.sync();
      xpbd.step(1 / 60);
      if (coupled) att.applyReactions();
      rigid.step(1 / 60);
    }
    return { p0, p1: momentum(), boxX: rigid.getPosition(box)[0], ropeEnd: p.x[6] };
  }

  it('the rope drags the box along and the total momentum is kept (within 2%)', () => {
    const r = scene(true);
    expect(r.p0).toBeCloseTo(6, 9);
    expect(Math.abs(r.p1 / r.p0 - 1)).toBeLessThan(0.02);
    expect(r.boxX).toBeGreaterThan(0.5); // pulled to the right
    expect(r.ropeEnd - r.boxX).toBeLessThan(0.5 + 0.3 * 3 + 0.05); // and still attached
  });

  it('one-way (no reaction) the box would not move and momentum would be lost — the coupling matters', () => {
    const r = scene(false);
    expect(r.boxX).toBeCloseTo(0, 9);
    expect(Math.abs(r.p1 / r.p0 - 1)).toBeGreaterThan(0.2);
  });
});
