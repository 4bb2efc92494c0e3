/**
 * Engine-owned debug drawing: `drawWorld` walks a world's stores (bodies, shapes, joints,
 * contacts, islands, broadphase boxes) and reports what it sees through the `DebugDraw2` callbacks, in world
 * units. The engine decides what is drawn and in which colour; a backend (the Canvas 2D one in
 * render/debug-draw-canvas.ts, a recorder in the tests) decides how. No allocation per call.
 */
import { BODY_DYNAMIC, BODY_KINEMATIC, BODY_STATIC } from './body-store.js';
import { JOINT_MOUSE, JP_ANCHOR_AX, JP_STRIDE, JP_TARGET_X } from './joints/joint-store.js';
import type { World } from './world.js';

/**
 * The drawing callbacks, all in world units (y up). Colours are one number 0xRRGGBB. `solid`
 * means filled with `color` and outlined in {@link DEBUG_OUTLINE}; not solid means an outline in
 * `color` only (sensors, broadphase boxes).
 */
export interface DebugDraw2 {
  /**
   * A convex polygon of `count` vertices, interleaved `[x0, y0, x1, y1, …]` counter-clockwise,
   * swept by `radius` (0 for a sharp polygon). The array is reused: copy what you keep.
   */
  polygon(
    vertices: Float64Array | number[],
    count: number,
    radius: number,
    color: number,
    solid: boolean,
  ): void;
  /** A circle; `angle` is the body's rotation, for a spoke from the centre. */
  circle(cx: number, cy: number, r: number, angle: number, color: number, solid: boolean): void;
  /** A capsule: the segment (x1, y1)–(x2, y2) swept by `r`. */
  capsule(x1: number, y1: number, x2: number, y2: number, r: number, color: number, solid: boolean): void;
  /** A line (a segment shape, a contact normal). */
  segment(x1: number, y1: number, x2: number, y2: number, color: number): void;
  /** A point marker `size` pixels across (not world units: it stays visible at every zoom). */
  point(x: number, y: number, size: number, color: number): void;
}

/** What {@link drawWorld} draws. Shapes and joints are on unless set false; everything else is off. */
export interface DebugDrawOptions {
  /** the shapes of every body (default true) */
  shapes?: boolean;
  /** the joints: a segment between the two world anchors and a point at each (default true) */
  joints?: boolean;
  /** the fattened broadphase boxes */
  aabbs?: boolean;
  /** contact points: red when touching, blue when speculative (separation > 0) */
  contacts?: boolean;
  /** contact normals, 0.3 m long */
  normals?: boolean;
  /** colour dynamic bodies by island instead of by awake state */
  islands?: boolean;
  /** sleeping bodies in {@link DEBUG_ASLEEP} (or a pale island colour) */
  sleep?: boolean;
}

/** The outline colour of solid shapes. */
export const DEBUG_OUTLINE = 0x2b2b2b;
/** The fill colour of static bodies (0xRRGGBB). */
export const DEBUG_STATIC = 0x8d99a6;
/** The fill colour of kinematic bodies. */
export const DEBUG_KINEMATIC = 0x5b8bd9;
/** The fill colour of awake dynamic bodies. */
export const DEBUG_DYNAMIC = 0xe08a3c;
/** The fill colour of a sleeping body (with the `sleep` option). */
export const DEBUG_ASLEEP = 0x9fb4c7;
/** The outline colour of the broadphase's fattened boxes (the `aabbs` option). */
export const DEBUG_AABB = 0x9467bd;
/** The colour of a touching contact point (separation ≤ 0, the `contacts` option). */
export const DEBUG_CONTACT = 0xd62728;
/** The colour of a speculative contact point (separation > 0, not yet touching). */
export const DEBUG_SPECULATIVE = 0x1f77b4;
/** The colour of the contact normals (the `normals` option), drawn 0.3 m long from each point. */
export const DEBUG_NORMAL = 0x2ca02c;
/** The colour of joints: a segment between the two world anchors and a dot at each. */
export const DEBUG_JOINT = 0x17becf;
/** Island colours, cycled by island id. */
export const DEBUG_ISLAND_COLORS: readonly number[] = [
  0xe45756, 0x4c78a8, 0x54a24b, 0xeeca3b, 0xb279a2, 0xff9da6, 0x9d755d, 0x72b7b2,
];

/** `color` mixed with white: weight `t` of the colour (a sleeping body's island colour at t = 0.45). */
export function paleColor(color: number, t: number): number {
  const r = (color >> 16) & 255;
  const g = (color >> 8) & 255;
  const b = color & 255;
  const mix = (c: number) => Math.round(255 - t * (255 - c));
  return (mix(r) << 16) | (mix(g) << 8) | mix(b);
}

/** One scratch buffer for transformed polygon vertices (at most 8, geometry/shapes2d.ts). */
const VERTS = new Float64Array(16);

