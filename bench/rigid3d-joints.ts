/**
 * `npm run bench -- rigid3d-joints [--quick] [--scene=ragdolls,grid,chain]
 *   [--engines=ours,rapier3d,jolt,cannon-es] [--steps=N] [--budget=SECONDS]`
 *
 * Our World3 joints against the 3D peers on the same jointed scenes, in the same process, engines
 * interleaved (each engine steps a chunk of frames in turn, so machine noise hits everyone alike):
 *   ragdolls — 100 humanoid ragdolls (HUMANOID_SKELETON: 12 bodies, 11 joints each; 1,200 bodies,
 *     1,100 joints) dropped in a 10 × 10 grid onto the ground, staggered in height so they pile;
 *   grid — a 20 × 20 grid of 0.2 m boxes 0.5 m apart, each hinged (about z) to its right and lower
 *     neighbours, the top row hinged to a static bar (760 joints): the lattice hangs at rest, so the
 *     figure is the cost of holding 760 loaded hinges and the drift is their sag;
 *   chain — 100 capsule links on ball joints, released horizontally from a static anchor.
 * All: dt = 1/60, gravity 10 m/s², density 1000, friction 0.6, sleeping off, jointed pairs do not
 * collide. Peers at their defaults: Rapier 0.21 (4 solver iterations), Jolt 1.1 (10 velocity / 2
 * position iterations, 1 collision step), cannon-es 0.20 (GS 10 iterations, SAPBroadphase).
 * Joints: hinge → Rapier revolute, Jolt HingeConstraint, cannon-es HingeConstraint (no limits in
 * cannon-es); ball → spherical, PointConstraint, PointToPointConstraint; the ragdolls' cone-twist →
 * Jolt SwingTwistConstraint (the same cone and twist limits), cannon-es ConeTwistConstraint (cone
 * and a symmetric twist), Rapier spherical (its JS API has no cone-twist limit, so its ragdolls
 * solve fewer rows than ours). cannon-es has no capsule: a cylinder between two spheres.
 *
 * Reported per scene and engine: ms/step median over the measured steps (after warm-up), the ratio
 * ours / peer, and the joint drift — the largest and mean gap between each joint's two anchors
 * (from the bodies' poses, the same formula for every engine) over the run — and the lowest body.
 * A peer that has used up its time budget (default 60 s per scene) stops early; its steps are
 * printed. Writes bench/results/<machine>/rigid3d-joints[.quick].json.
 */
import { performance } from 'node:perf_hooks';
import { type BodyId3, createRagdoll3, World3 } from '../src/rigid3d/index.js';
import { HUMANOID_SKELETON } from '../src/rigid3d/ragdoll.js';
import { joltSystem3, loadPeers3, peers3 } from './peers3d.js';
import { machineInfo, writeResults } from './results.js';

const DT = 1 / 60;
// biome-ignore lint/suspicious/noExplicitAny: the peer's types are not needed here
type Any = any;

/** One joint of a scene: the two body indices (−1: the static ground) and the local anchors. */
interface JointSpec {
  a: number;
  b: number;
  la: [number, number, number];
  lb: [number, number, number];
}

/** An engine's scene: step, read the poses (7 per body: p, q), the joints for the drift. */
interface Run {
  step(): void;
  poses(out: Float64Array): void;
  bodies: number;
  joints: JointSpec[];
  dispose(): void;
}

type SceneName = 'ragdolls' | 'grid' | 'chain';

function rot(q: ArrayLike<number>, o: number, v: readonly number[]): [number, number, number] {
  const x = q[o]!;
  const y = q[o + 1]!;
  const z = q[o + 2]!;
  const w = q[o + 3]!;
  const tx = 2 * (y * v[2]! - z * v[1]!);
  const ty = 2 * (z * v[0]! - x * v[2]!);
  const tz = 2 * (x * v[1]! - y * v[0]!);
  return [
    v[0]! + w * tx + (y * tz - z * ty),
    v[1]! + w * ty + (z * tx - x * tz),
    v[2]! + w * tz + (x * ty - y * tx),
  ];
}

