/**
 * The contact solver (textbook §26.2 "シーケンシャルインパルスと射影ガウス=ザイデル法"; Catto,
 * "Iterative Dynamics with Temporal Coherence", 2005). Sequential impulses = projected Gauss–Seidel: visit each contact point, apply the
 * impulse that fixes it, and clamp the *accumulated* impulse (λn ≥ 0, |λt| ≤ μλn), never the
 * increment. Effective mass 1/m_eff = 1/mA + 1/mB + (rA×n)²/IA + (rB×n)²/IB (§26.2).
 *
 * The same passes serve every position-error treatment (a setting, not a fork):
 * Baumgarte bias vn ≥ (β/h)·max(d − slop, 0); split-impulse position passes; and the soft
 * step of Box2D v3 (a spring–damper "soft" bias with mass and impulse scaling, then a relax pass
 * without bias). Anchors are fixed at prepare time; the current separation is tracked from the
 * bodies' position/rotation change within the step: s = n·(ΔpB − ΔpA + R(ΔqB)rB − R(ΔqA)rA) + s₀′.
 *
 * Data layout: the active contacts are packed once per step into one Float64Array of constraints
 * (`CONSTRAINT_STRIDE` numbers each: masses, normal, friction, then per point the anchors,
 * effective masses and accumulated impulses), so a solver pass streams through memory; the awake
 * bodies' velocities and in-step motion are packed into one solver-state array (`SB_*`), and the
 * transforms move once, after the substeps. Warm starting is its own walk (`warmStart`).
 * Hot functions take the step's numbers in the `SolvePass` object, never as double arguments (a
 * call the optimiser does not inline boxes each one: allocation per step).
 */
import type { Softness } from '../dynamics/softness.js';
import type { BodyStore } from './body-store.js';
import type { ContactStore } from './contact-store.js';

// Solver body state (Box2D v3's b2BodyState): the awake bodies are packed once per step into one
// Float64Array, `SB_STRIDE` numbers each — velocity, angular velocity and the position/rotation change
// within the step — so the two bodies of a contact are two cache lines. Slot 0 is the shared state of
// every static body (all zero, rotation change 1 + 0i); awake body k of the step's list is slot k + 1.
// The hot passes repeat the offsets they use as function-local literals: optimised code (V8) reads a
// module constant through the module's context with a hole and a small-integer check at every use,
// some ten instructions per array access, where a local literal folds into the address. The local
// copies must equal these (test/rigid2d/solver-layout.test.ts checks every one).
export const SB_VX = 0;
export const SB_VY = 1;
export const SB_W = 2;
export const SB_DPX = 3;
export const SB_DPY = 4;
export const SB_DQC = 5;
export const SB_DQS = 6;
export const SB_STRIDE = 8;

// constraint layout (the solver-state offsets of the two bodies and the point count of constraint i
// are in a separate Int32Array at 3i, 3i + 1, 3i + 2, so all index arithmetic stays in integers)
export const C_MA = 0;
export const C_MB = 1;
export const C_IA = 2;
export const C_IB = 3;
export const C_NX = 4;
export const C_NY = 5;
export const C_FRICTION = 6;
export const C_RESTITUTION = 7;
export const C_COUNT = 8;
export const C_STATIC = 9;
/** first point's offset and the size of a point's block */
export const C_P0 = 10;
export const P_STRIDE = 11;
export const P_RAX = 0;
export const P_RAY = 1;
export const P_RBX = 2;
export const P_RBY = 3;
export const P_BASE_SEP = 4;
export const P_NORMAL_MASS = 5;
export const P_TANGENT_MASS = 6;
export const P_NORMAL_IMPULSE = 7;
export const P_TANGENT_IMPULSE = 8;
export const P_MAX_NORMAL_IMPULSE = 9;
export const P_RELATIVE_VELOCITY = 10;
/** 32 numbers: a constraint is four 64-byte cache lines */
export const CONSTRAINT_STRIDE = C_P0 + 2 * P_STRIDE;

/**
 * The Baumgarte bias of §26.2: the separating speed asked for a contact of depth `depth`,
 * vn ≥ (β/h)·max(d − d_slop, 0). (β = 0.2, h = 1/60, d = 2 cm, slop 0.5 cm → 0.18 m/s.)
 */
export function baumgarteBias(beta: number, h: number, depth: number, slop: number): number {
  const e = depth - slop;
  return e > 0 ? (beta / h) * e : 0;
}

/**
 * Packs the awake bodies into the solver state (slot k + 1 for `list[k]`, slot 0 = static) and
 * records each body's slot offset in `stateOf` (bodies not in the list keep offset 0).
 */
export function loadBodyStates(
  bodies: BodyStore,
  list: Int32Array,
  n: number,
  ss: Float64Array,
  stateOf: Int32Array,
): void {
  // the layout as local literals (see the note at SB_VX)
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const SB_DPX = 3;
  const SB_DPY = 4;
  const SB_DQC = 5;
  const SB_DQS = 6;
  const SB_STRIDE = 8;
  const { vx, vy, w } = bodies;
  ss.fill(0, 0, SB_STRIDE);
  ss[SB_DQC] = 1;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    const o = (k + 1) * SB_STRIDE;
    stateOf[i] = o;
    ss[o + SB_VX] = vx[i]!;
    ss[o + SB_VY] = vy[i]!;
    ss[o + SB_W] = w[i]!;
    ss[o + SB_DPX] = 0;
    ss[o + SB_DPY] = 0;
    ss[o + SB_DQC] = 1;
    ss[o + SB_DQS] = 0;
  }
}

/**
 * Writes the solver state back to the bodies: velocities, and the step's motion applied to the
 * transforms (c ← c + Δp, q ← Δq·q). With `release`, the bodies' slot offsets are reset to 0.
 * `from` (default 0): only the awake bodies [from, n) of the list (a thread's block).
 */
