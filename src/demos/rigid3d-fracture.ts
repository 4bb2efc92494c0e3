/**
 * 3D demos of Voronoi fracture and glTF physics import.
 *
 * - A wrecking ball smashes a brick wall: every brick is registered with `ImpactFracture3`
 *   (textbook §26.5), and a hit whose impulse m_eff·v_n passes the threshold replaces it by convex
 *   Voronoi pieces clustered at the hit point, keeping its mass, centre of mass and momentum.
 *   The ball hangs on a rigid rope (a distance joint) from a crane point and swings into the wall.
 * - A glTF scene: a file with `KHR_physics_rigid_bodies` and `KHR_implicit_shapes`
 *   (demos/assets/physics-yard-gltf.ts) read by the glTF importer into the `rikigaku/rigid3d@1`
 *   scene and built by the scene builder: materials (bouncy balls), collision filters (ghost balls
 *   that pass through the crates), a kinematic paddle and a compound body.
 */
import { importGltfPhysicsJson } from '../gltf/import.js';
import { orbitCamera3 } from '../render/view3d.js';
import { ImpactFracture3 } from '../rigid3d/fracture.js';
import { prefractureBody3 } from '../rigid3d/fracture-glue.js';
import type { BodyId3 } from '../rigid3d/types.js';
import { World3 } from '../rigid3d/world.js';
import { buildRigid3dWorld } from '../scene/rigid3d-build.js';
import { PHYSICS_YARD_GLTF } from './assets/physics-yard-gltf.js';
import { Rigid3dDemoInstance, wallLayout3 } from './rigid3d.js';
import { type Demo, type DemoParam, type DemoParamValues, resolveParams, type SeriesStyle } from './types.js';

const FRAME = 1 / 60;
const ENERGY: SeriesStyle = { key: 'kineticEnergy', label: 'kinetic energy', unit: 'J', color: '#c2410c' };
const CONTACTS: DemoParam = {
  key: 'contacts',
  label: 'show contacts',
  kind: 'boolean',
  default: false,
  display: true,
};

/** The wrecking-ball instance: the 3D demo host plus the impact fracture after each step. */
class WreckingBallInstance extends Rigid3dDemoInstance {
  /** pieces spawned so far */
  pieces = 0;
  /** bricks broken so far */
  broken = 0;
  /** glue joints broken so far */
  jointsBroken = 0;
  private fracture: ImpactFracture3 | null = null;

  /** Registers the fracture that runs after each step. */
  attach(fracture: ImpactFracture3): void {
    this.fracture = fracture;
  }

  /** One frame: the world step, then the bricks hit hard enough break. */
  override step(): void {
    super.step();
    this.jointsBroken += this.world3.events().jointBreak.length;
    if (this.fracture === null) return;
    for (const r of this.fracture.update()) {
      this.broken++;
      this.pieces += r.bodies.length;
    }
  }

  override series(): Record<string, number> {
    return { ...super.series(), pieces: this.pieces };
  }

  override stats(): Record<string, number> {
    return {
      ...super.stats(),
      bricksBroken: this.broken,
      pieces: this.pieces,
      jointsBroken: this.jointsBroken,
    };
  }
}

