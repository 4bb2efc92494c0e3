/**
 * The contact solver (seed 000 §26.2 "シーケンシャルインパルスと射影ガウス=ザイデル法";
 * seed 004). Sequential impulses = projected Gauss–Seidel: visit each contact point, apply the
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
 * (`CONSTRAINT_STRIDE` numbers each: bodies, masses, normal, friction, then per point the anchors,
 * effective masses and accumulated impulses), so a solver pass streams through memory.
 */
import type { BodyStore } from './body-store.js';
import type { ContactStore } from './contact-store.js';

// constraint layout (the body slots and point count of constraint i are in a separate Int32Array at
// 3i, 3i + 1, 3i + 2, so all index arithmetic stays in integers)
export const C_MA = 2;
export const C_MB = 3;
export const C_IA = 4;
export const C_IB = 5;
export const C_NX = 6;
export const C_NY = 7;
export const C_FRICTION = 8;
export const C_RESTITUTION = 9;
export const C_COUNT = 10;
export const C_STATIC = 11;
/** first point's offset and the size of a point's block */
export const C_P0 = 12;
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
export const CONSTRAINT_STRIDE = C_P0 + 2 * P_STRIDE;

/** Soft constraint coefficients for stiffness `hertz`, damping ratio `zeta` and step `h` (Box2D v3 softness). */
export interface Softness {
  biasRate: number;
  massScale: number;
  impulseScale: number;
}

export function makeSoftness(hertz: number, zeta: number, h: number, out: Softness): Softness {
  if (hertz === 0) {
    out.biasRate = 0;
    out.massScale = 1;
    out.impulseScale = 0;
    return out;
  }
  const omega = 2 * Math.PI * hertz;
  const a1 = 2 * zeta + h * omega;
  const a2 = h * omega * a1;
  const a3 = 1 / (1 + a2);
  out.biasRate = omega / a1;
  out.massScale = a2 * a3;
  out.impulseScale = a3;
  return out;
}

/**
 * The Baumgarte bias of §26.2: the separating speed asked for a contact of depth `depth`,
 * vn ≥ (β/h)·max(d − d_slop, 0). (β = 0.2, h = 1/60, d = 2 cm, slop 0.5 cm → 0.18 m/s.)
 */
export function baumgarteBias(beta: number, h: number, depth: number, slop: number): number {
  const e = depth - slop;
  return e > 0 ? (beta / h) * e : 0;
}

/**
 * Packs the active contacts into constraints once per step: anchors relative to the centres of
 * mass, effective masses, the approach speed (for restitution) and the carried-over impulses
 * (zeroed without warm starting). `constraintOf[c]` receives each contact's constraint index.
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
): void {
  const { cx, cy, vx, vy, w, invMass, invI } = bodies;
  const { bodyA, bodyB, pointCount, nx, ny, px, py, separation, friction, restitution } = contacts;
  const { normalImpulse, tangentImpulse } = contacts;
  for (let i = 0; i < nActive; i++) {
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
    cb[3 * i] = a;
    cb[3 * i + 1] = b;
    cb[3 * i + 2] = pc;
    cc[o + C_MA] = mA;
    cc[o + C_MB] = mB;
    cc[o + C_IA] = iA;
    cc[o + C_IB] = iB;
    cc[o + C_NX] = n_x;
    cc[o + C_NY] = n_y;
    cc[o + C_FRICTION] = friction[c]!;
    cc[o + C_RESTITUTION] = restitution[c]!;
    cc[o + C_COUNT] = pc;
    cc[o + C_STATIC] = mA === 0 || mB === 0 ? 1 : 0;
    for (let j = 0; j < pc; j++) {
      const k = 2 * c + j;
      const q = o + C_P0 + j * P_STRIDE;
      const ax = px[k]! - cx[a]!;
      const ay = py[k]! - cy[a]!;
      const bx = px[k]! - cx[b]!;
      const by = py[k]! - cy[b]!;
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
      const dvx = vx[b]! - w[b]! * by - vx[a]! + w[a]! * ay;
      const dvy = vy[b]! + w[b]! * bx - vy[a]! - w[a]! * ax;
      cc[q + P_RELATIVE_VELOCITY] = dvx * n_x + dvy * n_y;
      cc[q + P_MAX_NORMAL_IMPULSE] = 0;
      cc[q + P_NORMAL_IMPULSE] = warmStarting ? normalImpulse[k]! : 0;
      cc[q + P_TANGENT_IMPULSE] = warmStarting ? tangentImpulse[k]! : 0;
    }
  }
}

/** Zeroes the accumulated impulses (each substep without warm starting). */
export function resetImpulses(cc: Float64Array, nActive: number): void {
  for (let i = 0; i < nActive; i++) {
    const o = i * CONSTRAINT_STRIDE;
    for (let j = 0; j < 2; j++) {
      const q = o + C_P0 + j * P_STRIDE;
      cc[q + P_NORMAL_IMPULSE] = 0;
      cc[q + P_TANGENT_IMPULSE] = 0;
    }
  }
}

