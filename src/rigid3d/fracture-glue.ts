/**
 * Pre-fractured bodies glued by breakable joints (textbook §26.5 with the breakable constraints of
 * §14.7): the Voronoi pieces of `fractureBody3` that share a face are joined by a fixed joint at
 * the face's centre, so the body holds together until a hit pulls a joint past its break force or
 * torque; then the pieces come apart where the load was (the wall that crumbles).
 */
import { PhysicsError } from '../core/errors.js';
import { type FractureOptions3, type FractureResult3, fractureBody3 } from './fracture.js';
import type { JointId3 } from './joints/joint-types.js';
import type { BodyId3 } from './types.js';
import type { World3 } from './world.js';

/** The break thresholds of the glue joints. */
export interface FractureGlue3 {
  /** N: a joint breaks when its reaction force exceeds this */
  breakForce: number;
  /** N·m, default Infinity: a joint breaks when its reaction torque exceeds this */
  breakTorque?: number;
}

/** The pieces of a glued fracture and their joints. */
export interface GluedFractureResult3 extends FractureResult3 {
  /** one fixed joint per pair of pieces that share a face (in `neighbours` order) */
  joints: JointId3[];
}

/** Joins the neighbouring pieces of a fracture by breakable fixed joints at their shared faces' centres. */
export function glueFracturePieces(world: World3, result: FractureResult3, glue: FractureGlue3): JointId3[] {
  const { breakForce } = glue;
  const breakTorque = glue.breakTorque ?? Number.POSITIVE_INFINITY;
  if (!(breakForce > 0)) {
    throw new PhysicsError('invalid-argument', `glue.breakForce: must be > 0, got ${breakForce}`);
  }
  if (!(breakTorque > 0)) {
    throw new PhysicsError('invalid-argument', `glue.breakTorque: must be > 0, got ${breakTorque}`);
  }
  const joints: JointId3[] = [];
  for (const nb of result.neighbours) {
    const a: BodyId3 = result.bodies[nb.a]!;
    const b: BodyId3 = result.bodies[nb.b]!;
    // the pieces share their parent's frame: the face centre moves to the world by piece a's pose
    const [px, py, pz] = world.getPosition(a);
    const [qx, qy, qz, qw] = world.getOrientation(a);
    const [x, y, z] = nb.center;
    const tx = 2 * (qy * z - qz * y);
    const ty = 2 * (qz * x - qx * z);
    const tz = 2 * (qx * y - qy * x);
    const anchor: [number, number, number] = [
      px + x + qw * tx + (qy * tz - qz * ty),
      py + y + qw * ty + (qz * tx - qx * tz),
      pz + z + qw * tz + (qx * ty - qy * tx),
    ];
    joints.push(world.createJoint({ kind: 'fixed', bodyA: a, bodyB: b, anchor, breakForce, breakTorque }));
  }
  return joints;
}

/**
 * Cuts `body` into Voronoi pieces (`fractureBody3`) and glues every pair that shares a face with a
 * breakable fixed joint: a pre-fractured body that breaks apart only where it is loaded.
 */
export function prefractureBody3(
  world: World3,
  body: BodyId3,
  glue: FractureGlue3,
  options: FractureOptions3 = {},
): GluedFractureResult3 {
  if (!(glue.breakForce > 0)) {
    throw new PhysicsError('invalid-argument', `glue.breakForce: must be > 0, got ${glue.breakForce}`);
  }
  const result = fractureBody3(world, body, options);
  return { ...result, joints: glueFracturePieces(world, result, glue) };
}