export function storeBodyStates(
  bodies: BodyStore,
  list: Int32Array,
  n: number,
  ss: Float64Array,
  stateOf: Int32Array,
  release: boolean,
  from = 0,
): void {
  // the layout as local literals (see the note at SB_VX)
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const SB_DPX = 3;
  const SB_DPY = 4;
  const SB_DQC = 5;
  const SB_DQS = 6;
  const SB_STRIDE = 8;
  const { vx, vy, w, cx, cy, qc, qs, dpx, dpy, dqc, dqs } = bodies;
  for (let k = from; k < n; k++) {
    const i = list[k]!;
    const o = (k + 1) * SB_STRIDE;
    vx[i] = ss[o + SB_VX]!;
    vy[i] = ss[o + SB_VY]!;
    w[i] = ss[o + SB_W]!;
    if (!release) continue;
    stateOf[i] = 0;
    const px = ss[o + SB_DPX]!;
    const py = ss[o + SB_DPY]!;
    const c = ss[o + SB_DQC]!;
    const s = ss[o + SB_DQS]!;
    cx[i] = cx[i]! + px;
    cy[i] = cy[i]! + py;
    dpx[i] = px;
    dpy[i] = py;
    dqc[i] = c;
    dqs[i] = s;
    if (c === 1 && s === 0) continue;
    const c0 = qc[i]!;
    const s0 = qs[i]!;
    const c2 = c * c0 - s * s0;
    const s2 = s * c0 + c * s0;
    const m = 1 / Math.sqrt(c2 * c2 + s2 * s2);
    qc[i] = c2 * m;
    qs[i] = s2 * m;
  }
}

/**
 * Packs the active contacts into constraints once per step: anchors from the centres of mass to
 * the contact points, effective masses, the approach speed (for restitution) and the carried-over impulses
 * (zeroed without warm starting). `constraintOf[c]` receives each contact's constraint index;
 * `stateOf` maps a body slot to its solver-state offset (see {@link loadBodyStates}). Returns how
 * many constraints have a restitution (0: the restitution pass has nothing to do).
 * `from` (default 0): only the constraints [from, nActive) (a thread's block).
 */
export function prepareContacts(
  bodies: BodyStore,
  contacts: ContactStore,
  active: Int32Array,
  nActive: number,
  warmStarting: boolean,
  cc: Float64Array,
  cb: Int32Array,
  constraintOf: Int32Array,
  stateOf: Int32Array,
  from = 0,
): number {
  // the layout as local literals (see the note at SB_VX)
  const C_MA = 0;
  const C_MB = 1;
  const C_IA = 2;
  const C_IB = 3;
  const C_NX = 4;
  const C_NY = 5;
  const C_FRICTION = 6;
  const C_RESTITUTION = 7;
  const C_COUNT = 8;
  const C_STATIC = 9;
  const C_P0 = 10;
  const CONSTRAINT_STRIDE = 32;
  const P_RAX = 0;
  const P_RAY = 1;
  const P_RBX = 2;
  const P_RBY = 3;
  const P_BASE_SEP = 4;
  const P_NORMAL_MASS = 5;
  const P_TANGENT_MASS = 6;
  const P_NORMAL_IMPULSE = 7;
  const P_TANGENT_IMPULSE = 8;
  const P_MAX_NORMAL_IMPULSE = 9;
  const P_RELATIVE_VELOCITY = 10;
  const P_STRIDE = 11;
  const { cx, cy, vx, vy, w, invMass, invI } = bodies;
  const { bodyA, bodyB, pointCount, nx, ny, px, py, qx, qy, separation, friction, restitution } = contacts;
  const { normalImpulse, tangentImpulse } = contacts;
  let restituting = 0;
  for (let i = from; i < nActive; i++) {
    const c = active[i]!;
    constraintOf[c] = i;
    const o = i * CONSTRAINT_STRIDE;
    const a = bodyA[c]!;
    const b = bodyB[c]!;
    const mA = invMass[a]!;
    const mB = invMass[b]!;
    const iA = invI[a]!;
    const iB = invI[b]!;
    const n_x = nx[c]!;
    const n_y = ny[c]!;
    const t_x = n_y;
    const t_y = -n_x;
    const pc = pointCount[c]!;
    cb[3 * i] = stateOf[a]!;
    cb[3 * i + 1] = stateOf[b]!;
    cb[3 * i + 2] = pc;
    cc[o + C_MA] = mA;
    cc[o + C_MB] = mB;
    cc[o + C_IA] = iA;
    cc[o + C_IB] = iB;
    cc[o + C_NX] = n_x;
    cc[o + C_NY] = n_y;
    cc[o + C_FRICTION] = friction[c]!;
    const e = restitution[c]!;
    cc[o + C_RESTITUTION] = e;
    if (e !== 0) restituting++;
    cc[o + C_COUNT] = pc;
    cc[o + C_STATIC] = mA === 0 || mB === 0 ? 1 : 0;
    for (let j = 0; j < pc; j++) {
      const k = 2 * c + j;
      const q = o + C_P0 + j * P_STRIDE;
      const ax = px[k]! - cx[a]!;
      const ay = py[k]! - cy[a]!;
      const bx = qx[k]! - cx[b]!;
      const by = qy[k]! - cy[b]!;
      cc[q + P_RAX] = ax;
      cc[q + P_RAY] = ay;
      cc[q + P_RBX] = bx;
      cc[q + P_RBY] = by;
      cc[q + P_BASE_SEP] = separation[k]! - ((bx - ax) * n_x + (by - ay) * n_y);
      const rnA = ax * n_y - ay * n_x;
      const rnB = bx * n_y - by * n_x;
      const kn = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
      cc[q + P_NORMAL_MASS] = kn > 0 ? 1 / kn : 0;
      const rtA = ax * t_y - ay * t_x;
      const rtB = bx * t_y - by * t_x;
      const kt = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
      cc[q + P_TANGENT_MASS] = kt > 0 ? 1 / kt : 0;
      if (e !== 0) {
        // the approach speed, read by the restitution pass only (restitution ≠ 0)
        const dvx = vx[b]! - w[b]! * by - vx[a]! + w[a]! * ay;
        const dvy = vy[b]! + w[b]! * bx - vy[a]! - w[a]! * ax;
        cc[q + P_RELATIVE_VELOCITY] = dvx * n_x + dvy * n_y;
      } else cc[q + P_RELATIVE_VELOCITY] = 0;
      cc[q + P_MAX_NORMAL_IMPULSE] = 0;
      cc[q + P_NORMAL_IMPULSE] = warmStarting ? normalImpulse[k]! : 0;
      cc[q + P_TANGENT_IMPULSE] = warmStarting ? tangentImpulse[k]! : 0;
    }
  }
  return restituting;
}

