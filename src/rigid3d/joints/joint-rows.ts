/**
 * The building blocks of the 3D joints (textbook §26.2 "ジョイントとモーター"): constraint rows
 * solved by sequential impulses with accumulated impulses (Catto 2005). A linear row along n with
 * lever arms rA, rB has the Jacobian (−n, −rA × n, n, rB × n) and the effective mass
 * 1/k, k = mA + mB + (rA × n)·IA⁻¹(rA × n) + (rB × n)·IB⁻¹(rB × n); an angular row about u has
 * (0, −u, 0, u) and k = u·(IA⁻¹ + IB⁻¹)u. Blocks solve several rows at once through their 3 × 3 (or
 * 2 × 2) effective mass K without clamping — the ball joint's three equations
 * K = (mA + mB)·1 − [rA]ₓ IA⁻¹ [rA]ₓ − [rB]ₓ IB⁻¹ [rB]ₓ, the fixed joint's three rotational ones
 * K = IA⁻¹ + IB⁻¹, the hinge's two. Each update is
 * λ ← clamp(λ − massScale·K⁻¹(Ċ + b) − impulseScale·λ, lo, hi) with the row's bias b, mass and
 * impulse scales (soft constraints, Catto 2011) written into the scratch array by the caller.
 * The world inverse inertias are the ones at the start of the step (as the contacts use).
 */

import type { JointContext3 } from './joint-context.js';

/**
 * One update of an angular row about t[T_U] with bias / scales / clamps from t (T_B … T_HI) and
 * its accumulated impulse at jc[acc].
 */
export function angularRow(ctx: JointContext3, o: number, oa: number, ob: number, acc: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IA = 2;
  const J_IB = 8;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const T_B = 54;
  const T_HI = 58;
  const T_IS = 56;
  const T_LO = 57;
  const T_MS = 55;
  const T_U = 36;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const t = ctx.t;
  const ux = t[T_U]!;
  const uy = t[T_U + 1]!;
  const uz = t[T_U + 2]!;
  const cdot =
    ux * (ss[ob + SB_WX]! - ss[oa + SB_WX]!) +
    uy * (ss[ob + SB_WY]! - ss[oa + SB_WY]!) +
    uz * (ss[ob + SB_WZ]! - ss[oa + SB_WZ]!);
  const old = jc[acc]!;
  // an inactive inequality (a limit not reached within the substep: no impulse held, none wanted)
  // changes nothing: its update would clamp to 0
  if (old === 0 && t[T_LO] === 0 && cdot + t[T_B]! >= 0) return;
  const a = o + J_IA;
  const b = o + J_IB;
  const aX = jc[a]! * ux + jc[a + 1]! * uy + jc[a + 2]! * uz;
  const aY = jc[a + 1]! * ux + jc[a + 3]! * uy + jc[a + 4]! * uz;
  const aZ = jc[a + 2]! * ux + jc[a + 4]! * uy + jc[a + 5]! * uz;
  const bX = jc[b]! * ux + jc[b + 1]! * uy + jc[b + 2]! * uz;
  const bY = jc[b + 1]! * ux + jc[b + 3]! * uy + jc[b + 4]! * uz;
  const bZ = jc[b + 2]! * ux + jc[b + 4]! * uy + jc[b + 5]! * uz;
  const k = ux * (aX + bX) + uy * (aY + bY) + uz * (aZ + bZ);
  if (!(k > 0)) return;
  let lam = old - (t[T_MS]! * (cdot + t[T_B]!)) / k - t[T_IS]! * old;
  if (lam < t[T_LO]!) lam = t[T_LO]!;
  else if (lam > t[T_HI]!) lam = t[T_HI]!;
  const d = lam - old;
  jc[acc] = lam;
  ss[oa + SB_WX] = ss[oa + SB_WX]! - d * aX;
  ss[oa + SB_WY] = ss[oa + SB_WY]! - d * aY;
  ss[oa + SB_WZ] = ss[oa + SB_WZ]! - d * aZ;
  ss[ob + SB_WX] = ss[ob + SB_WX]! + d * bX;
  ss[ob + SB_WY] = ss[ob + SB_WY]! + d * bY;
  ss[ob + SB_WZ] = ss[ob + SB_WZ]! + d * bZ;
}

/**
 * A limit (inequality C ≥ 0, C in t[T_CS]) about the axis sign·jc[ax..ax+2] in one call: the row
 * parameters of joint-context.ts `limitRow` (speculative while C > 0, the rigid softness or
 * Baumgarte once violated, none in the relax pass) and the {@link angularRow} update with its
 * accumulated impulse at jc[acc] kept ≥ 0 — the same arithmetic, without the scratch round trip.
 */
export function angularLimitRow(
  ctx: JointContext3,
  o: number,
  oa: number,
  ob: number,
  acc: number,
  ax: number,
  sign: number,
  useBias: boolean,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IA = 2;
  const J_IB = 8;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const T_CS = 87;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const C = ctx.t[T_CS]!;
  let bias: number;
  let ms = 1;
  let is = 0;
  if (C > 0) bias = C * ctx.invH;
  else if (!useBias) bias = 0;
  else if (ctx.baumgarte) bias = ctx.beta * ctx.invH * C;
  else {
    const r = ctx.rigid;
    bias = r.biasRate * C;
    ms = r.massScale;
    is = r.impulseScale;
  }
  const ux = sign * jc[ax]!;
  const uy = sign * jc[ax + 1]!;
  const uz = sign * jc[ax + 2]!;
  const cdot =
    ux * (ss[ob + SB_WX]! - ss[oa + SB_WX]!) +
    uy * (ss[ob + SB_WY]! - ss[oa + SB_WY]!) +
    uz * (ss[ob + SB_WZ]! - ss[oa + SB_WZ]!);
  const old = jc[acc]!;
  // a limit not reached within the substep, holding no impulse, changes nothing
  if (old === 0 && cdot + bias >= 0) return;
  const a = o + J_IA;
  const b = o + J_IB;
  const aX = jc[a]! * ux + jc[a + 1]! * uy + jc[a + 2]! * uz;
  const aY = jc[a + 1]! * ux + jc[a + 3]! * uy + jc[a + 4]! * uz;
  const aZ = jc[a + 2]! * ux + jc[a + 4]! * uy + jc[a + 5]! * uz;
  const bX = jc[b]! * ux + jc[b + 1]! * uy + jc[b + 2]! * uz;
  const bY = jc[b + 1]! * ux + jc[b + 3]! * uy + jc[b + 4]! * uz;
  const bZ = jc[b + 2]! * ux + jc[b + 4]! * uy + jc[b + 5]! * uz;
  const k = ux * (aX + bX) + uy * (aY + bY) + uz * (aZ + bZ);
  if (!(k > 0)) return;
  let lam = old - (ms * (cdot + bias)) / k - is * old;
  if (lam < 0) lam = 0;
  const d = lam - old;
  jc[acc] = lam;
  ss[oa + SB_WX] = ss[oa + SB_WX]! - d * aX;
  ss[oa + SB_WY] = ss[oa + SB_WY]! - d * aY;
  ss[oa + SB_WZ] = ss[oa + SB_WZ]! - d * aZ;
  ss[ob + SB_WX] = ss[ob + SB_WX]! + d * bX;
  ss[ob + SB_WY] = ss[ob + SB_WY]! + d * bY;
  ss[ob + SB_WZ] = ss[ob + SB_WZ]! + d * bZ;
}

/**
 * One update of a linear row along t[T_N] with lever arms t[T_LA] (on A) and t[T_LB] (on B),
 * bias / scales / clamps from t and its accumulated impulse at jc[acc].
 */
