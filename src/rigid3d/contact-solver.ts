/**
 * The 3D contact solver (textbook §26.2 "接触拘束と力積", "シーケンシャルインパルスと射影ガウス=
 * ザイデル法"; Catto 2005, 2024): sequential impulses = projected Gauss–Seidel with accumulated
 * clamping (λn ≥ 0; friction inside the cone |λt| ≤ μλn or the pyramid |λt,i| ≤ μλn). A point at
 * offsets rA, rB from the centres of mass changes the bodies by Δv = ±λ d / m and
 * Δω = ±λ I_world⁻¹ (r × d), so its effective mass along d is
 * 1/m_eff = 1/mA + 1/mB + (rA × d)·IA⁻¹(rA × d) + (rB × d)·IB⁻¹(rB × d).
 *
 * The passes serve every position-error treatment of dynamics/solver-settings.ts (a setting, not a
 * fork): soft step (spring–damper bias with mass and impulse scaling, then relax without bias),
 * Baumgarte, split-impulse position passes, none. Anchors and the world inverse inertias are fixed
 * at prepare time; the current separation is tracked from the in-step motion:
 * s = n·(ΔpB − ΔpA + R(ΔqB) rB − R(ΔqA) rA) + s₀′. Optional rolling resistance and torsional
 * friction act on the relative angular velocity across and about the normal, clamped by their
 * lever arm times the contact's normal impulse.
 *
 * Layout: the awake bodies' velocities and in-step motion are packed into one solver-state array
 * (`SB_STRIDE` numbers each, slot 0 = every static body); the active contacts into one constraint
 * array, packed back to back (`C_P0` + pointCount · `P_STRIDE` numbers each, at most
 * `CONSTRAINT_STRIDE`: less memory to stream per pass). Hot functions take the step's numbers in the
 * `SolvePass3` object, never as double arguments (a call the optimiser does not inline boxes them).
 */
import type { Softness } from '../dynamics/softness.js';
import type { BodyStore3 } from './body-store.js';
import { type ContactStore3, MAX_POINTS as MAX_POINTS_ } from './contact-store.js';

/** points per contact (a module-local copy: an imported binding may compile to a getter under a dev loader) */
const MAX_POINTS = MAX_POINTS_;

/** Solver body state: velocity. */
export const SB_VX = 0;
/** velocity y */
export const SB_VY = 1;
/** velocity z */
export const SB_VZ = 2;
/** angular velocity x */
export const SB_WX = 3;
/** angular velocity y */
export const SB_WY = 4;
/** angular velocity z */
export const SB_WZ = 5;
/** in-step translation x */
export const SB_DPX = 6;
/** in-step translation y */
export const SB_DPY = 7;
/** in-step translation z */
export const SB_DPZ = 8;
/** in-step rotation (quaternion) x */
export const SB_DQX = 9;
/** in-step rotation y */
export const SB_DQY = 10;
/** in-step rotation z */
export const SB_DQZ = 11;
/** in-step rotation w */
export const SB_DQW = 12;
/** numbers per solver body */
export const SB_STRIDE = 16;

/** Constraint layout: inverse masses. */
export const C_MA = 0;
/** inverse mass of B */
export const C_MB = 1;
/** world inverse inertia of A (6) */
export const C_IA = 2;
/** world inverse inertia of B (6) */
export const C_IB = 8;
/** normal (3) */
export const C_N = 14;
/** first tangent (3) */
export const C_T1 = 17;
/** second tangent (3) */
export const C_T2 = 20;
/** mixed friction */
export const C_FRICTION = 23;
/** mixed restitution */
export const C_RESTITUTION = 24;
/** 1 against a static or kinematic body */
export const C_STATIC = 25;
/** rolling resistance lever arm */
export const C_ROLLING = 26;
/** torsional friction lever arm */
export const C_TORSION = 27;
/** angular effective masses: rolling about t1, t2, twist about n */
export const C_ANG_MASS = 28;
/** accumulated angular impulses: rolling t1, t2, twist */
export const C_ANG_IMPULSE = 31;
/** the constraint's point count */
export const C_POINT_COUNT = 34;
/** first point */
export const C_P0 = 35;
/** point: anchor from A's centre (3) */
export const P_RA = 0;
/** anchor from B's centre (3) */
export const P_RB = 3;
/** separation minus the anchors' gap along n */
export const P_BASE_SEP = 6;
/** normal effective mass */
export const P_NORMAL_MASS = 7;
/** tangent effective masses (2) */
export const P_TANGENT_MASS = 8;
/** accumulated normal impulse */
export const P_NORMAL_IMPULSE = 10;
/** accumulated tangent impulses (2) */
export const P_TANGENT_IMPULSE = 11;
/** largest normal impulse increment of the step (restitution needs a push) */
export const P_MAX_NORMAL_IMPULSE = 13;
/** approach speed at prepare time (restitution) */
export const P_RELATIVE_VELOCITY = 14;
/**
 * the cone's one tangent effective mass 2/(k₁ + k₂): a single scalar for both directions keeps the
 * projected impulse parallel to the slip (per-direction masses would turn sliding friction off the
 * slip direction, towards K⁻¹v, and a box sliding diagonally to the basis would slide 3 % too fast)
 */
export const P_CONE_MASS = 15;
/** numbers per point */
export const P_STRIDE = 16;
/** the most numbers one constraint takes (constraints are packed: C_P0 + pointCount · P_STRIDE) */
export const CONSTRAINT_STRIDE = C_P0 + MAX_POINTS * P_STRIDE;

/** Bias modes of {@link solveContacts3}. */
export const BIAS_NONE = 0;
/** soft step */
export const BIAS_SOFT = 1;
/** Baumgarte */
export const BIAS_BAUMGARTE = 2;

/** Parameters of one pass (a reused object: no allocation, no boxed arguments). */
export interface SolvePass3 {
  /** BIAS_* */
  mode: number;
  /** substep h */
  h: number;
  /** 1/h */
  invH: number;
  /** gravity */
  gx: number;
  /** gravity y */
  gy: number;
  /** gravity z */
  gz: number;
  /** restitution applies above this approach speed */
  restitutionThreshold: number;
  /** Baumgarte β */
  beta: number;
  /** allowed penetration */
  slop: number;
  /** largest push-out speed */
  maxPush: number;
  /** soft contact coefficients */
  soft: Softness;
  /** soft contact coefficients against static bodies */
  staticSoft: Softness;
  /** true: the friction cone; false: the pyramid */
  cone: boolean;
  /** visit the points in reverse order (alternated every substep) */
  reverse: boolean;
}

/** Packs the awake bodies into the solver state (slot k + 1 for `list[k]`, slot 0 = static). */
export function loadBodyStates3(
  b: BodyStore3,
  list: Int32Array,
  n: number,
  ss: Float64Array,
  stateOf: Int32Array,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const SB_DPX = 6;
  const SB_DPY = 7;
  const SB_DPZ = 8;
  const SB_DQW = 12;
  const SB_DQX = 9;
  const SB_DQY = 10;
  const SB_DQZ = 11;
  const SB_STRIDE = 16;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_VZ = 2;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  ss.fill(0, 0, SB_STRIDE);
  ss[SB_DQW] = 1;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    const o = (k + 1) * SB_STRIDE;
    stateOf[i] = o;
    ss[o + SB_VX] = b.vx[i]!;
    ss[o + SB_VY] = b.vy[i]!;
    ss[o + SB_VZ] = b.vz[i]!;
    ss[o + SB_WX] = b.wx[i]!;
    ss[o + SB_WY] = b.wy[i]!;
    ss[o + SB_WZ] = b.wz[i]!;
    ss[o + SB_DPX] = 0;
    ss[o + SB_DPY] = 0;
    ss[o + SB_DPZ] = 0;
    ss[o + SB_DQX] = 0;
    ss[o + SB_DQY] = 0;
    ss[o + SB_DQZ] = 0;
    ss[o + SB_DQW] = 1;
  }
}

