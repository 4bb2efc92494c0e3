/**
 * The rigid hinge's position projection after a substep in one pass (textbook §26.2 "ジョイントと
 * モーター"; the non-linear Gauss–Seidel position step of Box2D v2.4 in 3D): the frames at the
 * current poses, the two rotational errors (a × b)·(y_A, z_A) removed through their 2 × 2 block,
 * then the point's error through its 3 × 3 block at the anchors after that rotation — the geometry
 * measured on the way (axes, errors, effective masses, anchors) stays in the joint's cache for the
 * next substep's warm start and solve passes. The same arithmetic, in the same order, as the
 * general path (framesNow → cacheAngular2 → projectAngular2Cached → projectAnchorsCaching), with
 * the numbers kept in locals instead of the scratch array; for hinges without spring, motor or
 * limits.
 */

import type { JointContext3 } from './joint-context.js';
import { half, turnHalf } from './joint-rows.js';
import { projectPointCaching3 } from './point-projection.js';

/**
 * The projection of a rigid hinge packed at jc[o..] between the solver states at `oa` and `ob`:
 * its hinge axis is cached at jc[hax..hax+2], its rotational block at jc[rows..] (joint-rows.ts
 * A2_*) and its point block at jc[point..] (PC_*); the fraction removed is `ctx.projection`.
 * `correct` false: the geometry is measured and cached, nothing moves (the refresh before the
 * first substep).
 */
