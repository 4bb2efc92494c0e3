/**
 * A particle liquid drawn as a surface in 3D (textbook §26.4 "surfaces"): the particles are splatted
 * into a density field (`spatial/density-splat.ts`) on a coarse node grid (by default two particle
 * spacings a cell, so a frame stays cheap), marching cubes (Lorensen & Cline 1987,
 * `geometry/marching-cubes.ts`) extracts the iso-surface at half the rest density, and the mesh is
 * handed out as float32 positions, smooth vertex normals (area-weighted face normals, Gouraud 1971)
 * and a triangle index list — what a WebGL buffer takes (the playground's three.js view) — or drawn
 * headless through the Canvas 2D API as flat-shaded triangles sorted far to near (the painter's
 * algorithm, Newell et al. 1972; the CLI). Any engine's particles (stride 3, any offset) can be
 * surfaced; the buffers only grow: once sized, an update allocates nothing.
 */
import { toPxX, toPxY, type View } from '../core/view.js';
import { MarchingCubes } from '../geometry/marching-cubes.js';
import { DensitySplat } from '../spatial/density-splat.js';
import type { CameraFrame3 } from './view3d.js';

/** The default light direction of the flat shading (towards the light, not normalised). */
const DEFAULT_LIGHT: readonly [number, number, number] = [-0.4, 0.8, 0.45];

/** Options of a {@link LiquidSurface3D}. */
export interface LiquidSurface3Options {
  /** the region the liquid stays in (the tank's inside), lower corner [x, y, z] */
  min: number[];
  /** upper corner [x, y, z] */
  max: number[];
  /** the particles' rest spacing */
  spacing: number;
  /** node spacing of the density field (default 2 particle spacings) */
  cell?: number;
  /** splat kernel radius (default 1.5 cells) */
  radius?: number;
  /** the iso level in units of the rest density (default 0.5) */
  iso?: number;
  /** the liquid's colour, r, g, b in [0, 1] (default a water blue) */
  color?: readonly [number, number, number];
}

/** The iso-surface of a particle liquid in 3D, refreshed by {@link update}. */
export class LiquidSurface3D {
  /** the density field */
  readonly splat: DensitySplat;
  /** the marching-cubes mesh of the last update (float64, shared points) */
  readonly mesh = new MarchingCubes();
  /** the particle spacing */
  readonly spacing: number;
  /** the splat radius */
  readonly radius: number;
  /** the iso level (fraction of the rest density) */
  readonly iso: number;
  /** the liquid's colour, r, g, b in [0, 1] */
  readonly color: readonly [number, number, number];
  /** surface points x, y, z (float32, `vertexCount` used) */
  positions = new Float32Array(0);
  /** unit vertex normals pointing out of the liquid (float32, `vertexCount` used) */
  normals = new Float32Array(0);
  /** triangles as point index triples, counter-clockwise seen from outside (`triangleCount` used) */
  indices = new Uint32Array(0);
  /** points in use */
  vertexCount = 0;
  /** triangles in use */
  triangleCount = 0;
  /** counts the updates whose mesh outgrew the buffers (a renderer re-uploads them whole then) */
  generation = 0;
  // painter's-algorithm scratch for `draw` (grown on demand)
  private depth = new Float64Array(0);
  private order = new Uint32Array(0);
  private screen = new Float64Array(0);
  private readonly p2 = new Float64Array(2);
  /** far faces first (one comparator for every frame: no closure per sort) */
  private readonly farFirst = (f: number, g: number): number => this.depth[g]! - this.depth[f]!;

  constructor(o: LiquidSurface3Options) {
    this.spacing = o.spacing;
    const cell = o.cell ?? 2 * o.spacing;
    this.radius = o.radius ?? 1.5 * cell;
    this.iso = o.iso ?? 0.5;
    this.color = o.color ?? [0.23, 0.51, 0.77];
    const pad = Math.ceil(this.radius / cell) + 1;
    this.splat = new DensitySplat({ dim: 3, min: o.min, max: o.max, cell, pad });
  }

