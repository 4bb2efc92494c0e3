/**
 * Bodies of the 3D world: creating and destroying a body slot, the origin transform, the mass
 * update (mass, centre of mass and inertia tensor from the shapes — massProperties3 per shape,
 * combineMass3 with the parallel-axis theorem for compounds, textbook §26.2), and the step's
 * non-finite guard. The World3 methods validate handles and arguments and call these with the slot.
 */
import { PhysicsError } from '../core/errors.js';
import { combineMass3, MassProperties3, massProperties3 } from '../geometry/mass3d.js';
import { isConvex3, type Shape3, ShapeKind3 } from '../geometry/shapes3d.js';
import { BODY_DYNAMIC, BODY_KINEMATIC, BODY_STATIC, type BodyStore3 } from './body-store.js';
import { bulletFlag } from './continuous.js';
import { invertSymmetric, symmetricFromMatrix, updateWorldInertia } from './inertia.js';
import { destroyShapeSlot3 } from './shape.js';
import { wakeBody3 } from './sleep.js';
import type { BodyDef3, BodyType3 } from './types.js';
import type { World3 } from './world.js';
import { num, quat, vec3 } from './world-settings.js';

/** |position coordinate| limit in m */
export const MAX_COORDINATE = 1e12;
/** |velocity component| limit in m/s and |angular velocity component| in rad/s */
export const MAX_SPEED = 1e12;
/** |force|, |torque|, |impulse| component limit */
export const MAX_FORCE = 1e30;

/** Throws `invalid-argument` when |v| > max (v already checked finite); returns v. */
export function limitMagnitude(v: number, max: number, where: string): number {
  if (v > max || v < -max) {
    throw new PhysicsError('invalid-argument', `${where}: magnitude must be <= ${max}, got ${v}`);
  }
  return v;
}

/** Checks each component of a 3-vector against `max`. */
export function limitVec(v: readonly number[], max: number, where: string): void {
  for (let k = 0; k < 3; k++) limitMagnitude(v[k]!, max, `${where}[${k}]`);
}

/** The store code of a body type (throws on an unknown type). */
export function bodyTypeCode3(type: BodyType3, where = 'body.type'): number {
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
      `${where}: expected 'static' | 'kinematic' | 'dynamic', got ${JSON.stringify(type)}`,
    );
  }
  return code;
}

/** The body type of a store code. */
export function bodyTypeName3(code: number): BodyType3 {
  return code === BODY_STATIC ? 'static' : code === BODY_KINEMATIC ? 'kinematic' : 'dynamic';
}

/** Validates `def`, fills a new body slot and returns its index. */
export function createBodySlot3(w: World3, def: BodyDef3): number {
  if (def === null || typeof def !== 'object') {
    throw new PhysicsError('invalid-argument', `body: expected an object, got ${JSON.stringify(def)}`);
  }
  const code = bodyTypeCode3(def.type ?? 'dynamic');
  const p = vec3(def.position, 'body.position');
  const q = quat(def.orientation, 'body.orientation');
  const v = vec3(def.linearVelocity, 'body.linearVelocity');
  const av = vec3(def.angularVelocity, 'body.angularVelocity');
  const ld = num(def.linearDamping, 'body.linearDamping', 0, 0);
  const ad = num(def.angularDamping, 'body.angularDamping', 0, 0);
  const gs = num(def.gravityScale, 'body.gravityScale', 1);
  const bullet = bulletFlag(def.bullet, 'body.bullet');
  limitVec(p, MAX_COORDINATE, 'body.position');
  limitVec(v, MAX_SPEED, 'body.linearVelocity');
  limitVec(av, MAX_SPEED, 'body.angularVelocity');
  const b = w.bodies;
  const i = b.allocate();
  const still = code === BODY_STATIC;
  b.type[i] = code;
  b.cx[i] = p[0];
  b.cy[i] = p[1];
  b.cz[i] = p[2];
  b.qx[i] = q[0];
  b.qy[i] = q[1];
  b.qz[i] = q[2];
  b.qw[i] = q[3];
  b.lcx[i] = 0;
  b.lcy[i] = 0;
  b.lcz[i] = 0;
  b.vx[i] = still ? 0 : v[0];
  b.vy[i] = still ? 0 : v[1];
  b.vz[i] = still ? 0 : v[2];
  const rot = still || def.fixedRotation === true;
  b.wx[i] = rot ? 0 : av[0];
  b.wy[i] = rot ? 0 : av[1];
  b.wz[i] = rot ? 0 : av[2];
  b.fx[i] = 0;
  b.fy[i] = 0;
  b.fz[i] = 0;
  b.tx[i] = 0;
  b.ty[i] = 0;
  b.tz[i] = 0;
  b.linearDamping[i] = ld;
  b.angularDamping[i] = ad;
  b.gravityScale[i] = gs;
  b.fixedRotation[i] = def.fixedRotation === true ? 1 : 0;
  b.sleepEnabled[i] = def.sleepEnabled === false ? 0 : 1;
  b.bullet[i] = bullet;
  b.awake[i] = still ? 0 : def.awake === false ? 0 : 1;
  b.sleepTime[i] = 0;
  b.firstShape[i] = -1;
  b.shapeCount[i] = 0;
  b.maxExtent[i] = 0;
  w.islands.ensureBodies(b.capacity);
  w.contactStore.edges.ensureBodies(b.capacity);
  w.contactStore.edges.resetBody(i);
  if (code === BODY_DYNAMIC) w.islands.addBody(i);
  else w.islands.noIsland(i);
  if (code === BODY_KINEMATIC) w.kinematicCount++;
  b.userData[i] = def.userData;
  updateMass3(w, i);
  return i;
}