/** Zeroes the accumulated impulses (each substep without warm starting). */
export function resetImpulses(cc: Float64Array, start: number, end: number): void {
  // the layout as local literals (see the note at SB_VX)
  const C_P0 = 10;
  const CONSTRAINT_STRIDE = 32;
  const P_NORMAL_IMPULSE = 7;
  const P_TANGENT_IMPULSE = 8;
  const P_STRIDE = 11;
  for (let i = start; i < end; i++) {
    const o = i * CONSTRAINT_STRIDE;
    for (let j = 0; j < 2; j++) {
      const q = o + C_P0 + j * P_STRIDE;
      cc[q + P_NORMAL_IMPULSE] = 0;
      cc[q + P_TANGENT_IMPULSE] = 0;
    }
  }
}

/**
 * Applies impulse P = (Px, Py) at anchors rA, rB: −P to body A, +P to body B (§26.2:
 * Δv = ±P/m, Δω = ±(r × P)/I). Small enough for the optimiser to inline into every pass.
 */
function applyImpulse(
  ss: Float64Array,
  oa: number,
  ob: number,
  cc: Float64Array,
  o: number,
  q: number,
  Px: number,
  Py: number,
): void {
  // the layout as local literals (see the note at SB_VX)
  const C_MA = 0;
  const C_MB = 1;
  const C_IA = 2;
  const C_IB = 3;
  const P_RAX = 0;
  const P_RAY = 1;
  const P_RBX = 2;
  const P_RBY = 3;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const mA = cc[o + C_MA]!;
  const mB = cc[o + C_MB]!;
  ss[oa + SB_VX] = ss[oa + SB_VX]! - mA * Px;
  ss[oa + SB_VY] = ss[oa + SB_VY]! - mA * Py;
  ss[oa + SB_W] = ss[oa + SB_W]! - cc[o + C_IA]! * (cc[q + P_RAX]! * Py - cc[q + P_RAY]! * Px);
  ss[ob + SB_VX] = ss[ob + SB_VX]! + mB * Px;
  ss[ob + SB_VY] = ss[ob + SB_VY]! + mB * Py;
  ss[ob + SB_W] = ss[ob + SB_W]! + cc[o + C_IB]! * (cc[q + P_RBX]! * Py - cc[q + P_RBY]! * Px);
}

/**
 * Writes a contact's two body velocities back. Slot 0 (every static body) stays at rest by itself:
 * its inverse masses are 0, so every impulse changes it by exactly 0.
 */
function storeVelocities(
  ss: Float64Array,
  oa: number,
  ob: number,
  vAx: number,
  vAy: number,
  wA: number,
  vBx: number,
  vBy: number,
  wB: number,
): void {
  // the layout as local literals (see the note at SB_VX)
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  ss[oa + SB_VX] = vAx;
  ss[oa + SB_VY] = vAy;
  ss[oa + SB_W] = wA;
  ss[ob + SB_VX] = vBx;
  ss[ob + SB_VY] = vBy;
  ss[ob + SB_W] = wB;
}

/** Bias modes of {@link solveContacts}. */
export const BIAS_NONE = 0;
export const BIAS_SOFT = 1;
export const BIAS_BAUMGARTE = 2;

/** Parameters of one velocity pass (reused object, no allocation). */
export interface SolvePass {
  mode: number;
  /** substep h and 1/h */
  h: number;
  invH: number;
  /** gravity */
  gx: number;
  gy: number;
  /** restitution applies above this approach speed */
  restitutionThreshold: number;
  beta: number;
  slop: number;
  maxPush: number;
  /**
   * the most a body turns in one substep (rad): a quarter turn per step shared by the substeps
   * (Box2D v3's B2_MAX_ROTATION). A faster spin is clamped — a contact's anchor turned by more would
   * misjudge the separation of a spinning ball by r(1 − cos θ) and let it sink into a wall
   */
  maxTurn: number;
  soft: Softness;
  staticSoft: Softness;
  /**
   * solve friction in this pass: the soft step solves it in the relax passes only (Box2D v3), where
   * the normal impulses are the substep's last, so the friction bound μλn never shrinks under a
   * friction impulse already applied (releasing it could add energy); every other pass solves it
   */
  friction: boolean;
  /**
   * visit the two points of a manifold in reverse order (alternated every substep: plain
   * Gauss–Seidel always favours point 0, which walks a symmetric stack sideways)
   */
  reverse: boolean;
  /**
   * record each point's largest normal impulse of the step (the restitution pass reads it, nothing
   * else): false when no contact of the step has restitution; absent counts as true
   */
  trackMaxImpulse?: boolean;
}

/**
 * The current separation of the point at `q` of the constraint at `o` after the bodies' motion
 * within this step, s = n·(ΔpB − ΔpA + R(ΔqB)rB − R(ΔqA)rA) + s₀′, written to `out[k]` (a returned
 * double would be boxed when the call is not inlined). The hot solve pass has it inline.
 */
