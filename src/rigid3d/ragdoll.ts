/**
 * The ragdoll builder (textbook §25.6 and §26.2 "ジョイントとモーター"): a humanoid from a small
 * skeleton description — one body per bone with its shape, joined to its parent by a cone-twist
 * joint (spine, neck, shoulders, hips: the swing cone and twist limits of the human joints) or a
 * hinge with one-sided limits (elbows, knees). `HUMANOID_SKELETON` is a 1.8 m figure of 12 bodies
 * standing in a T pose facing +z; any skeleton of the same form builds the same way. Positions,
 * anchors and axes are in the ragdoll's frame and are placed by its position and orientation.
 */
import { PhysicsError } from '../core/errors.js';
import type { JointId3 } from './joints/joint-types.js';
import type { BodyId3, QuatTuple, ShapeDef3, Vec3Tuple } from './types.js';
import type { World3 } from './world.js';
import { quat, vec3 } from './world-settings.js';

/** How a bone hangs on its parent. */
export interface RagdollJoint3 {
  /** 'cone-twist' (swing cone + twist limits), 'hinge' (one axis, limited), 'ball' or 'fixed' */
  kind: 'cone-twist' | 'hinge' | 'ball' | 'fixed';
  /** the joint point, ragdoll frame */
  anchor: Vec3Tuple;
  /** the twist axis (cone-twist, along the child bone) or the hinge axis, ragdoll frame */
  axis?: Vec3Tuple;
  /** cone-twist: the swing cone's half angle (rad) */
  coneAngle?: number;
  /** cone-twist: twist limits (rad) */
  lowerTwist?: number;
  /** cone-twist: upper twist limit */
  upperTwist?: number;
  /** hinge: angle limits (rad) */
  lowerAngle?: number;
  /** hinge: upper angle limit */
  upperAngle?: number;
}

/** One bone: a body with one shape, optionally jointed to a parent bone. */
export interface RagdollBone3 {
  /** the bone's name (unique) */
  name: string;
  /** the parent bone's name (absent for the root) */
  parent?: string;
  /** the body origin, ragdoll frame */
  position: Vec3Tuple;
  /** the bone's shape, placed in the body frame (its `position` / `orientation` relative to the origin) */
  shape: ShapeDef3;
  /** the joint to the parent (required when `parent` is given) */
  joint?: RagdollJoint3;
}

const Q_X = [0, 0, Math.SQRT1_2, Math.SQRT1_2] as const; // a capsule (local y) laid along x

/** A 1.8 m humanoid of 12 bones in a T pose facing +z (masses from 1000 kg/m³ shapes: about 70 kg). */
export const HUMANOID_SKELETON: readonly RagdollBone3[] = [
  { name: 'pelvis', position: [0, 0.95, 0], shape: { kind: 'box', halfExtents: [0.15, 0.1, 0.1] } },
  {
    name: 'abdomen',
    parent: 'pelvis',
    position: [0, 1.15, 0],
    shape: { kind: 'box', halfExtents: [0.13, 0.09, 0.09] },
    joint: {
      kind: 'cone-twist',
      anchor: [0, 1.05, 0],
      axis: [0, 1, 0],
      coneAngle: 0.35,
      lowerTwist: -0.3,
      upperTwist: 0.3,
    },
  },
  {
    name: 'chest',
    parent: 'abdomen',
    position: [0, 1.38, 0],
    shape: { kind: 'box', halfExtents: [0.16, 0.13, 0.1] },
    joint: {
      kind: 'cone-twist',
      anchor: [0, 1.25, 0],
      axis: [0, 1, 0],
      coneAngle: 0.35,
      lowerTwist: -0.3,
      upperTwist: 0.3,
    },
  },
  {
    name: 'head',
    parent: 'chest',
    position: [0, 1.67, 0],
    shape: { kind: 'sphere', radius: 0.11 },
    joint: {
      kind: 'cone-twist',
      anchor: [0, 1.53, 0],
      axis: [0, 1, 0],
      coneAngle: 0.5,
      lowerTwist: -0.7,
      upperTwist: 0.7,
    },
  },
  ...([1, -1] as const).flatMap((s): RagdollBone3[] => {
    const side = s > 0 ? 'Right' : 'Left';
    return [
      {
        name: `upperArm${side}`,
        parent: 'chest',
        position: [s * 0.33, 1.45, 0],
        shape: { kind: 'capsule', halfHeight: 0.11, radius: 0.05, orientation: Q_X },
        joint: {
          kind: 'cone-twist',
          anchor: [s * 0.17, 1.45, 0],
          axis: [s, 0, 0],
          coneAngle: 1.2,
          lowerTwist: -0.8,
          upperTwist: 0.8,
        },
      },
      {
        name: `forearm${side}`,
        parent: `upperArm${side}`,
        position: [s * 0.61, 1.45, 0],
        shape: { kind: 'capsule', halfHeight: 0.1, radius: 0.045, orientation: Q_X },
        // bends forward (towards +z) from straight
        joint: {
          kind: 'hinge',
          anchor: [s * 0.48, 1.45, 0],
          axis: [0, -s, 0],
          lowerAngle: 0,
          upperAngle: 2.4,
        },
      },
      {
        name: `thigh${side}`,
        parent: 'pelvis',
        position: [s * 0.09, 0.64, 0],
        shape: { kind: 'capsule', halfHeight: 0.15, radius: 0.07 },
        joint: {
          kind: 'cone-twist',
          anchor: [s * 0.09, 0.86, 0],
          axis: [0, -1, 0],
          coneAngle: 0.9,
          lowerTwist: -0.4,
          upperTwist: 0.4,
        },
      },
      {
        name: `shin${side}`,
        parent: `thigh${side}`,
        position: [s * 0.09, 0.23, 0],
        shape: { kind: 'capsule', halfHeight: 0.15, radius: 0.055 },
        // bends backward (towards −z) from straight
        joint: {
          kind: 'hinge',
          anchor: [s * 0.09, 0.43, 0],
          axis: [1, 0, 0],
          lowerAngle: 0,
          upperAngle: 2.4,
        },
      },
    ];
  }),
];

