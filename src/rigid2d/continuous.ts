/**
 * The continuous stage (textbook §26.2 "すり抜け"; conservative advancement after Mirtich 1996, the
 * stage's structure after Box2D v3's solver.c continuous pass): after the solve has moved the bodies,
 * a body that moved far in the step is swept from its pose at the start of the step to its pose
 * at the end (geometry/toi2d.ts) against the shapes its swept box meets in the broadphase, and
 * moved back to the earliest time of impact — just before contact, the linear slop apart — keeping
 * its velocity. The next step's contact then catches it (its speculative point lets it approach
 * exactly to contact), so no energy is lost and the body keeps moving from the impact pose.
 *
 * Who is swept:
 * - with `world.continuous` (default on): every awake dynamic body that moved (translation plus
 *   rotation × extent) more than a quarter of its smallest half-size, against static and kinematic
 *   shapes;
 * - bullets (`BodyDef.bullet`), whatever `world.continuous` says: against every shape, dynamic
 *   ones included (the other body swept over its own step motion). Bullets go after the others, so
 *   they see the others' corrected motion.
 * Pairs the contacts never collide are skipped too (sensors, the filter, a joint with
 * collideConnected false). A pair already touching at the start of the step is the contact solver's: only the fast shape's
 * core (a circle of a quarter of the body's smallest half-size at the shape's centroid) is swept
 * against it then, so the body can slide, roll and spin against it but not pass through; a
 * segment is skipped when the body's centre starts behind it (one-sided: behind its front) or
 * approaches it by less than the core radius and ends more than that in front (Box2D v3's rule: a
 * body sliding fast along a ground of segments would otherwise pause at each joint).
 *
 * No allocation: the sweeps, the TOI result and the broadphase callback are made once.
 */

import { type ConvexShape2, makeCircle } from '../geometry/shapes2d.js';
import { Sweep2, TOI_FAILED, TOI_HIT, TOI_SEPARATED, ToiResult, timeOfImpact } from '../geometry/toi2d.js';
import { pcos, psin } from '../math/portable.js';
import type { DynamicTree } from '../spatial/dynamic-tree.js';
import { BODY_DYNAMIC, BODY_STATIC } from './body-store.js';
import { jointBlocksCollision } from './joints/joint-def.js';
import { updateBodyBoxes } from './shape.js';
import { shouldCollide } from './shape-store.js';
import type { World } from './world.js';

const sweepFast = new Sweep2();
const sweepOther = new Sweep2();
const toi = new ToiResult();
/** the fast shape's core: a small circle at its centroid (moved and resized per use) */
const core = makeCircle(1);

/** The state of the current body's query, read by the broadphase callback. */
const q = {
  world: null as World | null,
  /** the tree being searched (its proxies' userData are shape slots) */
  tree: null as DynamicTree | null,
  body: -1,
  bullet: false,
  /** earliest time of impact found so far */
  tMin: 1.5,
  target: 0.5,
  tolerance: 0.5,
  /** the core circle's radius: a quarter of the fast body's smallest half-size */
  coreRadius: 0.5,
};

/** Bounds of a step's rotation from (cos, sin) of it: sin x ≥ 2x/π on [0, π/2], and π past that. */
function rotationBound(dqc: number, dqs: number): number {
  return dqc >= 0 ? 1.5707963267948966 * Math.abs(dqs) : Math.PI;
}

/**
 * The continuous stage over the awake bodies of the step just solved (after finalize: the boxes
 * are at the end poses). Moves a body back to its earliest time of impact and re-inserts its boxes.
 * Returns how many bodies were moved back.
 */
