/**
 * Building and running a `rikigaku/rigid3d@1` scene: `buildRigid3dWorld` turns a validated scene
 * (rigid3d-format.ts) into a `World3` — engine errors (a degenerate hull, a mesh without area) are
 * re-labelled with the scene's paths — and `loadRigid3dScene` (registered in loaders.ts) returns a
 * running instance that steps at the file's `dt` and draws through the shaded Canvas 2D projection
 * of render/view3d.ts.
 */
import type { DemoInstance } from '../core/demo-instance.js';
import { PhysicsError } from '../core/errors.js';
import { sceneChecks as v } from '../core/validate.js';
import type { View } from '../core/view.js';
import { Heightfield3, TriangleMesh3 } from '../geometry/shapes3d.js';
import { type Camera3, drawWorld3, orbitCamera3 } from '../render/view3d.js';
import type { BodyId3, ShapeDef3, ShapeId3 } from '../rigid3d/types.js';
import { World3 } from '../rigid3d/world.js';
import { parseRigid3dScene, type Rigid3dScene, type Scene3Shape } from './rigid3d-format.js';

/** A built scene: the world and the handles by file order and by name. */
export interface BuiltRigid3dScene {
  /** the world */
  world: World3;
  /** body handles in file order */
  bodies: BodyId3[];
  /** body handles by the bodies' `name` fields */
  bodyByName: Record<string, BodyId3>;
  /** shape handles by the shapes' `name` fields */
  shapeByName: Record<string, ShapeId3>;
}

/** Runs `fn`; a PhysicsError of the engine becomes `invalid-scene` naming `path`. */
function at<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof PhysicsError && e.code !== 'invalid-scene')
      throw new PhysicsError('invalid-scene', `${path}: ${e.message}`);
    throw e;
  }
}

function shapeDef(s: Scene3Shape, scene: Rigid3dScene, path: string): ShapeDef3 {
  const m = s.material !== undefined ? scene.materials[s.material]! : {};
  const material = {
    density: s.density ?? m.density,
    friction: s.friction ?? m.friction,
    restitution: s.restitution ?? m.restitution,
    rollingResistance: s.rollingResistance,
    torsionalFriction: s.torsionalFriction,
    isSensor: s.isSensor,
    filter: s.filter,
    position: s.position,
    orientation: s.orientation,
  };
  for (const k of Object.keys(material) as (keyof typeof material)[])
    if (material[k] === undefined) delete material[k];
  switch (s.kind) {
    case 'sphere':
      return { ...material, kind: 'sphere', radius: s.radius };
    case 'box':
      return { ...material, kind: 'box', halfExtents: s.halfExtents };
    case 'capsule':
      return { ...material, kind: 'capsule', halfHeight: s.halfHeight, radius: s.radius };
    case 'cylinder':
      return { ...material, kind: 'cylinder', halfHeight: s.halfHeight, radius: s.radius };
    case 'hull':
      return {
        ...material,
        kind: 'hull',
        points: s.points,
        ...(s.maxVertices !== undefined ? { maxVertices: s.maxVertices } : {}),
        ...(s.radius !== undefined ? { radius: s.radius } : {}),
      };
    case 'mesh':
      return {
        ...material,
        kind: 'geometry',
        shape: at(path, () => new TriangleMesh3(s.vertices, s.indices)),
      };
    case 'heightfield':
      return {
        ...material,
        kind: 'geometry',
        shape: at(
          path,
          () => new Heightfield3(s.rows, s.cols, s.heights, s.spacingX, s.spacingZ ?? s.spacingX),
        ),
      };
  }
}

