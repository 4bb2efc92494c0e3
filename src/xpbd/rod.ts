/** Cosserat rods with bend and twist, quaternion orientations (Kugelstadt & Schömer 2016). */
import { PhysicsError } from '../core/errors.js';
import * as quat from '../math/quat.js';
import type { ConstraintSet, SolveContext } from './constraint.js';
import { checkIndex, checkNonNegative } from './distance.js';
import type { Particles } from './particles.js';

/**
 * XPBD rods with bend and twist: orientation-based constraints with quaternions as generalised
 * coordinates, for the bend/twist stiffness of Cosserat rods (Kugelstadt & Schömer, "Position and
 * Orientation Based Cosserat Rods", SCA 2016). A rod is a chain of centre-line particles
 * p_0..p_n (in the world's particle store) and one unit quaternion q_i per segment, whose third axis
 * d3(q) = q e3 q̄ should follow the segment.
 *
 * - stretch–shear, per segment: C = (p_{i+1} − p_i)/l − d3(q_i) ∈ R³. With D = w_i + w_{i+1} + 4 w_q l²:
 *   Δp_i = +w_i l Γ/D, Δp_{i+1} = −w_{i+1} l Γ/D, Δq_i = (2 w_q l²/D) (Γ q_i ē3), Γ = −C (to first order
 *   this removes the perpendicular error exactly: the rotation part changes d3 by 4 w_q l² Γ⊥/D).
 * - bend–twist, per pair of segments: the Darboux vector Ω = Im(q̄_i q_{i+1}) against its rest value
 *   (sign chosen for the closer of ±Ω0, the quaternion double cover): C = Ω − sΩ0,
 *   Δλ = (−C − α̃λ)/(w_qi + w_qj + α̃), Δq_i = −w_qi q_j Δλ, Δq_j = +w_qj q_i Δλ (then normalised).
 *
 * The segment orientations are this set's own state: they are predicted at the first solve of each
 * substep (q ← q + ½ h ω q) and their angular velocities derived afterwards (ω = 2 Im(q q̄_prev)/h),
 * the rotational counterpart of the XPBD substep's position prediction and velocity update.
 */
export class RodSet implements ConstraintSet {
  readonly kind = 'rod';
  /** bend–twist compliance α, rad/(N·m)-like units per unit Darboux vector */
  bendTwistCompliance: number;
  /** centre-line particle ids of the rod, n + 1 */
  readonly ids: Int32Array;
  /** segment rest lengths, n */
  readonly rest: Float64Array;
  /** orientation of every segment (x, y, z, w), 4 per segment */
  readonly q: Float64Array;
  /** orientations at the start of the substep, 4 per segment (quaternions) */
  readonly qPrev: Float64Array;
  /** angular velocity, 3 per segment */
  readonly omega: Float64Array;
  /** inverse "mass" of each orientation (0 = clamped) */
  readonly wq: Float64Array;
  /** rest Darboux vectors, 3 per pair */
  readonly restDarboux: Float64Array;
  /** accumulated Lagrange multipliers this substep */
  readonly lambda: Float64Array;
  private needPredict = true;
  private readonly t = new Float64Array(4);
  private readonly t2 = new Float64Array(4);

  /**
   * Builds a rod along the existing particles `ids` (≥ 2). Segment frames start with d3 along each
   * segment; `clampFirst` fixes the first segment's orientation (a clamped root).
   */
  constructor(
    p: Particles,
    ids: number[],
    options: { bendTwistCompliance?: number; orientationInvMass?: number; clampFirst?: boolean } = {},
  ) {
    if (ids.length < 2) throw new PhysicsError('invalid-argument', 'rod: needs at least 2 particles');
    ids.forEach((i, k) => {
      checkIndex(p, i, `rod.particles[${k}]`);
    });
    this.bendTwistCompliance = options.bendTwistCompliance ?? 0;
    checkNonNegative(this.bendTwistCompliance, 'rod.bendTwistCompliance');
    const n = ids.length - 1;
    this.ids = Int32Array.from(ids);
    this.rest = new Float64Array(n);
    this.q = new Float64Array(4 * n);
    this.qPrev = new Float64Array(4 * n);
    this.omega = new Float64Array(3 * n);
    this.wq = new Float64Array(n).fill(options.orientationInvMass ?? 1);
    if (options.clampFirst) this.wq[0] = 0;
    this.restDarboux = new Float64Array(3 * Math.max(0, n - 1));
    this.lambda = new Float64Array(3 * Math.max(0, n - 1));
    const x = p.x;
    for (let s = 0; s < n; s++) {
      const a = 3 * ids[s];
      const b = 3 * ids[s + 1];
      const dx = x[b] - x[a];
      const dy = x[b + 1] - x[a + 1];
      const dz = x[b + 2] - x[a + 2];
      const l = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (!(l > 1e-12))
        throw new PhysicsError('degenerate-shape', `rod.segment[${s}]: rest length must be > 0, got ${l}`);
      this.rest[s] = l;
      // the shortest rotation taking e3 = (0, 0, 1) to the segment direction (previous frame-free)
      fromTo(dx / l, dy / l, dz / l, this.q, 4 * s);
    }
    this.qPrev.set(this.q);
    for (let s = 0; s + 1 < n; s++) darboux(this.q, 4 * s, 4 * (s + 1), this.restDarboux, 3 * s);
  }