/** `createRagdoll3(world, def)` — every field optional. */
export interface RagdollDef3 {
  /** where the ragdoll frame's origin goes (its feet for the humanoid), default [0, 0, 0] */
  position?: Vec3Tuple;
  /** the ragdoll frame's orientation, default identity */
  orientation?: QuatTuple;
  /** the bones, default {@link HUMANOID_SKELETON} */
  skeleton?: readonly RagdollBone3[];
  /** shape density (kg/m³) where a bone's shape gives none, default 1000 */
  density?: number;
  /** shape friction where a bone's shape gives none, default 0.6 */
  friction?: number;
  /** every body's initial velocity, default [0, 0, 0] */
  linearVelocity?: Vec3Tuple;
  /** friction torque in the cone-twist joints (N·m, muscles at rest), default 2 */
  maxFrictionTorque?: number;
  /** any value; each body's userData becomes `{ ragdoll: userData, bone: name }` */
  userData?: unknown;
}

/** A built ragdoll: its bodies and joints by bone name. */
export interface Ragdoll3 {
  /** body of each bone */
  bodies: Record<string, BodyId3>;
  /** joint of each non-root bone (to its parent) */
  joints: Record<string, JointId3>;
  /** the bodies in skeleton order */
  bodyList: BodyId3[];
  /** the joints in skeleton order */
  jointList: JointId3[];
}

function rot(q: readonly number[], v: readonly number[]): [number, number, number] {
  const [x, y, z, w] = q as [number, number, number, number];
  const tx = 2 * (y * v[2]! - z * v[1]!);
  const ty = 2 * (z * v[0]! - x * v[2]!);
  const tz = 2 * (x * v[1]! - y * v[0]!);
  return [
    v[0]! + w * tx + (y * tz - z * ty),
    v[1]! + w * ty + (z * tx - x * tz),
    v[2]! + w * tz + (x * ty - y * tx),
  ];
}

/** Builds a ragdoll in `world` (bones in order: a parent must come before its children). */
export function createRagdoll3(world: World3, def: RagdollDef3 = {}): Ragdoll3 {
  const p0 = vec3(def.position, 'ragdoll.position');
  const q0 = quat(def.orientation, 'ragdoll.orientation');
  const skeleton = def.skeleton ?? HUMANOID_SKELETON;
  const place = (v: Vec3Tuple): [number, number, number] => {
    const r = rot(q0, v);
    return [p0[0] + r[0], p0[1] + r[1], p0[2] + r[2]];
  };
  const out: Ragdoll3 = { bodies: {}, joints: {}, bodyList: [], jointList: [] };
  skeleton.forEach((bone, i) => {
    const where = `ragdoll.skeleton[${i}]`;
    if (out.bodies[bone.name] !== undefined) {
      throw new PhysicsError('invalid-argument', `${where}.name: '${bone.name}' is used twice`);
    }
    const body = world.createBody({
      position: place(vec3(bone.position, `${where}.position`)),
      orientation: q0,
      linearVelocity: def.linearVelocity,
      userData: { ragdoll: def.userData, bone: bone.name },
    });
    world.createShape(body, { density: def.density ?? 1000, friction: def.friction ?? 0.6, ...bone.shape });
    out.bodies[bone.name] = body;
    out.bodyList.push(body);
    if (bone.parent === undefined) return;
    const parent = out.bodies[bone.parent];
    if (parent === undefined) {
      throw new PhysicsError('invalid-argument', `${where}.parent: no bone '${bone.parent}' before it`);
    }
    const j = bone.joint;
    if (j === undefined) throw new PhysicsError('invalid-argument', `${where}.joint: required with a parent`);
    const anchor = place(vec3(j.anchor, `${where}.joint.anchor`));
    const axis = j.axis === undefined ? undefined : rot(q0, vec3(j.axis, `${where}.joint.axis`));
    const base = { bodyA: parent, bodyB: body, anchor };
    const joint =
      j.kind === 'cone-twist'
        ? world.createJoint({
            ...base,
            kind: 'cone-twist',
            axis,
            coneAngle: j.coneAngle,
            lowerTwist: j.lowerTwist,
            upperTwist: j.upperTwist,
            maxFrictionTorque: def.maxFrictionTorque ?? 2,
          })
        : j.kind === 'hinge'
          ? world.createJoint({
              ...base,
              kind: 'hinge',
              axis,
              enableLimit: j.lowerAngle !== undefined || j.upperAngle !== undefined,
              lowerAngle: j.lowerAngle,
              upperAngle: j.upperAngle,
            })
          : world.createJoint({ ...base, kind: j.kind });
    out.joints[bone.name] = joint;
    out.jointList.push(joint);
  });
  return out;
}