export function projectRigidHinge(
  ctx: JointContext3,
  o: number,
  oa: number,
  ob: number,
  hax: number,
  rows: number,
  point: number,
  correct: boolean,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const A2_C = 6;
  const A2_DET = 13;
  const A2_INV = 11;
  const A2_K = 8;
  const A2_OK = 12;
  const A2_U = 0;
  const A2_V = 3;
  const J_FA = 88;
  const J_FB = 92;
  const J_IA = 2;
  const J_IB = 8;
  const SB_DQW = 12;
  const SB_DQX = 9;
  const SB_DQY = 10;
  const SB_DQZ = 11;
  const T_SB = 62;
  const ss = ctx.ss;
  const jc = ctx.jc;
  const proj = ctx.projection;
  if (correct) ctx.t[T_SB] = proj;
  // the frames FA = ΔqA·FA₀, FB = ΔqB·FB₀
  let qx = ss[oa + SB_DQX]!;
  let qy = ss[oa + SB_DQY]!;
  let qz = ss[oa + SB_DQZ]!;
  let qw = ss[oa + SB_DQW]!;
  let fx = jc[o + J_FA]!;
  let fy = jc[o + J_FA + 1]!;
  let fz = jc[o + J_FA + 2]!;
  let fw = jc[o + J_FA + 3]!;
  const ax = qw * fx + qx * fw + qy * fz - qz * fy;
  const ay = qw * fy - qx * fz + qy * fw + qz * fx;
  const az = qw * fz + qx * fy - qy * fx + qz * fw;
  const aw = qw * fw - qx * fx - qy * fy - qz * fz;
  qx = ss[ob + SB_DQX]!;
  qy = ss[ob + SB_DQY]!;
  qz = ss[ob + SB_DQZ]!;
  qw = ss[ob + SB_DQW]!;
  fx = jc[o + J_FB]!;
  fy = jc[o + J_FB + 1]!;
  fz = jc[o + J_FB + 2]!;
  fw = jc[o + J_FB + 3]!;
  const bx = qw * fx + qx * fw + qy * fz - qz * fy;
  const by = qw * fy - qx * fz + qy * fw + qz * fx;
  const bz = qw * fz + qx * fy - qy * fx + qz * fw;
  const bw = qw * fw - qx * fx - qy * fy - qz * fz;
  // A's axes x (the hinge axis a), y, z and B's x axis b
  const x0 = 1 - 2 * (ay * ay + az * az);
  const x1 = 2 * (ax * ay + aw * az);
  const x2 = 2 * (ax * az - aw * ay);
  const ux = 2 * (ax * ay - aw * az);
  const uy = 1 - 2 * (ax * ax + az * az);
  const uz = 2 * (ay * az + aw * ax);
  const vx = 2 * (ax * az + aw * ay);
  const vy = 2 * (ay * az - aw * ax);
  const vz = 1 - 2 * (ax * ax + ay * ay);
  const b0 = 1 - 2 * (by * by + bz * bz);
  const b1 = 2 * (bx * by + bw * bz);
  const b2 = 2 * (bx * bz - bw * by);
  jc[hax] = x0;
  jc[hax + 1] = x1;
  jc[hax + 2] = x2;
  // the errors (a × b)·y_A, (a × b)·z_A and their block K = [y z]ᵀ(IA⁻¹ + IB⁻¹)[y z]
  const cx = x1 * b2 - x2 * b1;
  const cy = x2 * b0 - x0 * b2;
  const cz = x0 * b1 - x1 * b0;
  const c1 = cx * ux + cy * uy + cz * uz;
  const c2 = cx * vx + cy * vy + cz * vz;
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
  const s0 = ia0 + ib0;
  const s1 = ia1 + ib1;
  const s2 = ia2 + ib2;
  const s3 = ia3 + ib3;
  const s4 = ia4 + ib4;
  const s5 = ia5 + ib5;
  const su0 = s0 * ux + s1 * uy + s2 * uz;
  const su1 = s1 * ux + s3 * uy + s4 * uz;
  const su2 = s2 * ux + s4 * uy + s5 * uz;
  const sv0 = s0 * vx + s1 * vy + s2 * vz;
  const sv1 = s1 * vx + s3 * vy + s4 * vz;
  const sv2 = s2 * vx + s4 * vy + s5 * vz;
  const k00 = ux * su0 + uy * su1 + uz * su2;
  const k01 = vx * su0 + vy * su1 + vz * su2;
  const k11 = vx * sv0 + vy * sv1 + vz * sv2;
  const det = k00 * k11 - k01 * k01;
  jc[rows + A2_U] = ux;
  jc[rows + A2_U + 1] = uy;
  jc[rows + A2_U + 2] = uz;
  jc[rows + A2_V] = vx;
  jc[rows + A2_V + 1] = vy;
  jc[rows + A2_V + 2] = vz;
  jc[rows + A2_C] = c1;
  jc[rows + A2_C + 1] = c2;
  jc[rows + A2_K] = k00;
  jc[rows + A2_K + 1] = k01;
  jc[rows + A2_K + 2] = k11;
  jc[rows + A2_DET] = det;
  if (!(det > 0)) jc[rows + A2_OK] = 0;
  else {
    jc[rows + A2_INV] = 1 / det;
    jc[rows + A2_OK] = 1;
  }
  if (det > 0 && correct) {
    // θ = −proj·K⁻¹C about (y, z) turns B (and A the other way)
    const inv = -proj / det;
    const l1 = inv * (k11 * c1 - k01 * c2);
    const l2 = inv * (k00 * c2 - k01 * c1);
    const lx = l1 * ux + l2 * vx;
    const ly = l1 * uy + l2 * vy;
    const lz = l1 * uz + l2 * vz;
    const nx = -lx;
    const ny = -ly;
    const nz = -lz;
    half[0] = 0.5 * (ia0 * nx + ia1 * ny + ia2 * nz);
    half[1] = 0.5 * (ia1 * nx + ia3 * ny + ia4 * nz);
    half[2] = 0.5 * (ia2 * nx + ia4 * ny + ia5 * nz);
    turnHalf(ss, oa);
    half[0] = 0.5 * (ib0 * lx + ib1 * ly + ib2 * lz);
    half[1] = 0.5 * (ib1 * lx + ib3 * ly + ib4 * lz);
    half[2] = 0.5 * (ib2 * lx + ib4 * ly + ib5 * lz);
    turnHalf(ss, ob);
  }
  projectPointCaching3(ctx, o, oa, ob, point, correct);
}