  /** one constraint per segment (stretch–shear) followed by one per pair (bend–twist) */
  size(): number {
    return 2 * this.rest.length - 1;
  }

  particlesOf(c: number, out: number[]): number {
    const n = this.rest.length;
    if (c < n) {
      out[0] = this.ids[c];
      out[1] = this.ids[c + 1];
      return 2;
    }
    return 0; // bend–twist acts on orientations only
  }

  resetLambda(): void {
    this.lambda.fill(0);
    this.needPredict = true;
  }

  private predict(h: number): void {
    const q = this.q;
    for (let s = 0; s < this.rest.length; s++) {
      const o = 4 * s;
      this.qPrev[o] = q[o];
      this.qPrev[o + 1] = q[o + 1];
      this.qPrev[o + 2] = q[o + 2];
      this.qPrev[o + 3] = q[o + 3];
      if (this.wq[s] === 0) continue;
      // q ← q + ½ h (ω, 0) q
      const wx = 0.5 * h * this.omega[3 * s];
      const wy = 0.5 * h * this.omega[3 * s + 1];
      const wz = 0.5 * h * this.omega[3 * s + 2];
      quat.mulComponents(this.t, 0, wx, wy, wz, 0, q[o], q[o + 1], q[o + 2], q[o + 3]);
      q[o] += this.t[0];
      q[o + 1] += this.t[1];
      q[o + 2] += this.t[2];
      q[o + 3] += this.t[3];
      quat.normalize(q, o, q, o);
    }
  }

  solve(ctx: SolveContext, _order: Int32Array | null, start: number, end: number): void {
    if (this.needPredict) {
      this.predict(ctx.h);
      this.needPredict = false;
    }
    const n = this.rest.length;
    const x = ctx.x;
    const w = ctx.invMass;
    const q = this.q;
    const t = this.t;
    for (let c = start; c < end; c++) {
      if (c < n) {
        // stretch–shear of segment c
        const a = 3 * this.ids[c];
        const b = 3 * this.ids[c + 1];
        const l = this.rest[c];
        const o = 4 * c;
        const qx = q[o];
        const qy = q[o + 1];
        const qz = q[o + 2];
        const qw = q[o + 3];
        // d3 = q e3 q̄
        const d3x = 2 * (qx * qz + qw * qy);
        const d3y = 2 * (qy * qz - qw * qx);
        const d3z = qw * qw - qx * qx - qy * qy + qz * qz;
        const gx = (x[b] - x[a]) / l - d3x;
        const gy = (x[b + 1] - x[a + 1]) / l - d3y;
        const gz = (x[b + 2] - x[a + 2]) / l - d3z;
        const wa = w[this.ids[c]];
        const wb = w[this.ids[c + 1]];
        const wqs = this.wq[c];
        const D = wa + wb + 4 * wqs * l * l;
        if (D < 1e-12) continue;
        const sa = (wa * l) / D;
        const sb = (wb * l) / D;
        ctx.dx[a] += sa * gx;
        ctx.dx[a + 1] += sa * gy;
        ctx.dx[a + 2] += sa * gz;
        ctx.dx[b] -= sb * gx;
        ctx.dx[b + 1] -= sb * gy;
        ctx.dx[b + 2] -= sb * gz;
        if (wqs > 0) {
          // Δq = κ (Γ q ē3), ē3 = (0, 0, −1, 0)
          quat.mulComponents(t, 0, gx, gy, gz, 0, qx, qy, qz, qw);
          const k = (2 * wqs * l * l) / D;
          quat.mulComponents(t, 0, t[0], t[1], t[2], t[3], 0, 0, -1, 0);
          q[o] += k * t[0];
          q[o + 1] += k * t[1];
          q[o + 2] += k * t[2];
          q[o + 3] += k * t[3];
          quat.normalize(q, o, q, o);
        }
      } else {
        // bend–twist between segments i and i + 1
        const i = c - n;
        const oi = 4 * i;
        const oj = oi + 4;
        const w0 = this.wq[i];
        const w1 = this.wq[i + 1];
        const at = this.bendTwistCompliance * ctx.alphaScale;
        const den = w0 + w1 + at;
        if (den < 1e-12) continue;
        // Ω = q̄_i q_j (full quaternion), compare with ±Ω0
        quat.mulComponents(
          t,
          0,
          -q[oi],
          -q[oi + 1],
          -q[oi + 2],
          q[oi + 3],
          q[oj],
          q[oj + 1],
          q[oj + 2],
          q[oj + 3],
        );
        const r = 3 * i;
        const r0 = this.restDarboux[r];
        const r1 = this.restDarboux[r + 1];
        const r2 = this.restDarboux[r + 2];
        const rw = Math.sqrt(Math.max(0, 1 - r0 * r0 - r1 * r1 - r2 * r2));
        const dMinus = (t[0] - r0) ** 2 + (t[1] - r1) ** 2 + (t[2] - r2) ** 2 + (t[3] - rw) ** 2;
        const dPlus = (t[0] + r0) ** 2 + (t[1] + r1) ** 2 + (t[2] + r2) ** 2 + (t[3] + rw) ** 2;
        const sg = dMinus <= dPlus ? 1 : -1;
        const cx = t[0] - sg * r0;
        const cy = t[1] - sg * r1;
        const cz = t[2] - sg * r2;
        const lx = (-cx - at * this.lambda[r]) / den;
        const ly = (-cy - at * this.lambda[r + 1]) / den;
        const lz = (-cz - at * this.lambda[r + 2]) / den;
        this.lambda[r] += lx;
        this.lambda[r + 1] += ly;
        this.lambda[r + 2] += lz;
        // Δq_i = −w_qi q_j (Δλ, 0) and Δq_j = +w_qj q_i (Δλ, 0), both from the current q_i, q_j
        const t2 = this.t2;
        quat.mulComponents(t, 0, q[oj], q[oj + 1], q[oj + 2], q[oj + 3], lx, ly, lz, 0);
        quat.mulComponents(t2, 0, q[oi], q[oi + 1], q[oi + 2], q[oi + 3], lx, ly, lz, 0);
        for (let k = 0; k < 4; k++) {
          q[oi + k] -= w0 * t[k];
          q[oj + k] += w1 * t2[k];
        }
        quat.normalize(q, oi, q, oi);
        quat.normalize(q, oj, q, oj);
      }
    }
  }