export function linearRow(ctx: JointContext3, o: number, oa: number, ob: number, acc: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IA = 2;
  const J_IB = 8;
  const J_MA = 0;
  const J_MB = 1;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_VZ = 2;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const T_B = 54;
  const T_HI = 58;
  const T_IS = 56;
  const T_LA = 42;
  const T_LB = 45;
  const T_LO = 57;
  const T_MS = 55;
  const T_N = 59;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const t = ctx.t;
  const nx = t[T_N]!;
  const ny = t[T_N + 1]!;
  const nz = t[T_N + 2]!;
  const lax = t[T_LA]!;
  const lay = t[T_LA + 1]!;
  const laz = t[T_LA + 2]!;
  const lbx = t[T_LB]!;
  const lby = t[T_LB + 1]!;
  const lbz = t[T_LB + 2]!;
  // la × n, lb × n
  const cax = lay * nz - laz * ny;
  const cay = laz * nx - lax * nz;
  const caz = lax * ny - lay * nx;
  const cbx = lby * nz - lbz * ny;
  const cby = lbz * nx - lbx * nz;
  const cbz = lbx * ny - lby * nx;
  const a = o + J_IA;
  const b = o + J_IB;
  const aX = jc[a]! * cax + jc[a + 1]! * cay + jc[a + 2]! * caz;
  const aY = jc[a + 1]! * cax + jc[a + 3]! * cay + jc[a + 4]! * caz;
  const aZ = jc[a + 2]! * cax + jc[a + 4]! * cay + jc[a + 5]! * caz;
  const bX = jc[b]! * cbx + jc[b + 1]! * cby + jc[b + 2]! * cbz;
  const bY = jc[b + 1]! * cbx + jc[b + 3]! * cby + jc[b + 4]! * cbz;
  const bZ = jc[b + 2]! * cbx + jc[b + 4]! * cby + jc[b + 5]! * cbz;
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  const k = mA + mB + cax * aX + cay * aY + caz * aZ + cbx * bX + cby * bY + cbz * bZ;
  if (!(k > 0)) return;
  const cdot =
    nx * (ss[ob + SB_VX]! - ss[oa + SB_VX]!) +
    ny * (ss[ob + SB_VY]! - ss[oa + SB_VY]!) +
    nz * (ss[ob + SB_VZ]! - ss[oa + SB_VZ]!) +
    cbx * ss[ob + SB_WX]! +
    cby * ss[ob + SB_WY]! +
    cbz * ss[ob + SB_WZ]! -
    cax * ss[oa + SB_WX]! -
    cay * ss[oa + SB_WY]! -
    caz * ss[oa + SB_WZ]!;
  const old = jc[acc]!;
  let lam = old - (t[T_MS]! * (cdot + t[T_B]!)) / k - t[T_IS]! * old;
  if (lam < t[T_LO]!) lam = t[T_LO]!;
  else if (lam > t[T_HI]!) lam = t[T_HI]!;
  const d = lam - old;
  jc[acc] = lam;
  ss[oa + SB_VX] = ss[oa + SB_VX]! - mA * d * nx;
  ss[oa + SB_VY] = ss[oa + SB_VY]! - mA * d * ny;
  ss[oa + SB_VZ] = ss[oa + SB_VZ]! - mA * d * nz;
  ss[oa + SB_WX] = ss[oa + SB_WX]! - d * aX;
  ss[oa + SB_WY] = ss[oa + SB_WY]! - d * aY;
  ss[oa + SB_WZ] = ss[oa + SB_WZ]! - d * aZ;
  ss[ob + SB_VX] = ss[ob + SB_VX]! + mB * d * nx;
  ss[ob + SB_VY] = ss[ob + SB_VY]! + mB * d * ny;
  ss[ob + SB_VZ] = ss[ob + SB_VZ]! + mB * d * nz;
  ss[ob + SB_WX] = ss[ob + SB_WX]! + d * bX;
  ss[ob + SB_WY] = ss[ob + SB_WY]! + d * bY;
  ss[ob + SB_WZ] = ss[ob + SB_WZ]! + d * bZ;
}

/**
 * The point block (the ball joint's three equations, unclamped): Ċ = vB + ωB × rB − vA − ωA × rA
 * with the anchors t[T_RA], t[T_RB] and the error C = t[T_C], the softness t[T_SB..T_SB+2]
 * (bias = coefficient × C) and the accumulated impulse at jc[acc..acc+2].
 */
export function pointBlock(ctx: JointContext3, o: number, oa: number, ob: number, acc: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_VZ = 2;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const T_C = 33;
  const T_IMP = 88;
  const T_KINV = 66;
  const T_RA = 0;
  const T_RB = 3;
  const T_SB = 62;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const t = ctx.t;
  if (!pointMass(ctx, o)) return;
  const rax = t[T_RA]!;
  const ray = t[T_RA + 1]!;
  const raz = t[T_RA + 2]!;
  const rbx = t[T_RB]!;
  const rby = t[T_RB + 1]!;
  const rbz = t[T_RB + 2]!;
  const wAx = ss[oa + SB_WX]!;
  const wAy = ss[oa + SB_WY]!;
  const wAz = ss[oa + SB_WZ]!;
  const wBx = ss[ob + SB_WX]!;
  const wBy = ss[ob + SB_WY]!;
  const wBz = ss[ob + SB_WZ]!;
  const bc = t[T_SB]!;
  const ms = t[T_SB + 1]!;
  const is = t[T_SB + 2]!;
  const cx =
    ss[ob + SB_VX]! + wBy * rbz - wBz * rby - ss[oa + SB_VX]! - (wAy * raz - wAz * ray) + bc * t[T_C]!;
  const cy =
    ss[ob + SB_VY]! + wBz * rbx - wBx * rbz - ss[oa + SB_VY]! - (wAz * rax - wAx * raz) + bc * t[T_C + 1]!;
  const cz =
    ss[ob + SB_VZ]! + wBx * rby - wBy * rbx - ss[oa + SB_VZ]! - (wAx * ray - wAy * rax) + bc * t[T_C + 2]!;
  const i00 = t[T_KINV]!;
  const i01 = t[T_KINV + 1]!;
  const i02 = t[T_KINV + 2]!;
  const i11 = t[T_KINV + 3]!;
  const i12 = t[T_KINV + 4]!;
  const i22 = t[T_KINV + 5]!;
  const o0 = jc[acc]!;
  const o1 = jc[acc + 1]!;
  const o2 = jc[acc + 2]!;
  const px = -ms * (i00 * cx + i01 * cy + i02 * cz) - is * o0;
  const py = -ms * (i01 * cx + i11 * cy + i12 * cz) - is * o1;
  const pz = -ms * (i02 * cx + i12 * cy + i22 * cz) - is * o2;
  jc[acc] = o0 + px;
  jc[acc + 1] = o1 + py;
  jc[acc + 2] = o2 + pz;
  t[T_IMP] = px;
  t[T_IMP + 1] = py;
  t[T_IMP + 2] = pz;
  applyLinear(ctx, o, oa, ob, T_IMP, T_RA, T_RB);
}

// ---- the point block's geometry kept between velocity passes (joint-context.ts `refresh`)
/** cached point geometry: current anchor on A (3) */
export const PC_RA = 0;
/** cached current anchor on B (3) */
export const PC_RB = 3;
/** cached current separation d (3) */
export const PC_D = 6;
/** cached inverse effective mass K⁻¹ (6, symmetric) */
export const PC_KINV = 9;
/** 1 when K is invertible */
export const PC_OK = 15;
/** numbers of the cached point geometry */
export const PC_SIZE = 16;

/**
 * After anchorsNow: the current anchors, the separation and K⁻¹ (pointMass) into jc[c..c+PC_SIZE).
 */
export function cachePoint(ctx: JointContext3, o: number, c: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const PC_D = 6;
  const PC_KINV = 9;
  const PC_OK = 15;
  const PC_RA = 0;
  const PC_RB = 3;
  const T_D = 6;
  const T_KINV = 66;
  const T_RA = 0;
  const T_RB = 3;
  const jc = ctx.jc;
  const t = ctx.t;
  for (let i = 0; i < 3; i++) {
    jc[c + PC_RA + i] = t[T_RA + i]!;
    jc[c + PC_RB + i] = t[T_RB + i]!;
    jc[c + PC_D + i] = t[T_D + i]!;
  }
  if (pointMass(ctx, o)) {
    jc[c + PC_OK] = 1;
    for (let i = 0; i < 6; i++) jc[c + PC_KINV + i] = t[T_KINV + i]!;
  } else jc[c + PC_OK] = 0;
}

