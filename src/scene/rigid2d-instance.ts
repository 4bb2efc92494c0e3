/**
 * A running `rikigaku/rigid2d@1` scene: `loadRigid2dScene` (registered for
 * `rikigaku run scene.json`) validates, builds and returns a `DemoInstance` that steps and draws
 * like a demo and lets the pointer drag dynamic bodies with a spring; `sceneView` is the camera
 * a scene suggests.
 */
import type { DemoInstance } from '../core/demo-instance.js';
import { sceneChecks as v } from '../core/validate.js';
import { applyView, type View } from '../core/view.js';
import { Transform2 } from '../geometry/shapes2d.js';
import { queriesOf } from '../rigid2d/queries.js';
import type { BodyId } from '../rigid2d/types.js';
import type { World } from '../rigid2d/world.js';
import { type BuiltRigid2dScene, buildRigid2dWorld } from './rigid2d-build.js';
import { parseRigid2dScene, type Rigid2dScene } from './rigid2d-format.js';

const COLORS = {
  background: '#f6f5f0',
  static: '#8d99a6',
  kinematic: '#5b8bd9',
  awake: '#e08a3c',
  asleep: '#9fb4c7',
  sensor: 'rgba(80, 170, 90, 0.25)',
  outline: '#2b2b2b',
};

/** Draws every shape of a world (world units, y up). */
export function drawRigid2dWorld(ctx: CanvasRenderingContext2D, view: View, world: World): void {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, view.width, view.height);
  applyView(ctx, view);
  ctx.lineWidth = 1 / view.scale;
  ctx.lineJoin = 'round';
  const b = world.bodies;
  const sh = world.shapes;
  for (let s = 0; s < sh.count; s++) {
    if (!sh.alive[s]) continue;
    const bi = sh.body[s]!;
    const g = sh.geom[s]!;
    // Body origin transform: centre of mass minus the rotated local centre.
    const c = b.qc[bi]!;
    const sn = b.qs[bi]!;
    const ox = b.cx[bi]! - (c * b.lcx[bi]! - sn * b.lcy[bi]!);
    const oy = b.cy[bi]! - (sn * b.lcx[bi]! + c * b.lcy[bi]!);
    const px = (i: number) => ox + c * g.vx[i]! - sn * g.vy[i]!;
    const py = (i: number) => oy + sn * g.vx[i]! + c * g.vy[i]!;
    const type = world.getBodyType(world.bodyId(bi));
    ctx.fillStyle = sh.sensor[s]
      ? COLORS.sensor
      : type === 'static'
        ? COLORS.static
        : type === 'kinematic'
          ? COLORS.kinematic
          : b.awake[bi]
            ? COLORS.awake
            : COLORS.asleep;
    ctx.strokeStyle = COLORS.outline;
    ctx.beginPath();
    if (g.count === 1) {
      ctx.arc(px(0), py(0), g.radius, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
      // a spoke shows the rotation
      ctx.beginPath();
      ctx.moveTo(px(0), py(0));
      ctx.lineTo(px(0) + g.radius * c, py(0) + g.radius * sn);
      ctx.stroke();
      continue;
    }
    if (g.count === 2 && g.radius === 0) {
      ctx.moveTo(px(0), py(0));
      ctx.lineTo(px(1), py(1));
      ctx.lineWidth = 2 / view.scale;
      ctx.stroke();
      ctx.lineWidth = 1 / view.scale;
      continue;
    }
    ctx.moveTo(px(0), py(0));
    for (let i = 1; i < g.count; i++) ctx.lineTo(px(i), py(i));
    ctx.closePath();
    if (g.radius > 0) {
      // A rounded shape: the core outline stroked with a round pen of twice the radius.
      ctx.save();
      ctx.lineWidth = 2 * g.radius;
      ctx.strokeStyle = ctx.fillStyle;
      ctx.stroke();
      ctx.restore();
    }
    ctx.fill();
    if (g.radius === 0) ctx.stroke();
  }
  ctx.restore();
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
  readonly world: World;
  readonly scene: Rigid2dScene;
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
  // Mouse drag: a stiff damped spring (5 Hz, damping ratio 0.7) from a point of the grabbed body
  // to the pointer, applied as a force each step.
  const xf = new Transform2();
  let drag: { body: BodyId; lx: number; ly: number; tx: number; ty: number } | null = null;
  const dragForce = () => {
    if (!drag) return;
    world.getTransform(drag.body, xf);
    const ax = xf.px + xf.c * drag.lx - xf.s * drag.ly;
    const ay = xf.py + xf.s * drag.lx + xf.c * drag.ly;
    const m = world.getMass(drag.body);
    const omega = 2 * Math.PI * 5;
    const [vx, vy] = world.getLinearVelocity(drag.body);
    let fx = m * (omega * omega * (drag.tx - ax) - 2 * 0.7 * omega * vx);
    let fy = m * (omega * omega * (drag.ty - ay) - 2 * 0.7 * omega * vy);
    const cap = 1000 * m;
    const f = Math.hypot(fx, fy);
    if (f > cap) {
      fx *= cap / f;
      fy *= cap / f;
    }
    world.applyForce(drag.body, [fx, fy], [ax, ay]);
  };
  return {
    world,
    scene,
    built,
    dt,
    get time() {
      return world.time;
    },
    step() {
      dragForce();
      world.step(dt);
    },
    pointer(event) {
      if (event.kind === 'up') {
        drag = null;
        return;
      }
      if (event.kind === 'move') {
        if (drag) {
          drag.tx = event.x;
          drag.ty = event.y;
        }
        return;
      }
      const hit = queriesOf(world)
        .queryPoint(event.x, event.y)
        .map((s) => world.getShapeBody(s))
        .find((b) => world.getBodyType(b) === 'dynamic');
      if (hit === undefined) return;
      world.getTransform(hit, xf);
      const dx = event.x - xf.px;
      const dy = event.y - xf.py;
      drag = { body: hit, lx: xf.c * dx + xf.s * dy, ly: -xf.s * dx + xf.c * dy, tx: event.x, ty: event.y };
    },
    draw(ctx, view) {
      drawRigid2dWorld(ctx, view, world);
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
