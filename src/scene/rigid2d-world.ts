/**
 * A `rikigaku/rigid2d@1` scene file as a rigid2d `World` for your own loop: validate, build, and
 * hand back the world with its bodies, shapes and joints by name. Needs no canvas and no Node
 * module, so it runs in browsers, workers and Node alike:
 *
 * ```ts
 * import { loadRigid2dWorld } from 'rikigaku/scene';
 * const { world, dt, bodies } = loadRigid2dWorld(text);
 * for (let i = 0; i < 60; i++) world.step(dt);
 * console.log(world.getPosition(bodies.ball!));
 * ```
 */
import type { BodyId, JointId, ShapeId } from '../rigid2d/types.js';
import type { World } from '../rigid2d/world.js';
import { parseJsonText } from './json-text.js';
import { type BuiltRigid2dScene, buildRigid2dWorld } from './rigid2d-build.js';
import { parseRigid2dScene, type Rigid2dScene } from './rigid2d-format.js';

/** What {@link loadRigid2dWorld} returns: the world, its fixed step, and handles by name. */
export interface Rigid2dSceneWorld {
  /** the world, built and not yet stepped */
  world: World;
  /** the scene's fixed frame step in seconds (its `dt`, default 1/60): call `world.step(dt)` */
  dt: number;
  /** body handles by the bodies' `name` fields (unnamed bodies only in `built.bodies`) */
  bodies: Record<string, BodyId>;
  /** shape handles by the shapes' `name` fields */
  shapes: Record<string, ShapeId>;
  /** joint handles by the joints' `name` fields */
  joints: Record<string, JointId>;
  /** the validated scene (defaults filled in) */
  scene: Rigid2dScene;
  /** every handle in file order (bodies, shapes per body, joints) */
  built: BuiltRigid2dScene;
}

/**
 * Loads a `rikigaku/rigid2d@1` scene (its text, or the parsed JSON) into a new rigid2d `World`.
 * Every field is checked first: a bad one throws `PhysicsError('invalid-scene')` naming its path
 * (`scene.bodies[3].mass: must be > 0, got -1`), a syntax error names the line and column.
 * `source` names the file in a syntax error's message.
 */
export function loadRigid2dWorld(json: unknown, source = 'scene'): Rigid2dSceneWorld {
  const parsed = typeof json === 'string' ? parseJsonText(json, source) : json;
  const scene = parseRigid2dScene(parsed);
  const built = buildRigid2dWorld(scene);
  const bodies: Record<string, BodyId> = Object.create(null);
  for (const [name, id] of built.byName) bodies[name] = id;
  const joints: Record<string, JointId> = Object.create(null);
  for (const [name, id] of built.jointsByName) joints[name] = id;
  const shapes: Record<string, ShapeId> = Object.create(null);
  scene.bodies.forEach((b, bi) => {
    const ids = built.shapes[bi]!;
    // a chain contributes several segments: its name maps to the first
    let k = 0;
    for (const s of b.shapes) {
      if (s.name !== undefined && ids[k] !== undefined && !(s.name in shapes)) shapes[s.name] = ids[k]!;
      k += s.kind === 'chain' ? chainSegments(s) : 1;
    }
  });
  return { world: built.world, dt: scene.dt, bodies, shapes, joints, scene, built };
}

/** How many segment shapes a chain definition becomes (n − 1 open, n closed). */
function chainSegments(s: { points?: unknown; loop?: unknown }): number {
  const n = Array.isArray(s.points) ? s.points.length : 0;
  return s.loop === true ? n : Math.max(0, n - 1);
}
