/**
 * The shared part of the 3D joint solver (textbook §26.2 "ジョイントとモーター"; the structure of
 * Box2D v3's joint.c, in 3D): the layout of a packed joint's common header, the step's context every
 * pass reads, the interface a joint kind implements (`JointKindSolver3`), and the kinematics every
 * kind needs — the current anchors and the current joint frames.
 *
 * A packed joint is `JC_STRIDE` numbers of `ctx.jc`. The header (`J_*`, filled by the framework)
 * holds the inverse masses, the world inverse inertias R I⁻¹ Rᵀ (6 numbers each, xx xy xz yy yz zz)
 * at the start of the step and (after the impulses and the kind block, as only the measurements
 * read them) the anchors relative to the centres of mass rotated into the world,
 * the centres' difference and the two joint frames in the world (quaternions whose x axis is the
 * joint axis); a kind keeps its own numbers from `J_KIND` on and its accumulated impulses at
 * `J_IMPULSE + k` (k < `JI_STRIDE`), which the framework loads from and stores back to the joint
 * store (warm starting). Body states are the packed solver states of contact-solver.ts (`SB_*`):
 * velocity, angular velocity and the step's translation Δp and rotation Δq so far, so a joint's
 * current anchor is r = R(Δq)·r₀, its current separation (ΔpB − ΔpA) + (rB − rA) + (cB − cA)₀ and
 * its current frame Δq·F₀: the constraint error is measured from the in-step motion, as the
 * contacts' separation is. The poses move only in a substep's position update and in the joints'
 * projection, never during the velocity passes, so the kinds whose solve is hot (ball, hinge,
 * cone-twist) measure that geometry once per pose (`refresh`) and keep it in their block for every
 * velocity pass until the poses move again — the same numbers as measuring it in each pass.
 *
 * The rigid parts use the joint softness (`jointHertz`, `jointDampingRatio`; Catto, "Soft
 * Constraints", 2011) in the soft step and a Baumgarte bias β/h·C with full mass in the PGS modes;
 * springs are always soft (their own Hz and damping ratio). Hot functions take only the context and
 * integer offsets; every intermediate number goes through the context's scratch array `t`, so no
 * double is ever boxed in a call.
 */
import { makeSoftness, type Softness } from '../../dynamics/softness.js';
import type { BodyStore3 } from '../body-store.js';

import { JI_STRIDE as JI_STRIDE_, type JointStore3 } from './joint-store.js';

// module-local copies of the imported layout constants (plain constants in the hot loops)
const JI_STRIDE = JI_STRIDE_;

/** header: inverse mass of A */
export const J_MA = 0;
/** inverse mass of B */
export const J_MB = 1;
/** world inverse inertia of A (6) */
export const J_IA = 2;
/** world inverse inertia of B (6) */
export const J_IB = 8;
/** the accumulated impulses (JI_STRIDE numbers), next to the inverse masses the passes read */
export const J_IMPULSE = 14;
/** a kind's own numbers start here (up to `J_KIND_SPAN`) */
export const J_KIND = J_IMPULSE + JI_STRIDE;
/** numbers a kind may use: the six-dof joint's 36 axis numbers; a hinge's axial numbers and its cached geometry, 44 */
export const J_KIND_SPAN = 47;
// the start-of-step geometry only the measurements read, after the kind block (the passes touch
// fewer cache lines)
/** anchor on A relative to its centre of mass, world axes, start of the step (3) */
export const J_RA = J_KIND + J_KIND_SPAN;
/** anchor on B relative to its centre of mass (3) */
export const J_RB = J_RA + 3;
/** cB − cA at the start of the step (3) */
export const J_DC = J_RA + 6;
/** A's joint frame in the world at the start of the step (quaternion, 4) */
export const J_FA = J_RA + 9;
/** B's joint frame in the world at the start of the step (4) */
export const J_FB = J_RA + 13;
/** numbers per packed joint: the header, the impulses, the kind block and the start-of-step geometry */
export const JC_STRIDE = J_RA + 17;

