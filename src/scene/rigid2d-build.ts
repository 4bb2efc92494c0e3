/**
 * Building a `rikigaku/rigid2d@1` scene: the rigid2d `World` of a validated scene (see
 * rigid2d-format.ts), its bodies', shapes' and joints' handles in file order and by name. A body's
 * given total mass scales its shapes' densities; engine errors are re-labelled with the path of
 * the shape or joint.
 */
import { PhysicsError } from '../core/errors.js';
import { sceneChecks as v } from '../core/validate.js';
import { makeBox, makeCapsule, makeCircle, makePolygon, shapeMass } from '../geometry/shapes2d.js';
import type { BodyId, JointDef, JointId, ShapeDef, ShapeId } from '../rigid2d/types.js';
import { World } from '../rigid2d/world.js';
import type { Rigid2dScene, SceneShape } from './rigid2d-format.js';

/** The world built from a scene, with its bodies', shapes' and joints' handles in file order. */
export interface BuiltRigid2dScene {
  /** the new world, with every body, shape and joint of the scene created */
  world: World;
  /** body handles in file order */
  bodies: BodyId[];
  /** body handles by name */
  byName: Map<string, BodyId>;
  /** shape handles per body, in file order (a chain contributes all its segments) */
  shapes: ShapeId[][];
  /** joint handles in file order */
  joints: JointId[];
  /** joint handles by name */
  jointsByName: Map<string, JointId>;
}

/** Area-weighted mass of a scene shape at density 1 (0 for segments, chains and sensors). */
function unitMass(s: SceneShape): number {
  if (s.kind === 'segment' || s.kind === 'chain' || s.isSensor) return 0;
  let g: ReturnType<typeof makeBox>;
  if (s.kind === 'box')
    g = makeBox(s.halfWidth, s.halfHeight, s.center?.[0], s.center?.[1], s.angle ?? 0, s.radius ?? 0);
  else if (s.kind === 'circle') g = makeCircle(s.radius, s.center?.[0], s.center?.[1]);
  else if (s.kind === 'capsule') g = makeCapsule(s.p1[0], s.p1[1], s.p2[0], s.p2[1], s.radius);
  else g = makePolygon(s.vertices, s.radius ?? 0);
  return shapeMass(g, 1).mass;
}

/** Runs an engine call for the scene element at `path`; its own errors (e.g. its convexity tolerance) get the path. */
function withPath<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof PhysicsError) throw new PhysicsError('invalid-scene', `${path}: ${e.message}`);
    throw e;
  }
}

/** Creates the world of a validated scene (see `parseRigid2dScene`). */
export function buildRigid2dWorld(scene: Rigid2dScene): BuiltRigid2dScene {
  const { continuous, ...solver } = scene.solver;
  const world = new World({
    gravity: scene.gravity,
    solver,
    ...(continuous !== undefined ? { continuous } : {}),
    enableSleep: scene.sleep.enabled,
    ...(scene.sleep.timeToSleep !== undefined ? { timeToSleep: scene.sleep.timeToSleep } : {}),
    ...(scene.sleep.tolerance !== undefined ? { sleepTolerance: scene.sleep.tolerance } : {}),
  });
  const bodies: BodyId[] = [];
  const shapes: ShapeId[][] = [];
  const byName = new Map<string, BodyId>();
  scene.bodies.forEach((b, bi) => {
    const { shapes: shapeDefs, name, mass, ...def } = b;
    const id = withPath(`scene.bodies[${bi}]`, () => world.createBody({ ...def, userData: name ?? bi }));
    bodies.push(id);
    if (name !== undefined) byName.set(name, id);
    // A given total mass scales every shape's density by mass / Σ(density·area).
    const resolved = shapeDefs.map((s) => {
      const mat = s.material !== undefined ? scene.materials[s.material]! : {};
      return { ...mat, ...s };
    });
    let scale = 1;
    if (mass !== undefined) {
      let m = 0;
      resolved.forEach((s, si) => {
        m += (s.density ?? 1) * withPath(`scene.bodies[${bi}].shapes[${si}]`, () => unitMass(s));
      });
      if (!(m > 0))
        v.fail(`scene.bodies[${bi}].mass`, 'its shapes have no area (or density 0) to carry a mass');
      scale = mass / m;
    }
    const ids: ShapeId[] = [];
    resolved.forEach((s, si) => {
      const { material: _m, name: shapeName, ...rest } = s;
      const density = (rest.density ?? 1) * scale;
      const userData = shapeName ?? `${name ?? bi}/${si}`;
      withPath(`scene.bodies[${bi}].shapes[${si}]`, () => {
        if (rest.kind === 'chain') {
          const { kind: _k, ...chain } = rest;
          ids.push(...world.createChain(id, { ...chain, density, userData }));
        } else {
          ids.push(world.createShape(id, { ...rest, density, userData } as ShapeDef));
        }
      });
    });
    shapes.push(ids);
  });
  // Joints name their bodies; the format has checked that both exist and differ.
  const joints: JointId[] = [];
  const jointsByName = new Map<string, JointId>();
  scene.joints.forEach((j, ji) => {
    const { name, bodyA, bodyB, ...fields } = j;
    const def = { ...fields, bodyA: byName.get(bodyA)!, bodyB: byName.get(bodyB)!, userData: name ?? ji };
    const id = withPath(`scene.joints[${ji}]`, () => world.createJoint(def as JointDef));
    joints.push(id);
    if (name !== undefined) jointsByName.set(name, id);
  });
  return { world, bodies, byName, shapes, joints, jointsByName };
}
