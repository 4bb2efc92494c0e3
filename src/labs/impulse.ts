/**
 * The impulse lab ("力積・反発・摩擦", textbook §26.2): collision response by impulses, restitution
 * and Coulomb friction, each experiment exactly as the lab prescribes it (same step order, same
 * constants), so the files it writes carry the lab's numbers. Pure computation, browser-safe.
 *
 * Conventions the lab teaches: inverse masses are stored (a static body is inv_m = 0 and the
 * same formula runs), and a pair that is already separating is left alone.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';

/** A 2D vector as the lab's Python tuples: [x, y]. */
export type Vec2 = readonly [number, number];

function checkVec(v: Vec2, where: string): void {
  if (!Array.isArray(v) || v.length !== 2) {
    throw new PhysicsError('invalid-argument', `${where}: must be a 2-vector [x, y], got ${String(v)}`);
  }
  assertFinite(v[0], `${where}[0]`);
  assertFinite(v[1], `${where}[1]`);
}

function checkNormal(n: Vec2, where: string): void {
  checkVec(n, where);
  const len = Math.sqrt(n[0] * n[0] + n[1] * n[1]);
  if (Math.abs(len - 1) > 1e-9) {
    throw new PhysicsError('invalid-argument', `${where}: must be a unit vector, got length ${len}`);
  }
}

function checkNonNegative(x: number, where: string): void {
  assertFinite(x, where);
  if (x < 0) throw new PhysicsError('invalid-argument', `${where}: must be >= 0, got ${x}`);
}

/**
 * The impulse lab, "力積の公式": the normal impulse between two bodies. `n` is the unit normal from
 * body 1 to body 2. With v_rel = dot(v2 − v1, n): if v_rel ≥ 0 the bodies are already
 * separating and (v1, v2) come back unchanged; otherwise j = −(1+e)·v_rel / (inv_m1 + inv_m2),
 * v1 −= j·inv_m1·n and v2 += j·inv_m2·n. Two static bodies (both inverse masses 0) are left alone.
 */
export function resolve(
  v1: Vec2,
  inv_m1: number,
  v2: Vec2,
  inv_m2: number,
  n: Vec2,
  e: number,
): [Vec2, Vec2] {
  checkVec(v1, 'resolve.v1');
  checkVec(v2, 'resolve.v2');
  checkNonNegative(inv_m1, 'resolve.inv_m1');
  checkNonNegative(inv_m2, 'resolve.inv_m2');
  checkNormal(n, 'resolve.n');
  checkNonNegative(e, 'resolve.e');
  const vRel = (v2[0] - v1[0]) * n[0] + (v2[1] - v1[1]) * n[1];
  const invSum = inv_m1 + inv_m2;
  if (vRel >= 0 || invSum === 0)
    return [
      [v1[0], v1[1]],
      [v2[0], v2[1]],
    ];
  const j = (-(1 + e) * vRel) / invSum;
  return [
    [v1[0] - j * inv_m1 * n[0], v1[1] - j * inv_m1 * n[1]],
    [v2[0] + j * inv_m2 * n[0], v2[1] + j * inv_m2 * n[1]],
  ];
}

/**
 * The impulse lab, "摩擦も力積である": one body (inverse mass inv_m > 0) hitting a static surface with
 * unit normal n (pointing out of the surface). jn = −(1+e)·dot(v, n)/inv_m; tangent
 * t = normalize(v − dot(v, n)·n); jt = −dot(v, t)/inv_m clamped to [−mu·jn, +mu·jn] — static
 * friction when the clamp is not reached, kinetic when it is. Both components are measured on
 * the velocity *before* jn is applied. A head-on hit (no tangent) skips friction (jt = 0); a body
 * already leaving the surface (dot(v, n) ≥ 0) is left alone (jn = jt = 0).
 * Returns [v_out, jn, jt].
 */
export function bounce_with_friction(
  v: Vec2,
  inv_m: number,
  n: Vec2,
  e: number,
  mu: number,
): [Vec2, number, number] {
  checkVec(v, 'bounce_with_friction.v');
  assertFinite(inv_m, 'bounce_with_friction.inv_m');
  if (!(inv_m > 0)) {
    throw new PhysicsError('invalid-argument', `bounce_with_friction.inv_m: must be > 0, got ${inv_m}`);
  }
  checkNormal(n, 'bounce_with_friction.n');
  checkNonNegative(e, 'bounce_with_friction.e');
  checkNonNegative(mu, 'bounce_with_friction.mu');
  const vn = v[0] * n[0] + v[1] * n[1];
  if (vn >= 0) return [[v[0], v[1]], 0, 0];
  const jn = (-(1 + e) * vn) / inv_m;
  // tangent from the velocity before the normal impulse (the lab's third common mistake)
  const rx = v[0] - vn * n[0];
  const ry = v[1] - vn * n[1];
  const rl = Math.sqrt(rx * rx + ry * ry);
  let jt = 0;
  let tx = 0;
  let ty = 0;
  if (rl > 0) {
    tx = rx / rl;
    ty = ry / rl;
    jt = -(v[0] * tx + v[1] * ty) / inv_m;
    const limit = mu * jn;
    jt = Math.max(-limit, Math.min(limit, jt)); // the Coulomb clamp
  }
  const vout: Vec2 = [v[0] + jn * inv_m * n[0] + jt * inv_m * tx, v[1] + jn * inv_m * n[1] + jt * inv_m * ty];
  return [vout, jn, jt];
}

