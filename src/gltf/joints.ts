/**
 * The joints of a glTF physics file as rigid3d six-degree-of-freedom joints. A
 * `KHR_physics_rigid_bodies` joint is a set of limits and drives on the axes of its attachment
 * frame; the generic joint (textbook §26.2: each axis free, limited or locked, with motors) takes
 * them axis by axis in body A's frame:
 * - a limit with min = max = 0 locks its axes; a 1-axis limit limits that axis to [min, max];
 *   a 2- or 3-axis limit with a non-zero range (a distance from a line or a point, a cone) is
 *   approximated by the same range on each axis (a box instead of a ball), with a warning;
 * - an axis no limit names is free; a soft limit (stiffness) is made hard, with a warning;
 * - a velocity drive (damping, no stiffness) is the axis motor: target speed and maximum force;
 *   a position drive (stiffness) or an acceleration-mode drive is left out, with a warning;
 * - the joint holds the attachment frames' offset at load (the extension asks the simulation to
 *   bring them together when they differ: a warning says so).
 */
import type { JointId3 } from '../rigid3d/joints/joint-types.js';
import type { BodyId3, Vec3Tuple } from '../rigid3d/types.js';
import type { World3 } from '../rigid3d/world.js';
import type { GltfJoint3 } from './import.js';

type V3 = [number, number, number];
type Q4 = [number, number, number, number];

function rotate(q: readonly number[], v: readonly number[]): V3 {
  const [qx, qy, qz, qw] = q as Q4;
  const [x, y, z] = v as V3;
  const tx = 2 * (qy * z - qz * y);
  const ty = 2 * (qz * x - qx * z);
  const tz = 2 * (qx * y - qy * x);
  return [
    x + qw * tx + (qy * tz - qz * ty),
    y + qw * ty + (qz * tx - qx * tz),
    z + qw * tz + (qx * ty - qy * tx),
  ];
}
function qmul(a: readonly number[], b: readonly number[]): Q4 {
  return [
    a[3]! * b[0]! + a[0]! * b[3]! + a[1]! * b[2]! - a[2]! * b[1]!,
    a[3]! * b[1]! - a[0]! * b[2]! + a[1]! * b[3]! + a[2]! * b[0]!,
    a[3]! * b[2]! + a[0]! * b[1]! - a[1]! * b[0]! + a[2]! * b[3]!,
    a[3]! * b[3]! - a[0]! * b[0]! - a[1]! * b[1]! - a[2]! * b[2]!,
  ];
}

/** An attachment frame in the world. */
function worldFrame(world: World3, body: BodyId3 | null, f: GltfJoint3['frameA']): { p: V3; q: Q4 } {
  if (body === null) return { p: [...f.position] as V3, q: [...f.orientation] as Q4 };
  const bp = world.getPosition(body);
  const bq = world.getOrientation(body);
  const r = rotate(bq, f.position);
  return { p: [bp[0] + r[0], bp[1] + r[1], bp[2] + r[2]], q: qmul(bq, f.orientation) };
}

type Axis =
  | 'free'
  | 'locked'
  | {
      mode?: 'free' | 'locked' | 'limited';
      lower?: number;
      upper?: number;
      motorSpeed?: number;
      maxMotorForce?: number;
    };

/**
 * Creates the joints of an import in a world built from its scene: `bodies[i]` is the handle of
 * `scene.bodies[i]`; a joint end on no body (−1) is fixed to `ground`, a static body created at the
 * origin on first need. Returns the joint handles (in `joints` order) and the warnings.
 */
export function createGltfJoints(
  world: World3,
  bodies: readonly BodyId3[],
  joints: readonly GltfJoint3[],
): { joints: JointId3[]; warnings: string[] } {
  const warnings: string[] = [];
  const out: JointId3[] = [];
  let ground: BodyId3 | null = null;
  const bodyOf = (i: number): BodyId3 | null => (i < 0 ? null : bodies[i]!);
  for (const j of joints) {
    const at = `gltf.nodes[${j.node}]`;
    const warn = (what: string) => warnings.push(`${at}: joint: ${what}`);
    let a = bodyOf(j.bodyA);
    let b = bodyOf(j.bodyB);
    if (a === null && b === null) continue;
    const fa = worldFrame(world, a, j.frameA);
    const fb = worldFrame(world, b, j.frameB);
    const dp = Math.hypot(fa.p[0] - fb.p[0], fa.p[1] - fb.p[1], fa.p[2] - fb.p[2]);
    const dq = Math.abs(fa.q[0] * fb.q[0] + fa.q[1] * fb.q[1] + fa.q[2] * fb.q[2] + fa.q[3] * fb.q[3]);
    if (dp > 1e-6 || 1 - dq > 1e-9)
      warn('the two attachment frames differ at load: the joint keeps their offset');
    if (a === null) {
      ground ??= world.createBody({ type: 'static' });
      a = ground;
    }
    if (b === null) {
      ground ??= world.createBody({ type: 'static' });
      b = ground;
    }
    const axes: Axis[] = ['free', 'free', 'free', 'free', 'free', 'free'];
    for (const l of j.description.limits) {
      const angular = l.angularAxes !== undefined;
      const list = (angular ? l.angularAxes : l.linearAxes)!;
      const big = angular ? Math.PI : 1e6;
      const lower = Math.max(-big, l.min ?? -big);
      const upper = Math.min(big, l.max ?? big);
      if (l.stiffness !== undefined) warn('a soft limit (stiffness) is made hard');
      const locked = lower === 0 && upper === 0;
      if (!locked && list.length > 1)
        warn(`a ${list.length}-axis ${angular ? 'angular' : 'linear'} limit is approximated axis by axis`);
      for (const k of list)
        axes[(angular ? 3 : 0) + k] = locked ? 'locked' : { mode: 'limited', lower, upper };
    }
    for (const d of j.description.drives) {
      const k = (d.type === 'angular' ? 3 : 0) + d.axis;
      if (d.mode === 'acceleration' || d.stiffness > 0 || d.velocityTarget === undefined) {
        warn(
          `the ${d.type} drive on axis ${d.axis} is left out (only force-mode velocity drives become motors)`,
        );
        continue;
      }
      const cur = axes[k]!;
      const motor = { motorSpeed: d.velocityTarget, maxMotorForce: d.maxForce ?? 1e9 };
      if (cur === 'locked') warn(`the drive on locked axis ${d.axis} has no effect`);
      else axes[k] = cur === 'free' ? { mode: 'free', ...motor } : { ...cur, ...motor };
    }
    const axis: Vec3Tuple = rotate(fa.q, [1, 0, 0]);
    const normal: Vec3Tuple = rotate(fa.q, [0, 1, 0]);
    out.push(
      world.createJoint({
        kind: 'six-dof',
        bodyA: a,
        bodyB: b,
        anchor: fa.p,
        axis,
        normal,
        collideConnected: j.enableCollision,
        linearX: axes[0]!,
        linearY: axes[1]!,
        linearZ: axes[2]!,
        angularX: axes[3]!,
        angularY: axes[4]!,
        angularZ: axes[5]!,
      }),
    );
  }
  return { joints: out, warnings };
}
