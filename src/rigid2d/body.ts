/**
 * Bodies (Box2D v3's body.c): creating and destroying a body slot, the origin transform, and the
 * mass update (mass, centre of mass and rotational inertia from the shapes, textbook §26.2; the
 * parallel-axis shift moves the inertia to the centre of mass). The World methods in world.ts
 * validate handles and arguments and call these with the slot index.
 */
import { PhysicsError } from '../core/errors.js';
import { shapeMass, type Transform2 } from '../geometry/shapes2d.js';
import { pcos, psin } from '../math/portable.js';
import { BODY_DYNAMIC, BODY_KINEMATIC, BODY_STATIC, type BodyStore } from './body-store.js';
import { destroyBodyJoints } from './joints/joint-def.js';
import { destroyShapeSlot } from './shape.js';
import { wakeBody } from './sleep.js';
import type { BodyDef, BodyType } from './types.js';
import type { World } from './world.js';
import { BODY_DEF_KEYS, checkDef, num, vec } from './world-settings.js';

/** The store code of a body type (throws on an unknown type). */
export function bodyTypeCode(type: BodyType): number {
  const code =
    type === 'static'
      ? BODY_STATIC
      : type === 'kinematic'
        ? BODY_KINEMATIC
        : type === 'dynamic'
          ? BODY_DYNAMIC
          : -1;
  if (code < 0) {
    throw new PhysicsError(
      'invalid-argument',
      `body.type: expected 'static' | 'kinematic' | 'dynamic', got ${String(type)}`,
    );
  }
  return code;
}

/** The body type of a store code. */
export function bodyTypeName(code: number): BodyType {
  return code === BODY_STATIC ? 'static' : code === BODY_KINEMATIC ? 'kinematic' : 'dynamic';
}

/**
 * Magnitude limits at the API boundary (documented on {@link BodyDef}): a value past them can only
 * overflow to ∞ within a few steps (squares in the solver and the boxes reach 1e308), so it is
 * rejected where it enters, naming the field, instead of surfacing later as non-finite state.
 */
/** |position coordinate| in m; also every coordinate and size of a shape definition (body frame) */
export const MAX_COORDINATE = 1e12;
/** |linear velocity component| in m/s and |angular velocity| in rad/s; also |gravity| (m/s²) and |gravityScale| */
export const MAX_SPEED = 1e12;
/** |force component| in N, |torque| in N·m, |impulse component| in N·s */
export const MAX_FORCE = 1e30;
/** shape density in kg/m² (a larger one overflows the rotational inertia of a large shape) */
export const MAX_DENSITY = 1e30;

/** Throws `invalid-argument` when |v| > max (v already checked finite); returns v. */
export function limitMagnitude(v: number, max: number, where: string): number {
  if (v > max || v < -max) {
    throw new PhysicsError('invalid-argument', `${where}: magnitude must be <= ${max}, got ${v}`);
  }
  return v;
}

