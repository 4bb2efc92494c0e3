/**
 * Queries of the 3D world (textbook §26.2): ray casts (closest hit, every hit, filtered by bits and
 * a predicate) through the broadphase tree's segment walk and `raycast3` per shape; overlap of a
 * query shape (the tree's box query, then `collide3` for a negative separation); and the shape
 * cast by conservative advancement (Mirtich 1996): `shapeCast3`'s GJK distance against convex
 * shapes, and against meshes and heightfields the gap `collide3` reports (a shape moving in a
 * straight line by d closes a gap g in at least g/|d| of the sweep, so the advance never skips a
 * first contact). Queries allocate their results (they are not part of the step).
 */
import { collide3 } from '../geometry/collide3d.js';
import { Manifold3 } from '../geometry/manifold3d.js';
import { RayHit3, raycast3, ShapeCastHit3, shapeCast3 } from '../geometry/raycast3d.js';
import { computeAabb3, isConvex3, type Shape3 } from '../geometry/shapes3d.js';
import { shapeWorldTransform3 } from './shape.js';
import type { QueryFilter3, RayHitInfo3, ShapeId3 } from './types.js';
import type { World3 } from './world.js';

function passes(w: World3, s: number, filter: QueryFilter3 | undefined): boolean {
  const sh = w.shapes;
  const skipSensors = filter?.skipSensors ?? true;
  if (skipSensors && sh.sensor[s] === 1) return false;
  const cat = filter?.categoryBits ?? 0xffffffff;
  const mask = filter?.maskBits ?? 0xffffffff;
  if ((sh.category[s]! & mask) === 0 || (sh.mask[s]! & cat) === 0) return false;
  if (filter?.predicate !== undefined && !filter.predicate(w.shapeId(s))) return false;
  return true;
}

function castRay(
  w: World3,
  from: [number, number, number],
  to: [number, number, number],
  filter: QueryFilter3 | undefined,
  all: boolean,
): RayHitInfo3[] {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const dz = to[2] - from[2];
  const len = Math.sqrt(dx * dx + dy * dy + dz * dz);
  const hits: RayHitInfo3[] = [];
  if (!(len > 0)) return hits;
  const dir = new Float64Array([dx / len, dy / len, dz / len]);
  const origin = new Float64Array(from);
  const xf = new Float64Array(7);
  const hit = new RayHit3();
  const tree = w.broadphase;
  tree.rayCast3(from[0], from[1], from[2], to[0], to[1], to[2], 1, (proxy, maxFraction) => {
    const s = tree.getUserData(proxy);
    if (!passes(w, s, filter)) return -1;
    shapeWorldTransform3(w, s, xf, 0);
    if (!raycast3(w.shapes.geom[s]!, xf, 0, origin, dir, maxFraction * len, hit)) return -1;
    const fraction = hit.t / len;
    const info: RayHitInfo3 = {
      shape: w.shapeId(s),
      body: w.bodyId(w.shapes.body[s]!),
      point: [hit.point[0]!, hit.point[1]!, hit.point[2]!],
      normal: [hit.normal[0]!, hit.normal[1]!, hit.normal[2]!],
      fraction,
    };
    if (all) {
      hits.push(info);
      return 1;
    }
    hits[0] = info;
    return fraction;
  });
  if (all) hits.sort((a, b) => a.fraction - b.fraction || a.shape - b.shape);
  return hits;
}

/** The closest hit of the segment from → to, or null. */
export function rayCastClosest(
  w: World3,
  from: [number, number, number],
  to: [number, number, number],
  filter?: QueryFilter3,
): RayHitInfo3 | null {
  return castRay(w, from, to, filter, false)[0] ?? null;
}

/** Every hit of the segment from → to, nearest first. */
export function rayCastAll(
  w: World3,
  from: [number, number, number],
  to: [number, number, number],
  filter?: QueryFilter3,
): RayHitInfo3[] {
  return castRay(w, from, to, filter, true);
}

function candidates(w: World3, box: Float64Array, filter: QueryFilter3 | undefined): number[] {
  const out: number[] = [];
  const tree = w.broadphase;
  tree.queryFrom(box, 0, (proxy) => {
    const s = tree.getUserData(proxy);
    if (passes(w, s, filter)) out.push(s);
    return true;
  });
  return out.sort((a, b) => a - b);
}