/** Destroys body slot `i`, its shapes and their contacts (end events are reported); wakes what it touched. */
export function destroyBodySlot3(w: World3, i: number): void {
  const b = w.bodies;
  const cs = w.contactStore;
  wakeBody3(b, w.islands, i);
  for (let e = cs.edges.head[i]!; e !== -1; e = cs.edges.next[e]!) {
    const c = e >> 1;
    wakeBody3(b, w.islands, cs.bodyA[c] === i ? cs.bodyB[c]! : cs.bodyA[c]!);
  }
  while (b.firstShape[i]! !== -1) destroyShapeSlot3(w, b.firstShape[i]!, false);
  w.islands.removeBody(i);
  if (b.type[i] === BODY_KINEMATIC) w.kinematicCount--;
  b.free(i);
}

/**
 * Writes the origin transform of body slot `i` (the frame its shapes live in) into out[o..o+6]
 * as [px, py, pz, qx, qy, qz, qw]: origin = c − R·localCenter.
 */
export function originTransform3(b: BodyStore3, i: number, out: Float64Array, o: number): void {
  const x = b.qx[i]!;
  const y = b.qy[i]!;
  const z = b.qz[i]!;
  const qw = b.qw[i]!;
  const lx = b.lcx[i]!;
  const ly = b.lcy[i]!;
  const lz = b.lcz[i]!;
  // R·l by t = 2 q×l, l' = l + w t + q×t
  const tx = 2 * (y * lz - z * ly);
  const ty = 2 * (z * lx - x * lz);
  const tz = 2 * (x * ly - y * lx);
  out[o] = b.cx[i]! - (lx + qw * tx + (y * tz - z * ty));
  out[o + 1] = b.cy[i]! - (ly + qw * ty + (z * tx - x * tz));
  out[o + 2] = b.cz[i]! - (lz + qw * tz + (x * ty - y * tx));
  out[o + 3] = x;
  out[o + 4] = y;
  out[o + 5] = z;
  out[o + 6] = qw;
}

/** The radius of a sphere about the shape's own origin that holds it (for the sleep extent). */
function boundingRadius(g: Shape3): number {
  switch (g.kind) {
    case ShapeKind3.SPHERE:
      return g.radius;
    case ShapeKind3.BOX:
      return Math.sqrt(g.hx * g.hx + g.hy * g.hy + g.hz * g.hz);
    case ShapeKind3.CAPSULE:
      return g.halfHeight + g.radius;
    case ShapeKind3.CYLINDER:
      return Math.sqrt(g.halfHeight * g.halfHeight + g.radius * g.radius);
    case ShapeKind3.HULL:
      return g.boundingRadius + g.radius;
    default:
      return 0;
  }
}

/**
 * Recomputes mass, centre of mass and inertia tensor of body slot `i` from its shapes (the
 * origin stays in place): each shape of density > 0 contributes massProperties3 placed by its
 * local transform; combineMass3 adds them by the parallel-axis theorem. A dynamic body without
 * mass gets mass 1 and no rotation (Box2D's rule). The world inverse inertia is rebuilt.
 */
