/**
 * A running `rikigaku/rigid2d@1` scene: `loadRigid2dScene` (registered for
 * `rikigaku run scene.json`) validates, builds and returns a `DemoInstance` that steps and draws
 * like a demo (the engine's debug draw on the canvas backend) and lets the pointer drag dynamic
 * bodies with the demo kit's mouse joint; `sceneView` is the camera a scene suggests.
 */
import type { DemoInstance } from '../core/demo-instance.js';
import { sceneChecks as v } from '../core/validate.js';
import type { View } from '../core/view.js';
import { BodyGrabber } from '../demos/kit/body-grabber.js';
import { clear } from '../demos/kit/labels.js';
import { CanvasDebugDraw } from '../render/debug-draw-canvas.js';
import type { World } from '../rigid2d/world.js';
import { type BuiltRigid2dScene, buildRigid2dWorld } from './rigid2d-build.js';
import { parseRigid2dScene, type Rigid2dScene } from './rigid2d-format.js';

const BACKGROUND = '#f6f5f0';

/**
 * Draws every shape of a world (world units, y up) on a cleared canvas, sleeping bodies in their
 * own colour: the engine's debug draw through the canvas backend.
 */
export function drawRigid2dWorld(
  ctx: CanvasRenderingContext2D,
  view: View,
  world: World,
  dd: CanvasDebugDraw = new CanvasDebugDraw(),
): void {
  ctx.save();
  clear(ctx, view, BACKGROUND);
  ctx.restore();
  world.draw(dd.begin(ctx, view), { sleep: true });
  dd.end();
}

/** The suggested camera for a scene: its `view` field, else a box around every shape. */
export function sceneView(
  built: BuiltRigid2dScene,
  scene: Rigid2dScene,
  width: number,
  height: number,
): View {
  if (scene.view) {
    return {
      width,
      height,
      cx: scene.view.center[0],
      cy: scene.view.center[1],
      scale: scene.view.scale ?? 30,
    };
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const s of built.world.shapeIds()) {
    const [a, b, c, d] = built.world.getShapeAabb(s);
    minX = Math.min(minX, a);
    minY = Math.min(minY, b);
    maxX = Math.max(maxX, c);
    maxY = Math.max(maxY, d);
  }
  if (!Number.isFinite(minX)) return { width, height, cx: 0, cy: 0, scale: 30 };
  const scale = 0.9 * Math.min(width / Math.max(maxX - minX, 1e-3), height / Math.max(maxY - minY, 1e-3));
  return { width, height, cx: 0.5 * (minX + maxX), cy: 0.5 * (minY + maxY), scale };
}

/** A running scene: a `DemoInstance` plus the world and the validated scene. */
export interface Rigid2dSceneInstance extends DemoInstance {
  /** the world being stepped */
  readonly world: World;
  /** the validated scene it was built from */
  readonly scene: Rigid2dScene;
  /** the handles of the scene's bodies, shapes and joints, in file order and by name */
  readonly built: BuiltRigid2dScene;
  /** the suggested camera for a canvas of the given size */
  view(width: number, height: number): View;
}

/** The `rikigaku/rigid2d@1` scene loader: validate, build, and run. */
export function loadRigid2dScene(json: unknown, options: { dt?: number } = {}): Rigid2dSceneInstance {
  const scene = parseRigid2dScene(json);
  const dt = options.dt === undefined ? scene.dt : v.number(options.dt, 'options.dt', { above: 0, max: 1 });
  const built = buildRigid2dWorld(scene);
  const world = built.world;
  // Mouse drag: the kit's mouse joint from a point of the grabbed body to the pointer.
  const grabber = new BodyGrabber(world);
  const dd = new CanvasDebugDraw();
  return {
    world,
    scene,
    built,
    dt,
    get time() {
      return world.time;
    },
    step() {
      grabber.apply();
      world.step(dt);
    },
    pointer(event) {
      grabber.pointer(event);
    },
    draw(ctx, view) {
      drawRigid2dWorld(ctx, view, world, dd);
      grabber.draw(ctx, view);
    },
    view(width, height) {
      return sceneView(built, scene, width, height);
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