function separationInto(
  ss: Float64Array,
  oa: number,
  ob: number,
  cc: Float64Array,
  o: number,
  q: number,
  out: Float64Array,
  k: number,
): void {
  // the layout as local literals (see the note at SB_VX)
  const C_NX = 4;
  const C_NY = 5;
  const P_RAX = 0;
  const P_RAY = 1;
  const P_RBX = 2;
  const P_RBY = 3;
  const P_BASE_SEP = 4;
  const SB_DPX = 3;
  const SB_DPY = 4;
  const SB_DQC = 5;
  const SB_DQS = 6;
  const ax = cc[q + P_RAX]!;
  const ay = cc[q + P_RAY]!;
  const bx = cc[q + P_RBX]!;
  const by = cc[q + P_RBY]!;
  const qAc = ss[oa + SB_DQC]!;
  const qAs = ss[oa + SB_DQS]!;
  const qBc = ss[ob + SB_DQC]!;
  const qBs = ss[ob + SB_DQS]!;
  const dx = ss[ob + SB_DPX]! - ss[oa + SB_DPX]! + (qBc * bx - qBs * by) - (qAc * ax - qAs * ay);
  const dy = ss[ob + SB_DPY]! - ss[oa + SB_DPY]! + (qBs * bx + qBc * by) - (qAs * ax + qAc * ay);
  out[k] = dx * cc[o + C_NX]! + dy * cc[o + C_NY]! + cc[q + P_BASE_SEP]!;
}

const separationScratch = new Float64Array(1);

/**
 * Applies the accumulated impulses (warm starting, §26.2): P = λn n + λt t at every point with an
 * impulse. Its own walk, so the solve pass's code never meets it (the solve pass is compiled from
 * its own feedback only, and a warm start that first has impulses to apply cannot deoptimise it).
 */
export function warmStart(
  ss: Float64Array,
  cc: Float64Array,
  cb: Int32Array,
  start: number,
  end: number,
): void {
  // the layout as local literals (see the note at SB_VX)
  const C_MA = 0;
  const C_MB = 1;
  const C_IA = 2;
  const C_IB = 3;
  const C_NX = 4;
  const C_NY = 5;
  const C_P0 = 10;
  const CONSTRAINT_STRIDE = 32;
  const P_RAX = 0;
  const P_RAY = 1;
  const P_RBX = 2;
  const P_RBY = 3;
  const P_NORMAL_IMPULSE = 7;
  const P_TANGENT_IMPULSE = 8;
  const P_STRIDE = 11;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  for (let i = start; i < end; i++) {
    const o = i * CONSTRAINT_STRIDE;
    const oa = cb[3 * i]!;
    const ob = cb[3 * i + 1]!;
    const pc = cb[3 * i + 2]!;
    const mA = cc[o + C_MA]!;
    const mB = cc[o + C_MB]!;
    const iA = cc[o + C_IA]!;
    const iB = cc[o + C_IB]!;
    const n_x = cc[o + C_NX]!;
    const n_y = cc[o + C_NY]!;
    let vAx = ss[oa + SB_VX]!;
    let vAy = ss[oa + SB_VY]!;
    let wA = ss[oa + SB_W]!;
    let vBx = ss[ob + SB_VX]!;
    let vBy = ss[ob + SB_VY]!;
    let wB = ss[ob + SB_W]!;
    // the points in order, each block written out (the same arithmetic as a loop over them)
    const q1 = o + C_P0;
    const pn1 = cc[q1 + P_NORMAL_IMPULSE]!;
    const pt1 = cc[q1 + P_TANGENT_IMPULSE]!;
    if (pn1 !== 0 || pt1 !== 0) {
      // P = λn n + λt t with t = (ny, −nx); nothing to apply at a point without impulses (speculative)
      const Px = pn1 * n_x + pt1 * n_y;
      const Py = pn1 * n_y - pt1 * n_x;
      vAx -= mA * Px;
      vAy -= mA * Py;
      wA -= iA * (cc[q1 + P_RAX]! * Py - cc[q1 + P_RAY]! * Px);
      vBx += mB * Px;
      vBy += mB * Py;
      wB += iB * (cc[q1 + P_RBX]! * Py - cc[q1 + P_RBY]! * Px);
    }
    if (pc === 2) {
      const q2 = q1 + P_STRIDE;
      const pn2 = cc[q2 + P_NORMAL_IMPULSE]!;
      const pt2 = cc[q2 + P_TANGENT_IMPULSE]!;
      if (pn2 !== 0 || pt2 !== 0) {
        const Px = pn2 * n_x + pt2 * n_y;
        const Py = pn2 * n_y - pt2 * n_x;
        vAx -= mA * Px;
        vAy -= mA * Py;
        wA -= iA * (cc[q2 + P_RAX]! * Py - cc[q2 + P_RAY]! * Px);
        vBx += mB * Px;
        vBy += mB * Py;
        wB += iB * (cc[q2 + P_RBX]! * Py - cc[q2 + P_RBY]! * Px);
      }
    }
    storeVelocities(ss, oa, ob, vAx, vAy, wA, vBx, vBy, wB);
  }
}

/**
 * One Gauss–Seidel pass over the constraints: for each contact, its normal points (accumulated
 * λn clamped ≥ 0), then its friction points (accumulated λt clamped to ±μλn) — the book's order.
 * Speculative points (s > 0) allow the approach speed s/h in every mode. The two bodies' velocities
 * are held in locals for the whole contact (read once, written once).
 */