export function updateMass3(w: World3, i: number): void {
  const b = w.bodies;
  const sh = w.shapes;
  const xf = w.scratchXf;
  originTransform3(b, i, xf, 0);
  const parts: MassProperties3[] = [];
  const xfs: number[] = [];
  for (let s = b.firstShape[i]!; s !== -1; s = sh.next[s]!) {
    const g = sh.geom[s]!;
    if (sh.density[s] === 0 || !isConvex3(g)) continue;
    parts.push(massProperties3(g, sh.density[s]!, new MassProperties3(), 'shape'));
    for (let k = 0; k < 7; k++) xfs.push(sh.local[7 * s + k]!);
  }
  const total = combineMass3(parts, xfs, new MassProperties3());
  let mass = total.mass;
  const io = 6 * i;
  if (b.type[i] !== BODY_DYNAMIC) {
    b.mass[i] = 0;
    b.invMass[i] = 0;
    for (let k = 0; k < 6; k++) {
      b.inertia[io + k] = 0;
      b.invInertia[io + k] = 0;
    }
  } else {
    let noRotation = b.fixedRotation[i] === 1;
    if (!(mass > 0)) {
      mass = 1;
      noRotation = true;
    }
    b.mass[i] = mass;
    b.invMass[i] = 1 / mass;
    symmetricFromMatrix(b.inertia, io, total.inertia, 0);
    if (noRotation) for (let k = 0; k < 6; k++) b.invInertia[io + k] = 0;
    else invertSymmetric(b.invInertia, io, b.inertia, io);
  }
  const lc = total.mass > 0 ? total.center : new Float64Array(3);
  b.lcx[i] = lc[0]!;
  b.lcy[i] = lc[1]!;
  b.lcz[i] = lc[2]!;
  // the centre of mass moves with the new local centre; the origin stays where it was
  const ox = xf[0]!;
  const oy = xf[1]!;
  const oz = xf[2]!;
  b.cx[i] = 0;
  b.cy[i] = 0;
  b.cz[i] = 0;
  originTransform3(b, i, xf, 7); // = −R·lc
  b.cx[i] = ox - xf[7]!;
  b.cy[i] = oy - xf[8]!;
  b.cz[i] = oz - xf[9]!;
  updateWorldInertia(b, i);
  // extent for the angular sleep test
  let ext = 0;
  for (let s = b.firstShape[i]!; s !== -1; s = sh.next[s]!) {
    const dx = sh.local[7 * s]! - lc[0]!;
    const dy = sh.local[7 * s + 1]! - lc[1]!;
    const dz = sh.local[7 * s + 2]! - lc[2]!;
    const d = Math.sqrt(dx * dx + dy * dy + dz * dz) + boundingRadius(sh.geom[s]!);
    if (d > ext) ext = d;
  }
  b.maxExtent[i] = ext;
}

/**
 * The step's guard: non-finite state never spreads. A cheap pass over the awake bodies (x − x is 0
 * for finite x and NaN otherwise); when it fails, the first body with a non-finite position,
 * orientation or velocity is named in a `non-finite` error. Nothing is restored: rebuild the world.
 */
export function assertFiniteBodies3(w: World3, step: number): void {
  const b = w.bodies;
  const list = w.scratch.awakeList;
  const n = w.scratch.nAwake;
  let acc = 0;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    acc += b.cx[i]! - b.cx[i]! + (b.cy[i]! - b.cy[i]!) + (b.cz[i]! - b.cz[i]!);
    acc += b.qx[i]! - b.qx[i]! + (b.qy[i]! - b.qy[i]!) + (b.qz[i]! - b.qz[i]!) + (b.qw[i]! - b.qw[i]!);
    acc += b.vx[i]! - b.vx[i]! + (b.vy[i]! - b.vy[i]!) + (b.vz[i]! - b.vz[i]!);
    acc += b.wx[i]! - b.wx[i]! + (b.wy[i]! - b.wy[i]!) + (b.wz[i]! - b.wz[i]!);
  }
  if (acc === 0) return;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    const f = (a: number, c: number, d: number): boolean => Number.isFinite(a + c + d);
    const field = !f(b.cx[i]!, b.cy[i]!, b.cz[i]!)
      ? `position=(${b.cx[i]}, ${b.cy[i]}, ${b.cz[i]})`
      : !f(b.qx[i]!, b.qy[i]!, b.qz[i]! + b.qw[i]!)
        ? `orientation=(${b.qx[i]}, ${b.qy[i]}, ${b.qz[i]}, ${b.qw[i]})`
        : !f(b.vx[i]!, b.vy[i]!, b.vz[i]!)
          ? `linearVelocity=(${b.vx[i]}, ${b.vy[i]}, ${b.vz[i]})`
          : !f(b.wx[i]!, b.wy[i]!, b.wz[i]!)
            ? `angularVelocity=(${b.wx[i]}, ${b.wy[i]}, ${b.wz[i]})`
            : '';
    if (field === '') continue;
    throw new PhysicsError(
      'non-finite',
      `rigid3d.bodies[${i}] (body ${w.bodyId(i)}): position/orientation/velocity must be finite after step ${step}, got ${field}; the world's state is lost: rebuild the world`,
    );
  }
}