/** Validates `def`, fills a new body slot and returns its index. */
export function createBodySlot(w: World, def: BodyDef): number {
  checkDef(def, 'body', BODY_DEF_KEYS, ['fixedRotation', 'sleepEnabled', 'awake', 'bullet']);
  const code = bodyTypeCode(def.type ?? 'dynamic');
  const [x, y] = vec(def.position, 'body.position');
  const angle = num(def.angle, 'body.angle', 0);
  const [vx, vy] = vec(def.linearVelocity, 'body.linearVelocity');
  const av = num(def.angularVelocity, 'body.angularVelocity', 0);
  const ld = num(def.linearDamping, 'body.linearDamping', 0, 0);
  const ad = num(def.angularDamping, 'body.angularDamping', 0, 0);
  const gs = num(def.gravityScale, 'body.gravityScale', 1);
  limitMagnitude(x, MAX_COORDINATE, 'body.position[0]');
  limitMagnitude(y, MAX_COORDINATE, 'body.position[1]');
  limitMagnitude(vx, MAX_SPEED, 'body.linearVelocity[0]');
  limitMagnitude(vy, MAX_SPEED, 'body.linearVelocity[1]');
  limitMagnitude(av, MAX_SPEED, 'body.angularVelocity');
  limitMagnitude(gs, MAX_SPEED, 'body.gravityScale');
  const b = w.bodies;
  const i = b.allocate();
  b.type[i] = code;
  b.cx[i] = x;
  b.cy[i] = y;
  b.qc[i] = pcos(angle);
  b.qs[i] = psin(angle);
  b.lcx[i] = 0;
  b.lcy[i] = 0;
  b.vx[i] = code === BODY_STATIC ? 0 : vx;
  b.vy[i] = code === BODY_STATIC ? 0 : vy;
  b.w[i] = code === BODY_STATIC ? 0 : av;
  b.fx[i] = 0;
  b.fy[i] = 0;
  b.torque[i] = 0;
  b.linearDamping[i] = ld;
  b.angularDamping[i] = ad;
  b.gravityScale[i] = gs;
  b.fixedRotation[i] = def.fixedRotation ? 1 : 0;
  b.sleepEnabled[i] = def.sleepEnabled === false ? 0 : 1;
  b.bullet[i] = def.bullet === true ? 1 : 0;
  b.awake[i] = code === BODY_STATIC ? 0 : def.awake === false ? 0 : 1;
  b.sleepTime[i] = 0;
  b.dpx[i] = 0;
  b.dpy[i] = 0;
  b.dqc[i] = 1;
  b.dqs[i] = 0;
  b.firstShape[i] = -1;
  b.shapeCount[i] = 0;
  b.maxExtent[i] = 0;
  w.islands.ensureBodies(b.capacity);
  w.joints.edges.ensureBodies(b.capacity);
  w.joints.edges.resetBody(i);
  w.contactStore.edges.ensureBodies(b.capacity);
  w.contactStore.edges.resetBody(i);
  if (code === BODY_DYNAMIC) w.islands.addBody(i);
  else w.islands.noIsland(i);
  if (code === BODY_KINEMATIC) w.kinematicCount++;
  b.userData[i] = def.userData;
  updateMass(w, i);
  return i;
}

/** Destroys body slot `i`, its joints, its shapes and their contacts (end events are reported); wakes what it touched. */
export function destroyBodySlot(w: World, i: number): void {
  const b = w.bodies;
  const cs = w.contactStore;
  wakeBody(b, w.islands, i);
  destroyBodyJoints(w, i);
  for (let e = cs.edges.head[i]!; e !== -1; e = cs.edges.next[e]!) {
    const c = e >> 1;
    wakeBody(b, w.islands, cs.bodyA[c] === i ? cs.bodyB[c]! : cs.bodyA[c]!);
  }
  while (b.firstShape[i]! !== -1) destroyShapeSlot(w, b.firstShape[i]!, false);
  w.islands.removeBody(i);
  if (b.type[i] === BODY_KINEMATIC) w.kinematicCount--;
  b.free(i);
}

/** Writes the origin transform of body slot `i` (the frame its shapes live in) into `out`. */
export function originTransform(b: BodyStore, i: number, out: Transform2): Transform2 {
  const c = b.qc[i]!;
  const s = b.qs[i]!;
  return out.set(
    b.cx[i]! - (c * b.lcx[i]! - s * b.lcy[i]!),
    b.cy[i]! - (s * b.lcx[i]! + c * b.lcy[i]!),
    c,
    s,
  );
}

