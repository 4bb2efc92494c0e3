/**
 * A headless shaded projection of a rigid3d world through the Canvas 2D API, so the CLI (PNG/GIF)
 * and the playground's 2D canvas show the 3D demos: an orthographic or perspective camera looking
 * from an eye at a target, a ground grid, the flat faces of boxes, hulls, cylinders, meshes and
 * heightfields Lambert-shaded and drawn far to near (the painter's algorithm, Newell et al. 1972),
 * spheres and capsules as shaded discs and round-capped strokes.
 *
 * The camera's image plane is measured in metres at the target's distance, so the 2D `View`
 * (cx, cy, scale) of the demo contract pans and zooms the projected picture as it does a 2D scene.
 */

import { toPxX, toPxY, type View } from '../core/view.js';
import { type Shape3, ShapeKind3 } from '../geometry/shapes3d.js';
import type { BodyId3, ShapeId3 } from '../rigid3d/types.js';
import type { World3 } from '../rigid3d/world.js';

/** Where the camera stands and looks. */
export interface Camera3 {
  /** the eye position (m) */
  eye: readonly [number, number, number];
  /** the point the camera looks at; it lands at the image-plane origin */
  target: readonly [number, number, number];
  /** the up direction, default [0, 1, 0] */
  up?: readonly [number, number, number];
  /** 'perspective' (default) or 'orthographic' */
  projection?: 'perspective' | 'orthographic';
}

/** Drawing options of {@link drawWorld3}. */
export interface DrawWorld3Options {
  /** background colour, default a pale grey */
  background?: string;
  /** ground grid: half-size (m) and spacing (m); `null` for none. Default 10 m, 1 m. */
  grid?: { halfSize: number; spacing: number; y?: number } | null;
  /** fill colour per body (the colour of static bodies is `staticColor`) */
  colorOf?: (body: BodyId3, index: number) => string;
  /** colour of static and kinematic bodies, default a warm grey */
  staticColor?: string;
  /** draw the contact points and normals, default false */
  contacts?: boolean;
  /** draw face edges, default true */
  edges?: boolean;
  /** shapes not drawn (a ground box the grid stands for, a drum's front wall), default none */
  hidden?: (shape: ShapeId3) => boolean;
  /** unit light direction (towards the light), default from the upper left front */
  light?: readonly [number, number, number];
}

/** A palette for dynamic bodies (cycled by body index). */
export const BODY_PALETTE3: readonly string[] = [
  '#e07a5f',
  '#3d85c6',
  '#81b29a',
  '#f2cc8f',
  '#9c6ade',
  '#e5989b',
  '#56a3a6',
  '#d4a373',
];

/** An orthonormal camera frame: right, up, forward; the eye and the target distance. */
export class CameraFrame3 {
  /** right (image x) */
  readonly r = new Float64Array(3);
  /** up (image y) */
  readonly u = new Float64Array(3);
  /** forward (depth) */
  readonly f = new Float64Array(3);
  /** the eye */
  readonly eye = new Float64Array(3);
  /** the eye–target distance (the image plane's depth) */
  readonly distance: number;
  /** true for the perspective projection */
  readonly perspective: boolean;

  constructor(camera: Camera3) {
    const [ex, ey, ez] = camera.eye;
    const [tx, ty, tz] = camera.target;
    const up = camera.up ?? [0, 1, 0];
    this.eye.set([ex, ey, ez]);
    let fx = tx - ex;
    let fy = ty - ey;
    let fz = tz - ez;
    const d = Math.sqrt(fx * fx + fy * fy + fz * fz) || 1;
    fx /= d;
    fy /= d;
    fz /= d;
    let rx = fy * up[2] - fz * up[1];
    let ry = fz * up[0] - fx * up[2];
    let rz = fx * up[1] - fy * up[0];
    const rl = Math.sqrt(rx * rx + ry * ry + rz * rz) || 1;
    rx /= rl;
    ry /= rl;
    rz /= rl;
    this.f.set([fx, fy, fz]);
    this.r.set([rx, ry, rz]);
    this.u.set([ry * fz - rz * fy, rz * fx - rx * fz, rx * fy - ry * fx]);
    this.distance = d;
    this.perspective = (camera.projection ?? 'perspective') === 'perspective';
  }