// ---- the scratch array `ctx.t`
/** current anchor A (3) */
export const T_RA = 0;
/** current anchor B (3) */
export const T_RB = 3;
/** current separation pB − pA (3) */
export const T_D = 6;
/** current frame A (4) */
export const T_FA = 9;
/** current frame B (4) */
export const T_FB = 13;
/** relative rotation conj(FA)·FB, in A's frame, w ≥ 0 (4) */
export const T_Q = 17;
/** frame A's x, y, z axes in the world (3 each) */
export const T_AX = 21;
/** frame A's y axis */
export const T_AY = 24;
/** frame A's z axis */
export const T_AZ = 27;
/** frame B's x axis */
export const T_BX = 30;
/** a constraint error vector (3) */
export const T_C = 33;
/** a row's angular axis (3) */
export const T_U = 36;
/** a second axis (3) */
export const T_U2 = 39;
/** a linear row's lever arm on A (3) */
export const T_LA = 42;
/** a linear row's lever arm on B (3) */
export const T_LB = 45;
/** a joint's total linear impulse on B (3; warm start) */
export const T_P = 48;
/** a joint's total angular impulse on B (3; warm start) */
export const T_L = 51;
/** a row's velocity bias (Cdot + bias = 0 is the target) */
export const T_B = 54;
/** a row's mass scale */
export const T_MS = 55;
/** a row's impulse scale */
export const T_IS = 56;
/** a row's lower clamp of the accumulated impulse */
export const T_LO = 57;
/** a row's upper clamp */
export const T_HI = 58;
/** a linear row's direction (3) */
export const T_N = 59;
/** the rigid softness in use: bias coefficient (bias = coefficient × C), mass scale, impulse scale */
export const T_SB = 62;
/** the point block's inverse effective mass (6, symmetric) */
export const T_KINV = 66;
/** scratch numbers a kind may use */
export const T_FREE = 72;
/** atan2 input y */
export const T_ATAN_Y = 84;
/** atan2 input x */
export const T_ATAN_X = 85;
/** atan2 result */
export const T_ATAN = 86;
/** a row's constraint error C (limitRow, equalityRow) */
export const T_CS = 87;
/** a linear impulse to apply (3) */
export const T_IMP = 88;
/** an angular impulse to apply (3) */
export const T_ANGIMP = 91;
/** scratch length */
export const T_LENGTH = 96;

/** The step's numbers every joint pass reads (one reused object per world). */
export class JointContext3 {
  /** the joint store */
  joints!: JointStore3;
  /** the body store */
  bodies!: BodyStore3;
  /** the packed solver states (contact-solver.ts SB_*) */
  ss: Float64Array = new Float64Array(0);
  /** the packed joints */
  jc: Float64Array = new Float64Array(0);
  /** substep */
  h = 0.5;
  /** 1 / substep */
  invH = 0.5;
  /** the fraction of a point joint's remaining error removed by the position projection per substep */
  projection = 1;
  /** PGS modes: a rigid part's bias is β/h·C with full mass */
  baumgarte = false;
  /** Baumgarte β */
  beta = 0.5;
  /** world gravity (the mouse joint's default force) */
  readonly gravity = new Float64Array(3);
  /** the joint softness of the rigid parts (soft step) */
  readonly rigid: Softness = { biasRate: 0.5, massScale: 0.5, impulseScale: 0.5 };
  /** scratch for springs (a kind fills it in prepare and copies it into its jc block) */
  readonly spring: Softness = { biasRate: 0.5, massScale: 0.5, impulseScale: 0.5 };
  /** the inputs `rigid` was computed from (mode, hertz, damping ratio, β, h; NaN: never) */
  readonly softFor = new Float64Array(5).fill(Number.NaN);
  /** scratch numbers (T_* offsets) */
  readonly t = new Float64Array(T_LENGTH);
  /** the joints solved this step (slots) */
  list = new Int32Array(16);
  /** number of joints solved this step */
  n = 0;
  /** per packed joint: the solver-state offsets of A and B */
  jb = new Int32Array(32);
  /** joints that broke this step */
  broken = new Int32Array(16);
  /** per body slot: joints to the nearest anchor (shock-propagation.ts) */
  depth = new Int32Array(16);
  /** per packed joint: the projection's inverse-mass scales of A and B (shock-propagation.ts) */
  projScale = new Float64Array(32);
  /** whether any projection scale differs from 1 this step (then the projection runs in `projSorted` order) */
  projScaled = false;
  /** per packed joint: its distance bucket (shock-propagation.ts scratch) */
  projOrder = new Int32Array(16);
  /** the packed joints nearest an anchor first (shock-propagation.ts) */
  projSorted = new Int32Array(16);
  /** counting-sort buckets (shock-propagation.ts) */
  depthCount = new Int32Array(18);