/** camelCase alias of {@link bounce_with_friction}. */
export const bounceWithFriction = bounce_with_friction;

// ---------------------------------------------------------------------------------------------
// 03: what is conserved and what is lost

/** Total momentum (x) and kinetic energy of the two balls at one moment of the conservation experiment. */
export interface ConserveCase {
  /** total momentum, x components: m1·v1x + m2·v2x */
  p: number;
  /** total kinetic energy, Σ 0.5·m·|v|² */
  ke: number;
  /** velocity of ball 1 */
  v1: Vec2;
  /** velocity of ball 2 */
  v2: Vec2;
}

/** The conservation experiment: momentum and energy before the collision and after it with restitution 1 and 0.5. */
export interface ConserveResult {
  /** before the collision */
  before: ConserveCase;
  /** after it, restitution e = 1 (elastic) */
  e1: ConserveCase;
  /** after it, restitution e = 0.5 */
  e05: ConserveCase;
  /** after it, restitution e = 0 (perfectly inelastic) */
  e0: ConserveCase;
}

function measure(v1: Vec2, m1: number, v2: Vec2, m2: number): ConserveCase {
  return {
    p: m1 * v1[0] + m2 * v2[0],
    ke: 0.5 * m1 * (v1[0] * v1[0] + v1[1] * v1[1]) + 0.5 * m2 * (v2[0] * v2[0] + v2[1] * v2[1]),
    v1,
    v2,
  };
}

/**
 * The impulse lab, "何が保存され、何が失われるか": body 1 (mass 2, v (3, 0)) meets body 2 (mass 1,
 * v (−1, 0)) along n = (1, 0), solved with e = 1, 0.5 and 0 by {@link resolve}.
 */
export function conserveExperiment(): ConserveResult {
  const invM1 = 0.5;
  const invM2 = 1.0;
  const m1 = 1 / invM1;
  const m2 = 1 / invM2;
  const v1: Vec2 = [3, 0];
  const v2: Vec2 = [-1, 0];
  const n: Vec2 = [1, 0];
  const solve = (e: number): ConserveCase => {
    const [a, b] = resolve(v1, invM1, v2, invM2, n, e);
    return measure(a, m1, b, m2);
  };
  return { before: measure(v1, m1, v2, m2), e1: solve(1), e05: solve(0.5), e0: solve(0) };
}

// ---------------------------------------------------------------------------------------------
// 04: bounce heights fall by e²

/** The bouncing-ball experiment: height and velocity per step, and the bounces found. */
export interface BounceResult {
  /** y and v for steps 0..steps (steps + 1 samples) */
  y: Float64Array;
  /** velocity per sample, m/s */
  v: Float64Array;
  /** indices of the local maxima (y[i] ≥ both neighbours), in order */
  peakSteps: number[];
  /** the step in seconds */
  dt: number;
}

/**
 * The impulse lab, "跳ねる高さはeの2乗で減る": a ball dropped from y0 = 5 at rest, g = −9.8,
 * dt = 1/240, 2400 steps of `v += g·dt; y += v·dt`, and when y < 0: `y = −y; v = −e·v` (the
 * overshoot is reflected back, e = 0.7).
 */
export function bounceExperiment(
  opts: { y0?: number; g?: number; dt?: number; steps?: number; e?: number } = {},
): BounceResult {
  const y0 = opts.y0 ?? 5.0;
  const g = opts.g ?? -9.8;
  const dt = opts.dt ?? 1 / 240;
  const steps = opts.steps ?? 2400;
  const e = opts.e ?? 0.7;
  const ys = new Float64Array(steps + 1);
  const vs = new Float64Array(steps + 1);
  let y = y0;
  let v = 0;
  ys[0] = y;
  vs[0] = v;
  for (let s = 1; s <= steps; s++) {
    v += g * dt;
    y += v * dt;
    if (y < 0) {
      y = -y;
      v = -e * v;
    }
    ys[s] = y;
    vs[s] = v;
  }
  return { y: ys, v: vs, peakSteps: localMaxima(ys), dt };
}

/**
 * The lab's apexes: indices i (with two neighbours) where ys[i] ≥ ys[i−1] and ys[i] ≥ ys[i+1].
 * A flat top of equal samples is one apex (its first index), not several.
 */