/** The shapes that overlap `g` placed at position / orientation, in slot order. */
export function overlapShape(
  w: World3,
  g: Shape3,
  position: [number, number, number],
  orientation: [number, number, number, number],
  filter?: QueryFilter3,
): ShapeId3[] {
  const xf = new Float64Array([...position, ...orientation, 0, 0, 0, 0, 0, 0, 1]);
  const box = new Float64Array(6);
  computeAabb3(g, xf, 0, box, 0);
  const m = new Manifold3();
  const out: ShapeId3[] = [];
  for (const s of candidates(w, box, filter)) {
    shapeWorldTransform3(w, s, xf, 7);
    collide3(g, xf, 0, w.shapes.geom[s]!, xf, 7, 0, m);
    let hit = false;
    for (let k = 0; k < m.pointCount; k++) if (m.separation[k]! < 0) hit = true;
    if (hit) out.push(w.shapeId(s));
  }
  return out;
}

/** The shape cast: the first shape `g` touches when swept by `translation`, by conservative advancement. */
export function shapeCast(
  w: World3,
  g: Shape3,
  position: [number, number, number],
  orientation: [number, number, number, number],
  translation: [number, number, number],
  filter?: QueryFilter3,
): {
  shape: ShapeId3;
  fraction: number;
  normal: [number, number, number];
  point: [number, number, number];
} | null {
  const xf = new Float64Array([...position, ...orientation, 0, 0, 0, 0, 0, 0, 1]);
  const box = new Float64Array(6);
  const end = new Float64Array(6);
  computeAabb3(g, xf, 0, box, 0);
  for (let k = 0; k < 3; k++) {
    end[k] = Math.min(box[k]!, box[k]! + translation[k]!);
    end[k + 3] = Math.max(box[k + 3]!, box[k + 3]! + translation[k]!);
  }
  const dist = Math.sqrt(translation[0] ** 2 + translation[1] ** 2 + translation[2] ** 2);
  const m = new Manifold3();
  const tolerance = 1e-4;
  let best: {
    shape: ShapeId3;
    fraction: number;
    normal: [number, number, number];
    point: [number, number, number];
  } | null = null;
  const convexHit = new ShapeCastHit3();
  for (const s of candidates(w, end, filter)) {
    shapeWorldTransform3(w, s, xf, 7);
    const target = w.shapes.geom[s]!;
    if (isConvex3(g) && isConvex3(target)) {
      if (
        shapeCast3(g, xf, 0, translation, target, xf, 7, convexHit) &&
        (best === null || convexHit.t < best.fraction)
      ) {
        const n = convexHit.normal;
        const p = convexHit.point;
        best = {
          shape: w.shapeId(s),
          fraction: convexHit.t,
          normal: [-n[0]!, -n[1]!, -n[2]!],
          point: [p[0]!, p[1]!, p[2]!],
        };
      }
      continue;
    }
    let t = 0;
    for (let it = 0; it < 64 && t <= 1; it++) {
      for (let k = 0; k < 3; k++) xf[k] = position[k]! + t * translation[k]!;
      const reach = dist * (1 - t) + tolerance;
      collide3(g, xf, 0, target, xf, 7, reach, m);
      if (m.pointCount === 0) {
        t = 2; // never within reach along the rest of the sweep
        break;
      }
      let gap = Number.POSITIVE_INFINITY;
      let k0 = 0;
      for (let k = 0; k < m.pointCount; k++) {
        if (m.separation[k]! < gap) {
          gap = m.separation[k]!;
          k0 = k;
        }
      }
      if (gap <= tolerance) {
        if (best === null || t < best.fraction) {
          best = {
            shape: w.shapeId(s),
            fraction: t,
            normal: [-m.normalX, -m.normalY, -m.normalZ],
            point: [m.px[k0]!, m.py[k0]!, m.pz[k0]!],
          };
        }
        break;
      }
      if (dist === 0) {
        t = 2;
        break;
      }
      t += (gap - 0.5 * tolerance) / dist;
    }
  }
  return best;
}