  /** Grows the arrays to the joint store's and the body store's capacities. */
  ensure(capacity: number, bodyCapacity: number): void {
    if (this.depth.length < bodyCapacity) this.depth = new Int32Array(bodyCapacity);
    if (this.list.length >= capacity && this.jc.length >= capacity * JC_STRIDE) return;
    this.projScale = new Float64Array(2 * capacity);
    this.projOrder = new Int32Array(capacity);
    this.projSorted = new Int32Array(capacity);
    this.depthCount = new Int32Array(capacity + 2);
    this.list = new Int32Array(capacity);
    this.jb = new Int32Array(2 * capacity);
    this.broken = new Int32Array(capacity);
    this.jc = new Float64Array(capacity * JC_STRIDE);
  }
}

/**
 * What a joint kind implements. `o` is the joint's offset in `ctx.jc`, `oa`/`ob` its bodies'
 * offsets in `ctx.ss`, `j` its slot in the joint store. The header and the impulses are filled
 * before `prepare`; `reaction` writes `joints.force/torque[3j..]` (N, N·m, on body B, world axes).
 */
export interface JointKindSolver3 {
  /** once per step, after the header is packed */
  prepare(ctx: JointContext3, j: number, o: number): void;
  /**
   * applies the accumulated impulses (each substep), on the cached geometry for the kinds that
   * keep it (measured by `refresh` before the first substep, by `project` after each)
   */
  warmStart(ctx: JointContext3, o: number, oa: number, ob: number): void;
  /**
   * the joint's geometry at the bodies' current in-step poses (anchors, frames, angles, effective
   * masses) into its kind block, for the solve passes that follow until the poses move again: before
   * a substep's solve passes (the warm start does it too) and after its position update, before the
   * relax passes (kinds that measure their geometry in every solve: nothing)
   */
  refresh(ctx: JointContext3, o: number, oa: number, ob: number): void;
  /**
   * after a substep's position update, before its relax passes: the cached anchors and axes at the
   * new poses, the effective masses kept from the last measurement (they move with the poses only
   * by a substep's rotation, and a velocity pass's fixed point Ċ = 0 does not depend on them)
   */
  refreshAxes(ctx: JointContext3, o: number, oa: number, ob: number): void;
  /** one Gauss–Seidel update from the geometry of the last `refresh` (`useBias` false: the relax pass) */
  solve(ctx: JointContext3, o: number, oa: number, ob: number, useBias: boolean): void;
  /** the reaction force and torque from the accumulated impulses */
  reaction(ctx: JointContext3, j: number, o: number): void;
  /** the position projection of the joint's point constraint after a substep (kinds without one: nothing) */
  project(ctx: JointContext3, o: number, oa: number, ob: number): void;
}

/** the largest rotation of a body in one substep (rad) for which refreshAxes keeps the effective masses */
const SMALL_TURN = 0.05;

/**
 * True when both bodies turn by at most SMALL_TURN in the substep (|ω|·h): the effective masses
 * measured a substep ago still hold (within a few per cent); otherwise a joint measures them again
 * (a whipping chain's end turns far more).
 */