export function localMaxima(ys: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 1; i < ys.length - 1; i++) {
    if (ys[i]! >= ys[i - 1]! && ys[i]! >= ys[i + 1]!) {
      if (out.length > 0 && out[out.length - 1] === i - 1 && ys[i] === ys[i - 1]) continue;
      out.push(i);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// 05: where does a sliding box stop

/** The friction experiment: a sliding box stopped by Coulomb friction, the steps it took and its final velocity. */
export interface FrictionResult {
  /** steps until the box stopped */
  steps: number;
  /** the velocity at the end: exactly 0 (the clamp); negative would mean sliding backwards */
  velocity: number;
  /** time until the box stopped, s */
  stopTime: number;
  /** distance slid until it stopped, m */
  distance: number;
}

/**
 * The impulse lab, "滑る箱はどこで止まるか": v0 = 5, Coulomb friction mu = 0.3, g = 9.8, dt = 1/240,
 * each step `v = max(0, v − mu·g·dt); x += v·dt` until v is 0. Analytic: t = v0/(mu·g),
 * d = v0²/(2·mu·g).
 */
export function frictionExperiment(
  opts: { v0?: number; mu?: number; g?: number; dt?: number; maxSteps?: number } = {},
): FrictionResult {
  const mu = opts.mu ?? 0.3;
  const g = opts.g ?? 9.8;
  const dt = opts.dt ?? 1 / 240;
  const maxSteps = opts.maxSteps ?? 10_000_000;
  let v = opts.v0 ?? 5.0;
  let x = 0;
  let steps = 0;
  while (v > 0 && steps < maxSteps) {
    v = Math.max(0, v - mu * g * dt); // without the max the box would slide backwards
    x += v * dt;
    steps++;
  }
  return { steps, velocity: v, stopTime: steps * dt, distance: x };
}

// ---------------------------------------------------------------------------------------------
// 07: five balls in a box

/** The lab's five balls: positions, velocities and plot colours, in order. */
export const BALLS_INITIAL: readonly { p: Vec2; v: Vec2; color: readonly [number, number, number] }[] = [
  { p: [2, 8], v: [3, 0], color: [255, 100, 100] },
  { p: [5, 9], v: [-2, 1], color: [100, 255, 100] },
  { p: [8, 7], v: [0, 0], color: [100, 150, 255] },
  { p: [3, 5], v: [4, 2], color: [255, 220, 80] },
  { p: [7, 4], v: [-3, -1], color: [220, 120, 255] },
];

/**
 * Five balls (radius 0.5) in a 10 × 10 box, g = −9.8, dt = 1/240, wall restitution 0.9, in
 * structure-of-arrays form. One step, in the lab's order: gravity, positions, then the walls
 * axis by axis (`x − r < 0 → x = r, vx = −e·vx`, the same at x = size and for y).
 */
export class BallBox {
  /** number of balls */
  readonly count: number;
  /** ball centres, x (m) */
  readonly x: Float64Array;
  /** ball centres, y (m) */
  readonly y: Float64Array;
  /** ball velocities, x (m/s) */
  readonly vx: Float64Array;
  /** ball velocities, y (m/s) */
  readonly vy: Float64Array;
  /** ball radius, m */
  readonly radius = 0.5;
  /** side of the square box, m */
  readonly size = 10;
  /** gravity, m/s² */
  readonly g = -9.8;
  /** restitution of every collision */
  readonly e = 0.9;
  /** fixed step, s */
  readonly dt: number;
  /** steps taken so far */
  steps = 0;

  constructor(dt = 1 / 240) {
    this.dt = dt;
    this.count = BALLS_INITIAL.length;
    this.x = Float64Array.from(BALLS_INITIAL, (b) => b.p[0]);
    this.y = Float64Array.from(BALLS_INITIAL, (b) => b.p[1]);
    this.vx = Float64Array.from(BALLS_INITIAL, (b) => b.v[0]);
    this.vy = Float64Array.from(BALLS_INITIAL, (b) => b.v[1]);
  }

  /** Advances one step: gravity, then the ball–ball and ball–wall collisions by impulses. */
  step(): void {
    const { x, y, vx, vy, radius: r, size, e, dt } = this;
    for (let i = 0; i < this.count; i++) {
      vy[i] += this.g * dt; // 1. gravity
      x[i] += vx[i] * dt; // 2. positions
      y[i] += vy[i] * dt;
      // 3. walls, one axis at a time: put the ball back inside, reflect and damp the velocity
      if (x[i] - r < 0) {
        x[i] = r;
        vx[i] = -e * vx[i];
      }
      if (x[i] + r > size) {
        x[i] = size - r;
        vx[i] = -e * vx[i];
      }
      if (y[i] - r < 0) {
        y[i] = r;
        vy[i] = -e * vy[i];
      }
      if (y[i] + r > size) {
        y[i] = size - r;
        vy[i] = -e * vy[i];
      }
    }
    this.steps++;
  }

  /** The lab's energy: Σ 0.5·(vx² + vy²) + 9.8·y (unit masses). */
  energy(): number {
    let s = 0;
    for (let i = 0; i < this.count; i++) {
      s += 0.5 * (this.vx[i] * this.vx[i] + this.vy[i] * this.vy[i]) + 9.8 * this.y[i];
    }
    return s;
  }
}