/** Writes the solver velocities back to the bodies (for a trace callback, or the end of the step). */
export function storeVelocities3(b: BodyStore3, list: Int32Array, n: number, ss: Float64Array): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const SB_STRIDE = 16;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_VZ = 2;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    const o = (k + 1) * SB_STRIDE;
    b.vx[i] = ss[o + SB_VX]!;
    b.vy[i] = ss[o + SB_VY]!;
    b.vz[i] = ss[o + SB_VZ]!;
    b.wx[i] = ss[o + SB_WX]!;
    b.wy[i] = ss[o + SB_WY]!;
    b.wz[i] = ss[o + SB_WZ]!;
  }
}

/** Applies the step's motion to the bodies: c ← c + Δp, q ← normalize(Δq q); resets the slot offsets. */
export function storeTransforms3(
  b: BodyStore3,
  list: Int32Array,
  n: number,
  ss: Float64Array,
  stateOf: Int32Array,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const SB_DPX = 6;
  const SB_DPY = 7;
  const SB_DPZ = 8;
  const SB_DQW = 12;
  const SB_DQX = 9;
  const SB_DQY = 10;
  const SB_DQZ = 11;
  const SB_STRIDE = 16;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    const o = (k + 1) * SB_STRIDE;
    stateOf[i] = 0;
    b.cx[i] = b.cx[i]! + ss[o + SB_DPX]!;
    b.cy[i] = b.cy[i]! + ss[o + SB_DPY]!;
    b.cz[i] = b.cz[i]! + ss[o + SB_DPZ]!;
    const ax = ss[o + SB_DQX]!;
    const ay = ss[o + SB_DQY]!;
    const az = ss[o + SB_DQZ]!;
    const aw = ss[o + SB_DQW]!;
    if (ax === 0 && ay === 0 && az === 0) continue;
    const qx = b.qx[i]!;
    const qy = b.qy[i]!;
    const qz = b.qz[i]!;
    const qw = b.qw[i]!;
    const x = aw * qx + ax * qw + ay * qz - az * qy;
    const y = aw * qy - ax * qz + ay * qw + az * qx;
    const z = aw * qz + ax * qy - ay * qx + az * qw;
    const w = aw * qw - ax * qx - ay * qy - az * qz;
    const m = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
    b.qx[i] = x * m;
    b.qy[i] = y * m;
    b.qz[i] = z * m;
    b.qw[i] = w * m;
  }
}

/**
 * A unit tangent basis (t1, t2) of the unit normal n at cc[o + C_N ..] into cc[o + C_T1 ..], cc[o + C_T2 ..]:
 * t1 ⟂ n from the normal's smallest component (a continuous choice away from the switch), t2 = n × t1.
 */
function tangentBasis(cc: Float64Array, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const C_N = 14;
  const C_T1 = 17;
  const C_T2 = 20;
  const nx = cc[o + C_N]!;
  const ny = cc[o + C_N + 1]!;
  const nz = cc[o + C_N + 2]!;
  let tx: number;
  let ty: number;
  let tz: number;
  if (Math.abs(nx) >= 0.57735) {
    const l = 1 / Math.sqrt(nx * nx + ny * ny);
    tx = ny * l;
    ty = -nx * l;
    tz = 0;
  } else {
    const l = 1 / Math.sqrt(ny * ny + nz * nz);
    tx = 0;
    ty = nz * l;
    tz = -ny * l;
  }
  cc[o + C_T1] = tx;
  cc[o + C_T1 + 1] = ty;
  cc[o + C_T1 + 2] = tz;
  cc[o + C_T2] = ny * tz - nz * ty;
  cc[o + C_T2 + 1] = nz * tx - nx * tz;
  cc[o + C_T2 + 2] = nx * ty - ny * tx;
}

/**
 * The angular effective mass 1/(d·(IA⁻¹ + IB⁻¹) d) for d at cc[d..d+2] and the inverse inertias of
 * constraint o, written to cc[out] (a returned double would be boxed: the loop keeps it from inlining).
 */
function twoSided(cc: Float64Array, o: number, d: number, out: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const C_IA = 2;
  const C_IB = 8;
  const dx = cc[d]!;
  const dy = cc[d + 1]!;
  const dz = cc[d + 2]!;
  let k = 0;
  for (let s = o + C_IA; s <= o + C_IB; s += C_IB - C_IA) {
    const ix = cc[s]! * dx + cc[s + 1]! * dy + cc[s + 2]! * dz;
    const iy = cc[s + 1]! * dx + cc[s + 3]! * dy + cc[s + 4]! * dz;
    const iz = cc[s + 2]! * dx + cc[s + 4]! * dy + cc[s + 5]! * dz;
    k += dx * ix + dy * iy + dz * iz;
  }
  cc[out] = k > 0 ? 1 / k : 0;
}

/**
 * Packs the active contacts into constraints once per step: anchors relative to the centres of
 * mass, the world inverse inertias, the tangent basis, effective masses, the approach speed (for
 * restitution) and the carried-over impulses (zeroed without warm starting).
 */