  /** Depth of a world point along the view direction (m from the eye). */
  depth(x: number, y: number, z: number): number {
    const e = this.eye;
    const f = this.f;
    return (x - e[0]!) * f[0]! + (y - e[1]!) * f[1]! + (z - e[2]!) * f[2]!;
  }

  /** Projects a world point to image-plane metres: writes [ix, iy] into `out`; returns its depth. */
  project(x: number, y: number, z: number, out: Float64Array, o = 0): number {
    const e = this.eye;
    const dx = x - e[0]!;
    const dy = y - e[1]!;
    const dz = z - e[2]!;
    const { r, u, f } = this;
    const cx = dx * r[0]! + dy * r[1]! + dz * r[2]!;
    const cy = dx * u[0]! + dy * u[1]! + dz * u[2]!;
    const cz = dx * f[0]! + dy * f[1]! + dz * f[2]!;
    const s = this.perspective ? this.distance / Math.max(cz, 1e-3) : 1;
    out[o] = cx * s;
    out[o + 1] = cy * s;
    return cz;
  }

  /**
   * The world ray through an image-plane point (ix, iy): writes origin xyz and unit direction xyz
   * into `out` (6 numbers) — for picking a body under the pointer.
   */
  ray(ix: number, iy: number, out: Float64Array): void {
    const { r, u, f, eye } = this;
    if (this.perspective) {
      let dx = f[0]! * this.distance + r[0]! * ix + u[0]! * iy;
      let dy = f[1]! * this.distance + r[1]! * ix + u[1]! * iy;
      let dz = f[2]! * this.distance + r[2]! * ix + u[2]! * iy;
      const l = Math.sqrt(dx * dx + dy * dy + dz * dz);
      dx /= l;
      dy /= l;
      dz /= l;
      out.set([eye[0]!, eye[1]!, eye[2]!, dx, dy, dz]);
    } else {
      out.set([
        eye[0]! + r[0]! * ix + u[0]! * iy,
        eye[1]! + r[1]! * ix + u[1]! * iy,
        eye[2]! + r[2]! * ix + u[2]! * iy,
        f[0]!,
        f[1]!,
        f[2]!,
      ]);
    }
  }
}

/** A camera orbiting `target` at `distance`, `yaw` about y and `pitch` above the horizon (radians). */
export function orbitCamera3(
  target: readonly [number, number, number],
  distance: number,
  yaw: number,
  pitch: number,
  projection: 'perspective' | 'orthographic' = 'perspective',
): Camera3 {
  const cp = Math.cos(pitch);
  return {
    eye: [
      target[0] + distance * cp * Math.sin(yaw),
      target[1] + distance * Math.sin(pitch),
      target[2] + distance * cp * Math.cos(yaw),
    ],
    target,
    projection,
  };
}

/** A primitive to paint: a polygon, a disc or a stroke, with its depth for sorting. */
interface Prim {
  depth: number;
  /** 0: static and kinematic bodies (drawn first), 1: dynamic bodies */
  layer: number;
  kind: 0 | 1 | 2;
  /** image-plane points (polygon), or centre (disc), or two ends (stroke) */
  pts: number[];
  /** disc / stroke radius in image metres */
  radius: number;
  fill: string;
  stroke: string | null;
}

function shade(hex: string, k: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v * k)));
  return `rgb(${c((n >> 16) & 255)},${c((n >> 8) & 255)},${c(n & 255)})`;
}

/** Rotation matrix (row-major) of a unit quaternion [x, y, z, w] at q[o]. */
function quatMatrix(q: ArrayLike<number>, o: number, m: Float64Array): void {
  const x = q[o]!;
  const y = q[o + 1]!;
  const z = q[o + 2]!;
  const w = q[o + 3]!;
  m[0] = 1 - 2 * (y * y + z * z);
  m[1] = 2 * (x * y - z * w);
  m[2] = 2 * (x * z + y * w);
  m[3] = 2 * (x * y + z * w);
  m[4] = 1 - 2 * (x * x + z * z);
  m[5] = 2 * (y * z - x * w);
  m[6] = 2 * (x * z - y * w);
  m[7] = 2 * (y * z + x * w);
  m[8] = 1 - 2 * (x * x + y * y);
}

