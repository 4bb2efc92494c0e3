/**
 * The ball-and-socket (spherical) joint (textbook §26.2 "ジョイントとモーター"): the anchors
 * coincide, C = (cB + rB) − (cA + rA) = 0, three equations solved together through the 3 × 3
 * effective mass K = (mA + mB)·1 − [rA]ₓ IA⁻¹ [rA]ₓ − [rB]ₓ IB⁻¹ [rB]ₓ without clamping: the
 * impulse may take any direction; every rotation stays free.
 */
import {
  anchorsNow,
  J_KIND as J_KIND_,
  type JointContext3,
  type JointKindSolver3,
  rigidSoftness,
  smallTurn,
} from './joint-context.js';
import { applyJointImpulse, pointBlock, pointBlockCached, projectPoint } from './joint-rows.js';
import { cacheAnchorsNow3, projectPointCaching3 } from './point-projection.js';

// module-local copies of the imported layout constants (plain constants in the hot loops)
const J_KIND = J_KIND_;

/** Copies the current anchors into the lever arms and the point impulse at jc[acc..] into t[T_P]; clears t[T_L]. */
export function pointWarmStart(ctx: JointContext3, acc: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_L = 51;
  const T_LA = 42;
  const T_LB = 45;
  const T_P = 48;
  const T_RA = 0;
  const T_RB = 3;
  const t = ctx.t;
  const jc = ctx.jc;
  for (let i = 0; i < 3; i++) {
    t[T_LA + i] = t[T_RA + i]!;
    t[T_LB + i] = t[T_RB + i]!;
    t[T_P + i] = jc[acc + i]!;
    t[T_L + i] = 0;
  }
}

/**
 * The point constraint: anchors now, C = d, the 3 × 3 block. In the soft step it is rigid at the
 * velocity level (Ċ = 0 with full mass and no impulse leak, so a chain under load does not sag by
 * the softness' F/(m ω²) per link) and its position error is removed after each substep by the
 * projection (`projectAnchors`); in the PGS modes a Baumgarte bias β/h·C.
 */
export function solvePoint(
  ctx: JointContext3,
  o: number,
  oa: number,
  ob: number,
  acc: number,
  useBias: boolean,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_C = 33;
  const T_D = 6;
  const T_SB = 62;
  const t = ctx.t;
  anchorsNow(ctx, o, oa, ob);
  t[T_C] = t[T_D]!;
  t[T_C + 1] = t[T_D + 1]!;
  t[T_C + 2] = t[T_D + 2]!;
  if (ctx.baumgarte) rigidSoftness(ctx, useBias);
  else {
    // soft step: rigid at the velocity level (Ċ = 0, no leak); the projection removes C
    t[T_SB] = 0;
    t[T_SB + 1] = 1;
    t[T_SB + 2] = 0;
  }
  pointBlock(ctx, o, oa, ob, acc);
}

/** The point constraint's softness into t[T_SB..] (the soft step: rigid, no bias; PGS: Baumgarte). */
export function pointSoftness(ctx: JointContext3, useBias: boolean): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_SB = 62;
  const t = ctx.t;
  if (ctx.baumgarte) rigidSoftness(ctx, useBias);
  else {
    t[T_SB] = 0;
    t[T_SB + 1] = 1;
    t[T_SB + 2] = 0;
  }
}

/** {@link solvePoint} on the point geometry cached at jc[c..] (joint-rows.ts `cachePoint`). */
export function solvePointCached(
  ctx: JointContext3,
  o: number,
  oa: number,
  ob: number,
  acc: number,
  c: number,
  useBias: boolean,
): void {
  pointSoftness(ctx, useBias);
  pointBlockCached(ctx, o, oa, ob, acc, c);
}

/** The position projection of the point constraint (joint-rows.ts `projectPoint`). */
export function projectAnchors(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_SB = 62;
  anchorsNow(ctx, o, oa, ob);
  ctx.t[T_SB] = ctx.projection;
  projectPoint(ctx, o, oa, ob);
}