export function solveContinuous(w: World): number {
  const b = w.bodies;
  const list = w.scratch.awakeList;
  const n = w.lastStep.awakeBodies;
  // fast bodies are swept against static and kinematic shapes only: none, nothing to sweep
  const all = w.continuous && w.shapes.fixedCount > 0;
  let moved = 0;
  let bullets = 0;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    if (b.type[i] !== BODY_DYNAMIC) continue;
    if (b.bullet[i] === 1) {
      bullets++;
      continue;
    }
    if (all && isFast(w, i) && sweepBody(w, i, false)) moved++;
  }
  if (bullets > 0) {
    for (let k = 0; k < n; k++) {
      const i = list[k]!;
      if (b.type[i] === BODY_DYNAMIC && b.bullet[i] === 1 && isFast(w, i) && sweepBody(w, i, true)) moved++;
    }
  }
  return moved;
}

/** Did body `i` move more than a quarter of its smallest half-size in the step? */
function isFast(w: World, i: number): boolean {
  const b = w.bodies;
  const dx = b.dpx[i]!;
  const dy = b.dpy[i]!;
  const limit = 0.25 * b.minExtent[i]!;
  const turn = b.maxExtent[i]! * rotationBound(b.dqc[i]!, b.dqs[i]!);
  if (turn > limit) return true;
  const r = limit - turn;
  return dx * dx + dy * dy > r * r;
}

/** Sweeps body `i` over its step against the shapes its swept box meets; true when moved back. */
function sweepBody(w: World, i: number, bullet: boolean): boolean {
  const b = w.bodies;
  sweepFast.setFromStep(
    b.lcx[i]!,
    b.lcy[i]!,
    b.cx[i]!,
    b.cy[i]!,
    b.qc[i]!,
    b.qs[i]!,
    b.dpx[i]!,
    b.dpy[i]!,
    b.dqc[i]!,
    b.dqs[i]!,
  );
  const r = b.maxExtent[i]! + w.solver.slop;
  const x0 = sweepFast.c0x;
  const y0 = sweepFast.c0y;
  const x1 = sweepFast.c1x;
  const y1 = sweepFast.c1y;
  q.world = w;
  q.body = i;
  q.bullet = bullet;
  q.tMin = 1;
  q.target = w.solver.slop;
  q.tolerance = 0.25 * w.solver.slop;
  q.coreRadius = 0.25 * b.minExtent[i]!;
  // a non-bullet meets only static and kinematic shapes: the dynamic tree is searched for bullets only
  const minX = Math.min(x0, x1) - r;
  const minY = Math.min(y0, y1) - r;
  const maxX = Math.max(x0, x1) + r;
  const maxY = Math.max(y0, y1) + r;
  const trees = w.broadphase.trees;
  for (let t = 0; t < (bullet ? 3 : 2); t++) {
    q.tree = trees[t]!;
    q.tree.query(minX, minY, maxX, maxY, visitProxy);
  }
  q.world = null;
  q.tree = null;
  const t = q.tMin;
  if (!(t < 1)) return false;
  // back to the pose at t; the velocity is kept
  const sw = sweepFast;
  const da = t * (sw.a1 - sw.a0);
  const a = sw.a0 + da;
  const cx = sw.c0x + t * (sw.c1x - sw.c0x);
  const cy = sw.c0y + t * (sw.c1y - sw.c0y);
  b.cx[i] = cx;
  b.cy[i] = cy;
  b.qc[i] = pcos(a);
  b.qs[i] = psin(a);
  b.dpx[i] = cx - sw.c0x;
  b.dpy[i] = cy - sw.c0y;
  b.dqc[i] = pcos(da);
  b.dqs[i] = psin(da);
  updateBodyBoxes(w, i, true);
  return true;
}