/** The joints' anchor gaps from the poses: [max, mean]. */
function drift(run: Run, poses: Float64Array): [number, number] {
  let max = 0;
  let sum = 0;
  const world = (i: number, l: readonly number[]): number[] => {
    if (i < 0) return [...l];
    const r = rot(poses, 7 * i + 3, l);
    return [poses[7 * i]! + r[0], poses[7 * i + 1]! + r[1], poses[7 * i + 2]! + r[2]];
  };
  for (const j of run.joints) {
    const a = world(j.a, j.la);
    const b = world(j.b, j.lb);
    const g = Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
    max = Math.max(max, g);
    sum += g;
  }
  return [max, sum / Math.max(1, run.joints.length)];
}

// ---- the scenes as body and joint lists (world frame, identity orientations) ---------------------
interface BodySpec {
  p: [number, number, number];
  shape:
    | { kind: 'box'; h: number[] }
    | { kind: 'capsule'; hh: number; r: number; q?: readonly number[] }
    | { kind: 'sphere'; r: number };
  shapePos?: number[];
}
interface JointWorld {
  kind: 'ball' | 'hinge' | 'cone';
  a: number;
  b: number;
  anchor: [number, number, number];
  axis?: [number, number, number];
  lower?: number;
  upper?: number;
  cone?: number;
  twistLo?: number;
  twistHi?: number;
}
interface Layout {
  bodies: BodySpec[];
  joints: JointWorld[];
  ground: boolean;
}

function layout(name: SceneName): Layout {
  const bodies: BodySpec[] = [];
  const joints: JointWorld[] = [];
  if (name === 'ragdolls') {
    for (let k = 0; k < 100; k++) {
      const base = [
        ((k % 10) - 4.5) * 1.6,
        1 + Math.floor(k / 10) * 0.6 + (k % 3) * 0.4,
        (Math.floor(k / 10) - 4.5) * 0.9,
      ];
      const index = new Map<string, number>();
      for (const bone of HUMANOID_SKELETON) {
        const s = bone.shape as Any;
        const p: [number, number, number] = [
          base[0]! + bone.position[0],
          base[1]! + bone.position[1],
          base[2]! + bone.position[2],
        ];
        index.set(bone.name, bodies.length);
        bodies.push({
          p,
          shape:
            s.kind === 'box'
              ? { kind: 'box', h: [...s.halfExtents] }
              : s.kind === 'sphere'
                ? { kind: 'sphere', r: s.radius }
                : { kind: 'capsule', hh: s.halfHeight, r: s.radius, q: s.orientation },
        });
        if (bone.parent && bone.joint) {
          const j = bone.joint;
          const anchor: [number, number, number] = [
            base[0]! + j.anchor[0],
            base[1]! + j.anchor[1],
            base[2]! + j.anchor[2],
          ];
          joints.push({
            kind: j.kind === 'hinge' ? 'hinge' : 'cone',
            a: index.get(bone.parent)!,
            b: index.get(bone.name)!,
            anchor,
            axis: j.axis ? [j.axis[0], j.axis[1], j.axis[2]] : undefined,
            lower: j.lowerAngle,
            upper: j.upperAngle,
            cone: j.coneAngle,
            twistLo: j.lowerTwist,
            twistHi: j.upperTwist,
          });
        }
      }
    }
    return { bodies, joints, ground: true };
  }
  if (name === 'grid') {
    const n = 20;
    const id = (i: number, k: number) => i * n + k;
    for (let i = 0; i < n; i++)
      for (let k = 0; k < n; k++)
        bodies.push({ p: [k * 0.5, 20 - i * 0.5, 0], shape: { kind: 'box', h: [0.1, 0.1, 0.1] } });
    for (let i = 0; i < n; i++)
      for (let k = 0; k < n; k++) {
        const p = bodies[id(i, k)]!.p;
        if (k + 1 < n)
          joints.push({
            kind: 'hinge',
            a: id(i, k),
            b: id(i, k + 1),
            anchor: [p[0] + 0.25, p[1], 0],
            axis: [0, 0, 1],
          });
        if (i + 1 < n)
          joints.push({
            kind: 'hinge',
            a: id(i, k),
            b: id(i + 1, k),
            anchor: [p[0], p[1] - 0.25, 0],
            axis: [0, 0, 1],
          });
        if (i === 0)
          joints.push({ kind: 'hinge', a: -1, b: id(i, k), anchor: [p[0], p[1] + 0.25, 0], axis: [0, 0, 1] });
      }
    return { bodies, joints, ground: false };
  }
  for (let i = 0; i < 100; i++) {
    bodies.push({
      p: [(i + 0.5) * 0.2, 30, 0],
      shape: { kind: 'capsule', hh: 0.06, r: 0.035, q: [0, 0, Math.SQRT1_2, Math.SQRT1_2] },
    });
    joints.push({ kind: 'ball', a: i - 1, b: i, anchor: [i * 0.2, 30, 0] });
  }
  return { bodies, joints, ground: false };
}