/** Copies the accumulated impulses back to the persistent contacts (for next step's warm start). */
export function storeImpulses(
  contacts: ContactStore,
  active: Int32Array,
  nActive: number,
  cc: Float64Array,
): void {
  const { normalImpulse, tangentImpulse, pointCount } = contacts;
  for (let i = 0; i < nActive; i++) {
    const c = active[i]!;
    const o = i * CONSTRAINT_STRIDE;
    for (let j = 0; j < pointCount[c]!; j++) {
      const q = o + C_P0 + j * P_STRIDE;
      normalImpulse[2 * c + j] = cc[q + P_NORMAL_IMPULSE]!;
      tangentImpulse[2 * c + j] = cc[q + P_TANGENT_IMPULSE]!;
    }
  }
}

/** Applies the accumulated impulses (warm starting, §26.2). */
export function warmStart(bodies: BodyStore, cc: Float64Array, cb: Int32Array, nActive: number): void {
  const { vx, vy, w } = bodies;
  for (let i = 0; i < nActive; i++) {
    const o = i * CONSTRAINT_STRIDE;
    const a = cb[3 * i]!;
    const b = cb[3 * i + 1]!;
    const mA = cc[o + C_MA]!;
    const mB = cc[o + C_MB]!;
    const iA = cc[o + C_IA]!;
    const iB = cc[o + C_IB]!;
    const n_x = cc[o + C_NX]!;
    const n_y = cc[o + C_NY]!;
    let vAx = vx[a]!;
    let vAy = vy[a]!;
    let wA = w[a]!;
    let vBx = vx[b]!;
    let vBy = vy[b]!;
    let wB = w[b]!;
    const pc = cb[3 * i + 2]!;
    for (let j = 0; j < pc; j++) {
      const q = o + C_P0 + j * P_STRIDE;
      const pn = cc[q + P_NORMAL_IMPULSE]!;
      const pt = cc[q + P_TANGENT_IMPULSE]!;
      // P = λn n + λt t with t = (ny, −nx)
      const Px = pn * n_x + pt * n_y;
      const Py = pn * n_y - pt * n_x;
      vAx -= mA * Px;
      vAy -= mA * Py;
      wA -= iA * (cc[q + P_RAX]! * Py - cc[q + P_RAY]! * Px);
      vBx += mB * Px;
      vBy += mB * Py;
      wB += iB * (cc[q + P_RBX]! * Py - cc[q + P_RBY]! * Px);
    }
    vx[a] = vAx;
    vy[a] = vAy;
    w[a] = wA;
    vx[b] = vBx;
    vy[b] = vBy;
    w[b] = wB;
  }
}

/** Bias modes of {@link solveContacts}. */
export const BIAS_NONE = 0;
export const BIAS_SOFT = 1;
export const BIAS_BAUMGARTE = 2;