  /** Splats `count` particles (particle p at x[stride (first + p)] …) and extracts the surface. */
  update(x: ArrayLike<number>, stride: number, first: number, count: number): void {
    const s = this.splat;
    s.clear();
    if (count > 0) s.splat(x, stride, first, count, this.spacing, this.radius);
    const mc = this.mesh;
    mc.surface(s.field, s.nx, s.ny, s.nz, this.iso, s.origin[0], s.origin[1], s.origin[2], s.cell);
    const nv = mc.vertexCount;
    const nt = mc.triangleCount;
    if (this.positions.length < 3 * nv || this.indices.length < 3 * nt) {
      const cv = Math.max(3 * nv, this.positions.length, 3 * 1024);
      const ct = Math.max(3 * nt, this.indices.length, 3 * 2048);
      const growV = cv > this.positions.length ? Math.ceil(1.5 * cv) : cv;
      const growT = ct > this.indices.length ? Math.ceil(1.5 * ct) : ct;
      this.positions = new Float32Array(growV);
      this.normals = new Float32Array(growV);
      this.indices = new Uint32Array(growT);
      this.generation++;
    }
    const P = this.positions;
    const N = this.normals;
    const I = this.indices;
    const v = mc.vertices;
    const t = mc.triangles;
    for (let k = 0; k < 3 * nv; k++) {
      P[k] = v[k]!;
      N[k] = 0;
    }
    // area-weighted face normals summed at the points (the cross product's length is twice the area)
    for (let f = 0; f < nt; f++) {
      const a = t[3 * f]!;
      const b = t[3 * f + 1]!;
      const c = t[3 * f + 2]!;
      I[3 * f] = a;
      I[3 * f + 1] = b;
      I[3 * f + 2] = c;
      const ux = v[3 * b]! - v[3 * a]!;
      const uy = v[3 * b + 1]! - v[3 * a + 1]!;
      const uz = v[3 * b + 2]! - v[3 * a + 2]!;
      const wx = v[3 * c]! - v[3 * a]!;
      const wy = v[3 * c + 1]! - v[3 * a + 1]!;
      const wz = v[3 * c + 2]! - v[3 * a + 2]!;
      const nx = uy * wz - uz * wy;
      const ny = uz * wx - ux * wz;
      const nz = ux * wy - uy * wx;
      N[3 * a]! += nx;
      N[3 * a + 1]! += ny;
      N[3 * a + 2]! += nz;
      N[3 * b]! += nx;
      N[3 * b + 1]! += ny;
      N[3 * b + 2]! += nz;
      N[3 * c]! += nx;
      N[3 * c + 1]! += ny;
      N[3 * c + 2]! += nz;
    }
    for (let q = 0; q < nv; q++) {
      const x0 = N[3 * q]!;
      const y0 = N[3 * q + 1]!;
      const z0 = N[3 * q + 2]!;
      const l = Math.sqrt(x0 * x0 + y0 * y0 + z0 * z0);
      if (l > 0) {
        N[3 * q] = x0 / l;
        N[3 * q + 1] = y0 / l;
        N[3 * q + 2] = z0 / l;
      } else N[3 * q + 1] = 1;
    }
    this.vertexCount = nv;
    this.triangleCount = nt;
  }

  /** The enclosed volume (m³) of the last surface, by the divergence theorem (a closed mesh). */
  volume(): number {
    const v = this.mesh.vertices;
    const t = this.mesh.triangles;
    let six = 0;
    for (let f = 0; f < this.triangleCount; f++) {
      const a = 3 * t[3 * f]!;
      const b = 3 * t[3 * f + 1]!;
      const c = 3 * t[3 * f + 2]!;
      six +=
        v[a]! * (v[b + 1]! * v[c + 2]! - v[b + 2]! * v[c + 1]!) +
        v[a + 1]! * (v[b + 2]! * v[c]! - v[b]! * v[c + 2]!) +
        v[a + 2]! * (v[b]! * v[c + 1]! - v[b + 1]! * v[c]!);
    }
    return six / 6;
  }

  /**
   * Draws the surface seen through `frame` as flat-shaded triangles, far to near, back faces culled:
   * `rgb` the colour in [0, 1] (default the surface's), lit from `light` (towards the light, default
   * upper left front).
   */
  draw(
    ctx: CanvasRenderingContext2D,
    view: View,
    frame: CameraFrame3,
    rgb: readonly [number, number, number] = this.color,
    light: readonly [number, number, number] = DEFAULT_LIGHT,
  ): void {
    const n = this.sortFaces(view, frame);
    for (let k = 0; k < n; k++) this.drawFace(ctx, k, rgb, light);
  }

