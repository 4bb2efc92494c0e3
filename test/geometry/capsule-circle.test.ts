/**
 * A circle against a capsule or segment (textbook §26.2, the vertex regions of the polygon–circle
 * test): a capsule has two core points and no inside, so a circle centre on its axis beyond an end
 * lies in that end's vertex region and the contact is measured from the end point. (Before, the
 * face test's zero separation along the axis made such a circle a contact of depth −(r₁ + r₂)
 * however far away it was: the rows of Box2D's spinner benchmark start that way.)
 */
import { describe, expect, it } from 'vitest';
import { collidePolygonCircle, SPECULATIVE_DISTANCE } from '../../src/geometry/collide2d.js';
import { Manifold2 } from '../../src/geometry/manifold2d.js';
import { makeCapsule, makeCircle, makeSegment, Transform2 } from '../../src/geometry/shapes2d.js';

describe('circle on the axis of a capsule', () => {
  // capsule core (−0.25, 0)–(0.25, 0), radius 0.25; circle radius 0.35
  const capsule = makeCapsule(-0.25, 0, 0.25, 0, 0.25);
  const circle = makeCircle(0.35);
  const xfA = new Transform2(0, 0, 1, 0);
  const out = new Manifold2();

  it('beyond the end and apart: no contact', () => {
    // the centre 1 m right of the capsule's centre: 0.75 from the end point, gap 0.15
    collidePolygonCircle(capsule, xfA, circle, new Transform2(1, 0, 1, 0), SPECULATIVE_DISTANCE, out);
    expect(out.pointCount).toBe(0);
    collidePolygonCircle(capsule, xfA, circle, new Transform2(-1, 0, 1, 0), SPECULATIVE_DISTANCE, out);
    expect(out.pointCount).toBe(0);
  });

  it('beyond the end and overlapping: the depth from the end point, the normal along the axis', () => {
    // the centre 0.5 from the end point (0.25, 0): separation 0.5 − 0.6 = −0.1
    collidePolygonCircle(capsule, xfA, circle, new Transform2(0.75, 0, 1, 0), SPECULATIVE_DISTANCE, out);
    expect(out.pointCount).toBe(1);
    expect(out.separation[0]).toBeCloseTo(-0.1, 12);
    expect(out.normalX).toBeCloseTo(1, 12);
    expect(out.normalY).toBeCloseTo(0, 12);
    // the point midway between the surfaces: x = 0.5 + 0.5·(0.75 − 0.35 − 0.5) = 0.45
    expect(out.px[0]).toBeCloseTo(0.45, 12);
    collidePolygonCircle(capsule, xfA, circle, new Transform2(-0.75, 0, 1, 0), SPECULATIVE_DISTANCE, out);
    expect(out.pointCount).toBe(1);
    expect(out.separation[0]).toBeCloseTo(-0.1, 12);
    expect(out.normalX).toBeCloseTo(-1, 12);
  });

  it('within the speculative distance beyond the end: one speculative point', () => {
    // gap 0.01 < 0.02
    const x = 0.25 + 0.25 + 0.35 + 0.01;
    collidePolygonCircle(capsule, xfA, circle, new Transform2(x, 0, 1, 0), SPECULATIVE_DISTANCE, out);
    expect(out.pointCount).toBe(1);
    expect(out.separation[0]).toBeCloseTo(0.01, 12);
  });

  it('a segment on the axis of a circle far away: no contact', () => {
    const seg = makeSegment(-1, 0, 1, 0);
    collidePolygonCircle(seg, xfA, circle, new Transform2(3, 0, 1, 0), SPECULATIVE_DISTANCE, out);
    expect(out.pointCount).toBe(0);
  });

  it('a centre on the core itself still gets the face normal', () => {
    collidePolygonCircle(capsule, xfA, circle, new Transform2(0.1, 0, 1, 0), SPECULATIVE_DISTANCE, out);
    expect(out.pointCount).toBe(1);
    expect(out.separation[0]).toBeCloseTo(-0.6, 12);
    expect(Math.abs(out.normalY)).toBeCloseTo(1, 12);
  });
});