/**
 * After anchorsNow: the current anchors and separation into the point cache at jc[c..]; K⁻¹ stays
 * (the pose moved by one substep: a pass's fixed point Ċ = 0 does not depend on K, only how fast
 * it is reached).
 */
export function cacheAnchors(ctx: JointContext3, c: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const PC_D = 6;
  const PC_RA = 0;
  const PC_RB = 3;
  const T_D = 6;
  const T_RA = 0;
  const T_RB = 3;
  const jc = ctx.jc;
  const t = ctx.t;
  for (let i = 0; i < 3; i++) {
    jc[c + PC_RA + i] = t[T_RA + i]!;
    jc[c + PC_RB + i] = t[T_RB + i]!;
    jc[c + PC_D + i] = t[T_D + i]!;
  }
}

/**
 * {@link pointBlock} on the cached geometry at jc[c..] (anchors, C = d, K⁻¹): the same update, the
 * softness from t[T_SB..], the accumulated impulse at jc[acc..acc+2].
 */
export function pointBlockCached(
  ctx: JointContext3,
  o: number,
  oa: number,
  ob: number,
  acc: number,
  c: number,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IA = 2;
  const J_IB = 8;
  const J_MA = 0;
  const J_MB = 1;
  const PC_D = 6;
  const PC_KINV = 9;
  const PC_OK = 15;
  const PC_RA = 0;
  const PC_RB = 3;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_VZ = 2;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const T_SB = 62;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const t = ctx.t;
  if (jc[c + PC_OK] !== 1) return;
  const rax = jc[c + PC_RA]!;
  const ray = jc[c + PC_RA + 1]!;
  const raz = jc[c + PC_RA + 2]!;
  const rbx = jc[c + PC_RB]!;
  const rby = jc[c + PC_RB + 1]!;
  const rbz = jc[c + PC_RB + 2]!;
  const wAx = ss[oa + SB_WX]!;
  const wAy = ss[oa + SB_WY]!;
  const wAz = ss[oa + SB_WZ]!;
  const wBx = ss[ob + SB_WX]!;
  const wBy = ss[ob + SB_WY]!;
  const wBz = ss[ob + SB_WZ]!;
  const bc = t[T_SB]!;
  const ms = t[T_SB + 1]!;
  const is = t[T_SB + 2]!;
  const cx =
    ss[ob + SB_VX]! + wBy * rbz - wBz * rby - ss[oa + SB_VX]! - (wAy * raz - wAz * ray) + bc * jc[c + PC_D]!;
  const cy =
    ss[ob + SB_VY]! +
    wBz * rbx -
    wBx * rbz -
    ss[oa + SB_VY]! -
    (wAz * rax - wAx * raz) +
    bc * jc[c + PC_D + 1]!;
  const cz =
    ss[ob + SB_VZ]! +
    wBx * rby -
    wBy * rbx -
    ss[oa + SB_VZ]! -
    (wAx * ray - wAy * rax) +
    bc * jc[c + PC_D + 2]!;
  const k = c + PC_KINV;
  const i00 = jc[k]!;
  const i01 = jc[k + 1]!;
  const i02 = jc[k + 2]!;
  const i11 = jc[k + 3]!;
  const i12 = jc[k + 4]!;
  const i22 = jc[k + 5]!;
  const o0 = jc[acc]!;
  const o1 = jc[acc + 1]!;
  const o2 = jc[acc + 2]!;
  const px = -ms * (i00 * cx + i01 * cy + i02 * cz) - is * o0;
  const py = -ms * (i01 * cx + i11 * cy + i12 * cz) - is * o1;
  const pz = -ms * (i02 * cx + i12 * cy + i22 * cz) - is * o2;
  jc[acc] = o0 + px;
  jc[acc + 1] = o1 + py;
  jc[acc + 2] = o2 + pz;
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  ss[oa + SB_VX] = ss[oa + SB_VX]! - mA * px;
  ss[oa + SB_VY] = ss[oa + SB_VY]! - mA * py;
  ss[oa + SB_VZ] = ss[oa + SB_VZ]! - mA * pz;
  ss[ob + SB_VX] = ss[ob + SB_VX]! + mB * px;
  ss[ob + SB_VY] = ss[ob + SB_VY]! + mB * py;
  ss[ob + SB_VZ] = ss[ob + SB_VZ]! + mB * pz;
  const ax = ray * pz - raz * py;
  const ay = raz * px - rax * pz;
  const az = rax * py - ray * px;
  const bx = rby * pz - rbz * py;
  const by = rbz * px - rbx * pz;
  const bz = rbx * py - rby * px;
  const a = o + J_IA;
  const b = o + J_IB;
  ss[oa + SB_WX] = ss[oa + SB_WX]! - (jc[a]! * ax + jc[a + 1]! * ay + jc[a + 2]! * az);
  ss[oa + SB_WY] = ss[oa + SB_WY]! - (jc[a + 1]! * ax + jc[a + 3]! * ay + jc[a + 4]! * az);
  ss[oa + SB_WZ] = ss[oa + SB_WZ]! - (jc[a + 2]! * ax + jc[a + 4]! * ay + jc[a + 5]! * az);
  ss[ob + SB_WX] = ss[ob + SB_WX]! + (jc[b]! * bx + jc[b + 1]! * by + jc[b + 2]! * bz);
  ss[ob + SB_WY] = ss[ob + SB_WY]! + (jc[b + 1]! * bx + jc[b + 3]! * by + jc[b + 4]! * bz);
  ss[ob + SB_WZ] = ss[ob + SB_WZ]! + (jc[b + 2]! * bx + jc[b + 4]! * by + jc[b + 5]! * bz);
}

/**
 * The inverse of the point block's effective mass K = (mA + mB)·1 − [rA]ₓ IA⁻¹ [rA]ₓ − [rB]ₓ IB⁻¹ [rB]ₓ
 * at the anchors t[T_RA], t[T_RB] into t[T_KINV..] (6 numbers); false when K is singular.
 */
export function pointMass(ctx: JointContext3, o: number): boolean {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IA = 2;
  const J_IB = 8;
  const J_MA = 0;
  const J_MB = 1;
  const T_KINV = 66;
  const T_RA = 0;
  const T_RB = 3;
  const jc = ctx.jc;
  const t = ctx.t;
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  const m = mA + mB;
  // K = (mA + mB)·1 + [rA]ᵀ IA [rA] + [rB]ᵀ IB [rB]
  let k00 = m;
  let k01 = 0;
  let k02 = 0;
  let k11 = m;
  let k12 = 0;
  let k22 = m;
  for (let side = 0; side < 2; side++) {
    const r = side === 0 ? T_RA : T_RB;
    const i = side === 0 ? o + J_IA : o + J_IB;
    const x = t[r]!;
    const y = t[r + 1]!;
    const z = t[r + 2]!;
    const a = jc[i]!;
    const b = jc[i + 1]!;
    const c = jc[i + 2]!;
    const d = jc[i + 3]!;
    const e = jc[i + 4]!;
    const f = jc[i + 5]!;
    // M·[r] columns p, q, s
    const p1 = d * z - e * y;
    const p2 = e * z - f * y;
    const q0 = -a * z + c * x;
    const q1 = -b * z + e * x;
    const q2 = -c * z + f * x;
    const s0 = a * y - b * x;
    const s1 = b * y - d * x;
    const s2 = c * y - e * x;
    k00 += z * p1 - y * p2;
    k01 += z * q1 - y * q2;
    k02 += z * s1 - y * s2;
    k11 += -z * q0 + x * q2;
    k12 += -z * s0 + x * s2;
    k22 += y * s0 - x * s1;
  }
  const c00 = k11 * k22 - k12 * k12;
  const c01 = k02 * k12 - k01 * k22;
  const c02 = k01 * k12 - k02 * k11;
  const det = k00 * c00 + k01 * c01 + k02 * c02;
  if (!(det > 0)) return false;
  const inv = 1 / det;
  t[T_KINV] = c00 * inv;
  t[T_KINV + 1] = c01 * inv;
  t[T_KINV + 2] = c02 * inv;
  t[T_KINV + 3] = (k00 * k22 - k02 * k02) * inv;
  t[T_KINV + 4] = (k01 * k02 - k00 * k12) * inv;
  t[T_KINV + 5] = (k00 * k11 - k01 * k01) * inv;
  return true;
}