export function smallTurn(ctx: JointContext3, oa: number, ob: number): boolean {
  // the layout as local literals (a module constant is a context load and a check per use)
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const ss = ctx.ss;
  const lim = SMALL_TURN * ctx.invH * (SMALL_TURN * ctx.invH);
  const ax = ss[oa + SB_WX]!;
  const ay = ss[oa + SB_WY]!;
  const az = ss[oa + SB_WZ]!;
  const bx = ss[ob + SB_WX]!;
  const by = ss[ob + SB_WY]!;
  const bz = ss[ob + SB_WZ]!;
  return ax * ax + ay * ay + az * az <= lim && bx * bx + by * by + bz * bz <= lim;
}

/** No cached geometry (kinds that measure their geometry in every solve pass). */
export function noRefresh(_ctx: JointContext3, _o: number, _oa: number, _ob: number): void {}

/**
 * Fills `ctx.rigid` and the mode for the substep `hs[0]` from the solver settings (recomputed only
 * when an input changed; the numbers are read from the objects, never passed as boxed doubles).
 */
export function setJointSoftness3(
  ctx: JointContext3,
  softStep: boolean,
  st: { readonly jointHertz: number; readonly jointDampingRatio: number; readonly beta: number },
  hs: Float64Array,
): void {
  const f = ctx.softFor;
  const mode = softStep ? 1 : 0;
  const h = hs[0]!;
  const jointHertz = st.jointHertz;
  const jointDampingRatio = st.jointDampingRatio;
  const beta = st.beta;
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

/** Writes the rigid parts' softness into t[T_SB..]: relax → none; PGS → Baumgarte; soft step → joint softness. */
export function rigidSoftness(ctx: JointContext3, useBias: boolean): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_SB = 62;
  const t = ctx.t;
  if (!useBias) {
    t[T_SB] = 0;
    t[T_SB + 1] = 1;
    t[T_SB + 2] = 0;
  } else if (ctx.baumgarte) {
    t[T_SB] = ctx.beta * ctx.invH;
    t[T_SB + 1] = 1;
    t[T_SB + 2] = 0;
  } else {
    t[T_SB] = ctx.rigid.biasRate;
    t[T_SB + 1] = ctx.rigid.massScale;
    t[T_SB + 2] = ctx.rigid.impulseScale;
  }
}

/**
 * The row parameters of an inequality C ≥ 0 (a limit; C in t[T_CS]) into t[T_B, T_MS, T_IS, T_LO, T_HI]:
 * speculative while C > 0 (the approach speed C/h is allowed: the limit acts only at the limit),
 * the rigid softness (or Baumgarte) once violated; the accumulated impulse stays ≥ 0.
 */
export function limitRow(ctx: JointContext3, useBias: boolean): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_B = 54;
  const T_CS = 87;
  const T_HI = 58;
  const T_IS = 56;
  const T_LO = 57;
  const T_MS = 55;
  const t = ctx.t;
  const C = t[T_CS]!;
  if (C > 0) {
    t[T_B] = C * ctx.invH;
    t[T_MS] = 1;
    t[T_IS] = 0;
  } else if (!useBias) {
    t[T_B] = 0;
    t[T_MS] = 1;
    t[T_IS] = 0;
  } else if (ctx.baumgarte) {
    t[T_B] = ctx.beta * ctx.invH * C;
    t[T_MS] = 1;
    t[T_IS] = 0;
  } else {
    t[T_B] = ctx.rigid.biasRate * C;
    t[T_MS] = ctx.rigid.massScale;
    t[T_IS] = ctx.rigid.impulseScale;
  }
  t[T_LO] = 0;
  t[T_HI] = Number.POSITIVE_INFINITY;
}

/** The row parameters of an equality C = 0 (C in t[T_CS]) with the rigid softness (or Baumgarte), unclamped. */
export function equalityRow(ctx: JointContext3, useBias: boolean): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_B = 54;
  const T_CS = 87;
  const T_HI = 58;
  const T_IS = 56;
  const T_LO = 57;
  const T_MS = 55;
  const t = ctx.t;
  const C = t[T_CS]!;
  if (!useBias) {
    t[T_B] = 0;
    t[T_MS] = 1;
    t[T_IS] = 0;
  } else if (ctx.baumgarte) {
    t[T_B] = ctx.beta * ctx.invH * C;
    t[T_MS] = 1;
    t[T_IS] = 0;
  } else {
    t[T_B] = ctx.rigid.biasRate * C;
    t[T_MS] = ctx.rigid.massScale;
    t[T_IS] = ctx.rigid.impulseScale;
  }
  t[T_LO] = Number.NEGATIVE_INFINITY;
  t[T_HI] = Number.POSITIVE_INFINITY;
}