export function prepareContacts3(
  b: BodyStore3,
  cs: ContactStore3,
  active: Int32Array,
  nActive: number,
  warmStarting: boolean,
  cc: Float64Array,
  cb: Int32Array,
  stateOf: Int32Array,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const C_ANG_IMPULSE = 31;
  const C_ANG_MASS = 28;
  const C_FRICTION = 23;
  const C_IA = 2;
  const C_IB = 8;
  const C_MA = 0;
  const C_MB = 1;
  const C_N = 14;
  const C_P0 = 35;
  const C_POINT_COUNT = 34;
  const C_RESTITUTION = 24;
  const C_ROLLING = 26;
  const C_STATIC = 25;
  const C_T1 = 17;
  const C_T2 = 20;
  const C_TORSION = 27;
  const MAX_POINTS = 4;
  const P_BASE_SEP = 6;
  const P_CONE_MASS = 15;
  const P_MAX_NORMAL_IMPULSE = 13;
  const P_NORMAL_IMPULSE = 10;
  const P_NORMAL_MASS = 7;
  const P_RA = 0;
  const P_RB = 3;
  const P_RELATIVE_VELOCITY = 14;
  const P_STRIDE = 16;
  const P_TANGENT_IMPULSE = 11;
  const P_TANGENT_MASS = 8;
  const iw = b.invInertiaWorld;
  let off = 0;
  for (let i = 0; i < nActive; i++) {
    const c = active[i]!;
    const o = off;
    off += C_P0 + cs.pointCount[c]! * P_STRIDE;
    const A = cs.bodyA[c]!;
    const B = cs.bodyB[c]!;
    const mA = b.invMass[A]!;
    const mB = b.invMass[B]!;
    const nx = cs.nx[c]!;
    const ny = cs.ny[c]!;
    const nz = cs.nz[c]!;
    const pc = cs.pointCount[c]!;
    cb[3 * i] = stateOf[A]!;
    cb[3 * i + 1] = stateOf[B]!;
    cb[3 * i + 2] = pc;
    cc[o + C_POINT_COUNT] = pc;
    cc[o + C_MA] = mA;
    cc[o + C_MB] = mB;
    for (let k = 0; k < 6; k++) {
      cc[o + C_IA + k] = mA === 0 ? 0 : iw[6 * A + k]!;
      cc[o + C_IB + k] = mB === 0 ? 0 : iw[6 * B + k]!;
    }
    cc[o + C_N] = nx;
    cc[o + C_N + 1] = ny;
    cc[o + C_N + 2] = nz;
    tangentBasis(cc, o);
    cc[o + C_FRICTION] = cs.friction[c]!;
    cc[o + C_RESTITUTION] = cs.restitution[c]!;
    cc[o + C_STATIC] = mA === 0 || mB === 0 ? 1 : 0;
    cc[o + C_ROLLING] = cs.rolling[c]!;
    cc[o + C_TORSION] = cs.torsion[c]!;
    for (let d = 0; d < 3; d++) {
      const t = d === 2 ? C_N : d === 0 ? C_T1 : C_T2;
      twoSided(cc, o, o + t, o + C_ANG_MASS + d);
      cc[o + C_ANG_IMPULSE + d] = warmStarting ? cs.angularImpulse[3 * c + d]! : 0;
    }
    // the inverse inertias and the directions, once per contact
    const a0 = cc[o + C_IA]!;
    const a1 = cc[o + C_IA + 1]!;
    const a2 = cc[o + C_IA + 2]!;
    const a3 = cc[o + C_IA + 3]!;
    const a4 = cc[o + C_IA + 4]!;
    const a5 = cc[o + C_IA + 5]!;
    const b0 = cc[o + C_IB]!;
    const b1 = cc[o + C_IB + 1]!;
    const b2 = cc[o + C_IB + 2]!;
    const b3 = cc[o + C_IB + 3]!;
    const b4 = cc[o + C_IB + 4]!;
    const b5 = cc[o + C_IB + 5]!;
    const mAB = mA + mB;
    const t1x = cc[o + C_T1]!;
    const t1y = cc[o + C_T1 + 1]!;
    const t1z = cc[o + C_T1 + 2]!;
    const t2x = cc[o + C_T2]!;
    const t2y = cc[o + C_T2 + 1]!;
    const t2z = cc[o + C_T2 + 2]!;
    for (let j = 0; j < pc; j++) {
      const k = MAX_POINTS * c + j;
      const q = o + C_P0 + j * P_STRIDE;
      const ax = cs.px[k]! - b.cx[A]!;
      const ay = cs.py[k]! - b.cy[A]!;
      const az = cs.pz[k]! - b.cz[A]!;
      const bx = cs.px[k]! - b.cx[B]!;
      const by = cs.py[k]! - b.cy[B]!;
      const bz = cs.pz[k]! - b.cz[B]!;
      cc[q + P_RA] = ax;
      cc[q + P_RA + 1] = ay;
      cc[q + P_RA + 2] = az;
      cc[q + P_RB] = bx;
      cc[q + P_RB + 1] = by;
      cc[q + P_RB + 2] = bz;
      cc[q + P_BASE_SEP] = cs.separation[k]! - ((bx - ax) * nx + (by - ay) * ny + (bz - az) * nz);
      // effective masses 1 / (mA + mB + (rA × d)·IA⁻¹(rA × d) + (rB × d)·IB⁻¹(rB × d)) along n, t1, t2
      const knAx = ay * nz - az * ny;
      const knAy = az * nx - ax * nz;
      const knAz = ax * ny - ay * nx;
      const knA =
        knAx * (a0 * knAx + a1 * knAy + a2 * knAz) +
        knAy * (a1 * knAx + a3 * knAy + a4 * knAz) +
        knAz * (a2 * knAx + a4 * knAy + a5 * knAz);
      const knBx = by * nz - bz * ny;
      const knBy = bz * nx - bx * nz;
      const knBz = bx * ny - by * nx;
      const knB =
        knBx * (b0 * knBx + b1 * knBy + b2 * knBz) +
        knBy * (b1 * knBx + b3 * knBy + b4 * knBz) +
        knBz * (b2 * knBx + b4 * knBy + b5 * knBz);
      const kn = mAB + knA + knB;
      const k1Ax = ay * t1z - az * t1y;
      const k1Ay = az * t1x - ax * t1z;
      const k1Az = ax * t1y - ay * t1x;
      const k1A =
        k1Ax * (a0 * k1Ax + a1 * k1Ay + a2 * k1Az) +
        k1Ay * (a1 * k1Ax + a3 * k1Ay + a4 * k1Az) +
        k1Az * (a2 * k1Ax + a4 * k1Ay + a5 * k1Az);
      const k1Bx = by * t1z - bz * t1y;
      const k1By = bz * t1x - bx * t1z;
      const k1Bz = bx * t1y - by * t1x;
      const k1B =
        k1Bx * (b0 * k1Bx + b1 * k1By + b2 * k1Bz) +
        k1By * (b1 * k1Bx + b3 * k1By + b4 * k1Bz) +
        k1Bz * (b2 * k1Bx + b4 * k1By + b5 * k1Bz);
      const k1 = mAB + k1A + k1B;
      const k2Ax = ay * t2z - az * t2y;
      const k2Ay = az * t2x - ax * t2z;
      const k2Az = ax * t2y - ay * t2x;
      const k2A =
        k2Ax * (a0 * k2Ax + a1 * k2Ay + a2 * k2Az) +
        k2Ay * (a1 * k2Ax + a3 * k2Ay + a4 * k2Az) +
        k2Az * (a2 * k2Ax + a4 * k2Ay + a5 * k2Az);
      const k2Bx = by * t2z - bz * t2y;
      const k2By = bz * t2x - bx * t2z;
      const k2Bz = bx * t2y - by * t2x;
      const k2B =
        k2Bx * (b0 * k2Bx + b1 * k2By + b2 * k2Bz) +
        k2By * (b1 * k2Bx + b3 * k2By + b4 * k2Bz) +
        k2Bz * (b2 * k2Bx + b4 * k2By + b5 * k2Bz);
      const k2 = mAB + k2A + k2B;
      cc[q + P_NORMAL_MASS] = kn > 0 ? 1 / kn : 0;
      cc[q + P_TANGENT_MASS] = k1 > 0 ? 1 / k1 : 0;
      cc[q + P_TANGENT_MASS + 1] = k2 > 0 ? 1 / k2 : 0;
      const kt = 0 + k1 + k2;
      cc[q + P_CONE_MASS] = kt > 0 ? 2 / kt : 0;
      const dvx = b.vx[B]! + (b.wy[B]! * bz - b.wz[B]! * by) - b.vx[A]! - (b.wy[A]! * az - b.wz[A]! * ay);
      const dvy = b.vy[B]! + (b.wz[B]! * bx - b.wx[B]! * bz) - b.vy[A]! - (b.wz[A]! * ax - b.wx[A]! * az);
      const dvz = b.vz[B]! + (b.wx[B]! * by - b.wy[B]! * bx) - b.vz[A]! - (b.wx[A]! * ay - b.wy[A]! * ax);
      cc[q + P_RELATIVE_VELOCITY] = dvx * nx + dvy * ny + dvz * nz;
      cc[q + P_MAX_NORMAL_IMPULSE] = 0;
      cc[q + P_NORMAL_IMPULSE] = warmStarting ? cs.normalImpulse[k]! : 0;
      cc[q + P_TANGENT_IMPULSE] = warmStarting ? cs.tangentImpulse1[k]! : 0;
      cc[q + P_TANGENT_IMPULSE + 1] = warmStarting ? cs.tangentImpulse2[k]! : 0;
    }
  }
}