function jointSpecs(L: Layout): JointSpec[] {
  return L.joints.map((j) => {
    const la =
      j.a < 0 ? j.anchor : (j.anchor.map((v, c) => v - L.bodies[j.a]!.p[c]!) as [number, number, number]);
    const lb = j.anchor.map((v, c) => v - L.bodies[j.b]!.p[c]!) as [number, number, number];
    return { a: j.a, b: j.b, la, lb };
  });
}

// ---- ours ------------------------------------------------------------------------------------------
function ours(name: SceneName): Run {
  const L = layout(name);
  const w = new World3({ enableSleep: false });
  w.profiling = false;
  const g = w.createBody({ type: 'static' });
  if (L.ground) w.createShape(g, { kind: 'box', halfExtents: [60, 0.5, 60], position: [0, -0.5, 0] });
  let ids: BodyId3[] = [];
  if (name === 'ragdolls') {
    // the builder itself (same layout as `layout`: identity orientation, bones at base + position)
    for (let k = 0; k < 100; k++) {
      const base: [number, number, number] = [
        ((k % 10) - 4.5) * 1.6,
        1 + Math.floor(k / 10) * 0.6 + (k % 3) * 0.4,
        (Math.floor(k / 10) - 4.5) * 0.9,
      ];
      ids = ids.concat(createRagdoll3(w, { position: base, maxFrictionTorque: 0 }).bodyList);
    }
  } else {
    for (const b of L.bodies) {
      const id = w.createBody({ position: b.p });
      const s = b.shape;
      if (s.kind === 'box') w.createShape(id, { kind: 'box', halfExtents: [s.h[0]!, s.h[1]!, s.h[2]!] });
      else if (s.kind === 'sphere') w.createShape(id, { kind: 'sphere', radius: s.r });
      else
        w.createShape(id, {
          kind: 'capsule',
          halfHeight: s.hh,
          radius: s.r,
          orientation: s.q as [number, number, number, number],
        });
      ids.push(id);
    }
    for (const j of L.joints) {
      const bodyA = j.a < 0 ? g : ids[j.a]!;
      const bodyB = ids[j.b]!;
      if (j.kind === 'hinge') w.createJoint({ kind: 'hinge', bodyA, bodyB, anchor: j.anchor, axis: j.axis });
      else w.createJoint({ kind: 'ball', bodyA, bodyB, anchor: j.anchor });
    }
  }
  return {
    bodies: ids.length,
    joints: jointSpecs(L),
    step: () => w.step(DT),
    poses: (out) => {
      for (let i = 0; i < ids.length; i++) {
        const p = w.getPosition(ids[i]!);
        const q = w.getOrientation(ids[i]!);
        out.set(p, 7 * i);
        out.set(q, 7 * i + 3);
      }
    },
    dispose: () => {},
  };
}