export function solveContacts(
  ss: Float64Array,
  cc: Float64Array,
  cb: Int32Array,
  start: number,
  end: number,
  pass: SolvePass,
): void {
  // the layout as local literals (see the note at SB_VX)
  const BIAS_SOFT = 1;
  const BIAS_BAUMGARTE = 2;
  const C_MA = 0;
  const C_MB = 1;
  const C_IA = 2;
  const C_IB = 3;
  const C_NX = 4;
  const C_NY = 5;
  const C_FRICTION = 6;
  const C_STATIC = 9;
  const C_P0 = 10;
  const CONSTRAINT_STRIDE = 32;
  const P_RAX = 0;
  const P_RAY = 1;
  const P_RBX = 2;
  const P_RBY = 3;
  const P_BASE_SEP = 4;
  const P_NORMAL_MASS = 5;
  const P_TANGENT_MASS = 6;
  const P_NORMAL_IMPULSE = 7;
  const P_TANGENT_IMPULSE = 8;
  const P_MAX_NORMAL_IMPULSE = 9;
  const P_STRIDE = 11;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const SB_DPX = 3;
  const SB_DPY = 4;
  const SB_DQC = 5;
  const SB_DQS = 6;
  const mode = pass.mode;
  const invH = pass.invH;
  const betaInvH = pass.beta * invH;
  const slop = pass.slop;
  const maxPush = pass.maxPush;
  const softRate = pass.soft.biasRate;
  const softMass = pass.soft.massScale;
  const softImpulse = pass.soft.impulseScale;
  const staticRate = pass.staticSoft.biasRate;
  const staticMass = pass.staticSoft.massScale;
  const staticImpulse = pass.staticSoft.impulseScale;
  const reverse = pass.reverse;
  const friction = pass.friction;
  const trackMax = pass.trackMaxImpulse !== false;
  for (let i = start; i < end; i++) {
    const o = i * CONSTRAINT_STRIDE;
    const oa = cb[3 * i]!;
    const ob = cb[3 * i + 1]!;
    const two = cb[3 * i + 2] === 2;
    const mA = cc[o + C_MA]!;
    const mB = cc[o + C_MB]!;
    const iA = cc[o + C_IA]!;
    const iB = cc[o + C_IB]!;
    const n_x = cc[o + C_NX]!;
    const n_y = cc[o + C_NY]!;
    let vAx = ss[oa + SB_VX]!;
    let vAy = ss[oa + SB_VY]!;
    let wA = ss[oa + SB_W]!;
    let vBx = ss[ob + SB_VX]!;
    let vBy = ss[ob + SB_VY]!;
    let wB = ss[ob + SB_W]!;
    const isStatic = cc[o + C_STATIC] === 1;
    const biasRate = isStatic ? staticRate : softRate;
    const softMassScale = isStatic ? staticMass : softMass;
    const softImpulseScale = isStatic ? staticImpulse : softImpulse;
    // the points in visiting order: q1, then (two points) q2 — the two blocks are written out,
    // each point's arithmetic exactly as in a loop over the points
    const q1 = reverse && two ? o + C_P0 + P_STRIDE : o + C_P0;
    const q2 = reverse ? o + C_P0 : o + C_P0 + P_STRIDE;
    // the in-step motion (read once per contact)
    const dx0 = ss[ob + SB_DPX]! - ss[oa + SB_DPX]!;
    const dy0 = ss[ob + SB_DPY]! - ss[oa + SB_DPY]!;
    const qAc = ss[oa + SB_DQC]!;
    const qAs = ss[oa + SB_DQS]!;
    const qBc = ss[ob + SB_DQC]!;
    const qBs = ss[ob + SB_DQS]!;
    // first point, normal
    const ax1 = cc[q1 + P_RAX]!;
    const ay1 = cc[q1 + P_RAY]!;
    const bx1 = cc[q1 + P_RBX]!;
    const by1 = cc[q1 + P_RBY]!;
    let acc1 = 0;
    {
      // current separation (see separationInto)
      const dx = dx0 + (qBc * bx1 - qBs * by1) - (qAc * ax1 - qAs * ay1);
      const dy = dy0 + (qBs * bx1 + qBc * by1) - (qAs * ax1 + qAc * ay1);
      const s = dx * n_x + dy * n_y + cc[q1 + P_BASE_SEP]!;
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (s > 0) {
        bias = s * invH; // speculative: may approach by s in this substep
      } else if (mode === BIAS_SOFT) {
        bias = biasRate * s;
        if (bias < -maxPush) bias = -maxPush;
        massScale = softMassScale;
        impulseScale = softImpulseScale;
      } else if (mode === BIAS_BAUMGARTE) {
        const e = -s - slop;
        if (e > 0) bias = -betaInvH * e;
      }
      const dvx = vBx - wB * by1 - vAx + wA * ay1;
      const dvy = vBy + wB * bx1 - vAy - wA * ax1;
      const vn = dvx * n_x + dvy * n_y;
      const old = cc[q1 + P_NORMAL_IMPULSE]!;
      let impulse = -cc[q1 + P_NORMAL_MASS]! * massScale * (vn + bias) - impulseScale * old;
      acc1 = old + impulse;
      if (acc1 < 0) acc1 = 0;
      impulse = acc1 - old;
      cc[q1 + P_NORMAL_IMPULSE] = acc1;
      if (trackMax && impulse > cc[q1 + P_MAX_NORMAL_IMPULSE]!) cc[q1 + P_MAX_NORMAL_IMPULSE] = impulse;
      const Px = impulse * n_x;
      const Py = impulse * n_y;
      vAx -= mA * Px;
      vAy -= mA * Py;
      wA -= iA * (ax1 * Py - ay1 * Px);
      vBx += mB * Px;
      vBy += mB * Py;
      wB += iB * (bx1 * Py - by1 * Px);
    }
    // second point, normal
    let acc2 = 0;
    if (two) {
      const ax = cc[q2 + P_RAX]!;
      const ay = cc[q2 + P_RAY]!;
      const bx = cc[q2 + P_RBX]!;
      const by = cc[q2 + P_RBY]!;
      const dx = dx0 + (qBc * bx - qBs * by) - (qAc * ax - qAs * ay);
      const dy = dy0 + (qBs * bx + qBc * by) - (qAs * ax + qAc * ay);
      const s = dx * n_x + dy * n_y + cc[q2 + P_BASE_SEP]!;
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (s > 0) {
        bias = s * invH;
      } else if (mode === BIAS_SOFT) {
        bias = biasRate * s;
        if (bias < -maxPush) bias = -maxPush;
        massScale = softMassScale;
        impulseScale = softImpulseScale;
      } else if (mode === BIAS_BAUMGARTE) {
        const e = -s - slop;
        if (e > 0) bias = -betaInvH * e;
      }
      const dvx = vBx - wB * by - vAx + wA * ay;
      const dvy = vBy + wB * bx - vAy - wA * ax;
      const vn = dvx * n_x + dvy * n_y;
      const old = cc[q2 + P_NORMAL_IMPULSE]!;
      let impulse = -cc[q2 + P_NORMAL_MASS]! * massScale * (vn + bias) - impulseScale * old;
      acc2 = old + impulse;
      if (acc2 < 0) acc2 = 0;
      impulse = acc2 - old;
      cc[q2 + P_NORMAL_IMPULSE] = acc2;
      if (trackMax && impulse > cc[q2 + P_MAX_NORMAL_IMPULSE]!) cc[q2 + P_MAX_NORMAL_IMPULSE] = impulse;
      const Px = impulse * n_x;
      const Py = impulse * n_y;
      vAx -= mA * Px;
      vAy -= mA * Py;
      wA -= iA * (ax * Py - ay * Px);
      vBx += mB * Px;
      vBy += mB * Py;
      wB += iB * (bx * Py - by * Px);
    }
    // friction is clamped to ±μλn: with no normal impulse and no friction impulse to undo, it does
    // nothing (a speculative contact that stays apart) — skip it
    if (
      friction &&
      !(acc1 + acc2 === 0 && cc[q1 + P_TANGENT_IMPULSE] === 0 && (!two || cc[q2 + P_TANGENT_IMPULSE] === 0))
    ) {
      const mu = cc[o + C_FRICTION]!;
      {
        const dvx = vBx - wB * by1 - vAx + wA * ay1;
        const dvy = vBy + wB * bx1 - vAy - wA * ax1;
        // t = (ny, −nx)
        const vt = dvx * n_y - dvy * n_x;
        const old = cc[q1 + P_TANGENT_IMPULSE]!;
        const maxF = mu * acc1;
        let acc = old - cc[q1 + P_TANGENT_MASS]! * vt;
        if (acc < -maxF) acc = -maxF;
        else if (acc > maxF) acc = maxF;
        const impulse = acc - old;
        cc[q1 + P_TANGENT_IMPULSE] = acc;
        const Px = impulse * n_y;
        const Py = -impulse * n_x;
        vAx -= mA * Px;
        vAy -= mA * Py;
        wA -= iA * (ax1 * Py - ay1 * Px);
        vBx += mB * Px;
        vBy += mB * Py;
        wB += iB * (bx1 * Py - by1 * Px);
      }
      if (two) {
        const ax = cc[q2 + P_RAX]!;
        const ay = cc[q2 + P_RAY]!;
        const bx = cc[q2 + P_RBX]!;
        const by = cc[q2 + P_RBY]!;
        const dvx = vBx - wB * by - vAx + wA * ay;
        const dvy = vBy + wB * bx - vAy - wA * ax;
        const vt = dvx * n_y - dvy * n_x;
        const old = cc[q2 + P_TANGENT_IMPULSE]!;
        const maxF = mu * acc2;
        let acc = old - cc[q2 + P_TANGENT_MASS]! * vt;
        if (acc < -maxF) acc = -maxF;
        else if (acc > maxF) acc = maxF;
        const impulse = acc - old;
        cc[q2 + P_TANGENT_IMPULSE] = acc;
        const Px = impulse * n_y;
        const Py = -impulse * n_x;
        vAx -= mA * Px;
        vAy -= mA * Py;
        wA -= iA * (ax * Py - ay * Px);
        vBx += mB * Px;
        vBy += mB * Py;
        wB += iB * (bx * Py - by * Px);
      }
    }
    storeVelocities(ss, oa, ob, vAx, vAy, wA, vBx, vBy, wB);
  }
}