const wreckingBall: Demo = {
  id: 'rigid3d-wrecking-ball',
  title: 'Wrecking ball (3D Voronoi fracture)',
  domain: 'rigid3d',
  description:
    'A 7-tonne steel ball on a 6.7 m rope (a distance joint) swings into a brick wall. Each brick breaks when a hit’s impulse (the effective mass times the approach speed) passes its threshold: it is replaced by convex Voronoi pieces, cut by the bisector planes of seeds clustered at the hit point (small pieces there, large far away), that keep its mass, centre of mass and momentum. Lower the threshold to crumble more of the wall. With “glued”, every brick is cut up front and its pieces are held by breakable fixed joints at their shared faces: the wall breaks only where the ball loads it.',
  dt: FRAME,
  view: (width, height) => ({ width, height, cx: 0, cy: 0, scale: Math.min(width, height) / 12 }),
  params: [
    {
      key: 'mode',
      label: 'bricks',
      kind: 'choice',
      default: 'break on impact',
      options: ['break on impact', 'glued'],
    },
    {
      key: 'glue',
      label: 'glue strength (N)',
      kind: 'number',
      default: 20000,
      min: 2000,
      max: 200000,
      step: 1000,
    },
    {
      key: 'threshold',
      label: 'break impulse (N·s)',
      kind: 'number',
      default: 1200,
      min: 200,
      max: 6000,
      step: 100,
    },
    { key: 'pieces', label: 'pieces per brick', kind: 'number', default: 8, min: 2, max: 24, step: 1 },
    { key: 'angle', label: 'release angle (°)', kind: 'number', default: 60, min: 20, max: 85, step: 5 },
    CONTACTS,
  ],
  series: [ENERGY, { key: 'pieces', label: 'pieces', unit: '', color: '#7c3aed' }],
  create(p: DemoParamValues = {}, options?: { dt?: number }) {
    const v = resolveParams(wreckingBall, p);
    const world = new World3({ gravity: [0, -10, 0], solver: { substeps: 4 } });
    const g = world.createBody({ type: 'static' });
    const hidden = new Set([
      world.createShape(g, {
        kind: 'box',
        halfExtents: [30, 0.5, 30],
        position: [0, -0.5, 0],
        friction: 0.7,
      }),
    ]);
    const fracture = new ImpactFracture3(world);
    const count = Number(v.pieces);
    let k = 0;
    let glued = 0;
    for (const b of wallLayout3(6, 5)) {
      const id = world.createBody({ position: b.position });
      world.createShape(id, { kind: 'box', halfExtents: b.halfExtents, density: 1800, friction: 0.7 });
      if (v.mode === 'glued') {
        // pre-cut: the brick's pieces glued by fixed joints that break under the hit
        const r = prefractureBody3(
          world,
          id,
          { breakForce: Number(v.glue), breakTorque: 0.25 * Number(v.glue) },
          { count, seed: ++k, power: 1, friction: 0.7 },
        );
        glued += r.bodies.length;
      } else fracture.add(id, Number(v.threshold), { count, seed: ++k, power: 2, friction: 0.7 });
    }
    // the ball: 0.6 m of steel (7.2 t) on a 6.7 m rigid rope (a distance joint) from a crane point
    // above the wall, released from the chosen angle; it meets the wall near the bottom of its swing
    const pivot: [number, number, number] = [0, 8, 0.5];
    const L = 6.7;
    const angle = (Number(v.angle) * Math.PI) / 180;
    const start: [number, number, number] = [
      0,
      pivot[1] - L * Math.cos(angle),
      pivot[2] + L * Math.sin(angle),
    ];
    const ball: BodyId3 = world.createBody({ position: start });
    world.createShape(ball, { kind: 'sphere', radius: 0.6, density: 8000, friction: 0.4 });
    const crane = world.createBody({ type: 'static', position: pivot });
    world.createJoint({ kind: 'distance', bodyA: crane, bodyB: ball, anchorA: pivot, anchorB: start });
    const inst = new WreckingBallInstance(
      {
        world,
        camera: orbitCamera3([0, 2.5, 1.5], 16, 0.85, 0.25),
        label:
          v.mode === 'glued'
            ? 'wrecking ball: glued Voronoi pieces come apart where the joints break'
            : 'wrecking ball: bricks break above the impulse threshold',
        hidden,
        grid: { halfSize: 10, spacing: 1 },
      },
      options?.dt ?? FRAME,
    );
    inst.attach(fracture);
    inst.pieces = glued;
    inst.setDisplay(v);
    return inst;
  },
};

/** The glTF scene instance: the 3D demo host plus the import's readouts. */
class GltfSceneInstance extends Rigid3dDemoInstance {
  /** the import's warnings (the demo's file has none) */
  warnings: string[] = [];
  /** body handles by glTF node name */
  byNode: Record<string, BodyId3> = {};

  override stats(): Record<string, number> {
    const w = this.world3;
    const ghost = this.byNode.Ghost0;
    return {
      ...super.stats(),
      warnings: this.warnings.length,
      ...(ghost !== undefined ? { ghostHeight: w.getPosition(ghost)[1] } : {}),
    };
  }
}

const gltfScene: Demo = {
  id: 'rigid3d-gltf-scene',
  title: 'glTF physics scene',
  domain: 'rigid3d',
  description:
    'A scene read from a glTF file with the KHR_physics_rigid_bodies and KHR_implicit_shapes extensions (the Khronos draft used by the Blender, Babylon.js and Godot plug-ins): bodies with masses and velocities, boxes, spheres and capsules, physics materials (the balls bounce), collision filters (the two small ghost balls fall through the crates but land on the floor), a kinematic paddle and a compound dumbbell. The file becomes the equivalent rikigaku scene, built by the same scene builder as the JSON scene files.',
  dt: FRAME,
  view: (width, height) => ({ width, height, cx: 0, cy: 0, scale: Math.min(width, height) / 14 }),
  params: [CONTACTS],
  series: [ENERGY],
  create(p: DemoParamValues = {}, options?: { dt?: number }) {
    const v = resolveParams(gltfScene, p);
    const imp = importGltfPhysicsJson(PHYSICS_YARD_GLTF, { title: 'Physics yard' });
    const built = buildRigid3dWorld(imp.scene);
    const inst = new GltfSceneInstance(
      {
        world: built.world,
        camera: orbitCamera3([-1, 1.5, 0], 15, 0.55, 0.35),
        label: `glTF: ${imp.scene.bodies.length} bodies from ${imp.bodyNodes.length} nodes, ${imp.warnings.length} warnings`,
        grid: { halfSize: 12, spacing: 1 },
      },
      options?.dt ?? FRAME,
    );
    inst.warnings = imp.warnings;
    imp.bodyNodes.forEach((_node, i) => {
      const name = imp.scene.bodies[i]!.name!;
      inst.byNode[name.slice(0, name.lastIndexOf('#'))] = built.bodies[i]!;
    });
    inst.setDisplay(v);
    return inst;
  },
};

/** The 3D fracture and glTF demos. */
export const rigid3dFractureDemos: readonly Demo[] = [wreckingBall, gltfScene];