// ---- rapier ----------------------------------------------------------------------------------------
let RAPIER: Any = null;
function rapier(name: SceneName): Run {
  const R = RAPIER;
  const L = layout(name);
  const w = new R.World({ x: 0, y: -10, z: 0 });
  w.timestep = DT;
  const g = w.createRigidBody(R.RigidBodyDesc.fixed());
  if (L.ground) w.createCollider(R.ColliderDesc.cuboid(60, 0.5, 60).setTranslation(0, -0.5, 0), g);
  const bodies: Any[] = [];
  for (const b of L.bodies) {
    const body = w.createRigidBody(
      R.RigidBodyDesc.dynamic()
        .setTranslation(...b.p)
        .setCanSleep(false),
    );
    const s = b.shape;
    let c: Any;
    if (s.kind === 'box') c = R.ColliderDesc.cuboid(s.h[0], s.h[1], s.h[2]);
    else if (s.kind === 'sphere') c = R.ColliderDesc.ball(s.r);
    else {
      c = R.ColliderDesc.capsule(s.hh, s.r);
      if (s.q) c.setRotation({ x: s.q[0], y: s.q[1], z: s.q[2], w: s.q[3] });
    }
    w.createCollider(c.setDensity(1000).setFriction(0.6), body);
    bodies.push(body);
  }
  const specs = jointSpecs(L);
  L.joints.forEach((j, k) => {
    const s = specs[k]!;
    const a = j.a < 0 ? g : bodies[j.a];
    const la = { x: s.la[0], y: s.la[1], z: s.la[2] };
    const lb = { x: s.lb[0], y: s.lb[1], z: s.lb[2] };
    let data: Any;
    if (j.kind === 'hinge')
      data = R.JointData.revolute(la, lb, { x: j.axis![0], y: j.axis![1], z: j.axis![2] });
    else data = R.JointData.spherical(la, lb);
    const joint = w.createImpulseJoint(data, a, bodies[j.b], true);
    joint.setContactsEnabled?.(false);
    if (j.kind === 'hinge' && j.lower !== undefined && j.upper !== undefined)
      joint.setLimits?.(j.lower, j.upper);
  });
  return {
    bodies: bodies.length,
    joints: specs,
    step: () => w.step(),
    poses: (out) => {
      for (let i = 0; i < bodies.length; i++) {
        const t = bodies[i].translation();
        const q = bodies[i].rotation();
        out[7 * i] = t.x;
        out[7 * i + 1] = t.y;
        out[7 * i + 2] = t.z;
        out[7 * i + 3] = q.x;
        out[7 * i + 4] = q.y;
        out[7 * i + 5] = q.z;
        out[7 * i + 6] = q.w;
      }
    },
    dispose: () => w.free(),
  };
}

/** A unit vector perpendicular to `a` (the hinge's and swing–twist's normal axis). */
function perpendicular(a: readonly number[]): [number, number, number] {
  const [x, y, z] = a as [number, number, number];
  const p: [number, number, number] = Math.abs(x) < 0.9 ? [0, z, -y] : [-z, 0, x];
  const l = Math.hypot(...p);
  return [p[0] / l, p[1] / l, p[2] / l];
}

/** Body mass at density 1000 (cannon-es takes a mass, not a density). */
function massOf(b: BodySpec): number {
  const s = b.shape;
  const v =
    s.kind === 'box'
      ? 8 * s.h[0]! * s.h[1]! * s.h[2]!
      : s.kind === 'sphere'
        ? (4 / 3) * Math.PI * s.r ** 3
        : Math.PI * s.r * s.r * 2 * s.hh + (4 / 3) * Math.PI * s.r ** 3;
  return 1000 * v;
}