/** the half turn of a body (an array: no double crosses a call that may not be inlined) */
export const half = new Float64Array(3);

/** Δq ← normalize(Δq + ½(h, 0)Δq) of the solver state at `os`, h = half[0..2] (skipped when h = 0). */
export function turnHalf(ss: Float64Array, os: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const SB_DQW = 12;
  const SB_DQX = 9;
  const SB_DQY = 10;
  const SB_DQZ = 11;
  const hx = half[0]!;
  const hy = half[1]!;
  const hz = half[2]!;
  if (hx === 0 && hy === 0 && hz === 0) return;
  const qx = ss[os + SB_DQX]!;
  const qy = ss[os + SB_DQY]!;
  const qz = ss[os + SB_DQZ]!;
  const qw = ss[os + SB_DQW]!;
  const x = qx + (hx * qw + hy * qz - hz * qy);
  const y = qy + (-hx * qz + hy * qw + hz * qx);
  const z = qz + (hx * qy - hy * qx + hz * qw);
  const w = qw - (hx * qx + hy * qy + hz * qz);
  const m = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
  ss[os + SB_DQX] = x * m;
  ss[os + SB_DQY] = y * m;
  ss[os + SB_DQZ] = z * m;
  ss[os + SB_DQW] = w * m;
}

/**
 * A position projection of the point constraint (non-linear Gauss–Seidel, as Box2D v2.4's position
 * solver): the error C = t[T_D] at the anchors t[T_RA], t[T_RB] is removed by the fraction `beta`
 * of a position impulse λ = −K⁻¹C moving the bodies' in-step translation and rotation only (no
 * velocity changes, so no energy is added) — the stretch a soft joint keeps under load.
 */
export function projectPoint(ctx: JointContext3, o: number, oa: number, ob: number): void {
  if (pointMass(ctx, o)) applyPointProjection(ctx, o, oa, ob);
}

/** The correction of {@link projectPoint} with K⁻¹ already in t[T_KINV..]. */
function applyPointProjection(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IA = 2;
  const J_IB = 8;
  const J_MA = 0;
  const J_MB = 1;
  const SB_DPX = 6;
  const SB_DPY = 7;
  const SB_DPZ = 8;
  const T_D = 6;
  const T_KINV = 66;
  const T_RA = 0;
  const T_RB = 3;
  const T_SB = 62;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const t = ctx.t;
  const beta = t[T_SB]!;
  const cx = t[T_D]!;
  const cy = t[T_D + 1]!;
  const cz = t[T_D + 2]!;
  const px = -beta * (t[T_KINV]! * cx + t[T_KINV + 1]! * cy + t[T_KINV + 2]! * cz);
  const py = -beta * (t[T_KINV + 1]! * cx + t[T_KINV + 3]! * cy + t[T_KINV + 4]! * cz);
  const pz = -beta * (t[T_KINV + 2]! * cx + t[T_KINV + 4]! * cy + t[T_KINV + 5]! * cz);
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  ss[oa + SB_DPX] = ss[oa + SB_DPX]! - mA * px;
  ss[oa + SB_DPY] = ss[oa + SB_DPY]! - mA * py;
  ss[oa + SB_DPZ] = ss[oa + SB_DPZ]! - mA * pz;
  ss[ob + SB_DPX] = ss[ob + SB_DPX]! + mB * px;
  ss[ob + SB_DPY] = ss[ob + SB_DPY]! + mB * py;
  ss[ob + SB_DPZ] = ss[ob + SB_DPZ]! + mB * pz;
  for (let side = 0; side < 2; side++) {
    const r = side === 0 ? T_RA : T_RB;
    const i = side === 0 ? o + J_IA : o + J_IB;
    const os = side === 0 ? oa : ob;
    const sg = side === 0 ? -1 : 1;
    // θ = ±I⁻¹ (r × λ), Δq ← normalize(Δq + ½ (θ, 0) Δq)
    const ax = t[r + 1]! * pz - t[r + 2]! * py;
    const ay = t[r + 2]! * px - t[r]! * pz;
    const az = t[r]! * py - t[r + 1]! * px;
    half[0] = 0.5 * sg * (jc[i]! * ax + jc[i + 1]! * ay + jc[i + 2]! * az);
    half[1] = 0.5 * sg * (jc[i + 1]! * ax + jc[i + 3]! * ay + jc[i + 4]! * az);
    half[2] = 0.5 * sg * (jc[i + 2]! * ax + jc[i + 4]! * ay + jc[i + 5]! * az);
    turnHalf(ss, os);
  }
}

/**
 * Applies the linear impulse t[ip..ip+2] on B (its opposite on A) at the lever arms t[la], t[lb].
 * Called only from the blocks of this file (where it is inlined).
 */
function applyLinear(
  ctx: JointContext3,
  o: number,
  oa: number,
  ob: number,
  ip: number,
  la: number,
  lb: number,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IA = 2;
  const J_IB = 8;
  const J_MA = 0;
  const J_MB = 1;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_VZ = 2;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const t = ctx.t;
  const px = t[ip]!;
  const py = t[ip + 1]!;
  const pz = t[ip + 2]!;
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  ss[oa + SB_VX] = ss[oa + SB_VX]! - mA * px;
  ss[oa + SB_VY] = ss[oa + SB_VY]! - mA * py;
  ss[oa + SB_VZ] = ss[oa + SB_VZ]! - mA * pz;
  ss[ob + SB_VX] = ss[ob + SB_VX]! + mB * px;
  ss[ob + SB_VY] = ss[ob + SB_VY]! + mB * py;
  ss[ob + SB_VZ] = ss[ob + SB_VZ]! + mB * pz;
  const ax = t[la + 1]! * pz - t[la + 2]! * py;
  const ay = t[la + 2]! * px - t[la]! * pz;
  const az = t[la]! * py - t[la + 1]! * px;
  const bx = t[lb + 1]! * pz - t[lb + 2]! * py;
  const by = t[lb + 2]! * px - t[lb]! * pz;
  const bz = t[lb]! * py - t[lb + 1]! * px;
  const a = o + J_IA;
  const b = o + J_IB;
  ss[oa + SB_WX] = ss[oa + SB_WX]! - (jc[a]! * ax + jc[a + 1]! * ay + jc[a + 2]! * az);
  ss[oa + SB_WY] = ss[oa + SB_WY]! - (jc[a + 1]! * ax + jc[a + 3]! * ay + jc[a + 4]! * az);
  ss[oa + SB_WZ] = ss[oa + SB_WZ]! - (jc[a + 2]! * ax + jc[a + 4]! * ay + jc[a + 5]! * az);
  ss[ob + SB_WX] = ss[ob + SB_WX]! + (jc[b]! * bx + jc[b + 1]! * by + jc[b + 2]! * bz);
  ss[ob + SB_WY] = ss[ob + SB_WY]! + (jc[b + 1]! * bx + jc[b + 3]! * by + jc[b + 4]! * bz);
  ss[ob + SB_WZ] = ss[ob + SB_WZ]! + (jc[b + 2]! * bx + jc[b + 4]! * by + jc[b + 5]! * bz);
}

/**
 * The angular block of three rows (the fixed joint's rotation, a locked orientation): Ċ = ωB − ωA,
 * K = IA⁻¹ + IB⁻¹, error t[T_C], softness t[T_SB..], accumulated impulse at jc[acc..acc+2].
 */
