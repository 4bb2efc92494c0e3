/**
 * Shock propagation in the joints' position projection (textbook §26.2; Guendelman, Bridson &
 * Fedkiw 2003, "Nonconvex rigid bodies with stacking", applied to the projection only): each
 * body's joint distance from an anchor (a static or kinematic body) is measured over the packed
 * joints; a joint whose two bodies lie at different distances projects with its parent (the body
 * nearer the anchor) held fixed, so its child alone closes the gap, and the joints are projected
 * nearest the anchor first. One sweep then closes every gap of an anchored chain or tree, whatever
 * the masses: a light chain holding a heavy load hangs at its length, where equal weights would
 * lift the load by 1/(1 + ratio) of a gap per sweep. The velocity passes keep the true masses (the
 * tensions and the reaction forces are untouched), and the projection moves no velocity; joints
 * in structures without an anchor (a ragdoll in flight) keep the plain weights and their order.
 */
import type { JointContext3 } from './joint-context.js';

/** the distance of a body with no joint path to an anchor */
const FAR = 0x3fffffff;

/**
 * Fills, for the `n` packed joints of `ctx.list`: `ctx.projScale` (the projection's inverse-mass
 * scale of A and B per joint: 0 for the parent of an anchored joint, else 1), `ctx.projOrder`
 * (the packed joints nearest the anchors first; ties and unanchored joints in packing order) and
 * `ctx.projScaled` (whether any joint is anchored so; when false the plain projection runs).
 */
export function shockPropagation3(ctx: JointContext3, n: number): void {
  const b = ctx.bodies;
  const js = ctx.joints;
  const list = ctx.list;
  const im = b.invMass;
  ctx.projScaled = false;
  // only a structure with an anchor (and a joint between two free bodies) needs it
  let anchored = false;
  let free = false;
  for (let k = 0; k < n; k++) {
    const j = list[k]!;
    const ma = im[js.bodyA[j]!]!;
    const mb = im[js.bodyB[j]!]!;
    if (ma === 0 || mb === 0) anchored = true;
    else free = true;
  }
  if (!anchored || !free) return;
  const depth = ctx.depth;
  for (let k = 0; k < n; k++) {
    const j = list[k]!;
    const a = js.bodyA[j]!;
    const c = js.bodyB[j]!;
    depth[a] = im[a] === 0 ? 0 : FAR;
    depth[c] = im[c] === 0 ? 0 : FAR;
  }
  // the distances by relaxation: each sweep carries them one or more joints on (a chain packed
  // from its anchor settles in one sweep); at most n sweeps
  for (let sweep = 0; sweep < n; sweep++) {
    let changed = false;
    for (let k = 0; k < n; k++) {
      const j = list[k]!;
      const a = js.bodyA[j]!;
      const c = js.bodyB[j]!;
      const da = depth[a]!;
      const dc = depth[c]!;
      if (da + 1 < dc) {
        depth[c] = da + 1;
        changed = true;
      } else if (dc + 1 < da) {
        depth[a] = dc + 1;
        changed = true;
      }
    }
    if (!changed) break;
  }
  // the scales, and each joint's distance (the nearer body's) into the counting sort
  const scale = ctx.projScale;
  const count = ctx.depthCount;
  const key = ctx.projOrder;
  count.fill(0, 0, n + 2);
  for (let k = 0; k < n; k++) {
    const j = list[k]!;
    const a = js.bodyA[j]!;
    const c = js.bodyB[j]!;
    const da = depth[a]!;
    const dc = depth[c]!;
    scale[2 * k] = 1;
    scale[2 * k + 1] = 1;
    const d = Math.min(da, dc);
    const bucket = d >= FAR ? n + 1 : d;
    key[k] = bucket;
    count[bucket] = count[bucket]! + 1;
    // a static or kinematic parent moves nothing anyway: the plain projection
    if (d >= FAR || da === dc || d === 0) continue;
    scale[da < dc ? 2 * k : 2 * k + 1] = 0;
    ctx.projScaled = true;
  }
  if (!ctx.projScaled) return;
  // stable counting sort of the joints by distance (key[] is overwritten by the order)
  let start = 0;
  for (let d = 0; d <= n + 1; d++) {
    const c = count[d]!;
    count[d] = start;
    start += c;
  }
  const order = ctx.projSorted;
  for (let k = 0; k < n; k++) {
    const d = key[k]!;
    order[count[d]!] = k;
    count[d] = count[d]! + 1;
  }
}