/** Composes a body's and a shape's placements into a world rotation `m` and translation `t`. */
function shapeWorld(
  body: ArrayLike<number>,
  bo: number,
  local: ArrayLike<number>,
  m: Float64Array,
  t: Float64Array,
) {
  const bm = new Float64Array(9);
  const lm = new Float64Array(9);
  quatMatrix(body, bo + 3, bm);
  quatMatrix(local, 3, lm);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      m[3 * i + j] = bm[3 * i]! * lm[j]! + bm[3 * i + 1]! * lm[3 + j]! + bm[3 * i + 2]! * lm[6 + j]!;
  for (let i = 0; i < 3; i++)
    t[i] = body[bo + i]! + bm[3 * i]! * local[0]! + bm[3 * i + 1]! * local[1]! + bm[3 * i + 2]! * local[2]!;
}

/** Collects the painter's primitives of one shape. */
class PrimCollector {
  readonly prims: Prim[] = [];
  /** the layer of the primitives being collected */
  layer = 1;
  private readonly p2 = new Float64Array(2);
  private readonly light: readonly [number, number, number];

  constructor(
    readonly cam: CameraFrame3,
    light: readonly [number, number, number],
    private readonly edges: boolean,
  ) {
    const l = Math.sqrt(light[0] ** 2 + light[1] ** 2 + light[2] ** 2) || 1;
    this.light = [light[0] / l, light[1] / l, light[2] / l];
  }

  /** A world polygon (xyz per corner, counter-clockwise seen from outside when `cull`). */
  polygon(w: number[], color: string, cull: boolean): void {
    const n = w.length / 3;
    if (n < 3) return;
    // Newell's normal
    let nx = 0;
    let ny = 0;
    let nz = 0;
    let cx = 0;
    let cy = 0;
    let cz = 0;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const x0 = w[3 * i]!;
      const y0 = w[3 * i + 1]!;
      const z0 = w[3 * i + 2]!;
      const x1 = w[3 * j]!;
      const y1 = w[3 * j + 1]!;
      const z1 = w[3 * j + 2]!;
      nx += (y0 - y1) * (z0 + z1);
      ny += (z0 - z1) * (x0 + x1);
      nz += (x0 - x1) * (y0 + y1);
      cx += x0;
      cy += y0;
      cz += z0;
    }
    cx /= n;
    cy /= n;
    cz /= n;
    const nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (!(nl > 0)) return;
    nx /= nl;
    ny /= nl;
    nz /= nl;
    const cam = this.cam;
    // facing: the normal against the direction from the eye to the face
    const vx = cam.perspective ? cx - cam.eye[0]! : cam.f[0]!;
    const vy = cam.perspective ? cy - cam.eye[1]! : cam.f[1]!;
    const vz = cam.perspective ? cz - cam.eye[2]! : cam.f[2]!;
    const facing = nx * vx + ny * vy + nz * vz;
    if (cull && facing >= 0) return;
    if (facing > 0) {
      nx = -nx;
      ny = -ny;
      nz = -nz;
    }
    const lit = nx * this.light[0] + ny * this.light[1] + nz * this.light[2];
    const k = 0.45 + 0.6 * Math.max(0, lit);
    const pts: number[] = [];
    let depth = 0;
    for (let i = 0; i < n; i++) {
      depth += cam.project(w[3 * i]!, w[3 * i + 1]!, w[3 * i + 2]!, this.p2);
      pts.push(this.p2[0]!, this.p2[1]!);
    }
    const fill = shade(color, k);
    this.prims.push({
      layer: this.layer,
      depth: depth / n,
      kind: 0,
      pts,
      radius: 0,
      fill,
      stroke: this.edges ? shade(color, 0.55 * k) : fill,
    });
  }

  /** A shaded sphere of `radius` at a world point. */
  disc(x: number, y: number, z: number, radius: number, color: string): void {
    const depth = this.cam.project(x, y, z, this.p2);
    const s = this.cam.perspective ? this.cam.distance / Math.max(depth, 1e-3) : 1;
    this.prims.push({
      layer: this.layer,
      depth: depth - radius,
      kind: 1,
      pts: [this.p2[0]!, this.p2[1]!],
      radius: radius * s,
      fill: color,
      stroke: this.edges ? shade(color, 0.5) : null,
    });
  }

  /** A capsule: the segment a–b swept by `radius`, as a round-capped stroke. */
  stroke(a: number[], b: number[], radius: number, color: string): void {
    const da = this.cam.project(a[0]!, a[1]!, a[2]!, this.p2);
    const pa = [this.p2[0]!, this.p2[1]!];
    const db = this.cam.project(b[0]!, b[1]!, b[2]!, this.p2);
    const d = 0.5 * (da + db);
    const s = this.cam.perspective ? this.cam.distance / Math.max(d, 1e-3) : 1;
    this.prims.push({
      layer: this.layer,
      depth: d - radius,
      kind: 2,
      pts: [pa[0]!, pa[1]!, this.p2[0]!, this.p2[1]!],
      radius: radius * s,
      fill: color,
      stroke: null,
    });
  }
}