  /**
   * Projects the surface through `frame` onto `view`'s pixels and sorts its front faces far to
   * near; returns how many there are (for drawing them interleaved with other primitives by
   * {@link faceDepth} and {@link drawFace}).
   */
  sortFaces(view: View, frame: CameraFrame3): number {
    const nt = this.triangleCount;
    const nv = this.vertexCount;
    if (this.screen.length < 2 * nv) this.screen = new Float64Array(2 * nv);
    if (this.depth.length < nt) {
      this.depth = new Float64Array(nt);
      this.order = new Uint32Array(nt);
    }
    const P = this.positions;
    const I = this.indices;
    const sc = this.screen;
    const p2 = this.p2;
    for (let q = 0; q < nv; q++) {
      frame.project(P[3 * q]!, P[3 * q + 1]!, P[3 * q + 2]!, p2);
      sc[2 * q] = toPxX(view, p2[0]!);
      sc[2 * q + 1] = toPxY(view, p2[1]!);
    }
    const depth = this.depth;
    const order = this.order;
    let shown = 0;
    for (let f = 0; f < nt; f++) {
      const a = I[3 * f]!;
      const b = I[3 * f + 1]!;
      const c = I[3 * f + 2]!;
      // back faces wind clockwise on the screen (y down: the signed area is positive)
      const ax = sc[2 * a]!;
      const ay = sc[2 * a + 1]!;
      const area = (sc[2 * b]! - ax) * (sc[2 * c + 1]! - ay) - (sc[2 * c]! - ax) * (sc[2 * b + 1]! - ay);
      if (area >= 0) continue;
      depth[f] = frame.depth(
        (P[3 * a]! + P[3 * b]! + P[3 * c]!) / 3,
        (P[3 * a + 1]! + P[3 * b + 1]! + P[3 * c + 1]!) / 3,
        (P[3 * a + 2]! + P[3 * b + 2]! + P[3 * c + 2]!) / 3,
      );
      order[shown++] = f;
    }
    order.subarray(0, shown).sort(this.farFirst);
    return shown;
  }

  /** The depth (m from the eye along the view) of the k-th face of the last {@link sortFaces}. */
  faceDepth(k: number): number {
    return this.depth[this.order[k]!]!;
  }

  /** Draws the k-th face of the last {@link sortFaces}, flat-shaded (see {@link draw}). */
  drawFace(
    ctx: CanvasRenderingContext2D,
    k: number,
    rgb: readonly [number, number, number] = this.color,
    light: readonly [number, number, number] = DEFAULT_LIGHT,
  ): void {
    const I = this.indices;
    const N = this.normals;
    const sc = this.screen;
    const f = this.order[k]!;
    const a = I[3 * f]!;
    const b = I[3 * f + 1]!;
    const c = I[3 * f + 2]!;
    const nx = N[3 * a]! + N[3 * b]! + N[3 * c]!;
    const ny = N[3 * a + 1]! + N[3 * b + 1]! + N[3 * c + 1]!;
    const nz = N[3 * a + 2]! + N[3 * b + 2]! + N[3 * c + 2]!;
    const nl = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
    const ll = Math.sqrt(light[0] * light[0] + light[1] * light[1] + light[2] * light[2]) || 1;
    const lit = Math.max(0, (nx * light[0] + ny * light[1] + nz * light[2]) / (nl * ll));
    const s = 0.5 + 0.6 * lit;
    const col = `rgb(${Math.min(255, Math.round(255 * rgb[0] * s))},${Math.min(255, Math.round(255 * rgb[1] * s))},${Math.min(255, Math.round(255 * rgb[2] * s))})`;
    ctx.fillStyle = col;
    ctx.strokeStyle = col;
    ctx.beginPath();
    ctx.moveTo(sc[2 * a]!, sc[2 * a + 1]!);
    ctx.lineTo(sc[2 * b]!, sc[2 * b + 1]!);
    ctx.lineTo(sc[2 * c]!, sc[2 * c + 1]!);
    ctx.closePath();
    ctx.fill();
    // a hairline in the same colour closes the anti-aliasing seams between neighbours
    ctx.lineWidth = 0.5;
    ctx.stroke();
  }
}