/** Zeroes the accumulated impulses (each substep without warm starting). */
export function resetImpulses3(cc: Float64Array, nActive: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const C_ANG_IMPULSE = 31;
  const C_P0 = 35;
  const C_POINT_COUNT = 34;
  const P_NORMAL_IMPULSE = 10;
  const P_STRIDE = 16;
  const P_TANGENT_IMPULSE = 11;
  let off = 0;
  for (let i = 0; i < nActive; i++) {
    const o = off;
    const pc = cc[o + C_POINT_COUNT]!;
    off += C_P0 + pc * P_STRIDE;
    cc[o + C_ANG_IMPULSE] = 0;
    cc[o + C_ANG_IMPULSE + 1] = 0;
    cc[o + C_ANG_IMPULSE + 2] = 0;
    for (let j = 0; j < pc; j++) {
      const q = o + C_P0 + j * P_STRIDE;
      cc[q + P_NORMAL_IMPULSE] = 0;
      cc[q + P_TANGENT_IMPULSE] = 0;
      cc[q + P_TANGENT_IMPULSE + 1] = 0;
    }
  }
}

/** Copies the accumulated impulses back to the persistent contacts (next step's warm start). */
export function storeImpulses3(
  cs: ContactStore3,
  active: Int32Array,
  nActive: number,
  cc: Float64Array,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const C_ANG_IMPULSE = 31;
  const C_P0 = 35;
  const C_POINT_COUNT = 34;
  const MAX_POINTS = 4;
  const P_NORMAL_IMPULSE = 10;
  const P_STRIDE = 16;
  const P_TANGENT_IMPULSE = 11;
  let off = 0;
  for (let i = 0; i < nActive; i++) {
    const c = active[i]!;
    const o = off;
    off += C_P0 + cc[o + C_POINT_COUNT]! * P_STRIDE;
    for (let d = 0; d < 3; d++) cs.angularImpulse[3 * c + d] = cc[o + C_ANG_IMPULSE + d]!;
    for (let j = 0; j < cs.pointCount[c]!; j++) {
      const q = o + C_P0 + j * P_STRIDE;
      const k = MAX_POINTS * c + j;
      cs.normalImpulse[k] = cc[q + P_NORMAL_IMPULSE]!;
      cs.tangentImpulse1[k] = cc[q + P_TANGENT_IMPULSE]!;
      cs.tangentImpulse2[k] = cc[q + P_TANGENT_IMPULSE + 1]!;
    }
  }
}

/**
 * Applies an impulse P at anchors rA, rB of constraint `o` / point `q`: −P to A, +P to B
 * (Δv = ±P/m, Δω = ±I⁻¹(r × P)) directly in the solver state.
 */
function applyImpulse3(
  ss: Float64Array,
  oa: number,
  ob: number,
  cc: Float64Array,
  o: number,
  q: number,
  P: Float64Array,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const C_IA = 2;
  const C_IB = 8;
  const C_MA = 0;
  const C_MB = 1;
  const P_RA = 0;
  const P_RB = 3;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_VZ = 2;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const Px = P[0]!;
  const Py = P[1]!;
  const Pz = P[2]!;
  const mA = cc[o + C_MA]!;
  const mB = cc[o + C_MB]!;
  ss[oa + SB_VX] = ss[oa + SB_VX]! - mA * Px;
  ss[oa + SB_VY] = ss[oa + SB_VY]! - mA * Py;
  ss[oa + SB_VZ] = ss[oa + SB_VZ]! - mA * Pz;
  ss[ob + SB_VX] = ss[ob + SB_VX]! + mB * Px;
  ss[ob + SB_VY] = ss[ob + SB_VY]! + mB * Py;
  ss[ob + SB_VZ] = ss[ob + SB_VZ]! + mB * Pz;
  for (let side = 0; side < 2; side++) {
    const r = q + (side === 0 ? P_RA : P_RB);
    const io = o + (side === 0 ? C_IA : C_IB);
    const so = side === 0 ? oa : ob;
    const sign = side === 0 ? -1 : 1;
    const rx = cc[r]!;
    const ry = cc[r + 1]!;
    const rz = cc[r + 2]!;
    const cx = ry * Pz - rz * Py;
    const cy = rz * Px - rx * Pz;
    const cz = rx * Py - ry * Px;
    ss[so + SB_WX] = ss[so + SB_WX]! + sign * (cc[io]! * cx + cc[io + 1]! * cy + cc[io + 2]! * cz);
    ss[so + SB_WY] = ss[so + SB_WY]! + sign * (cc[io + 1]! * cx + cc[io + 3]! * cy + cc[io + 4]! * cz);
    ss[so + SB_WZ] = ss[so + SB_WZ]! + sign * (cc[io + 2]! * cx + cc[io + 4]! * cy + cc[io + 5]! * cz);
  }
}

const impulseScratch = new Float64Array(3);

/**
 * Warm starting (§26.2): applies each point's accumulated impulse P = λn n + λ1 t1 + λ2 t2 and the
 * contact's accumulated angular impulses.
 */
