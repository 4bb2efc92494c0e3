/**
 * Support functions (textbook §26.2, "GJK and EPA"): the one question GJK asks of a convex shape,
 * "which point of you lies farthest in direction d?". For a circle it is c + r·d̂, for a box the
 * corner on d's side. Anything that answers it can be fed to GJK and EPA — a polygon, a circle,
 * a capsule, an ellipse someone writes tomorrow.
 *
 * Rounded shapes are split into a *core* and a *radius* (Box2D's convention): a circle is a point
 * core with radius r, a capsule a segment core, a rounded polygon a polygon core. GJK and EPA work
 * on the cores; the radii are added at the end (`convexContact` in `epa2d.ts`). `support` answers for the core,
 * `supportRounded` for the full shape.
 */
import type { ConvexShape2 } from './shapes2d.js';

/** A 2D point written by a support function. */
export interface Point2 {
  /** x */
  x: number;
  /** y */
  y: number;
}

/** A convex shape as GJK/EPA see it: a core answering support queries, plus a rounding radius. */
export interface SupportShape {
  /** radius added around the core (0 for sharp polygons and segments) */
  readonly radius: number;
  /**
   * Writes into `out` a point of the core farthest along (dx, dy) (d need not be unit length;
   * any maximiser is fine when several tie).
   */
  support(dx: number, dy: number, out: Point2): void;
  /** Any point of the core (GJK's starting point); usually its centre. */
  center(out: Point2): void;
}

/** The support point of the rounded shape: core support + radius · d̂. */
export function supportRounded(shape: SupportShape, dx: number, dy: number, out: Point2): Point2 {
  shape.support(dx, dy, out);
  if (shape.radius > 0) {
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len > 0) {
      out.x += (shape.radius * dx) / len;
      out.y += (shape.radius * dy) / len;
    }
  }
  return out;
}

/**
 * A convex point set in world space: 1 vertex (circle core), 2 (segment / capsule core) or up to
 * any number (polygon core), with a rounding radius, placed by a rigid transform (x, y, cos θ, sin θ).
 * Local vertices are copied once; `setTransform` moves it without allocating, so one proxy per
 * shape can be reused every step.
 */
export class ConvexProxy implements SupportShape {
  radius: number;
  /** local vertices x0, y0, x1, y1, … */
  readonly local: Float64Array;
  /** number of vertices */
  readonly count: number;
  private tx = 0;
  private ty = 0;
  private c = 1;
  private s = 0;
  private cx = 0;
  private cy = 0;

  constructor(localVertices: ArrayLike<number>, radius = 0) {
    this.local = Float64Array.from(localVertices);
    this.count = this.local.length >> 1;
    this.radius = radius;
    for (let i = 0; i < this.count; i++) {
      this.cx += this.local[2 * i]! / this.count;
      this.cy += this.local[2 * i + 1]! / this.count;
    }
  }

  /** Places the proxy: world = (x, y) + R(θ)·local, R given by c = cos θ, s = sin θ. */
  setTransform(x: number, y: number, c: number, s: number): this {
    this.tx = x;
    this.ty = y;
    this.c = c;
    this.s = s;
    return this;
  }

  /** World position of vertex i. */
  vertex(i: number, out: Point2): Point2 {
    const lx = this.local[2 * i]!;
    const ly = this.local[2 * i + 1]!;
    out.x = this.tx + this.c * lx - this.s * ly;
    out.y = this.ty + this.s * lx + this.c * ly;
    return out;
  }

  support(dx: number, dy: number, out: Point2): void {
    // Rotate d into the local frame (Rᵀd), pick the vertex with the largest dot product.
    const lx = this.c * dx + this.s * dy;
    const ly = -this.s * dx + this.c * dy;
    const v = this.local;
    let best = 0;
    let bestDot = v[0]! * lx + v[1]! * ly;
    for (let i = 1; i < this.count; i++) {
      const dot = v[2 * i]! * lx + v[2 * i + 1]! * ly;
      if (dot > bestDot) {
        bestDot = dot;
        best = i;
      }
    }
    this.vertex(best, out);
  }