/** Parameters of one velocity pass (reused object, no allocation). */
export interface SolvePass {
  mode: number;
  invH: number;
  beta: number;
  slop: number;
  maxPush: number;
  soft: Softness;
  staticSoft: Softness;
  /**
   * visit the two points of a manifold in reverse order (alternated every substep: plain
   * Gauss–Seidel always favours point 0, which walks a symmetric stack sideways)
   */
  reverse: boolean;
}

/**
 * One Gauss–Seidel pass over the constraints: for each contact, its normal points (accumulated
 * λn clamped ≥ 0), then its friction points (accumulated λt clamped to ±μλn) — the book's order.
 * Speculative points (s > 0) allow the approach speed s/h in every mode.
 */
export function solveContacts(
  bodies: BodyStore,
  cc: Float64Array,
  cb: Int32Array,
  nActive: number,
  pass: SolvePass,
): void {
  const { vx, vy, w, dpx, dpy, dqc, dqs } = bodies;
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
  for (let i = 0; i < nActive; i++) {
    const o = i * CONSTRAINT_STRIDE;
    const a = cb[3 * i]!;
    const b = cb[3 * i + 1]!;
    const mA = cc[o + C_MA]!;
    const mB = cc[o + C_MB]!;
    const iA = cc[o + C_IA]!;
    const iB = cc[o + C_IB]!;
    const n_x = cc[o + C_NX]!;
    const n_y = cc[o + C_NY]!;
    let vAx = vx[a]!;
    let vAy = vy[a]!;
    let wA = w[a]!;
    let vBx = vx[b]!;
    let vBy = vy[b]!;
    let wB = w[b]!;
    const isStatic = cc[o + C_STATIC] === 1;
    const biasRate = isStatic ? staticRate : softRate;
    const softMassScale = isStatic ? staticMass : softMass;
    const softImpulseScale = isStatic ? staticImpulse : softImpulse;
    const dx0 = dpx[b]! - dpx[a]!;
    const dy0 = dpy[b]! - dpy[a]!;
    const qAc = dqc[a]!;
    const qAs = dqs[a]!;
    const qBc = dqc[b]!;
    const qBs = dqs[b]!;
    const pc = cb[3 * i + 2]!;
    for (let j = 0; j < pc; j++) {
      const q = o + C_P0 + (reverse ? pc - 1 - j : j) * P_STRIDE;
      const ax = cc[q + P_RAX]!;
      const ay = cc[q + P_RAY]!;
      const bx = cc[q + P_RBX]!;
      const by = cc[q + P_RBY]!;
      // current separation from the motion within this step
      const dx = dx0 + (qBc * bx - qBs * by) - (qAc * ax - qAs * ay);
      const dy = dy0 + (qBs * bx + qBc * by) - (qAs * ax + qAc * ay);
      const s = dx * n_x + dy * n_y + cc[q + P_BASE_SEP]!;
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
      const dvx = vBx - wB * by - vAx + wA * ay;
      const dvy = vBy + wB * bx - vAy - wA * ax;
      const vn = dvx * n_x + dvy * n_y;
      const old = cc[q + P_NORMAL_IMPULSE]!;
      let impulse = -cc[q + P_NORMAL_MASS]! * massScale * (vn + bias) - impulseScale * old;
      let acc = old + impulse;
      if (acc < 0) acc = 0;
      impulse = acc - old;
      cc[q + P_NORMAL_IMPULSE] = acc;
      if (impulse > cc[q + P_MAX_NORMAL_IMPULSE]!) cc[q + P_MAX_NORMAL_IMPULSE] = impulse;
      const Px = impulse * n_x;
      const Py = impulse * n_y;
      vAx -= mA * Px;
      vAy -= mA * Py;
      wA -= iA * (ax * Py - ay * Px);
      vBx += mB * Px;
      vBy += mB * Py;
      wB += iB * (bx * Py - by * Px);
    }
    const mu = cc[o + C_FRICTION]!;
    const t_x = n_y;
    const t_y = -n_x;
    for (let j = 0; j < pc; j++) {
      const q = o + C_P0 + (reverse ? pc - 1 - j : j) * P_STRIDE;
      const ax = cc[q + P_RAX]!;
      const ay = cc[q + P_RAY]!;
      const bx = cc[q + P_RBX]!;
      const by = cc[q + P_RBY]!;
      const dvx = vBx - wB * by - vAx + wA * ay;
      const dvy = vBy + wB * bx - vAy - wA * ax;
      const vt = dvx * t_x + dvy * t_y;
      const old = cc[q + P_TANGENT_IMPULSE]!;
      const maxF = mu * cc[q + P_NORMAL_IMPULSE]!;
      let acc = old - cc[q + P_TANGENT_MASS]! * vt;
      if (acc < -maxF) acc = -maxF;
      else if (acc > maxF) acc = maxF;
      const impulse = acc - old;
      cc[q + P_TANGENT_IMPULSE] = acc;
      const Px = impulse * t_x;
      const Py = impulse * t_y;
      vAx -= mA * Px;
      vAy -= mA * Py;
      wA -= iA * (ax * Py - ay * Px);
      vBx += mB * Px;
      vBy += mB * Py;
      wB += iB * (bx * Py - by * Px);
    }
    vx[a] = vAx;
    vy[a] = vAy;
    w[a] = wA;
    vx[b] = vBx;
    vy[b] = vBy;
    w[b] = wB;
  }
}