// ---- jolt ------------------------------------------------------------------------------------------
let JOLT: Any = null;
function jolt(name: SceneName): Run {
  const J = JOLT;
  const L = layout(name);
  const { ji, ps, bi } = joltSystem3(L.bodies.length + 16);
  // the ragdolls' jointed bones do not collide: one group per ragdoll, a bone's index its subgroup
  const per = HUMANOID_SKELETON.length;
  const filter = new J.GroupFilterTable(per);
  if (name === 'ragdolls') {
    HUMANOID_SKELETON.forEach((bone, i) => {
      if (bone.parent)
        filter.DisableCollision(
          HUMANOID_SKELETON.findIndex((b) => b.name === bone.parent),
          i,
        );
    });
  }
  const add = (shape: Any, p: readonly number[], motion: Any, layer: number, index: number) => {
    const cs = new J.BodyCreationSettings(
      shape,
      new J.RVec3(p[0], p[1], p[2]),
      new J.Quat(0, 0, 0, 1),
      motion,
      layer,
    );
    cs.mFriction = 0.6;
    cs.mRestitution = 0;
    cs.mAllowSleeping = false;
    if (name === 'ragdolls' && index >= 0) {
      cs.mCollisionGroup.SetGroupFilter(filter);
      cs.mCollisionGroup.SetGroupID(Math.floor(index / per));
      cs.mCollisionGroup.SetSubGroupID(index % per);
    }
    const body = bi.CreateBody(cs);
    J.destroy(cs);
    bi.AddBody(body.GetID(), J.EActivation_Activate);
    return body;
  };
  const shapeOf = (b: BodySpec): Any => {
    const s = b.shape;
    let ss: Any;
    if (s.kind === 'box')
      ss = new J.BoxShapeSettings(new J.Vec3(s.h[0], s.h[1], s.h[2]), Math.min(0.05, 0.5 * Math.min(...s.h)));
    else if (s.kind === 'sphere') ss = new J.SphereShapeSettings(s.r);
    else ss = new J.CapsuleShapeSettings(s.hh, s.r);
    ss.mDensity = 1000;
    if (s.kind === 'capsule' && s.q)
      ss = new J.RotatedTranslatedShapeSettings(
        new J.Vec3(0, 0, 0),
        new J.Quat(s.q[0], s.q[1], s.q[2], s.q[3]),
        ss,
      );
    return ss.Create().Get();
  };
  const ground = add(
    new J.BoxShape(new J.Vec3(60, 0.5, 60), 0.05, null),
    L.ground ? [0, -0.5, 0] : [0, -500, 0],
    J.EMotionType_Static,
    0,
    -1,
  );
  const bodies = L.bodies.map((b, i) => add(shapeOf(b), b.p, J.EMotionType_Dynamic, 1, i));
  const v3 = (v: readonly number[]) => new J.Vec3(v[0], v[1], v[2]);
  const r3 = (v: readonly number[]) => new J.RVec3(v[0], v[1], v[2]);
  for (const j of L.joints) {
    const a = j.a < 0 ? ground : bodies[j.a];
    let c: Any;
    if (j.kind === 'hinge') {
      c = new J.HingeConstraintSettings();
      c.mPoint1 = r3(j.anchor);
      c.mPoint2 = r3(j.anchor);
      c.mHingeAxis1 = v3(j.axis!);
      c.mHingeAxis2 = v3(j.axis!);
      const n = perpendicular(j.axis!);
      c.mNormalAxis1 = v3(n);
      c.mNormalAxis2 = v3(n);
      if (j.lower !== undefined && j.upper !== undefined) {
        c.mLimitsMin = j.lower;
        c.mLimitsMax = j.upper;
      }
    } else if (j.kind === 'ball') {
      c = new J.PointConstraintSettings();
      c.mPoint1 = r3(j.anchor);
      c.mPoint2 = r3(j.anchor);
    } else {
      c = new J.SwingTwistConstraintSettings();
      c.mPosition1 = r3(j.anchor);
      c.mPosition2 = r3(j.anchor);
      c.mTwistAxis1 = v3(j.axis!);
      c.mTwistAxis2 = v3(j.axis!);
      const n = perpendicular(j.axis!);
      c.mPlaneAxis1 = v3(n);
      c.mPlaneAxis2 = v3(n);
      c.mNormalHalfConeAngle = j.cone!;
      c.mPlaneHalfConeAngle = j.cone!;
      c.mTwistMinAngle = j.twistLo!;
      c.mTwistMaxAngle = j.twistHi!;
    }
    ps.AddConstraint(c.Create(a, bodies[j.b]));
  }
  return {
    bodies: bodies.length,
    joints: jointSpecs(L),
    step: () => ji.Step(DT, 1),
    poses: (out) => {
      for (let i = 0; i < bodies.length; i++) {
        const t = bodies[i].GetPosition();
        const q = bodies[i].GetRotation();
        out[7 * i] = t.GetX();
        out[7 * i + 1] = t.GetY();
        out[7 * i + 2] = t.GetZ();
        out[7 * i + 3] = q.GetX();
        out[7 * i + 4] = q.GetY();
        out[7 * i + 5] = q.GetZ();
        out[7 * i + 6] = q.GetW();
      }
    },
    dispose: () => J.destroy(ji),
  };
}