function xf(m: Float64Array, t: Float64Array, x: number, y: number, z: number, out: number[]): void {
  out.push(
    t[0]! + m[0]! * x + m[1]! * y + m[2]! * z,
    t[1]! + m[3]! * x + m[4]! * y + m[5]! * z,
    t[2]! + m[6]! * x + m[7]! * y + m[8]! * z,
  );
}

const BOX_FACES = [
  [1, 3, 7, 5],
  [0, 4, 6, 2],
  [2, 6, 7, 3],
  [0, 1, 5, 4],
  [4, 5, 7, 6],
  [0, 2, 3, 1],
];

function collectShape(c: PrimCollector, g: Shape3, m: Float64Array, t: Float64Array, color: string): void {
  switch (g.kind) {
    case ShapeKind3.SPHERE: {
      c.disc(t[0]!, t[1]!, t[2]!, g.radius, color);
      return;
    }
    case ShapeKind3.CAPSULE: {
      const a: number[] = [];
      const b: number[] = [];
      xf(m, t, 0, -g.halfHeight, 0, a);
      xf(m, t, 0, g.halfHeight, 0, b);
      c.stroke(a, b, g.radius, color);
      return;
    }
    case ShapeKind3.BOX: {
      const { hx, hy, hz } = g;
      const corners: number[] = [];
      for (let i = 0; i < 8; i++) xf(m, t, i & 1 ? hx : -hx, i & 2 ? hy : -hy, i & 4 ? hz : -hz, corners);
      for (const f of BOX_FACES) {
        const w: number[] = [];
        for (const k of f) w.push(corners[3 * k]!, corners[3 * k + 1]!, corners[3 * k + 2]!);
        c.polygon(w, color, true);
      }
      return;
    }
    case ShapeKind3.CYLINDER: {
      const N = 16;
      const top: number[] = [];
      const bot: number[] = [];
      for (let i = 0; i < N; i++) {
        const a = (2 * Math.PI * i) / N;
        xf(m, t, g.radius * Math.cos(a), g.halfHeight, -g.radius * Math.sin(a), top);
        xf(m, t, g.radius * Math.cos(a), -g.halfHeight, -g.radius * Math.sin(a), bot);
      }
      c.polygon(top, color, true);
      const rb: number[] = [];
      for (let i = N - 1; i >= 0; i--) rb.push(bot[3 * i]!, bot[3 * i + 1]!, bot[3 * i + 2]!);
      c.polygon(rb, color, true);
      for (let i = 0; i < N; i++) {
        const j = (i + 1) % N;
        c.polygon(
          [
            ...bot.slice(3 * i, 3 * i + 3),
            ...bot.slice(3 * j, 3 * j + 3),
            ...top.slice(3 * j, 3 * j + 3),
            ...top.slice(3 * i, 3 * i + 3),
          ],
          color,
          true,
        );
      }
      return;
    }
    case ShapeKind3.HULL: {
      const v = g.vertices;
      for (let f = 0; f < g.faceCount; f++) {
        const w: number[] = [];
        for (let k = g.faceStart[f]!; k < g.faceStart[f + 1]!; k++) {
          const i = 3 * g.faceVertices[k]!;
          xf(m, t, v[i]!, v[i + 1]!, v[i + 2]!, w);
        }
        c.polygon(w, color, true);
      }
      return;
    }
    case ShapeKind3.MESH: {
      const v = g.vertices;
      for (let tr = 0; tr < g.triangleCount; tr++) {
        const w: number[] = [];
        for (let k = 0; k < 3; k++) {
          const i = 3 * g.indices[3 * tr + k]!;
          xf(m, t, v[i]!, v[i + 1]!, v[i + 2]!, w);
        }
        c.polygon(w, color, false);
      }
      return;
    }
    case ShapeKind3.HEIGHTFIELD: {
      const h = g.heights;
      const at = (r: number, col: number, out: number[]) =>
        xf(m, t, g.x(col), h[r * g.cols + col]!, g.z(r), out);
      for (let r = 0; r + 1 < g.rows; r++)
        for (let col = 0; col + 1 < g.cols; col++) {
          const w1: number[] = [];
          at(r, col, w1);
          at(r + 1, col + 1, w1);
          at(r, col + 1, w1);
          c.polygon(w1, color, false);
          const w2: number[] = [];
          at(r, col, w2);
          at(r + 1, col, w2);
          at(r + 1, col + 1, w2);
          c.polygon(w2, color, false);
        }
      return;
    }
  }
}