/**
 * {@link projectAnchors} that keeps the geometry it measures in the point cache at jc[c..] (the
 * next substep's warm start and solve passes read it: the poses move only by the projections'
 * small corrections in between).
 */
export function projectAnchorsCaching(
  ctx: JointContext3,
  o: number,
  oa: number,
  ob: number,
  c: number,
): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const T_SB = 62;
  ctx.t[T_SB] = ctx.projection;
  projectPointCaching3(ctx, o, oa, ob, c, true);
}

/** {@link pointWarmStart} with the lever arms from the point cache at jc[c..]. */
export function pointWarmStartCached(ctx: JointContext3, acc: number, c: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const PC_RA = 0;
  const PC_RB = 3;
  const T_L = 51;
  const T_LA = 42;
  const T_LB = 45;
  const T_P = 48;
  const t = ctx.t;
  const jc = ctx.jc;
  for (let i = 0; i < 3; i++) {
    t[T_LA + i] = jc[c + PC_RA + i]!;
    t[T_LB + i] = jc[c + PC_RB + i]!;
    t[T_P + i] = jc[acc + i]!;
    t[T_L + i] = 0;
  }
}

/** No position projection (joints without a point constraint). */
export function noProjection(_ctx: JointContext3, _o: number, _oa: number, _ob: number): void {}

function prepare(_ctx: JointContext3, _j: number, _o: number): void {}

/** the cached point geometry */
const B_POINT = J_KIND;

/** The ball kind's `refresh` pass (exported for the solver's direct dispatch). */
export function refreshBall(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const B_POINT = 32;
  projectPointCaching3(ctx, o, oa, ob, o + B_POINT, false);
}

/** The ball kind's `refreshAxes` pass (exported for the solver's direct dispatch). */
export function refreshAxesBall(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const B_POINT = 32;
  if (!smallTurn(ctx, oa, ob)) {
    refreshBall(ctx, o, oa, ob);
    return;
  }
  cacheAnchorsNow3(ctx, o, oa, ob, o + B_POINT);
}

/** The ball kind's `warmStart` pass (exported for the solver's direct dispatch). */
export function warmStartBall(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const B_POINT = 32;
  const J_IMPULSE = 14;
  pointWarmStartCached(ctx, o + J_IMPULSE, o + B_POINT);
  applyJointImpulse(ctx, o, oa, ob);
}

/** The ball kind's `project` pass (exported for the solver's direct dispatch). */
export function projectBall(ctx: JointContext3, o: number, oa: number, ob: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const B_POINT = 32;
  projectAnchorsCaching(ctx, o, oa, ob, o + B_POINT);
}

/** The ball joint's velocity pass (exported for the solver's direct dispatch). */
export function solveBall(ctx: JointContext3, o: number, oa: number, ob: number, useBias: boolean): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const B_POINT = 32;
  const J_IMPULSE = 14;
  solvePointCached(ctx, o, oa, ob, o + J_IMPULSE, o + B_POINT, useBias);
}

/** The ball kind's reaction readout (exported for the solver's direct dispatch). */
export function reactionBall(ctx: JointContext3, j: number, o: number): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const J_IMPULSE = 14;
  const js = ctx.joints;
  const jc = ctx.jc;
  for (let i = 0; i < 3; i++) {
    js.force[3 * j + i] = jc[o + J_IMPULSE + i]! * ctx.invH;
    js.torque[3 * j + i] = 0;
  }
}

/** The ball joint's passes. */
export const ballJointSolver: JointKindSolver3 = {
  prepare,
  refresh: refreshBall,
  refreshAxes: refreshAxesBall,
  warmStart: warmStartBall,
  solve: solveBall,
  reaction: reactionBall,
  project: projectBall,
};

/**
 * The ball kind's offsets in a packed joint and its scratch that the passes use only as local
 * literal copies (test/rigid3d/solver-layout.test.ts checks every copy against these).
 */
export const BALL_LAYOUT3 = { B_POINT } as const;