export function warmStart3(ss: Float64Array, cc: Float64Array, cb: Int32Array, nActive: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const C_ANG_IMPULSE = 31;
  const C_IA = 2;
  const C_IB = 8;
  const C_MA = 0;
  const C_MB = 1;
  const C_N = 14;
  const C_P0 = 35;
  const C_T1 = 17;
  const C_T2 = 20;
  const P_NORMAL_IMPULSE = 10;
  const P_RA = 0;
  const P_RB = 3;
  const P_STRIDE = 16;
  const P_TANGENT_IMPULSE = 11;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_VZ = 2;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const P = impulseScratch;
  let off = 0;
  for (let i = 0; i < nActive; i++) {
    const o = off;
    off += C_P0 + cb[3 * i + 2]! * P_STRIDE;
    const oa = cb[3 * i]!;
    const ob = cb[3 * i + 1]!;
    const pc = cb[3 * i + 2]!;
    // the two bodies' velocities stay in registers over the contact's points (oa ≠ ob)
    const mA = cc[o + C_MA]!;
    const mB = cc[o + C_MB]!;
    const a0 = cc[o + C_IA]!;
    const a1 = cc[o + C_IA + 1]!;
    const a2 = cc[o + C_IA + 2]!;
    const a3 = cc[o + C_IA + 3]!;
    const a4 = cc[o + C_IA + 4]!;
    const a5 = cc[o + C_IA + 5]!;
    const b0 = cc[o + C_IB]!;
    const b1 = cc[o + C_IB + 1]!;
    const b2 = cc[o + C_IB + 2]!;
    const b3 = cc[o + C_IB + 3]!;
    const b4 = cc[o + C_IB + 4]!;
    const b5 = cc[o + C_IB + 5]!;
    const nx = cc[o + C_N]!;
    const ny = cc[o + C_N + 1]!;
    const nz = cc[o + C_N + 2]!;
    const t1x = cc[o + C_T1]!;
    const t1y = cc[o + C_T1 + 1]!;
    const t1z = cc[o + C_T1 + 2]!;
    const t2x = cc[o + C_T2]!;
    const t2y = cc[o + C_T2 + 1]!;
    const t2z = cc[o + C_T2 + 2]!;
    let vAx = ss[oa + SB_VX]!;
    let vAy = ss[oa + SB_VY]!;
    let vAz = ss[oa + SB_VZ]!;
    let wAx = ss[oa + SB_WX]!;
    let wAy = ss[oa + SB_WY]!;
    let wAz = ss[oa + SB_WZ]!;
    let vBx = ss[ob + SB_VX]!;
    let vBy = ss[ob + SB_VY]!;
    let vBz = ss[ob + SB_VZ]!;
    let wBx = ss[ob + SB_WX]!;
    let wBy = ss[ob + SB_WY]!;
    let wBz = ss[ob + SB_WZ]!;
    for (let j = 0, q = o + C_P0; j < pc; j++, q += P_STRIDE) {
      const pn = cc[q + P_NORMAL_IMPULSE]!;
      const p1 = cc[q + P_TANGENT_IMPULSE]!;
      const p2 = cc[q + P_TANGENT_IMPULSE + 1]!;
      if (pn === 0 && p1 === 0 && p2 === 0) continue;
      const Px = pn * nx + p1 * t1x + p2 * t2x;
      const Py = pn * ny + p1 * t1y + p2 * t2y;
      const Pz = pn * nz + p1 * t1z + p2 * t2z;
      vAx -= mA * Px;
      vAy -= mA * Py;
      vAz -= mA * Pz;
      vBx += mB * Px;
      vBy += mB * Py;
      vBz += mB * Pz;
      let rx = cc[q + P_RA]!;
      let ry = cc[q + P_RA + 1]!;
      let rz = cc[q + P_RA + 2]!;
      let cx = ry * Pz - rz * Py;
      let cy = rz * Px - rx * Pz;
      let cz = rx * Py - ry * Px;
      wAx -= a0 * cx + a1 * cy + a2 * cz;
      wAy -= a1 * cx + a3 * cy + a4 * cz;
      wAz -= a2 * cx + a4 * cy + a5 * cz;
      rx = cc[q + P_RB]!;
      ry = cc[q + P_RB + 1]!;
      rz = cc[q + P_RB + 2]!;
      cx = ry * Pz - rz * Py;
      cy = rz * Px - rx * Pz;
      cz = rx * Py - ry * Px;
      wBx += b0 * cx + b1 * cy + b2 * cz;
      wBy += b1 * cx + b3 * cy + b4 * cz;
      wBz += b2 * cx + b4 * cy + b5 * cz;
    }
    ss[oa + SB_VX] = vAx;
    ss[oa + SB_VY] = vAy;
    ss[oa + SB_VZ] = vAz;
    ss[oa + SB_WX] = wAx;
    ss[oa + SB_WY] = wAy;
    ss[oa + SB_WZ] = wAz;
    ss[ob + SB_VX] = vBx;
    ss[ob + SB_VY] = vBy;
    ss[ob + SB_VZ] = vBz;
    ss[ob + SB_WX] = wBx;
    ss[ob + SB_WY] = wBy;
    ss[ob + SB_WZ] = wBz;
    const r1 = cc[o + C_ANG_IMPULSE]!;
    const r2 = cc[o + C_ANG_IMPULSE + 1]!;
    const tw = cc[o + C_ANG_IMPULSE + 2]!;
    if (r1 !== 0 || r2 !== 0 || tw !== 0) {
      for (let d = 0; d < 3; d++)
        P[d] = r1 * cc[o + C_T1 + d]! + r2 * cc[o + C_T2 + d]! + tw * cc[o + C_N + d]!;
      applyAngular(ss, oa, ob, cc, o, P);
    }
  }
}

/** Applies the angular impulse M: ωA −= IA⁻¹ M, ωB += IB⁻¹ M. */
function applyAngular(
  ss: Float64Array,
  oa: number,
  ob: number,
  cc: Float64Array,
  o: number,
  M: Float64Array,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const C_IA = 2;
  const C_IB = 8;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const mx = M[0]!;
  const my = M[1]!;
  const mz = M[2]!;
  const a = o + C_IA;
  const b = o + C_IB;
  ss[oa + SB_WX] = ss[oa + SB_WX]! - (cc[a]! * mx + cc[a + 1]! * my + cc[a + 2]! * mz);
  ss[oa + SB_WY] = ss[oa + SB_WY]! - (cc[a + 1]! * mx + cc[a + 3]! * my + cc[a + 4]! * mz);
  ss[oa + SB_WZ] = ss[oa + SB_WZ]! - (cc[a + 2]! * mx + cc[a + 4]! * my + cc[a + 5]! * mz);
  ss[ob + SB_WX] = ss[ob + SB_WX]! + (cc[b]! * mx + cc[b + 1]! * my + cc[b + 2]! * mz);
  ss[ob + SB_WY] = ss[ob + SB_WY]! + (cc[b + 1]! * mx + cc[b + 3]! * my + cc[b + 4]! * mz);
  ss[ob + SB_WZ] = ss[ob + SB_WZ]! + (cc[b + 2]! * mx + cc[b + 4]! * my + cc[b + 5]! * mz);
}

/**
 * One Gauss–Seidel pass over the constraints: per contact its normal points (accumulated λn
 * clamped ≥ 0, with the mode's bias; speculative points s > 0 may approach by s/h), then its
 * friction points (the accumulated (λ1, λ2) clamped to the cone or the pyramid of μλn), then the
 * optional rolling and torsional friction. The bodies' velocities stay in locals for the contact.
 */