/**
 * Restitution (applied once after the substeps, Box2D v3): points that approached faster than
 * `threshold` and pushed get vn ← −e·vn₀ (accumulated impulse still clamped ≥ 0).
 */
export function applyRestitution(
  ss: Float64Array,
  cc: Float64Array,
  cb: Int32Array,
  start: number,
  end: number,
  pass: SolvePass,
): void {
  // the layout as local literals (see the note at SB_VX)
  const C_NX = 4;
  const C_NY = 5;
  const C_RESTITUTION = 7;
  const C_P0 = 10;
  const CONSTRAINT_STRIDE = 32;
  const P_RAX = 0;
  const P_RAY = 1;
  const P_RBX = 2;
  const P_RBY = 3;
  const P_NORMAL_MASS = 5;
  const P_NORMAL_IMPULSE = 7;
  const P_MAX_NORMAL_IMPULSE = 9;
  const P_RELATIVE_VELOCITY = 10;
  const P_STRIDE = 11;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const threshold = pass.restitutionThreshold;
  for (let i = start; i < end; i++) {
    const o = i * CONSTRAINT_STRIDE;
    const e = cc[o + C_RESTITUTION]!;
    if (e === 0) continue;
    const oa = cb[3 * i]!;
    const ob = cb[3 * i + 1]!;
    const n_x = cc[o + C_NX]!;
    const n_y = cc[o + C_NY]!;
    const pc = cb[3 * i + 2]!;
    for (let j = 0; j < pc; j++) {
      const q = o + C_P0 + j * P_STRIDE;
      const rv = cc[q + P_RELATIVE_VELOCITY]!;
      if (rv > -threshold || cc[q + P_MAX_NORMAL_IMPULSE] === 0) continue;
      const dvx =
        ss[ob + SB_VX]! - ss[ob + SB_W]! * cc[q + P_RBY]! - ss[oa + SB_VX]! + ss[oa + SB_W]! * cc[q + P_RAY]!;
      const dvy =
        ss[ob + SB_VY]! + ss[ob + SB_W]! * cc[q + P_RBX]! - ss[oa + SB_VY]! - ss[oa + SB_W]! * cc[q + P_RAX]!;
      const vn = dvx * n_x + dvy * n_y;
      const old = cc[q + P_NORMAL_IMPULSE]!;
      let acc = old - cc[q + P_NORMAL_MASS]! * (vn + e * rv);
      if (acc < 0) acc = 0;
      const impulse = acc - old;
      cc[q + P_NORMAL_IMPULSE] = acc;
      if (impulse > cc[q + P_MAX_NORMAL_IMPULSE]!) cc[q + P_MAX_NORMAL_IMPULSE] = impulse;
      applyImpulse(ss, oa, ob, cc, o, q, impulse * n_x, impulse * n_y);
    }
  }
}