export function angularBlock3(ctx: JointContext3, o: number, oa: number, ob: number, acc: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IA = 2;
  const J_IB = 8;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const T_ANGIMP = 91;
  const T_C = 33;
  const T_SB = 62;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const t = ctx.t;
  const a = o + J_IA;
  const b = o + J_IB;
  const k00 = jc[a]! + jc[b]!;
  const k01 = jc[a + 1]! + jc[b + 1]!;
  const k02 = jc[a + 2]! + jc[b + 2]!;
  const k11 = jc[a + 3]! + jc[b + 3]!;
  const k12 = jc[a + 4]! + jc[b + 4]!;
  const k22 = jc[a + 5]! + jc[b + 5]!;
  const c00 = k11 * k22 - k12 * k12;
  const c01 = k02 * k12 - k01 * k22;
  const c02 = k01 * k12 - k02 * k11;
  const det = k00 * c00 + k01 * c01 + k02 * c02;
  if (!(det > 0)) return;
  const inv = 1 / det;
  const c11 = k00 * k22 - k02 * k02;
  const c12 = k01 * k02 - k00 * k12;
  const c22 = k00 * k11 - k01 * k01;
  const bc = t[T_SB]!;
  const ms = t[T_SB + 1]!;
  const is = t[T_SB + 2]!;
  const cx = ss[ob + SB_WX]! - ss[oa + SB_WX]! + bc * t[T_C]!;
  const cy = ss[ob + SB_WY]! - ss[oa + SB_WY]! + bc * t[T_C + 1]!;
  const cz = ss[ob + SB_WZ]! - ss[oa + SB_WZ]! + bc * t[T_C + 2]!;
  const o0 = jc[acc]!;
  const o1 = jc[acc + 1]!;
  const o2 = jc[acc + 2]!;
  const lx = -ms * inv * (c00 * cx + c01 * cy + c02 * cz) - is * o0;
  const ly = -ms * inv * (c01 * cx + c11 * cy + c12 * cz) - is * o1;
  const lz = -ms * inv * (c02 * cx + c12 * cy + c22 * cz) - is * o2;
  jc[acc] = o0 + lx;
  jc[acc + 1] = o1 + ly;
  jc[acc + 2] = o2 + lz;
  t[T_ANGIMP] = lx;
  t[T_ANGIMP + 1] = ly;
  t[T_ANGIMP + 2] = lz;
  applyAngular(ctx, o, oa, ob, T_ANGIMP);
}

/**
 * The angular block of two rows about t[T_U] and t[T_U2] (the hinge's two rotational
 * constraints), errors t[T_C], t[T_C + 1], softness t[T_SB..], impulses at jc[acc], jc[acc + 1].
 */
export function angularBlock2(ctx: JointContext3, o: number, oa: number, ob: number, acc: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IA = 2;
  const J_IB = 8;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const T_ANGIMP = 91;
  const T_C = 33;
  const T_SB = 62;
  const T_U = 36;
  const T_U2 = 39;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const t = ctx.t;
  const a = o + J_IA;
  const b = o + J_IB;
  const ux = t[T_U]!;
  const uy = t[T_U + 1]!;
  const uz = t[T_U + 2]!;
  const vx = t[T_U2]!;
  const vy = t[T_U2 + 1]!;
  const vz = t[T_U2 + 2]!;
  const s0 = jc[a]! + jc[b]!;
  const s1 = jc[a + 1]! + jc[b + 1]!;
  const s2 = jc[a + 2]! + jc[b + 2]!;
  const s3 = jc[a + 3]! + jc[b + 3]!;
  const s4 = jc[a + 4]! + jc[b + 4]!;
  const s5 = jc[a + 5]! + jc[b + 5]!;
  const Su0 = s0 * ux + s1 * uy + s2 * uz;
  const Su1 = s1 * ux + s3 * uy + s4 * uz;
  const Su2 = s2 * ux + s4 * uy + s5 * uz;
  const Sv0 = s0 * vx + s1 * vy + s2 * vz;
  const Sv1 = s1 * vx + s3 * vy + s4 * vz;
  const Sv2 = s2 * vx + s4 * vy + s5 * vz;
  const k00 = ux * Su0 + uy * Su1 + uz * Su2;
  const k01 = vx * Su0 + vy * Su1 + vz * Su2;
  const k11 = vx * Sv0 + vy * Sv1 + vz * Sv2;
  const det = k00 * k11 - k01 * k01;
  if (!(det > 0)) return;
  const inv = 1 / det;
  const dwx = ss[ob + SB_WX]! - ss[oa + SB_WX]!;
  const dwy = ss[ob + SB_WY]! - ss[oa + SB_WY]!;
  const dwz = ss[ob + SB_WZ]! - ss[oa + SB_WZ]!;
  const bc = t[T_SB]!;
  const ms = t[T_SB + 1]!;
  const is = t[T_SB + 2]!;
  const c1 = ux * dwx + uy * dwy + uz * dwz + bc * t[T_C]!;
  const c2 = vx * dwx + vy * dwy + vz * dwz + bc * t[T_C + 1]!;
  const o0 = jc[acc]!;
  const o1 = jc[acc + 1]!;
  const l1 = -ms * inv * (k11 * c1 - k01 * c2) - is * o0;
  const l2 = -ms * inv * (k00 * c2 - k01 * c1) - is * o1;
  jc[acc] = o0 + l1;
  jc[acc + 1] = o1 + l2;
  t[T_ANGIMP] = l1 * ux + l2 * vx;
  t[T_ANGIMP + 1] = l1 * uy + l2 * vy;
  t[T_ANGIMP + 2] = l1 * uz + l2 * vz;
  applyAngular(ctx, o, oa, ob, T_ANGIMP);
}

// ---- the two-row angular block's geometry kept between velocity passes
/** cached two-row block: axis u (3) */
export const A2_U = 0;
/** cached second axis v (3) */
export const A2_V = 3;
/** cached errors (2) */
export const A2_C = 6;
/** cached K = [[k00, k01], [k01, k11]] (3) */
export const A2_K = 8;
/** cached 1/det K */
export const A2_INV = 11;
/** 1 when det K > 0 */
export const A2_OK = 12;
/** cached det K */
export const A2_DET = 13;
/** numbers of the cached two-row block */
export const A2_SIZE = 14;

/** The axes t[T_U], t[T_U2], errors t[T_C..] and the 2 × 2 block of {@link angularBlock2} into jc[c..c+A2_SIZE). */
export function cacheAngular2(ctx: JointContext3, o: number, c: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const A2_C = 6;
  const A2_DET = 13;
  const A2_INV = 11;
  const A2_K = 8;
  const A2_OK = 12;
  const A2_U = 0;
  const A2_V = 3;
  const J_IA = 2;
  const J_IB = 8;
  const T_C = 33;
  const T_U = 36;
  const T_U2 = 39;
  const jc = ctx.jc;
  const t = ctx.t;
  const a = o + J_IA;
  const b = o + J_IB;
  const ux = t[T_U]!;
  const uy = t[T_U + 1]!;
  const uz = t[T_U + 2]!;
  const vx = t[T_U2]!;
  const vy = t[T_U2 + 1]!;
  const vz = t[T_U2 + 2]!;
  const s0 = jc[a]! + jc[b]!;
  const s1 = jc[a + 1]! + jc[b + 1]!;
  const s2 = jc[a + 2]! + jc[b + 2]!;
  const s3 = jc[a + 3]! + jc[b + 3]!;
  const s4 = jc[a + 4]! + jc[b + 4]!;
  const s5 = jc[a + 5]! + jc[b + 5]!;
  const Su0 = s0 * ux + s1 * uy + s2 * uz;
  const Su1 = s1 * ux + s3 * uy + s4 * uz;
  const Su2 = s2 * ux + s4 * uy + s5 * uz;
  const Sv0 = s0 * vx + s1 * vy + s2 * vz;
  const Sv1 = s1 * vx + s3 * vy + s4 * vz;
  const Sv2 = s2 * vx + s4 * vy + s5 * vz;
  const k00 = ux * Su0 + uy * Su1 + uz * Su2;
  const k01 = vx * Su0 + vy * Su1 + vz * Su2;
  const k11 = vx * Sv0 + vy * Sv1 + vz * Sv2;
  const det = k00 * k11 - k01 * k01;
  jc[c + A2_U] = ux;
  jc[c + A2_U + 1] = uy;
  jc[c + A2_U + 2] = uz;
  jc[c + A2_V] = vx;
  jc[c + A2_V + 1] = vy;
  jc[c + A2_V + 2] = vz;
  jc[c + A2_C] = t[T_C]!;
  jc[c + A2_C + 1] = t[T_C + 1]!;
  jc[c + A2_K] = k00;
  jc[c + A2_K + 1] = k01;
  jc[c + A2_K + 2] = k11;
  jc[c + A2_DET] = det;
  if (det > 0) {
    jc[c + A2_INV] = 1 / det;
    jc[c + A2_OK] = 1;
  } else jc[c + A2_OK] = 0;
}