export function solveContacts3(
  ss: Float64Array,
  cc: Float64Array,
  cb: Int32Array,
  nActive: number,
  pass: SolvePass3,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const BIAS_BAUMGARTE = 2;
  const BIAS_SOFT = 1;
  const C_ANG_IMPULSE = 31;
  const C_ANG_MASS = 28;
  const C_FRICTION = 23;
  const C_IA = 2;
  const C_IB = 8;
  const C_MA = 0;
  const C_MB = 1;
  const C_N = 14;
  const C_P0 = 35;
  const C_ROLLING = 26;
  const C_STATIC = 25;
  const C_T1 = 17;
  const C_T2 = 20;
  const C_TORSION = 27;
  const P_BASE_SEP = 6;
  const P_CONE_MASS = 15;
  const P_MAX_NORMAL_IMPULSE = 13;
  const P_NORMAL_IMPULSE = 10;
  const P_NORMAL_MASS = 7;
  const P_RA = 0;
  const P_RB = 3;
  const P_STRIDE = 16;
  const P_TANGENT_IMPULSE = 11;
  const P_TANGENT_MASS = 8;
  const SB_DPX = 6;
  const SB_DPY = 7;
  const SB_DPZ = 8;
  const SB_DQW = 12;
  const SB_DQX = 9;
  const SB_DQY = 10;
  const SB_DQZ = 11;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_VZ = 2;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
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
  const cone = pass.cone;
  let off = 0;
  for (let i = 0; i < nActive; i++) {
    const o = off;
    off += C_P0 + cb[3 * i + 2]! * P_STRIDE;
    const oa = cb[3 * i]!;
    const ob = cb[3 * i + 1]!;
    const pc = cb[3 * i + 2]!;
    const mA = cc[o + C_MA]!;
    const mB = cc[o + C_MB]!;
    const a0 = cc[o + C_IA]!;
    const a1 = cc[o + C_IA + 1]!;
    const a2 = cc[o + C_IA + 2]!;
    const a3 = cc[o + C_IA + 3]!;
    const a4 = cc[o + C_IA + 4]!;
    const a5 = cc[o + C_IA + 5]!;
    const b0 = cc[o + C_IB]!;
    const b1 = cc[o + C_IB + 1]!;
    const b2 = cc[o + C_IB + 2]!;
    const b3 = cc[o + C_IB + 3]!;
    const b4 = cc[o + C_IB + 4]!;
    const b5 = cc[o + C_IB + 5]!;
    const nx = cc[o + C_N]!;
    const ny = cc[o + C_N + 1]!;
    const nz = cc[o + C_N + 2]!;
    let vAx = ss[oa + SB_VX]!;
    let vAy = ss[oa + SB_VY]!;
    let vAz = ss[oa + SB_VZ]!;
    let wAx = ss[oa + SB_WX]!;
    let wAy = ss[oa + SB_WY]!;
    let wAz = ss[oa + SB_WZ]!;
    let vBx = ss[ob + SB_VX]!;
    let vBy = ss[ob + SB_VY]!;
    let vBz = ss[ob + SB_VZ]!;
    let wBx = ss[ob + SB_WX]!;
    let wBy = ss[ob + SB_WY]!;
    let wBz = ss[ob + SB_WZ]!;
    const isStatic = cc[o + C_STATIC] === 1;
    const biasRate = isStatic ? staticRate : softRate;
    const softMassScale = isStatic ? staticMass : softMass;
    const softImpulseScale = isStatic ? staticImpulse : softImpulse;
    // in-step motion (read once per contact)
    const dx0 = ss[ob + SB_DPX]! - ss[oa + SB_DPX]!;
    const dy0 = ss[ob + SB_DPY]! - ss[oa + SB_DPY]!;
    const dz0 = ss[ob + SB_DPZ]! - ss[oa + SB_DPZ]!;
    const qAx = ss[oa + SB_DQX]!;
    const qAy = ss[oa + SB_DQY]!;
    const qAz = ss[oa + SB_DQZ]!;
    const qAw = ss[oa + SB_DQW]!;
    const qBx = ss[ob + SB_DQX]!;
    const qBy = ss[ob + SB_DQY]!;
    const qBz = ss[ob + SB_DQZ]!;
    const qBw = ss[ob + SB_DQW]!;
    const first = reverse ? o + C_P0 + (pc - 1) * P_STRIDE : o + C_P0;
    const step = reverse ? -P_STRIDE : P_STRIDE;
    let totalNormal = 0;
    for (let j = 0, q = first; j < pc; j++, q += step) {
      const ax = cc[q + P_RA]!;
      const ay = cc[q + P_RA + 1]!;
      const az = cc[q + P_RA + 2]!;
      const bx = cc[q + P_RB]!;
      const by = cc[q + P_RB + 1]!;
      const bz = cc[q + P_RB + 2]!;
      // current separation: R(ΔqB) rB − R(ΔqA) rA (t = 2 q×r, r' = r + w t + q×t)
      let tx = 2 * (qBy * bz - qBz * by);
      let ty = 2 * (qBz * bx - qBx * bz);
      let tz = 2 * (qBx * by - qBy * bx);
      const rbx = bx + qBw * tx + (qBy * tz - qBz * ty);
      const rby = by + qBw * ty + (qBz * tx - qBx * tz);
      const rbz = bz + qBw * tz + (qBx * ty - qBy * tx);
      tx = 2 * (qAy * az - qAz * ay);
      ty = 2 * (qAz * ax - qAx * az);
      tz = 2 * (qAx * ay - qAy * ax);
      const rax = ax + qAw * tx + (qAy * tz - qAz * ty);
      const ray = ay + qAw * ty + (qAz * tx - qAx * tz);
      const raz = az + qAw * tz + (qAx * ty - qAy * tx);
      const s =
        (dx0 + rbx - rax) * nx + (dy0 + rby - ray) * ny + (dz0 + rbz - raz) * nz + cc[q + P_BASE_SEP]!;
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
      const dvx = vBx + (wBy * bz - wBz * by) - vAx - (wAy * az - wAz * ay);
      const dvy = vBy + (wBz * bx - wBx * bz) - vAy - (wAz * ax - wAx * az);
      const dvz = vBz + (wBx * by - wBy * bx) - vAz - (wAx * ay - wAy * ax);
      const vn = dvx * nx + dvy * ny + dvz * nz;
      const old = cc[q + P_NORMAL_IMPULSE]!;
      let impulse = -cc[q + P_NORMAL_MASS]! * massScale * (vn + bias) - impulseScale * old;
      let acc = old + impulse;
      if (acc < 0) acc = 0;
      impulse = acc - old;
      cc[q + P_NORMAL_IMPULSE] = acc;
      totalNormal += acc;
      if (impulse > cc[q + P_MAX_NORMAL_IMPULSE]!) cc[q + P_MAX_NORMAL_IMPULSE] = impulse;
      const Px = impulse * nx;
      const Py = impulse * ny;
      const Pz = impulse * nz;
      vAx -= mA * Px;
      vAy -= mA * Py;
      vAz -= mA * Pz;
      vBx += mB * Px;
      vBy += mB * Py;
      vBz += mB * Pz;
      let cx = ay * Pz - az * Py;
      let cy = az * Px - ax * Pz;
      let cz = ax * Py - ay * Px;
      wAx -= a0 * cx + a1 * cy + a2 * cz;
      wAy -= a1 * cx + a3 * cy + a4 * cz;
      wAz -= a2 * cx + a4 * cy + a5 * cz;
      cx = by * Pz - bz * Py;
      cy = bz * Px - bx * Pz;
      cz = bx * Py - by * Px;
      wBx += b0 * cx + b1 * cy + b2 * cz;
      wBy += b1 * cx + b3 * cy + b4 * cz;
      wBz += b2 * cx + b4 * cy + b5 * cz;
    }
    const mu = cc[o + C_FRICTION]!;
    const t1x = cc[o + C_T1]!;
    const t1y = cc[o + C_T1 + 1]!;
    const t1z = cc[o + C_T1 + 2]!;
    const t2x = cc[o + C_T2]!;
    const t2y = cc[o + C_T2 + 1]!;
    const t2z = cc[o + C_T2 + 2]!;
    for (let j = 0, q = first; j < pc; j++, q += step) {
      const o1 = cc[q + P_TANGENT_IMPULSE]!;
      const o2 = cc[q + P_TANGENT_IMPULSE + 1]!;
      const maxF = mu * cc[q + P_NORMAL_IMPULSE]!;
      if (maxF === 0 && o1 === 0 && o2 === 0) continue; // nothing to clamp or undo (speculative)
      const ax = cc[q + P_RA]!;
      const ay = cc[q + P_RA + 1]!;
      const az = cc[q + P_RA + 2]!;
      const bx = cc[q + P_RB]!;
      const by = cc[q + P_RB + 1]!;
      const bz = cc[q + P_RB + 2]!;
      const dvx = vBx + (wBy * bz - wBz * by) - vAx - (wAy * az - wAz * ay);
      const dvy = vBy + (wBz * bx - wBx * bz) - vAy - (wAz * ax - wAx * az);
      const dvz = vBz + (wBx * by - wBy * bx) - vAz - (wAx * ay - wAy * ax);
      const m1 = cone ? cc[q + P_CONE_MASS]! : cc[q + P_TANGENT_MASS]!;
      const m2 = cone ? m1 : cc[q + P_TANGENT_MASS + 1]!;
      let l1 = o1 - m1 * (dvx * t1x + dvy * t1y + dvz * t1z);
      let l2 = o2 - m2 * (dvx * t2x + dvy * t2y + dvz * t2z);
      if (cone) {
        const l = l1 * l1 + l2 * l2;
        if (l > maxF * maxF) {
          const f = maxF / Math.sqrt(l);
          l1 *= f;
          l2 *= f;
        }
      } else {
        if (l1 < -maxF) l1 = -maxF;
        else if (l1 > maxF) l1 = maxF;
        if (l2 < -maxF) l2 = -maxF;
        else if (l2 > maxF) l2 = maxF;
      }
      cc[q + P_TANGENT_IMPULSE] = l1;
      cc[q + P_TANGENT_IMPULSE + 1] = l2;
      const d1 = l1 - o1;
      const d2 = l2 - o2;
      const Px = d1 * t1x + d2 * t2x;
      const Py = d1 * t1y + d2 * t2y;
      const Pz = d1 * t1z + d2 * t2z;
      vAx -= mA * Px;
      vAy -= mA * Py;
      vAz -= mA * Pz;
      vBx += mB * Px;
      vBy += mB * Py;
      vBz += mB * Pz;
      let cx = ay * Pz - az * Py;
      let cy = az * Px - ax * Pz;
      let cz = ax * Py - ay * Px;
      wAx -= a0 * cx + a1 * cy + a2 * cz;
      wAy -= a1 * cx + a3 * cy + a4 * cz;
      wAz -= a2 * cx + a4 * cy + a5 * cz;
      cx = by * Pz - bz * Py;
      cy = bz * Px - bx * Pz;
      cz = bx * Py - by * Px;
      wBx += b0 * cx + b1 * cy + b2 * cz;
      wBy += b1 * cx + b3 * cy + b4 * cz;
      wBz += b2 * cx + b4 * cy + b5 * cz;
    }
    const rolling = cc[o + C_ROLLING]!;
    const torsion = cc[o + C_TORSION]!;
    if ((rolling > 0 || torsion > 0) && totalNormal > 0) {
      // relative angular velocity across (t1, t2) and about n
      const rwx = wBx - wAx;
      const rwy = wBy - wAy;
      const rwz = wBz - wAz;
      let Mx = 0;
      let My = 0;
      let Mz = 0;
      if (rolling > 0) {
        const o1 = cc[o + C_ANG_IMPULSE]!;
        const o2 = cc[o + C_ANG_IMPULSE + 1]!;
        let l1 = o1 - cc[o + C_ANG_MASS]! * (rwx * t1x + rwy * t1y + rwz * t1z);
        let l2 = o2 - cc[o + C_ANG_MASS + 1]! * (rwx * t2x + rwy * t2y + rwz * t2z);
        const maxR = rolling * totalNormal;
        const l = l1 * l1 + l2 * l2;
        if (l > maxR * maxR) {
          const f = maxR / Math.sqrt(l);
          l1 *= f;
          l2 *= f;
        }
        cc[o + C_ANG_IMPULSE] = l1;
        cc[o + C_ANG_IMPULSE + 1] = l2;
        Mx += (l1 - o1) * t1x + (l2 - o2) * t2x;
        My += (l1 - o1) * t1y + (l2 - o2) * t2y;
        Mz += (l1 - o1) * t1z + (l2 - o2) * t2z;
      }
      if (torsion > 0) {
        const old = cc[o + C_ANG_IMPULSE + 2]!;
        let l = old - cc[o + C_ANG_MASS + 2]! * (rwx * nx + rwy * ny + rwz * nz);
        const maxT = torsion * totalNormal;
        if (l < -maxT) l = -maxT;
        else if (l > maxT) l = maxT;
        cc[o + C_ANG_IMPULSE + 2] = l;
        Mx += (l - old) * nx;
        My += (l - old) * ny;
        Mz += (l - old) * nz;
      }
      wAx -= a0 * Mx + a1 * My + a2 * Mz;
      wAy -= a1 * Mx + a3 * My + a4 * Mz;
      wAz -= a2 * Mx + a4 * My + a5 * Mz;
      wBx += b0 * Mx + b1 * My + b2 * Mz;
      wBy += b1 * Mx + b3 * My + b4 * Mz;
      wBz += b2 * Mx + b4 * My + b5 * Mz;
    }
    ss[oa + SB_VX] = vAx;
    ss[oa + SB_VY] = vAy;
    ss[oa + SB_VZ] = vAz;
    ss[oa + SB_WX] = wAx;
    ss[oa + SB_WY] = wAy;
    ss[oa + SB_WZ] = wAz;
    ss[ob + SB_VX] = vBx;
    ss[ob + SB_VY] = vBy;
    ss[ob + SB_VZ] = vBz;
    ss[ob + SB_WX] = wBx;
    ss[ob + SB_WY] = wBy;
    ss[ob + SB_WZ] = wBz;
  }
}