/** Builds the world of a validated scene. */
export function buildRigid3dWorld(scene: Rigid3dScene): BuiltRigid3dScene {
  const world = new World3({
    gravity: scene.gravity,
    ...(scene.substeps !== undefined ? { solver: { substeps: scene.substeps } } : {}),
    ...(scene.gyroscopic ? { gyroscopic: scene.gyroscopic } : {}),
    ...(scene.orientation ? { orientation: scene.orientation } : {}),
    ...(scene.friction ? { friction: scene.friction } : {}),
    ...(scene.enableSleep !== undefined ? { enableSleep: scene.enableSleep } : {}),
  });
  const built: BuiltRigid3dScene = { world, bodies: [], bodyByName: {}, shapeByName: {} };
  scene.bodies.forEach((b, i) => {
    const path = `scene.bodies[${i}]`;
    const { shapes, name, ...def } = b;
    const id = at(path, () => world.createBody(def));
    built.bodies.push(id);
    if (name !== undefined) {
      if (Object.hasOwn(built.bodyByName, name)) v.fail(`${path}.name`, `duplicate body name '${name}'`);
      built.bodyByName[name] = id;
    }
    shapes.forEach((s, k) => {
      const sp = `${path}.shapes[${k}]`;
      const sid = at(sp, () => world.createShape(id, shapeDef(s, scene, sp)));
      if (s.name !== undefined) built.shapeByName[s.name] = sid;
    });
  });
  return built;
}

/** The camera of a scene: its `camera` field, else an orbit around the bodies' boxes. */
export function rigid3dSceneCamera(scene: Rigid3dScene, built: BuiltRigid3dScene): Camera3 {
  if (scene.camera) return scene.camera;
  let lo = [Infinity, Infinity, Infinity];
  let hi = [-Infinity, -Infinity, -Infinity];
  for (const s of built.world.shapeIds()) {
    const b = built.world.getShapeAabb(s);
    // skip huge grounds: they would push the camera away from what moves
    if (b[3]! - b[0]! > 200 || b[5]! - b[2]! > 200) continue;
    lo = lo.map((x, i) => Math.min(x, b[i]!));
    hi = hi.map((x, i) => Math.max(x, b[i + 3]!));
  }
  if (!Number.isFinite(lo[0]!)) return orbitCamera3([0, 0, 0], 10, 0.6, 0.4);
  const c: [number, number, number] = [
    0.5 * (lo[0]! + hi[0]!),
    0.5 * (lo[1]! + hi[1]!),
    0.5 * (lo[2]! + hi[2]!),
  ];
  const r = Math.max(1, 0.5 * Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!));
  return orbitCamera3(c, 3 * r, 0.6, 0.4);
}

/** A running 3D scene: a `DemoInstance` plus the world, the scene and its camera. */
export interface Rigid3dSceneInstance extends DemoInstance {
  /** the world */
  readonly world3: World3;
  /** the validated scene */
  readonly scene: Rigid3dScene;
  /** handles by file order and name */
  readonly built: BuiltRigid3dScene;
  /** the camera the drawing uses */
  readonly camera3: Camera3;
  /** the suggested 2D view (image-plane metres) for a canvas of the given size */
  view(width: number, height: number): View;
}

/** The `rikigaku/rigid3d@1` scene loader: validate, build, and run. */
export function loadRigid3dScene(json: unknown, options: { dt?: number } = {}): Rigid3dSceneInstance {
  const scene = parseRigid3dScene(json);
  const dt = options.dt === undefined ? scene.dt : v.number(options.dt, 'options.dt', { above: 0, max: 1 });
  const built = buildRigid3dWorld(scene);
  const world = built.world;
  const camera3 = rigid3dSceneCamera(scene, built);
  const dx = camera3.eye[0] - camera3.target[0];
  const dy = camera3.eye[1] - camera3.target[1];
  const dz = camera3.eye[2] - camera3.target[2];
  // the picture spans about 0.8 × the eye distance at the target (a 45° field of view)
  const span = 0.8 * Math.sqrt(dx * dx + dy * dy + dz * dz);
  return {
    world3: world,
    scene,
    built,
    camera3,
    dt,
    get time() {
      return world.time;
    },
    step() {
      world.step(dt);
    },
    draw(ctx, view) {
      drawWorld3(ctx, view, world, camera3);
    },
    view(width, height) {
      return { width, height, cx: 0, cy: 0, scale: Math.min(width, height) / span };
    },
    series() {
      return { kineticEnergy: world.kineticEnergy() };
    },
    stats() {
      let awake = 0;
      for (const id of built.bodies) if (world.getBodyType(id) === 'dynamic' && world.isAwake(id)) awake++;
      return {
        time: world.time,
        bodies: built.bodies.length,
        awakeBodies: awake,
        contacts: world.contactCount,
        kineticEnergy: world.kineticEnergy(),
        maxPenetration: world.maxPenetration(),
      };
    },
  };
}