/**
 * Restitution (applied once after the substeps, Box2D v3): points that approached faster than
 * `threshold` and pushed get vn ← −e·vn₀ (accumulated impulse still clamped ≥ 0).
 */
export function applyRestitution(
  bodies: BodyStore,
  cc: Float64Array,
  cb: Int32Array,
  nActive: number,
  threshold: number,
): void {
  const { vx, vy, w } = bodies;
  for (let i = 0; i < nActive; i++) {
    const o = i * CONSTRAINT_STRIDE;
    const e = cc[o + C_RESTITUTION]!;
    if (e === 0) continue;
    const a = cb[3 * i]!;
    const b = cb[3 * i + 1]!;
    const mA = cc[o + C_MA]!;
    const mB = cc[o + C_MB]!;
    const iA = cc[o + C_IA]!;
    const iB = cc[o + C_IB]!;
    const n_x = cc[o + C_NX]!;
    const n_y = cc[o + C_NY]!;
    const pc = cb[3 * i + 2]!;
    for (let j = 0; j < pc; j++) {
      const q = o + C_P0 + j * P_STRIDE;
      const rv = cc[q + P_RELATIVE_VELOCITY]!;
      if (rv > -threshold || cc[q + P_MAX_NORMAL_IMPULSE] === 0) continue;
      const ax = cc[q + P_RAX]!;
      const ay = cc[q + P_RAY]!;
      const bx = cc[q + P_RBX]!;
      const by = cc[q + P_RBY]!;
      const dvx = vx[b]! - w[b]! * by - vx[a]! + w[a]! * ay;
      const dvy = vy[b]! + w[b]! * bx - vy[a]! - w[a]! * ax;
      const vn = dvx * n_x + dvy * n_y;
      const old = cc[q + P_NORMAL_IMPULSE]!;
      let acc = old - cc[q + P_NORMAL_MASS]! * (vn + e * rv);
      if (acc < 0) acc = 0;
      const impulse = acc - old;
      cc[q + P_NORMAL_IMPULSE] = acc;
      if (impulse > cc[q + P_MAX_NORMAL_IMPULSE]!) cc[q + P_MAX_NORMAL_IMPULSE] = impulse;
      const Px = impulse * n_x;
      const Py = impulse * n_y;
      vx[a] = vx[a]! - mA * Px;
      vy[a] = vy[a]! - mA * Py;
      w[a] = w[a]! - iA * (ax * Py - ay * Px);
      vx[b] = vx[b]! + mB * Px;
      vy[b] = vy[b]! + mB * Py;
      w[b] = w[b]! + iB * (bx * Py - by * Px);
    }
  }
}