/**
 * Restitution (once after the substeps, Box2D v3): points that approached faster than the
 * threshold and pushed get vn ← −e·vn₀ (the accumulated impulse still clamped ≥ 0).
 */
export function applyRestitution3(
  ss: Float64Array,
  cc: Float64Array,
  cb: Int32Array,
  nActive: number,
  pass: SolvePass3,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const C_N = 14;
  const C_P0 = 35;
  const C_RESTITUTION = 24;
  const P_MAX_NORMAL_IMPULSE = 13;
  const P_NORMAL_IMPULSE = 10;
  const P_NORMAL_MASS = 7;
  const P_RELATIVE_VELOCITY = 14;
  const P_STRIDE = 16;
  const threshold = pass.restitutionThreshold;
  const P = impulseScratch;
  let off = 0;
  for (let i = 0; i < nActive; i++) {
    const o = off;
    off += C_P0 + cb[3 * i + 2]! * P_STRIDE;
    const e = cc[o + C_RESTITUTION]!;
    if (e === 0) continue;
    const oa = cb[3 * i]!;
    const ob = cb[3 * i + 1]!;
    const pc = cb[3 * i + 2]!;
    const nx = cc[o + C_N]!;
    const ny = cc[o + C_N + 1]!;
    const nz = cc[o + C_N + 2]!;
    for (let j = 0; j < pc; j++) {
      const q = o + C_P0 + j * P_STRIDE;
      const rv = cc[q + P_RELATIVE_VELOCITY]!;
      if (rv > -threshold || cc[q + P_MAX_NORMAL_IMPULSE] === 0) continue;
      const vn = relativeNormalVelocity(ss, oa, ob, cc, o, q);
      const old = cc[q + P_NORMAL_IMPULSE]!;
      let acc = old - cc[q + P_NORMAL_MASS]! * (vn + e * rv);
      if (acc < 0) acc = 0;
      const impulse = acc - old;
      cc[q + P_NORMAL_IMPULSE] = acc;
      if (impulse > cc[q + P_MAX_NORMAL_IMPULSE]!) cc[q + P_MAX_NORMAL_IMPULSE] = impulse;
      P[0] = impulse * nx;
      P[1] = impulse * ny;
      P[2] = impulse * nz;
      applyImpulse3(ss, oa, ob, cc, o, q, P);
    }
  }
}

/** vn = (vB + ωB × rB − vA − ωA × rA)·n of point q of constraint o, from the solver state. */
export function relativeNormalVelocity(
  ss: Float64Array,
  oa: number,
  ob: number,
  cc: Float64Array,
  o: number,
  q: number,
): number {
  // the layout as local literals (a module constant is a context load and a check per use)
  const C_N = 14;
  const P_RA = 0;
  const P_RB = 3;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_VZ = 2;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const ax = cc[q + P_RA]!;
  const ay = cc[q + P_RA + 1]!;
  const az = cc[q + P_RA + 2]!;
  const bx = cc[q + P_RB]!;
  const by = cc[q + P_RB + 1]!;
  const bz = cc[q + P_RB + 2]!;
  const dvx =
    ss[ob + SB_VX]! +
    (ss[ob + SB_WY]! * bz - ss[ob + SB_WZ]! * by) -
    ss[oa + SB_VX]! -
    (ss[oa + SB_WY]! * az - ss[oa + SB_WZ]! * ay);
  const dvy =
    ss[ob + SB_VY]! +
    (ss[ob + SB_WZ]! * bx - ss[ob + SB_WX]! * bz) -
    ss[oa + SB_VY]! -
    (ss[oa + SB_WZ]! * ax - ss[oa + SB_WX]! * az);
  const dvz =
    ss[ob + SB_VZ]! +
    (ss[ob + SB_WX]! * by - ss[ob + SB_WY]! * bx) -
    ss[oa + SB_VZ]! -
    (ss[oa + SB_WX]! * ay - ss[oa + SB_WY]! * ax);
  return dvx * cc[o + C_N]! + dvy * cc[o + C_N + 1]! + dvz * cc[o + C_N + 2]!;
}