/** {@link angularBlock2} on the cached block at jc[c..]: softness t[T_SB..], impulses at jc[acc], jc[acc + 1]. */
export function angularBlock2Cached(
  ctx: JointContext3,
  o: number,
  oa: number,
  ob: number,
  acc: number,
  c: number,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const A2_C = 6;
  const A2_INV = 11;
  const A2_K = 8;
  const A2_OK = 12;
  const A2_U = 0;
  const A2_V = 3;
  const J_IA = 2;
  const J_IB = 8;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const T_SB = 62;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const t = ctx.t;
  if (jc[c + A2_OK] !== 1) return;
  const ux = jc[c + A2_U]!;
  const uy = jc[c + A2_U + 1]!;
  const uz = jc[c + A2_U + 2]!;
  const vx = jc[c + A2_V]!;
  const vy = jc[c + A2_V + 1]!;
  const vz = jc[c + A2_V + 2]!;
  const k00 = jc[c + A2_K]!;
  const k01 = jc[c + A2_K + 1]!;
  const k11 = jc[c + A2_K + 2]!;
  const inv = jc[c + A2_INV]!;
  const dwx = ss[ob + SB_WX]! - ss[oa + SB_WX]!;
  const dwy = ss[ob + SB_WY]! - ss[oa + SB_WY]!;
  const dwz = ss[ob + SB_WZ]! - ss[oa + SB_WZ]!;
  const bc = t[T_SB]!;
  const ms = t[T_SB + 1]!;
  const is = t[T_SB + 2]!;
  const c1 = ux * dwx + uy * dwy + uz * dwz + bc * jc[c + A2_C]!;
  const c2 = vx * dwx + vy * dwy + vz * dwz + bc * jc[c + A2_C + 1]!;
  const o0 = jc[acc]!;
  const o1 = jc[acc + 1]!;
  const l1 = -ms * inv * (k11 * c1 - k01 * c2) - is * o0;
  const l2 = -ms * inv * (k00 * c2 - k01 * c1) - is * o1;
  jc[acc] = o0 + l1;
  jc[acc + 1] = o1 + l2;
  const lx = l1 * ux + l2 * vx;
  const ly = l1 * uy + l2 * vy;
  const lz = l1 * uz + l2 * vz;
  const a = o + J_IA;
  const b = o + J_IB;
  ss[oa + SB_WX] = ss[oa + SB_WX]! - (jc[a]! * lx + jc[a + 1]! * ly + jc[a + 2]! * lz);
  ss[oa + SB_WY] = ss[oa + SB_WY]! - (jc[a + 1]! * lx + jc[a + 3]! * ly + jc[a + 4]! * lz);
  ss[oa + SB_WZ] = ss[oa + SB_WZ]! - (jc[a + 2]! * lx + jc[a + 4]! * ly + jc[a + 5]! * lz);
  ss[ob + SB_WX] = ss[ob + SB_WX]! + (jc[b]! * lx + jc[b + 1]! * ly + jc[b + 2]! * lz);
  ss[ob + SB_WY] = ss[ob + SB_WY]! + (jc[b + 1]! * lx + jc[b + 3]! * ly + jc[b + 4]! * lz);
  ss[ob + SB_WZ] = ss[ob + SB_WZ]! + (jc[b + 2]! * lx + jc[b + 4]! * ly + jc[b + 5]! * lz);
}

/**
 * The two-row angular block (cache at jc[ca..], impulses at jc[accA..]) and then the point block
 * (cache at jc[cp..], impulses at jc[accP..]) in one call — {@link angularBlock2Cached} followed
 * by {@link pointBlockCached}, the same numbers, with the angular velocities kept in registers
 * between the two (the rigid hinge's pass). Softness from t[T_SB..] for both.
 */
export function angular2PointCached(
  ctx: JointContext3,
  o: number,
  oa: number,
  ob: number,
  accA: number,
  ca: number,
  accP: number,
  cp: number,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const A2_C = 6;
  const A2_INV = 11;
  const A2_K = 8;
  const A2_OK = 12;
  const A2_U = 0;
  const A2_V = 3;
  const J_IA = 2;
  const J_IB = 8;
  const J_MA = 0;
  const J_MB = 1;
  const PC_D = 6;
  const PC_KINV = 9;
  const PC_OK = 15;
  const PC_RA = 0;
  const PC_RB = 3;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_VZ = 2;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const T_SB = 62;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const t = ctx.t;
  const bc = t[T_SB]!;
  const ms = t[T_SB + 1]!;
  const is = t[T_SB + 2]!;
  const a = o + J_IA;
  const b = o + J_IB;
  const ia0 = jc[a]!;
  const ia1 = jc[a + 1]!;
  const ia2 = jc[a + 2]!;
  const ia3 = jc[a + 3]!;
  const ia4 = jc[a + 4]!;
  const ia5 = jc[a + 5]!;
  const ib0 = jc[b]!;
  const ib1 = jc[b + 1]!;
  const ib2 = jc[b + 2]!;
  const ib3 = jc[b + 3]!;
  const ib4 = jc[b + 4]!;
  const ib5 = jc[b + 5]!;
  let wAx = ss[oa + SB_WX]!;
  let wAy = ss[oa + SB_WY]!;
  let wAz = ss[oa + SB_WZ]!;
  let wBx = ss[ob + SB_WX]!;
  let wBy = ss[ob + SB_WY]!;
  let wBz = ss[ob + SB_WZ]!;
  if (jc[ca + A2_OK] === 1) {
    const ux = jc[ca + A2_U]!;
    const uy = jc[ca + A2_U + 1]!;
    const uz = jc[ca + A2_U + 2]!;
    const vx = jc[ca + A2_V]!;
    const vy = jc[ca + A2_V + 1]!;
    const vz = jc[ca + A2_V + 2]!;
    const k00 = jc[ca + A2_K]!;
    const k01 = jc[ca + A2_K + 1]!;
    const k11 = jc[ca + A2_K + 2]!;
    const inv = jc[ca + A2_INV]!;
    const dwx = wBx - wAx;
    const dwy = wBy - wAy;
    const dwz = wBz - wAz;
    const c1 = ux * dwx + uy * dwy + uz * dwz + bc * jc[ca + A2_C]!;
    const c2 = vx * dwx + vy * dwy + vz * dwz + bc * jc[ca + A2_C + 1]!;
    const o0 = jc[accA]!;
    const o1 = jc[accA + 1]!;
    const l1 = -ms * inv * (k11 * c1 - k01 * c2) - is * o0;
    const l2 = -ms * inv * (k00 * c2 - k01 * c1) - is * o1;
    jc[accA] = o0 + l1;
    jc[accA + 1] = o1 + l2;
    const lx = l1 * ux + l2 * vx;
    const ly = l1 * uy + l2 * vy;
    const lz = l1 * uz + l2 * vz;
    wAx = wAx - (ia0 * lx + ia1 * ly + ia2 * lz);
    wAy = wAy - (ia1 * lx + ia3 * ly + ia4 * lz);
    wAz = wAz - (ia2 * lx + ia4 * ly + ia5 * lz);
    wBx = wBx + (ib0 * lx + ib1 * ly + ib2 * lz);
    wBy = wBy + (ib1 * lx + ib3 * ly + ib4 * lz);
    wBz = wBz + (ib2 * lx + ib4 * ly + ib5 * lz);
  }
  if (jc[cp + PC_OK] === 1) {
    const rax = jc[cp + PC_RA]!;
    const ray = jc[cp + PC_RA + 1]!;
    const raz = jc[cp + PC_RA + 2]!;
    const rbx = jc[cp + PC_RB]!;
    const rby = jc[cp + PC_RB + 1]!;
    const rbz = jc[cp + PC_RB + 2]!;
    const cx =
      ss[ob + SB_VX]! +
      wBy * rbz -
      wBz * rby -
      ss[oa + SB_VX]! -
      (wAy * raz - wAz * ray) +
      bc * jc[cp + PC_D]!;
    const cy =
      ss[ob + SB_VY]! +
      wBz * rbx -
      wBx * rbz -
      ss[oa + SB_VY]! -
      (wAz * rax - wAx * raz) +
      bc * jc[cp + PC_D + 1]!;
    const cz =
      ss[ob + SB_VZ]! +
      wBx * rby -
      wBy * rbx -
      ss[oa + SB_VZ]! -
      (wAx * ray - wAy * rax) +
      bc * jc[cp + PC_D + 2]!;
    const k = cp + PC_KINV;
    const i00 = jc[k]!;
    const i01 = jc[k + 1]!;
    const i02 = jc[k + 2]!;
    const i11 = jc[k + 3]!;
    const i12 = jc[k + 4]!;
    const i22 = jc[k + 5]!;
    const o0 = jc[accP]!;
    const o1 = jc[accP + 1]!;
    const o2 = jc[accP + 2]!;
    const px = -ms * (i00 * cx + i01 * cy + i02 * cz) - is * o0;
    const py = -ms * (i01 * cx + i11 * cy + i12 * cz) - is * o1;
    const pz = -ms * (i02 * cx + i12 * cy + i22 * cz) - is * o2;
    jc[accP] = o0 + px;
    jc[accP + 1] = o1 + py;
    jc[accP + 2] = o2 + pz;
    const mA = jc[o + J_MA]!;
    const mB = jc[o + J_MB]!;
    ss[oa + SB_VX] = ss[oa + SB_VX]! - mA * px;
    ss[oa + SB_VY] = ss[oa + SB_VY]! - mA * py;
    ss[oa + SB_VZ] = ss[oa + SB_VZ]! - mA * pz;
    ss[ob + SB_VX] = ss[ob + SB_VX]! + mB * px;
    ss[ob + SB_VY] = ss[ob + SB_VY]! + mB * py;
    ss[ob + SB_VZ] = ss[ob + SB_VZ]! + mB * pz;
    const ax = ray * pz - raz * py;
    const ay = raz * px - rax * pz;
    const az = rax * py - ray * px;
    const bx = rby * pz - rbz * py;
    const by = rbz * px - rbx * pz;
    const bz = rbx * py - rby * px;
    wAx = wAx - (ia0 * ax + ia1 * ay + ia2 * az);
    wAy = wAy - (ia1 * ax + ia3 * ay + ia4 * az);
    wAz = wAz - (ia2 * ax + ia4 * ay + ia5 * az);
    wBx = wBx + (ib0 * bx + ib1 * by + ib2 * bz);
    wBy = wBy + (ib1 * bx + ib3 * by + ib4 * bz);
    wBz = wBz + (ib2 * bx + ib4 * by + ib5 * bz);
  }
  ss[oa + SB_WX] = wAx;
  ss[oa + SB_WY] = wAy;
  ss[oa + SB_WZ] = wAz;
  ss[ob + SB_WX] = wBx;
  ss[ob + SB_WY] = wBy;
  ss[ob + SB_WZ] = wBz;
}

