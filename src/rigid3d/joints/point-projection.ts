/**
 * The point constraint's position projection after a substep in one pass (textbook §26.2; the
 * non-linear Gauss–Seidel position step of Box2D v2.4 in 3D): the anchors at the current poses
 * rA = R(ΔqA)·rA₀, rB = R(ΔqB)·rB₀, the separation d, the block K = (mA + mB)·1 + [rA]ᵀIA⁻¹[rA] +
 * [rB]ᵀIB⁻¹[rB] and K⁻¹ — kept in the joint's point cache for the next substep's warm start and
 * solve passes — then λ = −β·K⁻¹d moves the bodies' in-step translations and turns them about
 * their anchors (no velocity changes). The same arithmetic, in the same order, as anchorsNow →
 * cachePoint → the projection of joint-rows.ts, in locals instead of the scratch array.
 */

import type { JointContext3 } from './joint-context.js';
import { half, turnHalf } from './joint-rows.js';

/**
 * The projection of the point constraint of the joint packed at jc[o..] between the solver states
 * at `oa` and `ob`, its point cache at jc[point..] (joint-rows.ts PC_*), the fraction β =
 * `ctx.projection`; `correct` false: the geometry is measured and cached, nothing moves.
 */
export function projectPointCaching3(
  ctx: JointContext3,
  o: number,
  oa: number,
  ob: number,
  point: number,
  correct: boolean,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const JC_STRIDE = 96;
  const J_DC = 85;
  const J_IA = 2;
  const J_IB = 8;
  const J_MA = 0;
  const J_MB = 1;
  const J_RA = 79;
  const J_RB = 82;
  const PC_D = 6;
  const PC_KINV = 9;
  const PC_OK = 15;
  const PC_RA = 0;
  const PC_RB = 3;
  const SB_DPX = 6;
  const SB_DPY = 7;
  const SB_DPZ = 8;
  const SB_DQW = 12;
  const SB_DQX = 9;
  const SB_DQY = 10;
  const SB_DQZ = 11;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const proj = ctx.projection;
  let qx = ss[oa + SB_DQX]!;
  let qy = ss[oa + SB_DQY]!;
  let qz = ss[oa + SB_DQZ]!;
  let qw = ss[oa + SB_DQW]!;
  const ia = o + J_IA;
  const ib = o + J_IB;
  const ia0 = jc[ia]!;
  const ia1 = jc[ia + 1]!;
  const ia2 = jc[ia + 2]!;
  const ia3 = jc[ia + 3]!;
  const ia4 = jc[ia + 4]!;
  const ia5 = jc[ia + 5]!;
  const ib0 = jc[ib]!;
  const ib1 = jc[ib + 1]!;
  const ib2 = jc[ib + 2]!;
  const ib3 = jc[ib + 3]!;
  const ib4 = jc[ib + 4]!;
  const ib5 = jc[ib + 5]!;
  // the anchors and the separation d
  let px = jc[o + J_RA]!;
  let py = jc[o + J_RA + 1]!;
  let pz = jc[o + J_RA + 2]!;
  let tx = 2 * (qy * pz - qz * py);
  let ty = 2 * (qz * px - qx * pz);
  let tz = 2 * (qx * py - qy * px);
  const rax = px + qw * tx + (qy * tz - qz * ty);
  const ray = py + qw * ty + (qz * tx - qx * tz);
  const raz = pz + qw * tz + (qx * ty - qy * tx);
  qx = ss[ob + SB_DQX]!;
  qy = ss[ob + SB_DQY]!;
  qz = ss[ob + SB_DQZ]!;
  qw = ss[ob + SB_DQW]!;
  px = jc[o + J_RB]!;
  py = jc[o + J_RB + 1]!;
  pz = jc[o + J_RB + 2]!;
  tx = 2 * (qy * pz - qz * py);
  ty = 2 * (qz * px - qx * pz);
  tz = 2 * (qx * py - qy * px);
  const rbx = px + qw * tx + (qy * tz - qz * ty);
  const rby = py + qw * ty + (qz * tx - qx * tz);
  const rbz = pz + qw * tz + (qx * ty - qy * tx);
  const dx = ss[ob + SB_DPX]! - ss[oa + SB_DPX]! + rbx - rax + jc[o + J_DC]!;
  const dy = ss[ob + SB_DPY]! - ss[oa + SB_DPY]! + rby - ray + jc[o + J_DC + 1]!;
  const dz = ss[ob + SB_DPZ]! - ss[oa + SB_DPZ]! + rbz - raz + jc[o + J_DC + 2]!;
  jc[point + PC_RA] = rax;
  jc[point + PC_RB] = rbx;
  jc[point + PC_D] = dx;
  jc[point + PC_RA + 1] = ray;
  jc[point + PC_RB + 1] = rby;
  jc[point + PC_D + 1] = dy;
  jc[point + PC_RA + 2] = raz;
  jc[point + PC_RB + 2] = rbz;
  jc[point + PC_D + 2] = dz;
  // K = (mA + mB)·1 + [rA]ᵀ IA⁻¹ [rA] + [rB]ᵀ IB⁻¹ [rB]
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  const m = mA + mB;
  let x = rax;
  let y = ray;
  let z = raz;
  let p1 = ia3 * z - ia4 * y;
  let p2 = ia4 * z - ia5 * y;
  let q0 = -ia0 * z + ia2 * x;
  let q1 = -ia1 * z + ia4 * x;
  let q2 = -ia2 * z + ia5 * x;
  let r0 = ia0 * y - ia1 * x;
  let r1 = ia1 * y - ia3 * x;
  let r2 = ia2 * y - ia4 * x;
  const a00 = z * p1 - y * p2;
  const a01 = z * q1 - y * q2;
  const a02 = z * r1 - y * r2;
  const a11 = -z * q0 + x * q2;
  const a12 = -z * r0 + x * r2;
  const a22 = y * r0 - x * r1;
  let e00 = m + a00;
  let e01 = 0 + a01;
  let e02 = 0 + a02;
  let e11 = m + a11;
  let e12 = 0 + a12;
  let e22 = m + a22;
  x = rbx;
  y = rby;
  z = rbz;
  p1 = ib3 * z - ib4 * y;
  p2 = ib4 * z - ib5 * y;
  q0 = -ib0 * z + ib2 * x;
  q1 = -ib1 * z + ib4 * x;
  q2 = -ib2 * z + ib5 * x;
  r0 = ib0 * y - ib1 * x;
  r1 = ib1 * y - ib3 * x;
  r2 = ib2 * y - ib4 * x;
  const b00 = z * p1 - y * p2;
  const b01 = z * q1 - y * q2;
  const b02 = z * r1 - y * r2;
  const b11 = -z * q0 + x * q2;
  const b12 = -z * r0 + x * r2;
  const b22 = y * r0 - x * r1;
  e00 += b00;
  e01 += b01;
  e02 += b02;
  e11 += b11;
  e12 += b12;
  e22 += b22;
  const c00 = e11 * e22 - e12 * e12;
  const c01 = e02 * e12 - e01 * e22;
  const c02 = e01 * e12 - e02 * e11;
  const kdet = e00 * c00 + e01 * c01 + e02 * c02;
  if (!(kdet > 0)) {
    jc[point + PC_OK] = 0;
    return;
  }
  const kinv = 1 / kdet;
  const i00 = c00 * kinv;
  const i01 = c01 * kinv;
  const i02 = c02 * kinv;
  const i11 = (e00 * e22 - e02 * e02) * kinv;
  const i12 = (e01 * e02 - e00 * e12) * kinv;
  const i22 = (e00 * e11 - e01 * e01) * kinv;
  jc[point + PC_OK] = 1;
  jc[point + PC_KINV] = i00;
  jc[point + PC_KINV + 1] = i01;
  jc[point + PC_KINV + 2] = i02;
  jc[point + PC_KINV + 3] = i11;
  jc[point + PC_KINV + 4] = i12;
  jc[point + PC_KINV + 5] = i22;
  if (!correct) return;
  if (ctx.projScaled) {
    const k2 = 2 * ((o / JC_STRIDE) | 0);
    const sA = ctx.projScale[k2]!;
    const sB = ctx.projScale[k2 + 1]!;
    if (sA !== 1 || sB !== 1) {
      // K = sA·K_A + sB·K_B from the sides' parts above
      ke[0] = sA * (mA + a00) + sB * (mB + b00);
      ke[1] = sA * a01 + sB * b01;
      ke[2] = sA * a02 + sB * b02;
      ke[3] = sA * (mA + a11) + sB * (mB + b11);
      ke[4] = sA * a12 + sB * b12;
      ke[5] = sA * (mA + a22) + sB * (mB + b22);
      projectScaled(ctx, o, oa, ob, point, k2);
      return;
    }
  }
  // λ = −proj·K⁻¹d moves the in-step translations and turns the bodies about their anchors
  const lx = -proj * (i00 * dx + i01 * dy + i02 * dz);
  const ly = -proj * (i01 * dx + i11 * dy + i12 * dz);
  const lz = -proj * (i02 * dx + i12 * dy + i22 * dz);
  ss[oa + SB_DPX] = ss[oa + SB_DPX]! - mA * lx;
  ss[oa + SB_DPY] = ss[oa + SB_DPY]! - mA * ly;
  ss[oa + SB_DPZ] = ss[oa + SB_DPZ]! - mA * lz;
  ss[ob + SB_DPX] = ss[ob + SB_DPX]! + mB * lx;
  ss[ob + SB_DPY] = ss[ob + SB_DPY]! + mB * ly;
  ss[ob + SB_DPZ] = ss[ob + SB_DPZ]! + mB * lz;
  let wx = ray * lz - raz * ly;
  let wy = raz * lx - rax * lz;
  let wz = rax * ly - ray * lx;
  half[0] = -0.5 * (ia0 * wx + ia1 * wy + ia2 * wz);
  half[1] = -0.5 * (ia1 * wx + ia3 * wy + ia4 * wz);
  half[2] = -0.5 * (ia2 * wx + ia4 * wy + ia5 * wz);
  turnHalf(ss, oa);
  wx = rby * lz - rbz * ly;
  wy = rbz * lx - rbx * lz;
  wz = rbx * ly - rby * lx;
  half[0] = 0.5 * (ib0 * wx + ib1 * wy + ib2 * wz);
  half[1] = 0.5 * (ib1 * wx + ib3 * wy + ib4 * wz);
  half[2] = 0.5 * (ib2 * wx + ib4 * wy + ib5 * wz);
  turnHalf(ss, ob);
}