// ---- cannon-es -------------------------------------------------------------------------------------
let CANNON: Any = null;
function cannon(name: SceneName): Run {
  const C = CANNON;
  const L = layout(name);
  const w = new C.World({ gravity: new C.Vec3(0, -10, 0) });
  w.broadphase = new C.SAPBroadphase(w);
  w.allowSleep = false;
  w.defaultContactMaterial.friction = 0.6;
  w.defaultContactMaterial.restitution = 0;
  const ground = new C.Body({ mass: 0 });
  if (L.ground) ground.addShape(new C.Box(new C.Vec3(60, 0.5, 60)), new C.Vec3(0, -0.5, 0));
  w.addBody(ground);
  const bodies = L.bodies.map((b) => {
    const body = new C.Body({ mass: massOf(b), position: new C.Vec3(...b.p) });
    const s = b.shape;
    if (s.kind === 'box') body.addShape(new C.Box(new C.Vec3(s.h[0], s.h[1], s.h[2])));
    else if (s.kind === 'sphere') body.addShape(new C.Sphere(s.r));
    else {
      const q = new C.Quaternion(...(s.q ?? [0, 0, 0, 1]));
      body.addShape(new C.Cylinder(s.r, s.r, 2 * s.hh, 8), new C.Vec3(0, 0, 0), q);
      for (const e of [-1, 1]) body.addShape(new C.Sphere(s.r), q.vmult(new C.Vec3(0, e * s.hh, 0)));
    }
    w.addBody(body);
    return body;
  });
  const specs = jointSpecs(L);
  L.joints.forEach((j, k) => {
    const s = specs[k]!;
    const a = j.a < 0 ? ground : bodies[j.a];
    const b = bodies[j.b];
    const pivotA = new C.Vec3(...s.la);
    const pivotB = new C.Vec3(...s.lb);
    let c: Any;
    if (j.kind === 'hinge') {
      const axis = new C.Vec3(...j.axis!);
      c = new C.HingeConstraint(a, b, { pivotA, pivotB, axisA: axis, axisB: axis, collideConnected: false });
    } else if (j.kind === 'ball') {
      c = new C.PointToPointConstraint(a, pivotA, b, pivotB);
      c.collideConnected = false;
    } else {
      const axis = new C.Vec3(...j.axis!);
      c = new C.ConeTwistConstraint(a, b, {
        pivotA,
        pivotB,
        axisA: axis,
        axisB: axis,
        angle: j.cone,
        twistAngle: Math.max(Math.abs(j.twistLo!), Math.abs(j.twistHi!)),
        collideConnected: false,
      });
    }
    w.addConstraint(c);
  });
  return {
    bodies: bodies.length,
    joints: specs,
    step: () => w.step(DT),
    poses: (out) => {
      for (let i = 0; i < bodies.length; i++) {
        const t = bodies[i].position;
        const q = bodies[i].quaternion;
        out[7 * i] = t.x;
        out[7 * i + 1] = t.y;
        out[7 * i + 2] = t.z;
        out[7 * i + 3] = q.x;
        out[7 * i + 4] = q.y;
        out[7 * i + 5] = q.z;
        out[7 * i + 6] = q.w;
      }
    },
    dispose: () => {},
  };
}

interface Result {
  engine: string;
  steps: number;
  medianMs: number;
  maxDrift: number;
  meanDrift: number;
  lowestY: number;
  finite: boolean;
  ratio?: number;
}