/**
 * Draws `world` seen by `camera` onto `ctx`, the image plane mapped by `view` (its `cx`, `cy`
 * are image-plane metres, `scale` pixels per metre at the target's distance).
 */
export function drawWorld3(
  ctx: CanvasRenderingContext2D,
  view: View,
  world: World3,
  camera: Camera3,
  options: DrawWorld3Options = {},
): void {
  const cam = new CameraFrame3(camera);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = options.background ?? '#eef0f3';
  ctx.fillRect(0, 0, view.width, view.height);
  const px = (ix: number) => toPxX(view, ix);
  const py = (iy: number) => toPxY(view, iy);
  const p2 = new Float64Array(2);
  const q2 = new Float64Array(2);

  // ground grid (segments clipped to the front of the eye)
  const grid = options.grid === undefined ? { halfSize: 10, spacing: 1 } : options.grid;
  if (grid) {
    const gy = grid.y ?? 0;
    const n = Math.floor(grid.halfSize / grid.spacing);
    ctx.strokeStyle = '#c9ced6';
    ctx.lineWidth = 1;
    ctx.beginPath();
    const seg = (x0: number, z0: number, x1: number, z1: number) => {
      let d0 = cam.depth(x0, gy, z0);
      let d1 = cam.depth(x1, gy, z1);
      const near = 0.05;
      if (d0 < near && d1 < near) return;
      if (d0 < near || d1 < near) {
        const s = (near - d0) / (d1 - d0);
        const xm = x0 + s * (x1 - x0);
        const zm = z0 + s * (z1 - z0);
        if (d0 < near) {
          x0 = xm;
          z0 = zm;
          d0 = near;
        } else {
          x1 = xm;
          z1 = zm;
          d1 = near;
        }
      }
      cam.project(x0, gy, z0, p2);
      cam.project(x1, gy, z1, q2);
      ctx.moveTo(px(p2[0]!), py(p2[1]!));
      ctx.lineTo(px(q2[0]!), py(q2[1]!));
    };
    for (let i = -n; i <= n; i++) {
      const a = i * grid.spacing;
      seg(a, -n * grid.spacing, a, n * grid.spacing);
      seg(-n * grid.spacing, a, n * grid.spacing, a);
    }
    ctx.stroke();
  }

  // collect every shape's primitives
  const c = new PrimCollector(cam, options.light ?? [-0.4, 0.8, 0.45], options.edges ?? true);
  const xfs = new Float64Array(7 * Math.max(1, world.bodyCount));
  world.readTransforms(xfs);
  const ids = world.bodyIds();
  const m = new Float64Array(9);
  const t = new Float64Array(3);
  const staticColor = options.staticColor ?? '#b8b0a4';
  for (let b = 0; b < ids.length; b++) {
    const id = ids[b]!;
    const type = world.getBodyType(id);
    const color =
      type === 'dynamic'
        ? (options.colorOf?.(id, b) ?? BODY_PALETTE3[b % BODY_PALETTE3.length]!)
        : staticColor;
    c.layer = type === 'dynamic' ? 1 : 0;
    for (const s of world.getBodyShapes(id)) {
      if (options.hidden?.(s)) continue;
      shapeWorld(xfs, 7 * b, world.getShapeLocalTransform(s), m, t);
      collectShape(c, world.getShapeGeometry(s), m, t, color);
    }
  }
  // the static and kinematic scenery first (its large faces would hide what rests on them), then
  // the moving bodies far to near; ties keep the collection order (a stable sort)
  const prims = c.prims;
  prims.sort((a, b) => a.layer - b.layer || b.depth - a.depth);
  ctx.lineJoin = 'round';
  for (const p of prims) {
    if (p.kind === 0) {
      ctx.beginPath();
      ctx.moveTo(px(p.pts[0]!), py(p.pts[1]!));
      for (let i = 2; i < p.pts.length; i += 2) ctx.lineTo(px(p.pts[i]!), py(p.pts[i + 1]!));
      ctx.closePath();
      ctx.fillStyle = p.fill;
      ctx.fill();
      if (p.stroke) {
        ctx.strokeStyle = p.stroke;
        ctx.lineWidth = 0.8;
        ctx.stroke();
      }
    } else if (p.kind === 1) {
      const x = px(p.pts[0]!);
      const y = py(p.pts[1]!);
      const r = Math.max(0.5, p.radius * view.scale);
      const grad = ctx.createRadialGradient(x - 0.35 * r, y - 0.35 * r, 0.1 * r, x, y, r);
      grad.addColorStop(0, shade(p.fill, 1.35));
      grad.addColorStop(1, shade(p.fill, 0.55));
      ctx.fillStyle = grad;
      ctx.beginPath();
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      ctx.fill();
      if (p.stroke) {
        ctx.strokeStyle = p.stroke;
        ctx.lineWidth = 0.8;
        ctx.stroke();
      }
    } else {
      const w = Math.max(1, 2 * p.radius * view.scale);
      ctx.lineCap = 'round';
      ctx.strokeStyle = shade(p.fill, 0.6);
      ctx.lineWidth = w;
      ctx.beginPath();
      ctx.moveTo(px(p.pts[0]!), py(p.pts[1]!));
      ctx.lineTo(px(p.pts[2]!), py(p.pts[3]!));
      ctx.stroke();
      ctx.strokeStyle = shade(p.fill, 1.05);
      ctx.lineWidth = 0.6 * w;
      ctx.stroke();
      ctx.lineCap = 'butt';
    }
  }

  if (options.contacts) {
    ctx.strokeStyle = '#d62828';
    ctx.fillStyle = '#d62828';
    ctx.lineWidth = 1.5;
    for (const info of world.contacts()) {
      for (const pt of info.points) {
        cam.project(pt.x, pt.y, pt.z, p2);
        cam.project(
          pt.x + 0.3 * info.normal[0],
          pt.y + 0.3 * info.normal[1],
          pt.z + 0.3 * info.normal[2],
          q2,
        );
        ctx.fillRect(px(p2[0]!) - 2, py(p2[1]!) - 2, 4, 4);
        ctx.beginPath();
        ctx.moveTo(px(p2[0]!), py(p2[1]!));
        ctx.lineTo(px(q2[0]!), py(q2[1]!));
        ctx.stroke();
      }
    }
  }
  ctx.restore();
}