/** Recomputes mass, centre of mass and inertia of body slot `i` from its shapes (the origin stays in place). */
export function updateMass(w: World, i: number): void {
  const b = w.bodies;
  const sh = w.shapes;
  const xf = originTransform(b, i, w.xfA);
  const ox = xf.px;
  const oy = xf.py;
  let mass = 0;
  let mx = 0;
  let my = 0;
  let inertia = 0;
  for (let s = b.firstShape[i]!; s !== -1; s = sh.next[s]!) {
    if (sh.density[s] === 0) continue;
    const md = shapeMass(sh.geom[s]!, sh.density[s]!);
    mass += md.mass;
    mx += md.mass * md.cx;
    my += md.mass * md.cy;
    inertia += md.inertia;
  }
  let lcx = 0;
  let lcy = 0;
  if (mass > 0) {
    lcx = mx / mass;
    lcy = my / mass;
    inertia -= mass * (lcx * lcx + lcy * lcy);
  }
  if (b.type[i] !== BODY_DYNAMIC) {
    b.mass[i] = 0;
    b.invMass[i] = 0;
    b.inertia[i] = 0;
    b.invI[i] = 0;
  } else {
    if (mass <= 0) {
      mass = 1; // a dynamic body always has mass (Box2D's rule)
      inertia = 0;
    }
    b.mass[i] = mass;
    b.invMass[i] = 1 / mass;
    if (inertia > 0 && !b.fixedRotation[i]) {
      b.inertia[i] = inertia;
      b.invI[i] = 1 / inertia;
    } else {
      b.inertia[i] = 0;
      b.invI[i] = 0;
    }
  }
  b.lcx[i] = lcx;
  b.lcy[i] = lcy;
  const c = b.qc[i]!;
  const s = b.qs[i]!;
  b.cx[i] = ox + c * lcx - s * lcy;
  b.cy[i] = oy + s * lcx + c * lcy;
  // extent for the sleep test
  let ext = 0;
  for (let k = b.firstShape[i]!; k !== -1; k = sh.next[k]!) {
    const g = sh.geom[k]!;
    for (let v = 0; v < g.count; v++) {
      const dx = g.vx[v]! - lcx;
      const dy = g.vy[v]! - lcy;
      const d = Math.sqrt(dx * dx + dy * dy) + g.radius;
      if (d > ext) ext = d;
    }
  }
  b.maxExtent[i] = ext;
  b.minExtent[i] = minExtentOf(w, i);
}

/**
 * The smallest half-size over the body's shapes: a circle's or capsule's radius, a polygon's
 * smallest centroid-to-edge distance plus its rounding; a segment counts as the linear slop
 * (0.005 m). 1e30 for a body without shapes.
 */
function minExtentOf(w: World, i: number): number {
  const sh = w.shapes;
  let ext = 1e30;
  for (let k = w.bodies.firstShape[i]!; k !== -1; k = sh.next[k]!) {
    const g = sh.geom[k]!;
    let e = g.radius;
    if (g.count >= 3) {
      let m = Number.POSITIVE_INFINITY;
      for (let v = 0; v < g.count; v++) {
        const d = g.nx[v]! * (g.vx[v]! - g.centroidX) + g.ny[v]! * (g.vy[v]! - g.centroidY);
        if (d < m) m = d;
      }
      e += m;
    }
    if (e < 0.005) e = 0.005;
    if (e < ext) ext = e;
  }
  return ext;
}

/** Marks body slot `i` a bullet (continuous collision against every shape, continuous.ts) or not. */
export function setBodyBullet(w: World, i: number, flag: boolean): void {
  w.bodies.bullet[i] = flag ? 1 : 0;
}

/**
 * The step's guard: non-finite state never spreads. Run right after the solve (before the boxes,
 * the broadphase and the continuous stage see the new state). A cheap pass over the awake bodies
 * (x − x is 0 for a finite x and NaN for NaN or ±∞, so one sum tells); when it is not 0 the first
 * body with a non-finite position, angle or velocity is named in a `non-finite` error. Nothing is
 * restored: the world's state is lost and the world must be rebuilt (as in the xpbd world).
 */
export function assertFiniteBodies(w: World, step: number): void {
  const b = w.bodies;
  const list = w.scratch.awakeList;
  const n = w.lastStep.awakeBodies;
  const { cx, cy, qc, qs, vx, vy } = b;
  const av = b.w;
  let acc = 0;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    acc += cx[i]! - cx[i]! + (cy[i]! - cy[i]!) + (qc[i]! - qc[i]!) + (qs[i]! - qs[i]!);
    acc += vx[i]! - vx[i]! + (vy[i]! - vy[i]!) + (av[i]! - av[i]!);
  }
  if (acc === 0) return;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    const field = !Number.isFinite(cx[i]! + cy[i]!)
      ? `position=(${cx[i]}, ${cy[i]})`
      : !Number.isFinite(qc[i]! + qs[i]!)
        ? `angle (cos, sin)=(${qc[i]}, ${qs[i]})`
        : !Number.isFinite(vx[i]! + vy[i]!)
          ? `linearVelocity=(${vx[i]}, ${vy[i]})`
          : !Number.isFinite(av[i]!)
            ? `angularVelocity=${av[i]}`
            : '';
    if (field === '') continue;
    throw new PhysicsError(
      'non-finite',
      `rigid2d.bodies[${i}] (body ${w.bodyId(i)}): position/angle/velocity must be finite after step ${step}, got ${field}; the world's state is lost: rebuild the world`,
    );
  }
}