/**
 * The current anchors and separation into t: rA = R(ΔqA)·rA₀, rB likewise (T_RA, T_RB) and
 * d = (cB + rB) − (cA + rA) = (ΔpB − ΔpA) + (rB − rA) + (cB − cA)₀ (T_D).
 */
export function anchorsNow(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_DC = 85;
  const J_RA = 79;
  const J_RB = 82;
  const SB_DPX = 6;
  const SB_DPY = 7;
  const SB_DPZ = 8;
  const SB_DQX = 9;
  const T_D = 6;
  const T_RA = 0;
  const T_RB = 3;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const t = ctx.t;
  rotateInto(ss, oa + SB_DQX, jc, o + J_RA, t, T_RA);
  rotateInto(ss, ob + SB_DQX, jc, o + J_RB, t, T_RB);
  t[T_D] = ss[ob + SB_DPX]! - ss[oa + SB_DPX]! + t[T_RB]! - t[T_RA]! + jc[o + J_DC]!;
  t[T_D + 1] = ss[ob + SB_DPY]! - ss[oa + SB_DPY]! + t[T_RB + 1]! - t[T_RA + 1]! + jc[o + J_DC + 1]!;
  t[T_D + 2] = ss[ob + SB_DPZ]! - ss[oa + SB_DPZ]! + t[T_RB + 2]! - t[T_RA + 2]! + jc[o + J_DC + 2]!;
}

/** out[k..k+2] = R(q)·v for the unit quaternion q = qa[i..i+3] and v = va[j..j+2]. */
export function rotateInto(
  qa: Float64Array,
  i: number,
  va: Float64Array,
  j: number,
  out: Float64Array,
  k: number,
): void {
  const x = qa[i]!;
  const y = qa[i + 1]!;
  const z = qa[i + 2]!;
  const w = qa[i + 3]!;
  const vx = va[j]!;
  const vy = va[j + 1]!;
  const vz = va[j + 2]!;
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  out[k] = vx + w * tx + (y * tz - z * ty);
  out[k + 1] = vy + w * ty + (z * tx - x * tz);
  out[k + 2] = vz + w * tz + (x * ty - y * tx);
}