  /** ω = 2 Im(q q̄_prev)/h for every segment (the rotational velocity update). */
  velocityPass(ctx: SolveContext): void {
    const q = this.q;
    const p = this.qPrev;
    const t = this.t;
    for (let s = 0; s < this.rest.length; s++) {
      const o = 4 * s;
      quat.mulComponents(t, 0, q[o], q[o + 1], q[o + 2], q[o + 3], -p[o], -p[o + 1], -p[o + 2], p[o + 3]);
      const sg = t[3] >= 0 ? 2 / ctx.h : -2 / ctx.h;
      this.omega[3 * s] = sg * t[0];
      this.omega[3 * s + 1] = sg * t[1];
      this.omega[3 * s + 2] = sg * t[2];
    }
  }

  /** The frame axis d3 of segment s (allocates; for tests and drawing). */
  d3(s: number): [number, number, number] {
    const o = 4 * s;
    const [qx, qy, qz, qw] = [this.q[o], this.q[o + 1], this.q[o + 2], this.q[o + 3]];
    return [2 * (qx * qz + qw * qy), 2 * (qy * qz - qw * qx), qw * qw - qx * qx - qy * qy + qz * qz];
  }

  /** The frame axis d1 of segment s (the material "x" direction, shows twist). */
  d1(s: number): [number, number, number] {
    const o = 4 * s;
    const [qx, qy, qz, qw] = [this.q[o], this.q[o + 1], this.q[o + 2], this.q[o + 3]];
    return [qw * qw + qx * qx - qy * qy - qz * qz, 2 * (qx * qy + qw * qz), 2 * (qx * qz - qw * qy)];
  }
}

/** The shortest-arc quaternion taking e3 = (0, 0, 1) to the unit vector (x, y, z), written at q[o..o+3]. */
function fromTo(x: number, y: number, z: number, q: Float64Array, o: number): void {
  // axis e3 × d = (−y, x, 0), cos θ = z; q = (sin θ/2 · axis, cos θ/2) via the half-vector trick
  if (z < -1 + 1e-12) {
    q[o] = 1;
    q[o + 1] = 0;
    q[o + 2] = 0;
    q[o + 3] = 0; // 180° about x
    return;
  }
  q[o] = -y;
  q[o + 1] = x;
  q[o + 2] = 0;
  q[o + 3] = 1 + z;
  quat.normalize(q, o, q, o);
}

/** Im(q̄_i q_j) written at out[r..r+2], with the sign making the real part ≥ 0. */
function darboux(q: Float64Array, oi: number, oj: number, out: Float64Array, r: number): void {
  const t = new Float64Array(4);
  quat.mulComponents(t, 0, -q[oi], -q[oi + 1], -q[oi + 2], q[oi + 3], q[oj], q[oj + 1], q[oj + 2], q[oj + 3]);
  const s = t[3] >= 0 ? 1 : -1;
  out[r] = s * t[0];
  out[r + 1] = s * t[1];
  out[r + 2] = s * t[2];
}