/** The current separation of point q of constraint o after the in-step motion, written to out[k]. */
function separationInto3(
  ss: Float64Array,
  oa: number,
  ob: number,
  cc: Float64Array,
  o: number,
  q: number,
  out: Float64Array,
  k: number,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const C_N = 14;
  const P_BASE_SEP = 6;
  const P_RA = 0;
  const P_RB = 3;
  const SB_DPX = 6;
  const SB_DPY = 7;
  const SB_DPZ = 8;
  const SB_DQW = 12;
  const SB_DQX = 9;
  const SB_DQY = 10;
  const SB_DQZ = 11;
  let s = cc[q + P_BASE_SEP]!;
  for (let side = 0; side < 2; side++) {
    const so = side === 0 ? oa : ob;
    const r = q + (side === 0 ? P_RA : P_RB);
    const qx = ss[so + SB_DQX]!;
    const qy = ss[so + SB_DQY]!;
    const qz = ss[so + SB_DQZ]!;
    const qw = ss[so + SB_DQW]!;
    const rx = cc[r]!;
    const ry = cc[r + 1]!;
    const rz = cc[r + 2]!;
    const tx = 2 * (qy * rz - qz * ry);
    const ty = 2 * (qz * rx - qx * rz);
    const tz = 2 * (qx * ry - qy * rx);
    const sign = side === 0 ? -1 : 1;
    const px = ss[so + SB_DPX]! + rx + qw * tx + (qy * tz - qz * ty);
    const py = ss[so + SB_DPY]! + ry + qw * ty + (qz * tx - qx * tz);
    const pz = ss[so + SB_DPZ]! + rz + qw * tz + (qx * ty - qy * tx);
    s += sign * (px * cc[o + C_N]! + py * cc[o + C_N + 1]! + pz * cc[o + C_N + 2]!);
  }
  out[k] = s;
}

const separationScratch = new Float64Array(1);

/** Writes each point's current separation (after the in-step motion) into the contacts' readout. */
export function storeSeparations3(
  ss: Float64Array,
  cs: ContactStore3,
  active: Int32Array,
  nActive: number,
  cc: Float64Array,
  cb: Int32Array,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const C_P0 = 35;
  const MAX_POINTS = 4;
  const P_STRIDE = 16;
  let off = 0;
  for (let i = 0; i < nActive; i++) {
    const o = off;
    off += C_P0 + cb[3 * i + 2]! * P_STRIDE;
    const c = active[i]!;
    for (let j = 0; j < cb[3 * i + 2]!; j++)
      separationInto3(
        ss,
        cb[3 * i]!,
        cb[3 * i + 1]!,
        cc,
        o,
        o + C_P0 + j * P_STRIDE,
        cs.separation,
        MAX_POINTS * c + j,
      );
  }
}

/** Turns the in-step rotation of solver slot `so` by the small rotation vector v: Δq ← normalize(Δq + ½(v, 0)Δq). */
function rotateState3(ss: Float64Array, so: number, v: Float64Array): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const SB_DQW = 12;
  const SB_DQX = 9;
  const SB_DQY = 10;
  const SB_DQZ = 11;
  const hx = 0.5 * v[0]!;
  const hy = 0.5 * v[1]!;
  const hz = 0.5 * v[2]!;
  const qx = ss[so + SB_DQX]!;
  const qy = ss[so + SB_DQY]!;
  const qz = ss[so + SB_DQZ]!;
  const qw = ss[so + SB_DQW]!;
  const x = qx + (hx * qw + hy * qz - hz * qy);
  const y = qy + (hy * qw + hz * qx - hx * qz);
  const z = qz + (hz * qw + hx * qy - hy * qx);
  const w = qw - (hx * qx + hy * qy + hz * qz);
  const m = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
  ss[so + SB_DQX] = x * m;
  ss[so + SB_DQY] = y * m;
  ss[so + SB_DQZ] = z * m;
  ss[so + SB_DQW] = w * m;
}

const rotationScratch = new Float64Array(3);

/**
 * Split-impulse position pass (Catto 2006; textbook §26.2): each point's correction
 * C = percent·max(d − slop, 0) (capped at 0.2 m) is applied as a pseudo-impulse C·m_eff to the
 * positions and orientations; velocities are not touched.
 */
export function solvePositions3(
  ss: Float64Array,
  cc: Float64Array,
  cb: Int32Array,
  nActive: number,
  percent: Float64Array,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const C_IA = 2;
  const C_IB = 8;
  const C_MA = 0;
  const C_MB = 1;
  const C_N = 14;
  const C_P0 = 35;
  const P_NORMAL_MASS = 7;
  const P_RA = 0;
  const P_RB = 3;
  const P_STRIDE = 16;
  const SB_DPX = 6;
  const SB_DPY = 7;
  const SB_DPZ = 8;
  const pct = percent[0]!;
  const slop = percent[1]!;
  const v = rotationScratch;
  let off = 0;
  for (let i = 0; i < nActive; i++) {
    const o = off;
    off += C_P0 + cb[3 * i + 2]! * P_STRIDE;
    const oa = cb[3 * i]!;
    const ob = cb[3 * i + 1]!;
    const mA = cc[o + C_MA]!;
    const mB = cc[o + C_MB]!;
    for (let j = 0; j < cb[3 * i + 2]!; j++) {
      const q = o + C_P0 + j * P_STRIDE;
      separationInto3(ss, oa, ob, cc, o, q, separationScratch, 0);
      const s = separationScratch[0]!;
      let C = pct * (s + slop);
      if (C >= 0) continue;
      if (C < -0.2) C = -0.2;
      const P = -C * cc[q + P_NORMAL_MASS]!;
      const Px = P * cc[o + C_N]!;
      const Py = P * cc[o + C_N + 1]!;
      const Pz = P * cc[o + C_N + 2]!;
      for (let side = 0; side < 2; side++) {
        const m = side === 0 ? mA : mB;
        if (m === 0) continue;
        const so = side === 0 ? oa : ob;
        const sign = side === 0 ? -1 : 1;
        ss[so + SB_DPX] = ss[so + SB_DPX]! + sign * m * Px;
        ss[so + SB_DPY] = ss[so + SB_DPY]! + sign * m * Py;
        ss[so + SB_DPZ] = ss[so + SB_DPZ]! + sign * m * Pz;
        const r = q + (side === 0 ? P_RA : P_RB);
        const io = o + (side === 0 ? C_IA : C_IB);
        const rx = cc[r]!;
        const ry = cc[r + 1]!;
        const rz = cc[r + 2]!;
        const cx = ry * Pz - rz * Py;
        const cy = rz * Px - rx * Pz;
        const cz = rx * Py - ry * Px;
        v[0] = sign * (cc[io]! * cx + cc[io + 1]! * cy + cc[io + 2]! * cz);
        v[1] = sign * (cc[io + 1]! * cx + cc[io + 3]! * cy + cc[io + 4]! * cz);
        v[2] = sign * (cc[io + 2]! * cx + cc[io + 4]! * cy + cc[io + 5]! * cz);
        if (v[0] !== 0 || v[1] !== 0 || v[2] !== 0) rotateState3(ss, so, v);
      }
    }
  }
}