  center(out: Point2): void {
    out.x = this.tx + this.c * this.cx - this.s * this.cy;
    out.y = this.ty + this.s * this.cx + this.c * this.cy;
  }
}

/**
 * A reusable support proxy over one of the engine's shapes (`shapes2d.ts`) without copying it:
 * `set(shape, x, y, c, s)` points it at a shape and a placement (no allocation), e.g. to run GJK
 * between a query shape and each candidate of a world query.
 */
export class ShapeSupport implements SupportShape {
  radius = 0;
  private shape: ConvexShape2 | null = null;
  private tx = 0;
  private ty = 0;
  private c = 1;
  private s = 0;

  /** Points this support at `shape` placed at (x, y) with rotation (c, s) = (cos, sin); returns this. */
  set(shape: ConvexShape2, x: number, y: number, c: number, s: number): this {
    this.shape = shape;
    this.radius = shape.radius;
    this.tx = x;
    this.ty = y;
    this.c = c;
    this.s = s;
    return this;
  }

  support(dx: number, dy: number, out: Point2): void {
    const sh = this.shape!;
    const lx = this.c * dx + this.s * dy;
    const ly = -this.s * dx + this.c * dy;
    let best = 0;
    let bestDot = sh.vx[0]! * lx + sh.vy[0]! * ly;
    for (let i = 1; i < sh.count; i++) {
      const dot = sh.vx[i]! * lx + sh.vy[i]! * ly;
      if (dot > bestDot) {
        bestDot = dot;
        best = i;
      }
    }
    const vx = sh.vx[best]!;
    const vy = sh.vy[best]!;
    out.x = this.tx + this.c * vx - this.s * vy;
    out.y = this.ty + this.s * vx + this.c * vy;
  }

  center(out: Point2): void {
    const sh = this.shape!;
    out.x = this.tx + this.c * sh.centroidX - this.s * sh.centroidY;
    out.y = this.ty + this.s * sh.centroidX + this.c * sh.centroidY;
  }
}

/** A support proxy for one of the engine's shapes (`shapes2d.ts`), placed by (x, y, c, s). */
export function shapeSupport(shape: ConvexShape2, x = 0, y = 0, c = 1, s = 0): ConvexProxy {
  const v = new Float64Array(2 * shape.count);
  for (let i = 0; i < shape.count; i++) {
    v[2 * i] = shape.vx[i]!;
    v[2 * i + 1] = shape.vy[i]!;
  }
  return new ConvexProxy(v, shape.radius).setTransform(x, y, c, s);
}

/** A circle: point core at (x, y) with radius r. */
export function circleSupport(x: number, y: number, r: number): ConvexProxy {
  return new ConvexProxy([0, 0], r).setTransform(x, y, 1, 0);
}

/** A capsule: segment core (x1, y1)–(x2, y2) with radius r (r = 0 gives a plain segment). */
export function capsuleSupport(x1: number, y1: number, x2: number, y2: number, r: number): ConvexProxy {
  return new ConvexProxy([x1, y1, x2, y2], r);
}

/** A box with half extents (hx, hy) centred at (x, y), rotated by c = cos θ, s = sin θ. */
export function boxSupport(hx: number, hy: number, x = 0, y = 0, c = 1, s = 0, radius = 0): ConvexProxy {
  return new ConvexProxy([-hx, -hy, hx, -hy, hx, hy, -hx, hy], radius).setTransform(x, y, c, s);
}

/** A convex polygon from local vertices, placed at (x, y) with rotation (c, s). */
export function polygonSupport(
  vertices: ArrayLike<number>,
  radius = 0,
  x = 0,
  y = 0,
  c = 1,
  s = 0,
): ConvexProxy {
  return new ConvexProxy(vertices, radius).setTransform(x, y, c, s);
}