/** Walks `world` and draws it through `dd` (textbook §26.2 state: centre of mass and rotation). */
export function drawWorld(world: World, dd: DebugDraw2, options: DebugDrawOptions = {}): void {
  const b = world.bodies;
  const sh = world.shapes;
  if (options.shapes !== false) {
    const islandOf = world.islands.islandOf;
    const nIsland = DEBUG_ISLAND_COLORS.length;
    for (let s = 0; s < sh.count; s++) {
      if (!sh.alive[s]) continue;
      const bi = sh.body[s]!;
      const g = sh.geom[s]!;
      // body origin = centre of mass − R · local centre
      const c = b.qc[bi]!;
      const sn = b.qs[bi]!;
      const ox = b.cx[bi]! - (c * b.lcx[bi]! - sn * b.lcy[bi]!);
      const oy = b.cy[bi]! - (sn * b.lcx[bi]! + c * b.lcy[bi]!);
      const type = b.type[bi];
      let color =
        type === BODY_STATIC ? DEBUG_STATIC : type === BODY_KINEMATIC ? DEBUG_KINEMATIC : DEBUG_DYNAMIC;
      const asleep = options.sleep === true && type !== BODY_STATIC && b.awake[bi] === 0;
      if (options.islands && type === BODY_DYNAMIC) {
        const island = islandOf[bi]!;
        color = DEBUG_ISLAND_COLORS[((island % nIsland) + nIsland) % nIsland]!;
        if (asleep) color = paleColor(color, 0.45);
      } else if (asleep) {
        color = DEBUG_ASLEEP;
      }
      const solid = sh.sensor[s] === 0;
      for (let k = 0; k < g.count; k++) {
        const x = g.vx[k]!;
        const y = g.vy[k]!;
        VERTS[2 * k] = ox + c * x - sn * y;
        VERTS[2 * k + 1] = oy + sn * x + c * y;
      }
      if (g.kind === 'circle') {
        // portable-math: exempt (drawing only)
        dd.circle(VERTS[0]!, VERTS[1]!, g.radius, Math.atan2(sn, c), color, solid);
      } else if (g.kind === 'segment') {
        dd.segment(VERTS[0]!, VERTS[1]!, VERTS[2]!, VERTS[3]!, color);
      } else if (g.kind === 'capsule') {
        dd.capsule(VERTS[0]!, VERTS[1]!, VERTS[2]!, VERTS[3]!, g.radius, color, solid);
      } else {
        dd.polygon(VERTS, g.count, g.radius, color, solid);
      }
    }
  }
  if (options.aabbs) {
    const fat = sh.fat;
    for (let s = 0; s < sh.count; s++) {
      if (!sh.alive[s]) continue;
      const k = 4 * s;
      VERTS[0] = fat[k]!;
      VERTS[1] = fat[k + 1]!;
      VERTS[2] = fat[k + 2]!;
      VERTS[3] = fat[k + 1]!;
      VERTS[4] = fat[k + 2]!;
      VERTS[5] = fat[k + 3]!;
      VERTS[6] = fat[k]!;
      VERTS[7] = fat[k + 3]!;
      dd.polygon(VERTS, 4, 0, DEBUG_AABB, false);
    }
  }
  if (options.joints !== false) drawJoints(world, dd);
  if (options.contacts || options.normals) {
    const cs = world.contactStore;
    for (let c = 0; c < cs.count; c++) {
      const nx = cs.nx[c]!;
      const ny = cs.ny[c]!;
      for (let k = 2 * c; k < 2 * c + cs.pointCount[c]!; k++) {
        const x = cs.px[k]!;
        const y = cs.py[k]!;
        if (options.contacts) dd.point(x, y, 6, cs.separation[k]! > 0 ? DEBUG_SPECULATIVE : DEBUG_CONTACT);
        if (options.normals) dd.segment(x, y, x + 0.3 * nx, y + 0.3 * ny, DEBUG_NORMAL);
      }
    }
  }
}

/** Each joint: a segment between its world anchors and a point at each (a mouse joint's A anchor is its target). */
function drawJoints(world: World, dd: DebugDraw2): void {
  const js = world.joints;
  const b = world.bodies;
  const p = js.param;
  for (let j = 0; j < js.count; j++) {
    if (!js.alive[j]) continue;
    const q = j * JP_STRIDE;
    for (let k = 0; k < 2; k++) {
      const i = k === 0 ? js.bodyA[j]! : js.bodyB[j]!;
      const c = b.qc[i]!;
      const s = b.qs[i]!;
      const lx = p[q + JP_ANCHOR_AX + 2 * k]! - b.lcx[i]!;
      const ly = p[q + JP_ANCHOR_AX + 2 * k + 1]! - b.lcy[i]!;
      VERTS[2 * k] = b.cx[i]! + c * lx - s * ly;
      VERTS[2 * k + 1] = b.cy[i]! + s * lx + c * ly;
    }
    if (js.kind[j] === JOINT_MOUSE) {
      VERTS[0] = p[q + JP_TARGET_X]!;
      VERTS[1] = p[q + JP_TARGET_X + 1]!;
    }
    dd.segment(VERTS[0]!, VERTS[1]!, VERTS[2]!, VERTS[3]!, DEBUG_JOINT);
    dd.point(VERTS[0]!, VERTS[1]!, 5, DEBUG_JOINT);
    dd.point(VERTS[2]!, VERTS[3]!, 5, DEBUG_JOINT);
  }
}
