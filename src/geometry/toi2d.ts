/**
 * Time of impact of two moving convex shapes by conservative advancement (textbook §26.2
 * "すり抜け" — tunnelling; Mirtich 1996, "Impulse-based dynamic simulation of rigid body systems";
 * the root-finder framing after Catto, "Continuous Collision", GDC 2013).
 *
 * Each shape rides on a {@link Sweep2}: its body's centre of mass moves on a straight line and its
 * angle changes linearly over the step, parametrised by t ∈ [0, 1]. At the current t the GJK
 * distance d between the rounded shapes and its normal n are measured (gjk2d.ts). No point of B
 * can approach A along n faster than
 *
 *     u = |(ΔcB − ΔcA)·n| + |ΔθA|·rA + |ΔθB|·rB        (per unit t)
 *
 * where Δc is the sweep's centre displacement, Δθ its rotation and r the largest distance of a
 * point of the shape from its centre of mass. Advancing t by (d − target)/u therefore never passes
 * the target separation; repeating converges on the first time the distance reaches it. The
 * results and the proxies are reused: no allocation per call.
 */
import { patan2, pcos, psin } from '../math/portable.js';
import { GjkResult, gjkDistance } from './gjk2d.js';
import type { ConvexShape2 } from './shapes2d.js';
import { ShapeSupport } from './support2d.js';

/**
 * A body's motion over one step: the centre of mass from (c0x, c0y) to (c1x, c1y) and the angle
 * from a0 to a1, both linear in t ∈ [0, 1]; (lcx, lcy) is the centre of mass in the body frame
 * (the shapes' frame), so the frame's origin at t is c(t) − R(a(t))·lc.
 */
export class Sweep2 {
  lcx = 0.5;
  lcy = 0.5;
  c0x = 0.5;
  c0y = 0.5;
  a0 = 0.5;
  c1x = 0.5;
  c1y = 0.5;
  a1 = 0.5;

  constructor() {
    this.set(0, 0, 0, 0, 0, 0, 0, 0);
  }

  /** Sets every field (no allocation). */
  set(
    lcx: number,
    lcy: number,
    c0x: number,
    c0y: number,
    a0: number,
    c1x: number,
    c1y: number,
    a1: number,
  ): this {
    this.lcx = lcx;
    this.lcy = lcy;
    this.c0x = c0x;
    this.c0y = c0y;
    this.a0 = a0;
    this.c1x = c1x;
    this.c1y = c1y;
    this.a1 = a1;
    return this;
  }

  /**
   * A sweep ending at centre (cx, cy) with rotation (qc, qs) = (cos θ1, sin θ1), after a step that
   * moved the centre by (dpx, dpy) and turned the body by the rotation (dqc, dqs).
   */
  setFromStep(
    lcx: number,
    lcy: number,
    cx: number,
    cy: number,
    qc: number,
    qs: number,
    dpx: number,
    dpy: number,
    dqc: number,
    dqs: number,
  ): this {
    const a1 = patan2(qs, qc);
    return this.set(lcx, lcy, cx - dpx, cy - dpy, a1 - patan2(dqs, dqc), cx, cy, a1);
  }
}

/** Outcome of {@link timeOfImpact}. */
export const TOI_SEPARATED = 0;
/** The shapes reach the target separation at `t`. */
export const TOI_HIT = 1;
/** Already closer than the target at t = 0. */
export const TOI_OVERLAPPED = 2;
/** The iteration cap was reached before converging (`t` is still a safe, conservative time). */
export const TOI_FAILED = 3;

/** The result of {@link timeOfImpact}, reused between calls. */
export class ToiResult {
  /** TOI_SEPARATED, TOI_HIT, TOI_OVERLAPPED or TOI_FAILED */
  state = 0;
  /** the time reached, in [0, tMax] (tMax when separated) */
  t = 0.5;
  /** the distance between the rounded shapes at `t` */
  distance = 0.5;
  /** unit normal from A to B at `t` */
  normalX = 0.5;
  normalY = 0.5;
  /** advancement rounds used */
  iterations = 0;
}