/**
 * After the substeps, one pass over the constraints: the accumulated impulses go back to the
 * persistent contacts (the next step's warm start) and each point's current separation (after the
 * in-step motion, as {@link separationInto} computes it) to the contacts' readout.
 * `from` (default 0): only the constraints [from, nActive) (a thread's block).
 */
export function storeContacts(
  ss: Float64Array,
  contacts: ContactStore,
  active: Int32Array,
  nActive: number,
  cc: Float64Array,
  cb: Int32Array,
  from = 0,
): void {
  // the layout as local literals (see the note at SB_VX)
  const C_NX = 4;
  const C_NY = 5;
  const C_P0 = 10;
  const CONSTRAINT_STRIDE = 32;
  const P_RAX = 0;
  const P_RAY = 1;
  const P_RBX = 2;
  const P_RBY = 3;
  const P_BASE_SEP = 4;
  const P_NORMAL_IMPULSE = 7;
  const P_TANGENT_IMPULSE = 8;
  const P_STRIDE = 11;
  const SB_DPX = 3;
  const SB_DPY = 4;
  const SB_DQC = 5;
  const SB_DQS = 6;
  const { normalImpulse, tangentImpulse, separation } = contacts;
  for (let i = from; i < nActive; i++) {
    const o = i * CONSTRAINT_STRIDE;
    const oa = cb[3 * i]!;
    const ob = cb[3 * i + 1]!;
    const c = active[i]!;
    const pc = cb[3 * i + 2]!;
    const dx0 = ss[ob + SB_DPX]! - ss[oa + SB_DPX]!;
    const dy0 = ss[ob + SB_DPY]! - ss[oa + SB_DPY]!;
    const qAc = ss[oa + SB_DQC]!;
    const qAs = ss[oa + SB_DQS]!;
    const qBc = ss[ob + SB_DQC]!;
    const qBs = ss[ob + SB_DQS]!;
    const n_x = cc[o + C_NX]!;
    const n_y = cc[o + C_NY]!;
    for (let j = 0; j < pc; j++) {
      const q = o + C_P0 + j * P_STRIDE;
      const k = 2 * c + j;
      normalImpulse[k] = cc[q + P_NORMAL_IMPULSE]!;
      tangentImpulse[k] = cc[q + P_TANGENT_IMPULSE]!;
      const ax = cc[q + P_RAX]!;
      const ay = cc[q + P_RAY]!;
      const bx = cc[q + P_RBX]!;
      const by = cc[q + P_RBY]!;
      const dx = dx0 + (qBc * bx - qBs * by) - (qAc * ax - qAs * ay);
      const dy = dy0 + (qBs * bx + qBc * by) - (qAs * ax + qAc * ay);
      separation[k] = dx * n_x + dy * n_y + cc[q + P_BASE_SEP]!;
    }
  }
}

/** Turns the in-step rotation of solver slot `o` by the small angle `angle`: Δq ← normalize(Δq + θ·perp(Δq)). */
function rotateState(ss: Float64Array, o: number, angle: number): void {
  // the layout as local literals (see the note at SB_VX)
  const SB_DQC = 5;
  const SB_DQS = 6;
  const c = ss[o + SB_DQC]!;
  const s = ss[o + SB_DQS]!;
  const c2 = c - angle * s;
  const s2 = s + angle * c;
  const m = 1 / Math.sqrt(c2 * c2 + s2 * s2);
  ss[o + SB_DQC] = c2 * m;
  ss[o + SB_DQS] = s2 * m;
}

/**
 * Split-impulse position pass (Catto, 2006; textbook §26.2): for each point, the correction
 * C = percent·max(d − slop, 0) (capped at `maxCorrection`) is applied as a pseudo-impulse
 * C·m_eff to the *positions* (with its angular part); velocities are not touched.
 * Returns the largest remaining depth seen.
 */
export function solvePositions(
  ss: Float64Array,
  cc: Float64Array,
  cb: Int32Array,
  start: number,
  end: number,
  percent: number,
  slop: number,
  maxCorrection: number,
): number {
  // the layout as local literals (see the note at SB_VX)
  const C_MA = 0;
  const C_MB = 1;
  const C_IA = 2;
  const C_IB = 3;
  const C_NX = 4;
  const C_NY = 5;
  const C_P0 = 10;
  const CONSTRAINT_STRIDE = 32;
  const P_RAX = 0;
  const P_RAY = 1;
  const P_RBX = 2;
  const P_RBY = 3;
  const P_NORMAL_MASS = 5;
  const P_STRIDE = 11;
  const SB_DPX = 3;
  const SB_DPY = 4;
  let maxDepth = 0;
  for (let i = start; i < end; i++) {
    const o = i * CONSTRAINT_STRIDE;
    const oa = cb[3 * i]!;
    const ob = cb[3 * i + 1]!;
    const mA = cc[o + C_MA]!;
    const mB = cc[o + C_MB]!;
    const iA = cc[o + C_IA]!;
    const iB = cc[o + C_IB]!;
    const n_x = cc[o + C_NX]!;
    const n_y = cc[o + C_NY]!;
    const pc = cb[3 * i + 2]!;
    for (let j = 0; j < pc; j++) {
      const q = o + C_P0 + j * P_STRIDE;
      separationInto(ss, oa, ob, cc, o, q, separationScratch, 0);
      const s = separationScratch[0]!;
      if (-s > maxDepth) maxDepth = -s;
      let C = percent * (s + slop);
      if (C >= 0) continue;
      if (C < -maxCorrection) C = -maxCorrection;
      const P = -C * cc[q + P_NORMAL_MASS]!;
      const Px = P * n_x;
      const Py = P * n_y;
      if (mA > 0) {
        ss[oa + SB_DPX] = ss[oa + SB_DPX]! - mA * Px;
        ss[oa + SB_DPY] = ss[oa + SB_DPY]! - mA * Py;
        if (iA > 0) rotateState(ss, oa, -iA * (cc[q + P_RAX]! * Py - cc[q + P_RAY]! * Px));
      }
      if (mB > 0) {
        ss[ob + SB_DPX] = ss[ob + SB_DPX]! + mB * Px;
        ss[ob + SB_DPY] = ss[ob + SB_DPY]! + mB * Py;
        if (iB > 0) rotateState(ss, ob, iB * (cc[q + P_RBX]! * Py - cc[q + P_RBY]! * Px));
      }
    }
  }
  return maxDepth;
}

