/**
 * The shared part of the joint solver (textbook §26.2 "ジョイントとモーター"; Box2D v3's joint.c):
 * the layout of a packed joint's common header, the step's context every pass reads, the interface
 * a joint kind implements (`JointKindSolver`), and the helpers the kinds share (current relative
 * angle, the bias of a rigid part). The dispatch and the passes are in joint-solver.ts.
 *
 * A packed joint is `JC_STRIDE` numbers of `ctx.jc`. The header (`J_*`, filled by the framework)
 * holds the inverse masses, the anchors relative to the centres of mass rotated into the world at
 * the start of the step, the centres' difference, the relative angle and A's rotation; a kind keeps
 * its own numbers from `J_KIND` on and its accumulated impulses at `J_IMPULSE + k` (k < `JI_STRIDE`),
 * which the framework loads from and stores back to the joint store (warm starting) and zeroes each
 * substep when warm starting is off. Body states are the packed solver states of contact-solver.ts
 * (`SB_*`): velocity, angular velocity and the step's position / rotation change, so a joint's
 * current anchors are r = R(Δq)·r₀ and its current separation (ΔpB − ΔpA) + (rB − rA) + (cB − cA)₀.
 *
 * The rigid parts (point, axis, angle, limits) use `rigidBias`: in the soft step the joint softness
 * (`jointHertz`, `jointDampingRatio`; Catto, "Soft Constraints", 2011), in the PGS modes a
 * Baumgarte bias β/h·C with full mass; springs are always soft (`makeSoftness` with their own Hz
 * and damping ratio).
 */
import { makeSoftness, type Softness } from '../../dynamics/softness.js';
import type { BodyStore } from '../body-store.js';
import { JI_STRIDE, type JointStore } from './joint-store.js';

// ---- the common header of a packed joint
export const J_MA = 0;
export const J_MB = 1;
export const J_IA = 2;
export const J_IB = 3;
/** anchors relative to the centres of mass, in world axes at the start of the step */
export const J_RAX = 4;
export const J_RAY = 5;
export const J_RBX = 6;
export const J_RBY = 7;
/** cB − cA at the start of the step */
export const J_DCX = 8;
export const J_DCY = 9;
/** angleB − angleA − referenceAngle at the start of the step, in (−π, π] */
export const J_ANGLE = 10;
/** A's rotation at the start of the step (for axes fixed in A) */
export const J_QAC = 11;
export const J_QAS = 12;
/** the accumulated impulses (JI_STRIDE numbers; loaded from and stored to the joint store) */
export const J_IMPULSE = 13;
/** a kind's own numbers start here */
export const J_KIND = J_IMPULSE + JI_STRIDE;
/**
 * numbers per packed joint: the header and the impulses (21) and the largest kind block (the wheel
 * joint's, 17), rounded up to whole 64-byte cache lines — 320 bytes; the solver's passes stream
 * through the packed joints, so every unused number is memory traffic
 */
export const JC_STRIDE = 40;
/** numbers a kind may use from J_KIND on */
export const J_KIND_SPAN = JC_STRIDE - J_KIND;
if (J_KIND_SPAN < 17) throw new Error('rigid2d: a joint kind block does not fit the packed stride');

/** The step's numbers every joint pass reads (one reused object; double arguments would be boxed). */
export class JointContext {
  joints!: JointStore;
  bodies!: BodyStore;
  /** the packed solver states (contact-solver.ts SB_*) and the packed joints */
  ss: Float64Array = new Float64Array(0);
  jc: Float64Array = new Float64Array(0);
  /** substep and its inverse */
  h = 0.5;
  invH = 0.5;
  /** world gravity (the mouse joint's default force budget) */
  gx = 0.5;
  gy = 0.5;
  /** PGS modes: a rigid part's bias is −β/h·C with full mass; soft step: `rigid` */
  baumgarte = false;
  beta = 0.5;
  /** the joint softness of the rigid parts (soft step; biasRate 0, massScale 1, impulseScale 0 in the PGS modes) */
  readonly rigid: Softness = { biasRate: 0.5, massScale: 0.5, impulseScale: 0.5 };
  /** scratch for springs (a kind fills it in prepare and copies it into its jc block) */
  readonly spring: Softness = { biasRate: 0.5, massScale: 0.5, impulseScale: 0.5 };
  /** the inputs `rigid` was last computed from (soft step 1/0, hertz, damping ratio, β, h; NaN: never) */
  readonly softFor = new Float64Array(5).fill(Number.NaN);
}

/**
 * What a joint kind implements. `o` is the joint's offset in `ctx.jc`, `oa`/`ob` its bodies' offsets
 * in `ctx.ss`, `j` its slot in the joint store. The header and the impulses are filled before
 * `prepare`; `reaction` writes `joints.forceX/forceY/torque[j]` (N, N·m) from the accumulated
 * impulses (impulse · invH).
 */
export interface JointKindSolver {
  prepare(ctx: JointContext, j: number, o: number): void;
  warmStart(ctx: JointContext, o: number, oa: number, ob: number): void;
  solve(ctx: JointContext, o: number, oa: number, ob: number, useBias: boolean): void;
  reaction(ctx: JointContext, j: number, o: number): void;
}

/** Wraps an angle into (−π, π]. */
export function unwindAngle(a: number): number {
  if (a > Math.PI) return a - 2 * Math.PI;
  if (a <= -Math.PI) return a + 2 * Math.PI;
  return a;
}