function rotateBody(bodies: BodyStore, i: number, angle: number): void {
  // q ← normalize(q + θ·perp(q)), the same small-angle update as the integrator
  let c = bodies.qc[i]!;
  let s = bodies.qs[i]!;
  let c2 = c - angle * s;
  let s2 = s + angle * c;
  let m = 1 / Math.sqrt(c2 * c2 + s2 * s2);
  bodies.qc[i] = c2 * m;
  bodies.qs[i] = s2 * m;
  c = bodies.dqc[i]!;
  s = bodies.dqs[i]!;
  c2 = c - angle * s;
  s2 = s + angle * c;
  m = 1 / Math.sqrt(c2 * c2 + s2 * s2);
  bodies.dqc[i] = c2 * m;
  bodies.dqs[i] = s2 * m;
}

/** Writes each point's current separation (after the in-step motion) to the contacts' readout. */
export function storeSeparations(
  bodies: BodyStore,
  contacts: ContactStore,
  active: Int32Array,
  nActive: number,
  cc: Float64Array,
  cb: Int32Array,
): void {
  const { dpx, dpy, dqc, dqs } = bodies;
  const sep = contacts.separation;
  for (let i = 0; i < nActive; i++) {
    const o = i * CONSTRAINT_STRIDE;
    const a = cb[3 * i]!;
    const b = cb[3 * i + 1]!;
    const c = active[i]!;
    const n_x = cc[o + C_NX]!;
    const n_y = cc[o + C_NY]!;
    const pc = cb[3 * i + 2]!;
    for (let j = 0; j < pc; j++) {
      const q = o + C_P0 + j * P_STRIDE;
      const ax = cc[q + P_RAX]!;
      const ay = cc[q + P_RAY]!;
      const bx = cc[q + P_RBX]!;
      const by = cc[q + P_RBY]!;
      const dx = dpx[b]! - dpx[a]! + (dqc[b]! * bx - dqs[b]! * by) - (dqc[a]! * ax - dqs[a]! * ay);
      const dy = dpy[b]! - dpy[a]! + (dqs[b]! * bx + dqc[b]! * by) - (dqs[a]! * ax + dqc[a]! * ay);
      sep[2 * c + j] = dx * n_x + dy * n_y + cc[q + P_BASE_SEP]!;
    }
  }
}

/**
 * Split-impulse position pass (seed 004): for each point, the correction
 * C = percent·max(d − slop, 0) (capped at `maxCorrection`) is applied as a pseudo-impulse
 * C·m_eff to the *positions* (with its angular part); velocities are not touched.
 * Returns the largest remaining depth seen.
 */