/** One engine's run of a scene, measured chunk by chunk. */
class Measured {
  readonly times: number[] = [];
  readonly poses: Float64Array;
  maxDrift = 0;
  meanDrift = 0;
  lowest = Number.POSITIVE_INFINITY;
  finite = true;
  spent = 0;
  constructor(
    readonly engine: string,
    readonly run: Run,
  ) {
    this.poses = new Float64Array(7 * run.bodies);
  }
  chunk(n: number): void {
    for (let s = 0; s < n; s++) {
      const t0 = performance.now();
      this.run.step();
      const t = performance.now() - t0;
      this.times.push(t);
      this.spent += t / 1000;
    }
    const run = this.run;
    const poses = this.poses;
    run.poses(poses);
    const [mx, mean] = drift(run, poses);
    this.maxDrift = Math.max(this.maxDrift, mx);
    this.meanDrift = Math.max(this.meanDrift, mean);
    for (let i = 0; i < run.bodies; i++) {
      this.lowest = Math.min(this.lowest, poses[7 * i + 1]!);
      for (let c = 0; c < 7; c++) if (!Number.isFinite(poses[7 * i + c]!)) this.finite = false;
    }
  }
  result(): Result {
    const times = [...this.times].sort((a, b) => a - b);
    return {
      engine: this.engine,
      steps: times.length,
      medianMs: times[Math.floor(times.length / 2)] ?? Number.NaN,
      maxDrift: this.maxDrift,
      meanDrift: this.meanDrift,
      lowestY: this.lowest,
      finite: this.finite,
    };
  }
}

const FACTORIES: Record<string, (name: SceneName) => Run> = {
  ours,
  rapier3d: rapier,
  jolt,
  'cannon-es': cannon,
};

/** Runs the suite (see the module comment). */
export async function run(args: string[]): Promise<void> {
  const quick = args.includes('--quick');
  const pick = (key: string) =>
    args
      .find((a) => a.startsWith(`--${key}=`))
      ?.split('=')[1]
      ?.split(',');
  const sceneNames = (pick('scene') ?? ['ragdolls', 'grid', 'chain']) as SceneName[];
  const engines = pick('engines') ?? ['ours', 'rapier3d', 'jolt', 'cannon-es'];
  for (const e of engines) if (!FACTORIES[e]) throw new Error(`rigid3d-joints: unknown engine '${e}'`);
  const budget = Number(pick('budget')?.[0] ?? (quick ? 15 : 60));
  await loadPeers3(engines);
  RAPIER = peers3.rapier;
  JOLT = peers3.jolt;
  CANNON = peers3.cannon;
  const out: Record<string, Result[]> = {};
  for (const name of sceneNames) {
    const steps = Number(pick('steps')?.[0] ?? (quick ? 60 : 300));
    const warm = quick ? 10 : 30;
    const chunk = 10;
    const runs = engines.map((e) => new Measured(e, FACTORIES[e]!(name)));
    for (const m of runs) for (let s = 0; s < warm; s++) m.run.step();
    for (let done = 0; done < steps; done += chunk) {
      const order = (done / chunk) % 2 === 0 ? runs : [...runs].reverse();
      for (const m of order)
        if (m.engine === 'ours' || m.spent < budget) m.chunk(Math.min(chunk, steps - done));
    }
    for (const m of runs) m.run.dispose();
    const results = runs.map((m) => m.result());
    const mine = results.find((r) => r.engine === 'ours');
    for (const r of results) if (mine && r !== mine) r.ratio = mine.medianMs / r.medianMs;
    out[name] = results;
    console.log(`\n${name}`);
    for (const r of results) {
      console.log(
        `  ${r.engine.padEnd(9)} ${r.medianMs.toFixed(2).padStart(8)} ms/step${r.ratio ? `  ours/${r.engine} ${r.ratio.toFixed(2)}` : ''}  drift max ${(1000 * r.maxDrift).toFixed(2)} mm, mean ${(1000 * r.meanDrift).toFixed(3)} mm  lowest y ${r.lowestY.toFixed(2)}${r.steps < steps ? `  (${r.steps} steps: budget)` : ''}  ${r.finite ? '' : 'NON-FINITE'}`,
      );
    }
  }
  writeResults('rigid3d-joints', { machine: machineInfo(), quick, scenes: out }, quick);
}