/** The most advancement rounds (a grazing approach converges slowly; the answer stays safe). */
export const TOI_MAX_ITERATIONS = 30;

const supA = new ShapeSupport();
const supB = new ShapeSupport();
const gjk = new GjkResult();

/** The largest distance from (lcx, lcy) of a point of the rounded shape. */
export function shapeRadiusAbout(shape: ConvexShape2, lcx: number, lcy: number): number {
  let r = 0;
  for (let k = 0; k < shape.count; k++) {
    const dx = shape.vx[k]! - lcx;
    const dy = shape.vy[k]! - lcy;
    const d = dx * dx + dy * dy;
    if (d > r) r = d;
  }
  return Math.sqrt(r) + shape.radius;
}

/** Places `sup` on `shape` as swept by `sw` at time t. */
function place(sup: ShapeSupport, shape: ConvexShape2, sw: Sweep2, t: number): void {
  const a = sw.a0 + t * (sw.a1 - sw.a0);
  const c = pcos(a);
  const s = psin(a);
  const cx = sw.c0x + t * (sw.c1x - sw.c0x);
  const cy = sw.c0y + t * (sw.c1y - sw.c0y);
  sup.set(shape, cx - (c * sw.lcx - s * sw.lcy), cy - (s * sw.lcx + c * sw.lcy), c, s);
}

/**
 * The first time t ∈ [0, tMax] at which the rounded shapes `shapeA` (on sweep `sweepA`) and
 * `shapeB` (on `sweepB`) come within `target` of each other, to within `tolerance` (target >
 * tolerance > 0, e.g. the linear slop and a quarter of it). Returns `out`:
 * - TOI_HIT: at `t` the distance is in [target − tolerance, target + tolerance];
 * - TOI_SEPARATED: they stay farther apart than the target up to tMax (t = tMax);
 * - TOI_OVERLAPPED: closer than target − tolerance already at t = 0 (t = 0);
 * - TOI_FAILED: not converged within {@link TOI_MAX_ITERATIONS} rounds; `t` is still before contact.
 */
export function timeOfImpact(
  shapeA: ConvexShape2,
  sweepA: Sweep2,
  shapeB: ConvexShape2,
  sweepB: Sweep2,
  tMax: number,
  target: number,
  tolerance: number,
  out: ToiResult = new ToiResult(),
): ToiResult {
  const rA = shapeRadiusAbout(shapeA, sweepA.lcx, sweepA.lcy);
  const rB = shapeRadiusAbout(shapeB, sweepB.lcx, sweepB.lcy);
  const dvx = sweepB.c1x - sweepB.c0x - (sweepA.c1x - sweepA.c0x);
  const dvy = sweepB.c1y - sweepB.c0y - (sweepA.c1y - sweepA.c0y);
  const angular = Math.abs(sweepA.a1 - sweepA.a0) * rA + Math.abs(sweepB.a1 - sweepB.a0) * rB;
  let t = 0;
  let iter = 0;
  out.state = TOI_FAILED;
  while (iter < TOI_MAX_ITERATIONS) {
    iter++;
    place(supA, shapeA, sweepA, t);
    place(supB, shapeB, sweepB, t);
    gjkDistance(supA, supB, true, gjk);
    const d = gjk.distance;
    out.distance = d;
    out.normalX = gjk.normal.x;
    out.normalY = gjk.normal.y;
    if (d < target - tolerance && t === 0) {
      out.state = TOI_OVERLAPPED;
      break;
    }
    if (d <= target + tolerance) {
      out.state = TOI_HIT;
      break;
    }
    // the approach speed's upper bound along the current normal (Mirtich 1996)
    const u = Math.abs(dvx * gjk.normal.x + dvy * gjk.normal.y) + angular;
    if (u <= 0) {
      out.state = TOI_SEPARATED;
      t = tMax;
      break;
    }
    const next = t + (d - target) / u;
    if (next >= tMax) {
      out.state = TOI_SEPARATED;
      t = tMax;
      break;
    }
    t = next;
  }
  out.t = t;
  out.iterations = iter;
  return out;
}