/**
 * The angle θ ∈ (−π, π] of the rotation (c, s) = (cos θ, sin θ), allocation-free and portable (only
 * +, ×, ÷ and √, each correctly rounded): t = tan(θ/2) = s/(1 + c), halved again (tan(x/2) =
 * t/(1 + √(1 + t²))) until |t| ≤ 0.2, then θ = 2ᵏ·atan t by its odd series to t¹⁵ (error below
 * 1e-12 rad). A rotation by exactly π (c = −1, s = 0) gives π.
 */
export function rotationAngle(c: number, s: number): number {
  angleScratch[0] = c;
  angleScratch[1] = s;
  rotationAngleAt(angleScratch, 0);
  return angleScratch[0]!;
}

const angleScratch = new Float64Array(2);

/**
 * {@link rotationAngle} of the rotation (c, s) = (v[k], v[k + 1]), written to `v[k]`: the hot passes'
 * form (no double crosses the call, so nothing is boxed where the optimiser does not inline).
 */
export function rotationAngleAt(v: Float64Array, k: number): void {
  const c = v[k]!;
  const s = v[k + 1]!;
  if (s === 0 && c < 0) {
    v[k] = Math.PI;
    return;
  }
  let t = s / (1 + c);
  let m = 2;
  while (t > 0.2 || t < -0.2) {
    t = t / (1 + Math.sqrt(1 + t * t));
    m *= 2;
  }
  const z = t * t;
  const series =
    t *
    (1 +
      z * (-1 / 3 + z * (1 / 5 + z * (-1 / 7 + z * (1 / 9 + z * (-1 / 11 + z * (1 / 13 + z * (-1 / 15))))))));
  v[k] = m * series;
}

/** {@link rotationAngle} written to `out[k]` (a returned double is boxed when the call is not inlined). */
export function rotationAngleInto(c: number, s: number, out: Float64Array, k: number): void {
  out[k] = rotationAngle(c, s);
}

/** The current relative angle of a packed joint: header angle + the in-step rotation of B relative to A. */
export function jointAngleNow(ss: Float64Array, jc: Float64Array, o: number, oa: number, ob: number): number {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_ANGLE = 10;
  const SB_DQC = 5;
  const SB_DQS = 6;
  const ac = ss[oa + SB_DQC]!;
  const as = ss[oa + SB_DQS]!;
  const bc = ss[ob + SB_DQC]!;
  const bs = ss[ob + SB_DQS]!;
  // ΔqA⁻¹·ΔqB
  return unwindAngle(jc[o + J_ANGLE]! + rotationAngle(ac * bc + as * bs, ac * bs - as * bc));
}

/**
 * {@link jointAngleNow} written to `out[k]` (`out[k + 1]` is scratch), through {@link rotationAngleAt}
 * and with {@link unwindAngle} written out (the same operations in the same order): no double crosses
 * a call, so nothing is boxed where the optimiser does not inline.
 */
export function jointAngleInto(
  ss: Float64Array,
  jc: Float64Array,
  o: number,
  oa: number,
  ob: number,
  out: Float64Array,
  k: number,
): void {
  // the layout as local literals (see the note at SB_VX in contact-solver.ts)
  const J_ANGLE = 10;
  const SB_DQC = 5;
  const SB_DQS = 6;
  const ac = ss[oa + SB_DQC]!;
  const as = ss[oa + SB_DQS]!;
  const bc = ss[ob + SB_DQC]!;
  const bs = ss[ob + SB_DQS]!;
  // ΔqA⁻¹·ΔqB = (c, s), its angle into out[k]
  out[k] = ac * bc + as * bs;
  out[k + 1] = ac * bs - as * bc;
  rotationAngleAt(out, k);
  // unwound into (−π, π]
  const a = jc[o + J_ANGLE]! + out[k]!;
  out[k] = a > Math.PI ? a - 2 * Math.PI : a <= -Math.PI ? a + 2 * Math.PI : a;
}

/**
 * Fills `ctx.rigid` and the mode for a substep `h` from the solver settings — once: while the
 * settings and the substep stay the same, the step reuses what it computed (no numbers boxed per step).
 */
export function setJointSoftness(
  ctx: JointContext,
  softStep: boolean,
  jointHertz: number,
  jointDampingRatio: number,
  beta: number,
  h: number,
): void {
  // the same settings and substep as last time (every step of a steady run): nothing to compute
  const f = ctx.softFor;
  const mode = softStep ? 1 : 0;
  if (f[0] === mode && f[1] === jointHertz && f[2] === jointDampingRatio && f[3] === beta && f[4] === h)
    return;
  f[0] = mode;
  f[1] = jointHertz;
  f[2] = jointDampingRatio;
  f[3] = beta;
  f[4] = h;
  ctx.h = h;
  ctx.invH = 1 / h;
  ctx.beta = beta;
  ctx.baumgarte = !softStep;
  if (softStep) makeSoftness(Math.min(jointHertz, 0.25 / h), jointDampingRatio, h, ctx.rigid);
  else makeSoftness(0, 0, h, ctx.rigid);
}

/**
 * The bias, mass scale and impulse scale of a rigid part with error `C` (a velocity-level target
 * Cdot + bias = 0), written to `out` (a reused 3-array): soft step → softness; PGS → Baumgarte β/h·C.
 */
export function rigidBias(ctx: JointContext, C: number, useBias: boolean, out: Float64Array): void {
  if (!useBias) {
    out[0] = 0;
    out[1] = 1;
    out[2] = 0;
  } else if (ctx.baumgarte) {
    out[0] = ctx.beta * ctx.invH * C;
    out[1] = 1;
    out[2] = 0;
  } else {
    out[0] = ctx.rigid.biasRate * C;
    out[1] = ctx.rigid.massScale;
    out[2] = ctx.rigid.impulseScale;
  }
}
