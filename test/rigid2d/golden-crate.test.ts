import { describe, expect, it } from 'vitest';
import { baumgarteBias } from '../../src/rigid2d/index.js';
import { crateWorld } from '../../src/scene/builders/crate.js';
import { baumgarteDiscWorld } from '../../src/workbook/s26-2.js';

/**
 * The crate of textbook §26.2: a unit square (m = 1 kg, I = 1/6 kg·m²) falling at v = (0, −2) m/s
 * onto a thin post under its lower-right corner (r = (0.5, −0.5), n = (0, 1), t = (1, 0), μ = 0.5,
 * e = 0). `crateWorld` (shared with the workbook) builds it with a static circle post of radius 0.5
 * whose top touches the corner, so the real narrowphase yields exactly the book's single contact
 * point; the real PGS solver runs `iterations` sweeps with its trace callback recording each row.
 */
describe('rigid2d golden: the crate on a post (textbook §26.2)', () => {
  it('§26.2 crate: m = 1, I = 1/6, one contact at r = (0.5, −0.5) with n = (0, 1)', () => {
    const { world, crate } = crateWorld(0.5);
    expect(world.getMass(crate)).toBeCloseTo(1, 12);
    expect(world.getInertia(crate)).toBeCloseTo(1 / 6, 12);
    const cs = world.contacts();
    expect(cs).toHaveLength(1);
    expect(cs[0]!.normalX).toBeCloseTo(0, 12);
    expect(cs[0]!.normalY).toBeCloseTo(1, 12);
    expect(cs[0]!.points).toHaveLength(1);
  });

  it('§26.2 effective masses: 1/m_eff = 1 + 0.5²·6 = 2.5 for the normal and the tangent', () => {
    const { world } = crateWorld(0.5);
    const imp = world.contactImpulses(0, 0);
    expect(1 / imp.normalMass).toBeCloseTo(2.5, 12);
    expect(1 / imp.tangentMass).toBeCloseTo(2.5, 12);
  });

  it('§26.2 sequential-impulse table, iterations 1–5 (Pn 0.8, 1.04, 1.112, 1.1336, 1.1401)', () => {
    const { rows } = crateWorld(0.5);
    expect(rows).toHaveLength(5);
    const book = [
      { pn: 0.8, pt: -0.4, vx: -0.4, vy: -1.2, w: 1.2, vn: -0.6 },
      { pn: 1.04, pt: -0.52, vx: -0.52, vy: -0.96, w: 1.56, vn: -0.18 },
      { pn: 1.112, pt: -0.556, vx: -0.556, vy: -0.888, w: 1.668, vn: -0.054 },
      { pn: 1.1336, pt: -0.5668, vx: -0.5668, vy: -0.8664, w: 1.7004, vn: -0.0162 },
    ];
    book.forEach((r, i) => {
      const got = rows[i]!;
      expect(got.pn).toBeCloseTo(r.pn, 4);
      expect(got.pt).toBeCloseTo(r.pt, 4);
      expect(got.vx).toBeCloseTo(r.vx, 4);
      expect(got.vy).toBeCloseTo(r.vy, 4);
      expect(got.w).toBeCloseTo(r.w, 4);
      expect(got.vn).toBeCloseTo(r.vn, 4);
    });
    // the listing's 5th line: λn = 1.1401, vn = −0.0049 (printed with 4 decimals)
    expect(rows[4]!.pn.toFixed(4)).toBe('1.1401');
    expect(rows[4]!.vn.toFixed(4)).toBe('-0.0049');
    // the error shrinks by 0.3 per iteration
    for (let i = 1; i < 5; i++) expect(rows[i]!.vn / rows[i - 1]!.vn).toBeCloseTo(0.3, 10);
  });

  it('§26.2 the exact sliding answer: λn = 8/7, λt = −4/7, ω = 12/7, vn → 0', () => {
    const { rows } = crateWorld(0.5, 60);
    const last = rows[rows.length - 1]!;
    expect(last.pn).toBeCloseTo(8 / 7, 12);
    expect(last.pt).toBeCloseTo(-4 / 7, 12);
    expect(last.vx).toBeCloseTo(-4 / 7, 12);
    expect(last.vy).toBeCloseTo(-6 / 7, 12);
    expect(last.w).toBeCloseTo(12 / 7, 12);
    expect(last.vn).toBeCloseTo(0, 12);
    // the corner keeps sliding to the right at vt = 2/7 m/s, friction pushes left
    expect(last.vx + last.w * 0.5).toBeCloseTo(2 / 7, 12);
  });
});

describe('rigid2d golden: Baumgarte bias (textbook §26.2)', () => {
  it('§26.2 β = 0.2, h = 1/60, depth 2 cm, slop 0.5 cm → 0.18 m/s', () => {
    expect(baumgarteBias(0.2, 1 / 60, 0.02, 0.005)).toBeCloseTo(0.18, 12);
    expect(baumgarteBias(0.2, 1 / 60, 0.004, 0.005)).toBe(0);
  });

  it('§26.2 the solver asks exactly that separating speed of a disc 2 cm deep', () => {
    // β = 0.2, slop 0.5 cm, one iteration, h = 1/60: the shared builder of the workbook
    const { world, disc } = baumgarteDiscWorld();
    expect(world.getLinearVelocity(disc)[1]).toBeCloseTo(0.18, 12);
  });
});