/**
 * {@link projectAngular} with `rows` 2 on the block cached at jc[c..] by {@link cacheAngular2}
 * from the same poses (its axes, errors and K): the fraction t[T_SB] of θ = −K⁻¹C turns the
 * bodies' in-step rotations.
 */
export function projectAngular2Cached(
  ctx: JointContext3,
  o: number,
  oa: number,
  ob: number,
  c: number,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const A2_C = 6;
  const A2_DET = 13;
  const A2_K = 8;
  const A2_U = 0;
  const A2_V = 3;
  const J_IA = 2;
  const J_IB = 8;
  const T_ANGIMP = 91;
  const T_SB = 62;
  const jc = ctx.jc;
  const t = ctx.t;
  const det = jc[c + A2_DET]!;
  if (!(det > 0)) return;
  const inv = -t[T_SB]! / det;
  const ux = jc[c + A2_U]!;
  const uy = jc[c + A2_U + 1]!;
  const uz = jc[c + A2_U + 2]!;
  const vx = jc[c + A2_V]!;
  const vy = jc[c + A2_V + 1]!;
  const vz = jc[c + A2_V + 2]!;
  const k00 = jc[c + A2_K]!;
  const k01 = jc[c + A2_K + 1]!;
  const k11 = jc[c + A2_K + 2]!;
  const c1 = jc[c + A2_C]!;
  const c2 = jc[c + A2_C + 1]!;
  const l1 = inv * (k11 * c1 - k01 * c2);
  const l2 = inv * (k00 * c2 - k01 * c1);
  t[T_ANGIMP] = l1 * ux + l2 * vx;
  t[T_ANGIMP + 1] = l1 * uy + l2 * vy;
  t[T_ANGIMP + 2] = l1 * uz + l2 * vz;
  rotateBy(ctx, oa, o + J_IA, -1);
  rotateBy(ctx, ob, o + J_IB, 1);
}

/** Applies the angular impulse t[il..il+2] on B (its opposite on A). */
function applyAngular(ctx: JointContext3, o: number, oa: number, ob: number, il: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IA = 2;
  const J_IB = 8;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const lx = ctx.t[il]!;
  const ly = ctx.t[il + 1]!;
  const lz = ctx.t[il + 2]!;
  const a = o + J_IA;
  const b = o + J_IB;
  ss[oa + SB_WX] = ss[oa + SB_WX]! - (jc[a]! * lx + jc[a + 1]! * ly + jc[a + 2]! * lz);
  ss[oa + SB_WY] = ss[oa + SB_WY]! - (jc[a + 1]! * lx + jc[a + 3]! * ly + jc[a + 4]! * lz);
  ss[oa + SB_WZ] = ss[oa + SB_WZ]! - (jc[a + 2]! * lx + jc[a + 4]! * ly + jc[a + 5]! * lz);
  ss[ob + SB_WX] = ss[ob + SB_WX]! + (jc[b]! * lx + jc[b + 1]! * ly + jc[b + 2]! * lz);
  ss[ob + SB_WY] = ss[ob + SB_WY]! + (jc[b + 1]! * lx + jc[b + 3]! * ly + jc[b + 4]! * lz);
  ss[ob + SB_WZ] = ss[ob + SB_WZ]! + (jc[b + 2]! * lx + jc[b + 4]! * ly + jc[b + 5]! * lz);
}

/**
 * The warm start of a joint: its total linear impulse t[T_P] on B (the opposite on A) at the lever
 * arms t[T_LA], t[T_LB], plus its total angular impulse t[T_L] on B (the opposite on A).
 */