// The step's velocity increments per awake body (constant over the substeps), `SV_STRIDE` numbers each
// at slot k + 1 like the solver state: h·(F/m + g·scale), h·τ/I, the damping factors 1/(1 + h·c), and
// 1 for a body the pass leaves alone (kinematic). Packed once per step, so the substeps' velocity
// pass reads no body store (and a worker thread can run it).
export const SV_DVX = 0;
export const SV_DVY = 1;
export const SV_DW = 2;
export const SV_LINEAR = 3;
export const SV_ANGULAR = 4;
export const SV_SKIP = 5;
export const SV_STRIDE = 6;

/** Packs the velocity increments of the listed bodies (see `SV_*`); the step's `h` and gravity come in `pass`. */
export function loadVelocityIncrements(
  bodies: BodyStore,
  sv: Float64Array,
  list: Int32Array,
  n: number,
  pass: SolvePass,
): void {
  // the layout as local literals (see the note at SB_VX)
  const SV_DVX = 0;
  const SV_DVY = 1;
  const SV_DW = 2;
  const SV_LINEAR = 3;
  const SV_ANGULAR = 4;
  const SV_SKIP = 5;
  const SV_STRIDE = 6;
  const h = pass.h;
  const gx = pass.gx;
  const gy = pass.gy;
  const { fx, fy, torque, invMass, invI, gravityScale, linearDamping, angularDamping } = bodies;
  for (let k = 0; k < n; k++) {
    const b = list[k]!;
    const m = invMass[b]!;
    const o = (k + 1) * SV_STRIDE;
    if (m === 0) {
      sv[o + SV_SKIP] = 1; // kinematic
      continue;
    }
    const gs = gravityScale[b]!;
    sv[o + SV_SKIP] = 0;
    sv[o + SV_LINEAR] = 1 / (1 + h * linearDamping[b]!);
    sv[o + SV_ANGULAR] = 1 / (1 + h * angularDamping[b]!);
    sv[o + SV_DVX] = h * (m * fx[b]! + gs * gx);
    sv[o + SV_DVY] = h * (m * fy[b]! + gs * gy);
    sv[o + SV_DW] = h * invI[b]! * torque[b]!;
  }
}

/**
 * v ← (v + h·(F/m + g·scale))·1/(1 + h·damping), ω likewise, for the awake solver slots
 * [start + 1, end + 1) (list entries [start, end)), from the increments of {@link loadVelocityIncrements}.
 */
export function integrateVelocities(ss: Float64Array, sv: Float64Array, start: number, end: number): void {
  // the layout as local literals (see the note at SB_VX)
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const SB_STRIDE = 8;
  const SV_DVX = 0;
  const SV_DVY = 1;
  const SV_DW = 2;
  const SV_LINEAR = 3;
  const SV_ANGULAR = 4;
  const SV_SKIP = 5;
  const SV_STRIDE = 6;
  for (let k = start; k < end; k++) {
    const v = (k + 1) * SV_STRIDE;
    if (sv[v + SV_SKIP] === 1) continue;
    const o = (k + 1) * SB_STRIDE;
    const ld = sv[v + SV_LINEAR]!;
    ss[o + SB_VX] = (ss[o + SB_VX]! + sv[v + SV_DVX]!) * ld;
    ss[o + SB_VY] = (ss[o + SB_VY]! + sv[v + SV_DVY]!) * ld;
    ss[o + SB_W] = (ss[o + SB_W]! + sv[v + SV_DW]!) * sv[v + SV_ANGULAR]!;
  }
}

/**
 * Δp ← Δp + h·v and Δq ← normalize(Δq + hω·perp(Δq)) for the awake solver slots of list entries
 * [start, end), ω first clamped to |hω| ≤ `pass.maxTurn`; the transforms themselves are moved once, after the substeps ({@link storeBodyStates}).
 */
export function integratePositions(ss: Float64Array, start: number, end: number, pass: SolvePass): void {
  // the layout as local literals (see the note at SB_VX)
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_W = 2;
  const SB_DPX = 3;
  const SB_DPY = 4;
  const SB_STRIDE = 8;
  const h = pass.h;
  const maxTurn = pass.maxTurn;
  const last = (end + 1) * SB_STRIDE;
  for (let o = (start + 1) * SB_STRIDE; o < last; o += SB_STRIDE) {
    ss[o + SB_DPX] = ss[o + SB_DPX]! + h * ss[o + SB_VX]!;
    ss[o + SB_DPY] = ss[o + SB_DPY]! + h * ss[o + SB_VY]!;
    let t = h * ss[o + SB_W]!;
    // (a non-finite spin is left for the check after the solve to name)
    if ((t > maxTurn || t < -maxTurn) && t - t === 0) {
      t = t > 0 ? maxTurn : -maxTurn;
      ss[o + SB_W] = t / h;
    }
    if (t !== 0) rotateState(ss, o, t);
  }
}