/** out[k..k+3] = a ⊗ b (Hamilton product, [x, y, z, w]). */
export function quatMulInto(
  a: Float64Array,
  i: number,
  b: Float64Array,
  j: number,
  out: Float64Array,
  k: number,
): void {
  const ax = a[i]!;
  const ay = a[i + 1]!;
  const az = a[i + 2]!;
  const aw = a[i + 3]!;
  const bx = b[j]!;
  const by = b[j + 1]!;
  const bz = b[j + 2]!;
  const bw = b[j + 3]!;
  out[k] = aw * bx + ax * bw + ay * bz - az * by;
  out[k + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[k + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[k + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/**
 * The current joint frames FA = ΔqA·FA₀ and FB = ΔqB·FB₀ (T_FA, T_FB), the relative rotation
 * q = conj(FA)·FB in A's frame with w ≥ 0 (T_Q), A's frame axes in the world (T_AX, T_AY, T_AZ)
 * and B's x axis (T_BX).
 */
export function framesNow(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_FA = 88;
  const J_FB = 92;
  const SB_DQX = 9;
  const T_AX = 21;
  const T_AY = 24;
  const T_AZ = 27;
  const T_BX = 30;
  const T_FA = 9;
  const T_FB = 13;
  const T_Q = 17;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const t = ctx.t;
  quatMulInto(ss, oa + SB_DQX, jc, o + J_FA, t, T_FA);
  quatMulInto(ss, ob + SB_DQX, jc, o + J_FB, t, T_FB);
  const ax = t[T_FA]!;
  const ay = t[T_FA + 1]!;
  const az = t[T_FA + 2]!;
  const aw = t[T_FA + 3]!;
  const bx = t[T_FB]!;
  const by = t[T_FB + 1]!;
  const bz = t[T_FB + 2]!;
  const bw = t[T_FB + 3]!;
  // conj(a) ⊗ b
  let qx = aw * bx - ax * bw - ay * bz + az * by;
  let qy = aw * by + ax * bz - ay * bw - az * bx;
  let qz = aw * bz - ax * by + ay * bx - az * bw;
  let qw = aw * bw + ax * bx + ay * by + az * bz;
  if (qw < 0) {
    qx = -qx;
    qy = -qy;
    qz = -qz;
    qw = -qw;
  }
  t[T_Q] = qx;
  t[T_Q + 1] = qy;
  t[T_Q + 2] = qz;
  t[T_Q + 3] = qw;
  t[T_AX] = 1 - 2 * (ay * ay + az * az);
  t[T_AX + 1] = 2 * (ax * ay + aw * az);
  t[T_AX + 2] = 2 * (ax * az - aw * ay);
  t[T_AY] = 2 * (ax * ay - aw * az);
  t[T_AY + 1] = 1 - 2 * (ax * ax + az * az);
  t[T_AY + 2] = 2 * (ay * az + aw * ax);
  t[T_AZ] = 2 * (ax * az + aw * ay);
  t[T_AZ + 1] = 2 * (ay * az - aw * ax);
  t[T_AZ + 2] = 1 - 2 * (ax * ax + ay * ay);
  t[T_BX] = 1 - 2 * (by * by + bz * bz);
  t[T_BX + 1] = 2 * (bx * by + bw * bz);
  t[T_BX + 2] = 2 * (bx * bz - bw * by);
}

/** Frame A's axis `axis` (0 x, 1 y, 2 z) in the world, from t, into t[k..k+2]. */
export function frameAxisInto(t: Float64Array, axis: number, k: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_AX = 21;
  const s = T_AX + 3 * axis;
  t[k] = t[s]!;
  t[k + 1] = t[s + 1]!;
  t[k + 2] = t[s + 2]!;
}

/**
 * atan2(t[iy], t[ix]) into t[T_ATAN], portable and allocation-free (only +, ×, ÷ and √): the
 * direction is normalised to (c, s), then u = tan(θ/2) = s/(1 + c) is halved (tan(x/2) =
 * u/(1 + √(1 + u²))) until |u| ≤ 0.2 and θ = 2ᵏ·atan u by its odd series to u¹⁵ (error below
 * 1e-12 rad). (−1, 0) gives π; (0, 0) gives 0.
 */
export function atan2Into(t: Float64Array, iy: number, ix: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_ATAN = 86;
  const y = t[iy]!;
  const x = t[ix]!;
  const r = Math.sqrt(x * x + y * y);
  if (!(r > 0)) {
    t[T_ATAN] = 0;
    return;
  }
  const c = x / r;
  const s = y / r;
  if (s === 0 && c < 0) {
    t[T_ATAN] = Math.PI;
    return;
  }
  let u = s / (1 + c);
  let m = 2;
  while (u > 0.2 || u < -0.2) {
    u = u / (1 + Math.sqrt(1 + u * u));
    m *= 2;
  }
  const z = u * u;
  t[T_ATAN] =
    m *
    u *
    (1 +
      z * (-1 / 3 + z * (1 / 5 + z * (-1 / 7 + z * (1 / 9 + z * (-1 / 11 + z * (1 / 13 + z * (-1 / 15))))))));
}

/** The rotation lock: Baumgarte in the PGS modes; rigid at the velocity level with projection in the soft step. */
export function rigidAngular(ctx: JointContext3, useBias: boolean): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_SB = 62;
  if (ctx.baumgarte) rigidSoftness(ctx, useBias);
  else {
    ctx.t[T_SB] = 0;
    ctx.t[T_SB + 1] = 1;
    ctx.t[T_SB + 2] = 0;
  }
}