export function applyJointImpulse(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IA = 2;
  const J_IB = 8;
  const J_MA = 0;
  const J_MB = 1;
  const SB_VX = 0;
  const SB_VY = 1;
  const SB_VZ = 2;
  const SB_WX = 3;
  const SB_WY = 4;
  const SB_WZ = 5;
  const T_L = 51;
  const T_LA = 42;
  const T_LB = 45;
  const T_P = 48;
  // applyLinear then applyAngular in one pass over the two bodies (the same numbers)
  const ss = ctx.ss;
  const jc = ctx.jc;
  const t = ctx.t;
  const px = t[T_P]!;
  const py = t[T_P + 1]!;
  const pz = t[T_P + 2]!;
  const mA = jc[o + J_MA]!;
  const mB = jc[o + J_MB]!;
  ss[oa + SB_VX] = ss[oa + SB_VX]! - mA * px;
  ss[oa + SB_VY] = ss[oa + SB_VY]! - mA * py;
  ss[oa + SB_VZ] = ss[oa + SB_VZ]! - mA * pz;
  ss[ob + SB_VX] = ss[ob + SB_VX]! + mB * px;
  ss[ob + SB_VY] = ss[ob + SB_VY]! + mB * py;
  ss[ob + SB_VZ] = ss[ob + SB_VZ]! + mB * pz;
  const ax = t[T_LA + 1]! * pz - t[T_LA + 2]! * py;
  const ay = t[T_LA + 2]! * px - t[T_LA]! * pz;
  const az = t[T_LA]! * py - t[T_LA + 1]! * px;
  const bx = t[T_LB + 1]! * pz - t[T_LB + 2]! * py;
  const by = t[T_LB + 2]! * px - t[T_LB]! * pz;
  const bz = t[T_LB]! * py - t[T_LB + 1]! * px;
  const lx = t[T_L]!;
  const ly = t[T_L + 1]!;
  const lz = t[T_L + 2]!;
  const a = o + J_IA;
  const b = o + J_IB;
  const a0 = jc[a]!;
  const a1 = jc[a + 1]!;
  const a2 = jc[a + 2]!;
  const a3 = jc[a + 3]!;
  const a4 = jc[a + 4]!;
  const a5 = jc[a + 5]!;
  const b0 = jc[b]!;
  const b1 = jc[b + 1]!;
  const b2 = jc[b + 2]!;
  const b3 = jc[b + 3]!;
  const b4 = jc[b + 4]!;
  const b5 = jc[b + 5]!;
  let wx = ss[oa + SB_WX]! - (a0 * ax + a1 * ay + a2 * az);
  let wy = ss[oa + SB_WY]! - (a1 * ax + a3 * ay + a4 * az);
  let wz = ss[oa + SB_WZ]! - (a2 * ax + a4 * ay + a5 * az);
  ss[oa + SB_WX] = wx - (a0 * lx + a1 * ly + a2 * lz);
  ss[oa + SB_WY] = wy - (a1 * lx + a3 * ly + a4 * lz);
  ss[oa + SB_WZ] = wz - (a2 * lx + a4 * ly + a5 * lz);
  wx = ss[ob + SB_WX]! + (b0 * bx + b1 * by + b2 * bz);
  wy = ss[ob + SB_WY]! + (b1 * bx + b3 * by + b4 * bz);
  wz = ss[ob + SB_WZ]! + (b2 * bx + b4 * by + b5 * bz);
  ss[ob + SB_WX] = wx + (b0 * lx + b1 * ly + b2 * lz);
  ss[ob + SB_WY] = wy + (b1 * lx + b3 * ly + b4 * lz);
  ss[ob + SB_WZ] = wz + (b2 * lx + b4 * ly + b5 * lz);
}

/**
 * A position projection of angular rows (as {@link projectPoint}): `rows` 3 — the error vector
 * t[T_C] (world) through K = IA⁻¹ + IB⁻¹; `rows` 2 — the errors t[T_C], t[T_C + 1] about t[T_U],
 * t[T_U2] through their 2 × 2 block; `rows` 1 — the error t[T_C] about t[T_U] (a violated limit); the fraction t[T_SB] of θ = −K⁻¹C turns the bodies' in-step
 * rotations, nothing else.
 */
export function projectAngular(ctx: JointContext3, o: number, oa: number, ob: number, rows: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IA = 2;
  const J_IB = 8;
  const T_ANGIMP = 91;
  const T_C = 33;
  const T_SB = 62;
  const T_U = 36;
  const T_U2 = 39;
  const jc = ctx.jc;
  const t = ctx.t;
  const a = o + J_IA;
  const b = o + J_IB;
  const s0 = jc[a]! + jc[b]!;
  const s1 = jc[a + 1]! + jc[b + 1]!;
  const s2 = jc[a + 2]! + jc[b + 2]!;
  const s3 = jc[a + 3]! + jc[b + 3]!;
  const s4 = jc[a + 4]! + jc[b + 4]!;
  const s5 = jc[a + 5]! + jc[b + 5]!;
  const beta = t[T_SB]!;
  let lx = 0;
  let ly = 0;
  let lz = 0;
  if (rows === 3) {
    const c00 = s3 * s5 - s4 * s4;
    const c01 = s2 * s4 - s1 * s5;
    const c02 = s1 * s4 - s2 * s3;
    const det = s0 * c00 + s1 * c01 + s2 * c02;
    if (!(det > 0)) return;
    const inv = -beta / det;
    const cx = t[T_C]!;
    const cy = t[T_C + 1]!;
    const cz = t[T_C + 2]!;
    lx = inv * (c00 * cx + c01 * cy + c02 * cz);
    ly = inv * (c01 * cx + (s0 * s5 - s2 * s2) * cy + (s1 * s2 - s0 * s4) * cz);
    lz = inv * (c02 * cx + (s1 * s2 - s0 * s4) * cy + (s0 * s3 - s1 * s1) * cz);
  } else if (rows === 1) {
    const ux = t[T_U]!;
    const uy = t[T_U + 1]!;
    const uz = t[T_U + 2]!;
    const k =
      ux * (s0 * ux + s1 * uy + s2 * uz) +
      uy * (s1 * ux + s3 * uy + s4 * uz) +
      uz * (s2 * ux + s4 * uy + s5 * uz);
    if (!(k > 0)) return;
    const l = (-beta * t[T_C]!) / k;
    lx = l * ux;
    ly = l * uy;
    lz = l * uz;
  } else {
    const ux = t[T_U]!;
    const uy = t[T_U + 1]!;
    const uz = t[T_U + 2]!;
    const vx = t[T_U2]!;
    const vy = t[T_U2 + 1]!;
    const vz = t[T_U2 + 2]!;
    const Su0 = s0 * ux + s1 * uy + s2 * uz;
    const Su1 = s1 * ux + s3 * uy + s4 * uz;
    const Su2 = s2 * ux + s4 * uy + s5 * uz;
    const Sv0 = s0 * vx + s1 * vy + s2 * vz;
    const Sv1 = s1 * vx + s3 * vy + s4 * vz;
    const Sv2 = s2 * vx + s4 * vy + s5 * vz;
    const k00 = ux * Su0 + uy * Su1 + uz * Su2;
    const k01 = vx * Su0 + vy * Su1 + vz * Su2;
    const k11 = vx * Sv0 + vy * Sv1 + vz * Sv2;
    const det = k00 * k11 - k01 * k01;
    if (!(det > 0)) return;
    const inv = -beta / det;
    const c1 = t[T_C]!;
    const c2 = t[T_C + 1]!;
    const l1 = inv * (k11 * c1 - k01 * c2);
    const l2 = inv * (k00 * c2 - k01 * c1);
    lx = l1 * ux + l2 * vx;
    ly = l1 * uy + l2 * vy;
    lz = l1 * uz + l2 * vz;
  }
  t[T_ANGIMP] = lx;
  t[T_ANGIMP + 1] = ly;
  t[T_ANGIMP + 2] = lz;
  rotateBy(ctx, oa, a, -1);
  rotateBy(ctx, ob, b, 1);
}

/** Δq ← normalize(Δq + ½ (I⁻¹L, 0) Δq), L = sign·t[T_ANGIMP..], for the solver body at `os` (inverse inertia jc[i..i+5]). */
function rotateBy(ctx: JointContext3, os: number, i: number, sign: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_ANGIMP = 91;
  const jc = ctx.jc;
  const lx = sign * ctx.t[T_ANGIMP]!;
  const ly = sign * ctx.t[T_ANGIMP + 1]!;
  const lz = sign * ctx.t[T_ANGIMP + 2]!;
  half[0] = 0.5 * (jc[i]! * lx + jc[i + 1]! * ly + jc[i + 2]! * lz);
  half[1] = 0.5 * (jc[i + 1]! * lx + jc[i + 3]! * ly + jc[i + 4]! * lz);
  half[2] = 0.5 * (jc[i + 2]! * lx + jc[i + 4]! * ly + jc[i + 5]! * lz);
  turnHalf(ctx.ss, os);
}