/**
 * The anchors rA = R(ΔqA)·rA₀, rB = R(ΔqB)·rB₀ and the separation d of the joint packed at jc[o..]
 * at the current poses into its point cache at jc[point..] (K⁻¹ kept): joint-context.ts
 * anchorsNow then joint-rows.ts cacheAnchors, in locals.
 */
export function cacheAnchorsNow3(ctx: JointContext3, o: number, oa: number, ob: number, point: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_DC = 85;
  const J_RA = 79;
  const J_RB = 82;
  const PC_D = 6;
  const PC_RA = 0;
  const PC_RB = 3;
  const SB_DPX = 6;
  const SB_DPY = 7;
  const SB_DPZ = 8;
  const SB_DQW = 12;
  const SB_DQX = 9;
  const SB_DQY = 10;
  const SB_DQZ = 11;
  const ss = ctx.ss;
  const jc = ctx.jc;
  let qx = ss[oa + SB_DQX]!;
  let qy = ss[oa + SB_DQY]!;
  let qz = ss[oa + SB_DQZ]!;
  let qw = ss[oa + SB_DQW]!;
  let px = jc[o + J_RA]!;
  let py = jc[o + J_RA + 1]!;
  let pz = jc[o + J_RA + 2]!;
  let tx = 2 * (qy * pz - qz * py);
  let ty = 2 * (qz * px - qx * pz);
  let tz = 2 * (qx * py - qy * px);
  const rax = px + qw * tx + (qy * tz - qz * ty);
  const ray = py + qw * ty + (qz * tx - qx * tz);
  const raz = pz + qw * tz + (qx * ty - qy * tx);
  qx = ss[ob + SB_DQX]!;
  qy = ss[ob + SB_DQY]!;
  qz = ss[ob + SB_DQZ]!;
  qw = ss[ob + SB_DQW]!;
  px = jc[o + J_RB]!;
  py = jc[o + J_RB + 1]!;
  pz = jc[o + J_RB + 2]!;
  tx = 2 * (qy * pz - qz * py);
  ty = 2 * (qz * px - qx * pz);
  tz = 2 * (qx * py - qy * px);
  const rbx = px + qw * tx + (qy * tz - qz * ty);
  const rby = py + qw * ty + (qz * tx - qx * tz);
  const rbz = pz + qw * tz + (qx * ty - qy * tx);
  jc[point + PC_RA] = rax;
  jc[point + PC_RA + 1] = ray;
  jc[point + PC_RA + 2] = raz;
  jc[point + PC_RB] = rbx;
  jc[point + PC_RB + 1] = rby;
  jc[point + PC_RB + 2] = rbz;
  jc[point + PC_D] = ss[ob + SB_DPX]! - ss[oa + SB_DPX]! + rbx - rax + jc[o + J_DC]!;
  jc[point + PC_D + 1] = ss[ob + SB_DPY]! - ss[oa + SB_DPY]! + rby - ray + jc[o + J_DC + 1]!;
  jc[point + PC_D + 2] = ss[ob + SB_DPZ]! - ss[oa + SB_DPZ]! + rbz - raz + jc[o + J_DC + 2]!;
}