/** The broadphase callback: TOI of the fast body's shapes against the shape of proxy `proxy`. */
function visitProxy(proxy: number): boolean {
  const w = q.world!;
  const sh = w.shapes;
  const b = w.bodies;
  const s2 = q.tree!.getUserData(proxy);
  const j = sh.body[s2]!;
  const i = q.body;
  if (j === i || sh.sensor[s2] === 1) return true;
  const typeJ = b.type[j]!;
  if (typeJ === BODY_DYNAMIC && !q.bullet) return true;
  if (w.joints.live > 0 && jointBlocksCollision(w.joints, i, j)) return true; // collideConnected false
  // the other body's sweep: its own step motion when it moved this step, else at rest
  if (typeJ !== BODY_STATIC && b.awake[j] === 1) {
    sweepOther.setFromStep(
      b.lcx[j]!,
      b.lcy[j]!,
      b.cx[j]!,
      b.cy[j]!,
      b.qc[j]!,
      b.qs[j]!,
      b.dpx[j]!,
      b.dpy[j]!,
      b.dqc[j]!,
      b.dqs[j]!,
    );
  } else {
    sweepOther.setFromStep(b.lcx[j]!, b.lcy[j]!, b.cx[j]!, b.cy[j]!, b.qc[j]!, b.qs[j]!, 0, 0, 1, 0);
  }
  const g2 = sh.geom[s2]!;
  if (g2.kind === 'segment' && !crossesSegment(g2)) return true;
  for (let s1 = b.firstShape[i]!; s1 !== -1; s1 = sh.next[s1]!) {
    if (sh.sensor[s1] === 1 || !shouldCollide(sh, s1, s2)) continue;
    const g1 = sh.geom[s1]!;
    timeOfImpact(g1, sweepFast, g2, sweepOther, q.tMin, q.target, q.tolerance, toi);
    if ((toi.state === TOI_HIT || toi.state === TOI_FAILED) && toi.t > 0) {
      if (toi.t < q.tMin) q.tMin = toi.t;
      continue;
    }
    if (toi.state === TOI_SEPARATED) continue;
    // Touching at the start of the step (the contact solver has the pair): sweep only the shape's
    // core, a small circle at its centroid, so the body may still roll, spin and slide along the
    // other shape but its middle never passes through it.
    core.radius = q.coreRadius;
    core.vx[0] = core.centroidX = g1.centroidX;
    core.vy[0] = core.centroidY = g1.centroidY;
    timeOfImpact(core, sweepFast, g2, sweepOther, q.tMin, q.target, q.tolerance, toi);
    if ((toi.state === TOI_HIT || toi.state === TOI_FAILED) && toi.t > 0 && toi.t < q.tMin) q.tMin = toi.t;
  }
  return true;
}

/**
 * Is segment `g` (on the other sweep) worth a sweep for the fast body (Box2D v3's rule for chain
 * segments)? Its centre's signed distances from the segment's line before and after the step, taken
 * on the side it starts on (a one-sided chain segment: its front only), decide: a centre that starts
 * behind is skipped, and so is one that approaches by less than the core radius and still ends more
 * than a core radius in front — sliding along a ground of segments does not pause at every join, yet
 * a body that ends near or through the line (a long plank, a fast ball) is swept.
 */
function crossesSegment(g: ConvexShape2): boolean {
  let before = segmentSide(g, sweepOther.c0x, sweepOther.c0y, sweepOther.a0, sweepFast.c0x, sweepFast.c0y);
  let after = segmentSide(g, sweepOther.c1x, sweepOther.c1y, sweepOther.a1, sweepFast.c1x, sweepFast.c1y);
  const oneSided = g.ghost !== undefined && g.ghost[6] === 1;
  if (before < 0) {
    if (oneSided) return false;
    before = -before;
    after = -after;
  }
  const core = q.coreRadius;
  return !(before - after < core && after > core);
}

/** Signed distance of point (px, py) from the line of segment `g`, placed with the other sweep's lc. */
function segmentSide(g: ConvexShape2, cx: number, cy: number, a: number, px: number, py: number): number {
  const c = pcos(a);
  const s = psin(a);
  const lx = sweepOther.lcx;
  const ly = sweepOther.lcy;
  const ox = cx - (c * lx - s * ly);
  const oy = cy - (s * lx + c * ly);
  const vx = ox + c * g.vx[0]! - s * g.vy[0]!;
  const vy = oy + s * g.vx[0]! + c * g.vy[0]!;
  const nx = c * g.nx[0]! - s * g.ny[0]!;
  const ny = s * g.nx[0]! + c * g.ny[0]!;
  return (px - vx) * nx + (py - vy) * ny;
}
