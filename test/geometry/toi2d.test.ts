/**
 * Time of impact by conservative advancement (src/geometry/toi2d.ts; textbook §26.2 "すり抜け",
 * Mirtich 1996) against analytic cases: a circle moving toward a wall reaches the target
 * separation at t = (d − r − target)/v; a rotating box's corner reaches a wall at the angle where
 * its corner's reach equals the gap.
 */
import { describe, expect, it } from 'vitest';
import { makeBox, makeCircle, makeSegment } from '../../src/geometry/shapes2d.js';
import { Sweep2, TOI_HIT, TOI_OVERLAPPED, TOI_SEPARATED, timeOfImpact } from '../../src/geometry/toi2d.js';

const SLOP = 0.005;
const TOL = 0.25 * SLOP;

describe('timeOfImpact (conservative advancement)', () => {
  it('a circle moving toward a wall: t = (d − r − target) / v', () => {
    const wall = makeBox(0.005, 1); // a 0.01 m thick wall at x = 0
    const ball = makeCircle(0.05);
    const still = new Sweep2().set(0, 0, 0, 0, 0, 0, 0, 0);
    // the ball's centre from x = -3 to x = +5 in the step (8 m: a 480 m/s ball at 60 Hz)
    const moving = new Sweep2().set(0, 0, -3, 0.2, 0, 5, 0.2, 0);
    const r = timeOfImpact(ball, moving, wall, still, 1, SLOP, TOL);
    expect(r.state).toBe(TOI_HIT);
    const exact = (3 - 0.005 - 0.05 - SLOP) / 8;
    expect(Math.abs(r.t - exact) * 8).toBeLessThanOrEqual(TOL + 1e-12);
    expect(r.t * 8).toBeLessThanOrEqual(exact * 8 + TOL); // never past the target by more than the tolerance
    expect(r.distance).toBeGreaterThanOrEqual(SLOP - TOL);
    expect(r.normalX).toBeCloseTo(1, 9); // from the ball (A) to the wall (B)
  });

  it('a circle moving toward a segment, either order of the shapes', () => {
    const seg = makeSegment(0, -1, 0, 1);
    const ball = makeCircle(0.1);
    const still = new Sweep2();
    const moving = new Sweep2().set(0, 0, 2, 0, 0, -2, 0, 0);
    const ab = timeOfImpact(ball, moving, seg, still, 1, SLOP, TOL);
    const ba = timeOfImpact(seg, still, ball, moving, 1, SLOP, TOL);
    const exact = (2 - 0.1 - SLOP) / 4;
    expect(ab.state).toBe(TOI_HIT);
    expect(ba.state).toBe(TOI_HIT);
    expect(Math.abs(ab.t - exact) * 4).toBeLessThanOrEqual(TOL);
    expect(Math.abs(ba.t - exact) * 4).toBeLessThanOrEqual(TOL);
  });

  it('a box rotating in place reaches a wall when its corner does', () => {
    // a 1×0.2 box (half sizes 0.5, 0.1) centred at the origin turns from 0 to π/2; a wall at
    // x = 0.4: the box's reach along x is 0.5 cos θ + 0.1 sin θ, first equal to 0.4 − target at θ*
    const box = makeBox(0.5, 0.1);
    const wall = makeBox(0.05, 2, 0.45, 0); // inner face at x = 0.4
    const spin = new Sweep2().set(0, 0, 0, 0, Math.PI / 2, 0, 0, 0); // from π/2 (upright) back to 0
    const r = timeOfImpact(box, spin, wall, new Sweep2(), 1, SLOP, TOL);
    expect(r.state).toBe(TOI_HIT);
    const theta = Math.PI / 2 + r.t * (0 - Math.PI / 2);
    const reach = 0.5 * Math.cos(theta) + 0.1 * Math.sin(theta);
    expect(Math.abs(0.4 - reach - SLOP)).toBeLessThanOrEqual(TOL + 1e-9);
    // analytic: 0.5 cos θ + 0.1 sin θ = R cos(θ − φ), R = √0.26, φ = atan(0.2)
    const R = Math.sqrt(0.26);
    const phi = Math.atan2(0.1, 0.5);
    const thetaExact = phi + Math.acos((0.4 - SLOP) / R);
    expect(Math.abs(theta - thetaExact) * 0.51).toBeLessThanOrEqual(2 * TOL);
  });

  it('separated when the motion stops short, overlapped when already touching', () => {
    const wall = makeBox(0.005, 1);
    const ball = makeCircle(0.05);
    const short = new Sweep2().set(0, 0, -3, 0, 0, -1, 0, 0);
    const sep = timeOfImpact(ball, short, wall, new Sweep2(), 1, SLOP, TOL);
    expect(sep.state).toBe(TOI_SEPARATED);
    expect(sep.t).toBe(1);
    const touching = new Sweep2().set(0, 0, -0.05, 0, 0, 3, 0, 0);
    const ov = timeOfImpact(ball, touching, wall, new Sweep2(), 1, SLOP, TOL);
    expect(ov.state).toBe(TOI_OVERLAPPED);
    expect(ov.t).toBe(0);
  });

  it('both shapes moving: two circles closing head-on meet in the middle', () => {
    const a = makeCircle(0.1);
    const b = makeCircle(0.1);
    const sa = new Sweep2().set(0, 0, -1, 0, 0, 1, 0, 0);
    const sb = new Sweep2().set(0, 0, 1, 0, 0, -1, 0, 0);
    const r = timeOfImpact(a, sa, b, sb, 1, SLOP, TOL);
    expect(r.state).toBe(TOI_HIT);
    const exact = (2 - 0.2 - SLOP) / 4;
    expect(Math.abs(r.t - exact) * 4).toBeLessThanOrEqual(TOL);
  });

  it('tMax bounds the search', () => {
    const wall = makeBox(0.005, 1);
    const ball = makeCircle(0.05);
    const moving = new Sweep2().set(0, 0, -3, 0, 0, 5, 0, 0);
    const r = timeOfImpact(ball, moving, wall, new Sweep2(), 0.2, SLOP, TOL);
    expect(r.state).toBe(TOI_SEPARATED);
    expect(r.t).toBe(0.2);
  });
});