export function solvePositions(
  bodies: BodyStore,
  cc: Float64Array,
  cb: Int32Array,
  nActive: number,
  percent: number,
  slop: number,
  maxCorrection: number,
): number {
  const { dpx, dpy, dqc, dqs, cx, cy } = bodies;
  let maxDepth = 0;
  for (let i = 0; i < nActive; i++) {
    const o = i * CONSTRAINT_STRIDE;
    const a = cb[3 * i]!;
    const b = cb[3 * i + 1]!;
    const mA = cc[o + C_MA]!;
    const mB = cc[o + C_MB]!;
    const iA = cc[o + C_IA]!;
    const iB = cc[o + C_IB]!;
    const n_x = cc[o + C_NX]!;
    const n_y = cc[o + C_NY]!;
    const pc = cb[3 * i + 2]!;
    for (let j = 0; j < pc; j++) {
      const q = o + C_P0 + j * P_STRIDE;
      const ax = cc[q + P_RAX]!;
      const ay = cc[q + P_RAY]!;
      const bx = cc[q + P_RBX]!;
      const by = cc[q + P_RBY]!;
      const dx = dpx[b]! - dpx[a]! + (dqc[b]! * bx - dqs[b]! * by) - (dqc[a]! * ax - dqs[a]! * ay);
      const dy = dpy[b]! - dpy[a]! + (dqs[b]! * bx + dqc[b]! * by) - (dqs[a]! * ax + dqc[a]! * ay);
      const s = dx * n_x + dy * n_y + cc[q + P_BASE_SEP]!;
      if (-s > maxDepth) maxDepth = -s;
      let C = percent * (s + slop);
      if (C >= 0) continue;
      if (C < -maxCorrection) C = -maxCorrection;
      const P = -C * cc[q + P_NORMAL_MASS]!;
      const Px = P * n_x;
      const Py = P * n_y;
      if (mA > 0) {
        dpx[a] = dpx[a]! - mA * Px;
        dpy[a] = dpy[a]! - mA * Py;
        cx[a] = cx[a]! - mA * Px;
        cy[a] = cy[a]! - mA * Py;
        if (iA > 0) rotateBody(bodies, a, -iA * (ax * Py - ay * Px));
      }
      if (mB > 0) {
        dpx[b] = dpx[b]! + mB * Px;
        dpy[b] = dpy[b]! + mB * Py;
        cx[b] = cx[b]! + mB * Px;
        cy[b] = cy[b]! + mB * Py;
        if (iB > 0) rotateBody(bodies, b, iB * (bx * Py - by * Px));
      }
    }
  }
  return maxDepth;
}

/** v ← (v + h·(F/m + g·scale))·1/(1 + h·damping), ω likewise, for the listed (awake, non-static) bodies. */
export function integrateVelocities(
  bodies: BodyStore,
  list: Int32Array,
  n: number,
  gx: number,
  gy: number,
  h: number,
): void {
  const { vx, vy, w, fx, fy, torque, invMass, invI, gravityScale, linearDamping, angularDamping } = bodies;
  for (let i = 0; i < n; i++) {
    const b = list[i]!;
    const m = invMass[b]!;
    if (m === 0) continue; // kinematic
    const gs = gravityScale[b]!;
    const ld = 1 / (1 + h * linearDamping[b]!);
    const ad = 1 / (1 + h * angularDamping[b]!);
    vx[b] = (vx[b]! + h * (m * fx[b]! + gs * gx)) * ld;
    vy[b] = (vy[b]! + h * (m * fy[b]! + gs * gy)) * ld;
    w[b] = (w[b]! + h * invI[b]! * torque[b]!) * ad;
  }
}

/** x ← x + h·v and q ← normalize(q + hω·perp(q)); also accumulates the in-step change Δp, Δq. */
export function integratePositions(bodies: BodyStore, list: Int32Array, n: number, h: number): void {
  const { vx, vy, w, cx, cy, qc, qs, dpx, dpy, dqc, dqs } = bodies;
  for (let i = 0; i < n; i++) {
    const b = list[i]!;
    const hx = h * vx[b]!;
    const hy = h * vy[b]!;
    cx[b] = cx[b]! + hx;
    cy[b] = cy[b]! + hy;
    dpx[b] = dpx[b]! + hx;
    dpy[b] = dpy[b]! + hy;
    const t = h * w[b]!;
    if (t === 0) continue;
    let c = qc[b]!;
    let s = qs[b]!;
    let c2 = c - t * s;
    let s2 = s + t * c;
    let m = 1 / Math.sqrt(c2 * c2 + s2 * s2);
    qc[b] = c2 * m;
    qs[b] = s2 * m;
    c = dqc[b]!;
    s = dqs[b]!;
    c2 = c - t * s;
    s2 = s + t * c;
    m = 1 / Math.sqrt(c2 * c2 + s2 * s2);
    dqc[b] = c2 * m;
    dqs[b] = s2 * m;
  }
}