/** the scaled projection's effective mass (00, 01, 02, 11, 12, 22), filled by projectPointCaching3 */
const ke = new Float64Array(6);

/**
 * The projection of {@link projectPointCaching3} with the inverse masses and inertias of A and B
 * scaled by ctx.projScale[k2], [k2 + 1] (shock-propagation.ts): K = sA·K_A + sB·K_B (in `ke`), the correction
 * λ = −β·K⁻¹d moves A by sA·mA·λ and B by sB·mB·λ (and turns them alike); the cached K⁻¹ of the
 * velocity passes keeps the true masses.
 */
function projectScaled(
  ctx: JointContext3,
  o: number,
  oa: number,
  ob: number,
  point: number,
  k2: number,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IA = 2;
  const J_IB = 8;
  const J_MA = 0;
  const J_MB = 1;
  const PC_D = 6;
  const PC_RA = 0;
  const PC_RB = 3;
  const SB_DPX = 6;
  const SB_DPY = 7;
  const SB_DPZ = 8;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const sA = ctx.projScale[k2]!;
  const sB = ctx.projScale[k2 + 1]!;
  const e00 = ke[0]!;
  const e01 = ke[1]!;
  const e02 = ke[2]!;
  const e11 = ke[3]!;
  const e12 = ke[4]!;
  const e22 = ke[5]!;
  const c00 = e11 * e22 - e12 * e12;
  const c01 = e02 * e12 - e01 * e22;
  const c02 = e01 * e12 - e02 * e11;
  const kdet = e00 * c00 + e01 * c01 + e02 * c02;
  if (!(kdet > 0)) return;
  const kinv = 1 / kdet;
  const dx = jc[point + PC_D]!;
  const dy = jc[point + PC_D + 1]!;
  const dz = jc[point + PC_D + 2]!;
  const proj = ctx.projection;
  const lx = -proj * kinv * (c00 * dx + c01 * dy + c02 * dz);
  const ly = -proj * kinv * (c01 * dx + (e00 * e22 - e02 * e02) * dy + (e01 * e02 - e00 * e12) * dz);
  const lz = -proj * kinv * (c02 * dx + (e01 * e02 - e00 * e12) * dy + (e00 * e11 - e01 * e01) * dz);
  const mA = sA * jc[o + J_MA]!;
  const mB = sB * jc[o + J_MB]!;
  ss[oa + SB_DPX] = ss[oa + SB_DPX]! - mA * lx;
  ss[oa + SB_DPY] = ss[oa + SB_DPY]! - mA * ly;
  ss[oa + SB_DPZ] = ss[oa + SB_DPZ]! - mA * lz;
  ss[ob + SB_DPX] = ss[ob + SB_DPX]! + mB * lx;
  ss[ob + SB_DPY] = ss[ob + SB_DPY]! + mB * ly;
  ss[ob + SB_DPZ] = ss[ob + SB_DPZ]! + mB * lz;
  const ia = o + J_IA;
  const ib = o + J_IB;
  let rx = jc[point + PC_RA]!;
  let ry = jc[point + PC_RA + 1]!;
  let rz = jc[point + PC_RA + 2]!;
  let wx = ry * lz - rz * ly;
  let wy = rz * lx - rx * lz;
  let wz = rx * ly - ry * lx;
  half[0] = -0.5 * sA * (jc[ia]! * wx + jc[ia + 1]! * wy + jc[ia + 2]! * wz);
  half[1] = -0.5 * sA * (jc[ia + 1]! * wx + jc[ia + 3]! * wy + jc[ia + 4]! * wz);
  half[2] = -0.5 * sA * (jc[ia + 2]! * wx + jc[ia + 4]! * wy + jc[ia + 5]! * wz);
  turnHalf(ss, oa);
  rx = jc[point + PC_RB]!;
  ry = jc[point + PC_RB + 1]!;
  rz = jc[point + PC_RB + 2]!;
  wx = ry * lz - rz * ly;
  wy = rz * lx - rx * lz;
  wz = rx * ly - ry * lx;
  half[0] = 0.5 * sB * (jc[ib]! * wx + jc[ib + 1]! * wy + jc[ib + 2]! * wz);
  half[1] = 0.5 * sB * (jc[ib + 1]! * wx + jc[ib + 3]! * wy + jc[ib + 4]! * wz);
  half[2] = 0.5 * sB * (jc[ib + 2]! * wx + jc[ib + 4]! * wy + jc[ib + 5]! * wz);
  turnHalf(ss, ob);
}
