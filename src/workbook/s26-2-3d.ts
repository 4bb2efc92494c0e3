/**
 * Workbook §26.2, the 3D parts: the world inertia tensor I_world = R I_body Rᵀ of a turned box and
 * the angular velocity ω = I_world⁻¹ L that is 23° off L, the quaternion step q ← q + h/2 (ω, 0) q
 * against the exponential map, and exercise 26.8-2 (the 6 kg box of 1 × 2 × 3 m). Every number
 * comes from the rigid3d engine's own body code: the `World3`'s mass properties (massProperties3 /
 * combineMass3), the world inverse inertia it rebuilds, an angular impulse it applies, and its
 * orientation integrators (also through `world.step`).
 */
import {
  type BodyId3,
  firstOrderRaw,
  integrateExponential,
  integrateFirstOrder,
  quaternionAngle,
  World3,
} from '../rigid3d/index.js';
import type { WorkbookExample, WorkbookSection } from './types.js';

const r4 = (x: number): number => Number(x.toFixed(4));
const r6 = (x: number): number => Number(x.toFixed(6));
const mat = (m: number[]): string[] =>
  [0, 1, 2].map(
    (r) =>
      `[${m
        .slice(3 * r, 3 * r + 3)
        .map(r4)
        .join(', ')}]`,
  );

/** A free box of `mass` with full sizes (w, h, d) along the body's x, y, z, turned by `q`. */
function box(size: [number, number, number], mass: number, q: [number, number, number, number]) {
  const world = new World3({ gravity: [0, 0, 0], enableSleep: false });
  const id: BodyId3 = world.createBody({ orientation: q });
  const half: [number, number, number] = [size[0] / 2, size[1] / 2, size[2] / 2];
  world.createShape(id, { kind: 'box', halfExtents: half, density: mass / (size[0] * size[1] * size[2]) });
  return { world, id };
}

/** ω from L: the engine applies the angular impulse L to the resting body (Δω = I_world⁻¹ L). */
function omegaFrom(world: World3, id: BodyId3, L: [number, number, number]): [number, number, number] {
  world.applyAngularImpulse(id, L);
  return world.getAngularVelocity(id);
}

function angleDeg(a: readonly number[], b: readonly number[]): number {
  const dot = a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
  return (
    (Math.acos(Math.min(1, dot / (Math.hypot(a[0]!, a[1]!, a[2]!) * Math.hypot(b[0]!, b[1]!, b[2]!)))) *
      180) /
    Math.PI
  );
}

function worldInertiaExample(): WorkbookExample {
  const s = Math.sin(Math.PI / 8);
  const c = Math.cos(Math.PI / 8);
  const { world, id } = box([2, 1, 1], 12, [0, 0, s, c]);
  const Ib = world.getInertiaBody(id);
  const Iw = world.getInertiaWorld(id);
  const inv = world.getInverseInertiaWorld(id);
  const w = omegaFrom(world, id, [1, 0, 0]);
  const angle = angleDeg(w, [1, 0, 0]);
  return {
    id: '26.2-world-inertia',
    title: 'The world inertia tensor of a turned box, and ω = I_world⁻¹ L',
    kind: 'example',
    steps: [
      {
        title: 'I_body of the 2 × 1 × 1 m, 12 kg box (m/12 (h² + d², w² + d², w² + h²))',
        lines: mat(Ib),
        values: { mass: world.getMass(id), Ixx: r4(Ib[0]!), Iyy: r4(Ib[4]!), Izz: r4(Ib[8]!) },
      },
      {
        title: 'turned 45° about z: I_world = R I_body Rᵀ',
        lines: mat(Iw),
        values: { upperLeft: [r4(Iw[0]!), r4(Iw[1]!), r4(Iw[3]!), r4(Iw[4]!)], Izz: r4(Iw[8]!) },
      },
      {
        title: 'I_world⁻¹ = R I_body⁻¹ Rᵀ (what the engine rebuilds every step)',
        lines: mat(inv),
        values: { block: [r4(inv[0]!), r4(inv[1]!), r4(inv[3]!), r4(inv[4]!)] },
      },
      {
        title: 'L = (1, 0, 0): ω = I_world⁻¹ L',
        values: { omega: w.map(r4), angleToL: Number(angle.toFixed(1)) },
      },
    ],
    checks: [
      {
        label: 'I_body = diag(2, 5, 5)',
        pass: [Ib[0]! - 2, Ib[4]! - 5, Ib[8]! - 5].every((e) => Math.abs(e) < 1e-12),
      },
      {
        label: 'the upper 2×2 block is [[3.5, −1.5], [−1.5, 3.5]] and I_zz = 5 is unchanged',
        pass: [Iw[0]! - 3.5, Iw[1]! + 1.5, Iw[3]! + 1.5, Iw[4]! - 3.5, Iw[8]! - 5].every(
          (e) => Math.abs(e) < 1e-12,
        ),
      },
      {
        label: 'ω = (0.35, 0.15, 0)',
        pass: Math.abs(w[0] - 0.35) < 1e-12 && Math.abs(w[1] - 0.15) < 1e-12 && Math.abs(w[2]) < 1e-12,
      },
      { label: 'ω is 23° off L', pass: Math.round(angle) === 23 },
    ],
    conclusion: `ω = (${w.map(r4).join(', ')}) is ${angle.toFixed(1)}° off L: the box does not turn about the axis it was pushed about`,
  };
}

function quaternionExample(): WorkbookExample {
  const q = new Float64Array([0, 0, 0, 1]);
  const w = new Float64Array([0, 0, 2]);
  const raw = new Float64Array(4);
  const length = firstOrderRaw(raw, 0, q, 0, w, 0, 0.1);
  const fo = new Float64Array(4);
  integrateFirstOrder(fo, 0, q, 0, w, 0, 0.1);
  const ex = new Float64Array(4);
  integrateExponential(ex, 0, q, 0, w, 0, 0.1);
  const foAngle = quaternionAngle(fo);
  const exAngle = quaternionAngle(ex);
  // the same step through the world (one substep of 0.1 s on a ball, whose gyroscopic term is 0)
  const stepped = (orientation: 'first-order' | 'exponential'): number[] => {
    const world = new World3({
      gravity: [0, 0, 0],
      orientation,
      solver: { substeps: 1 },
      enableSleep: false,
    });
    const ball = world.createBody({ angularVelocity: [0, 0, 2] });
    world.createShape(ball, { kind: 'sphere', radius: 0.5 });
    world.step(0.1);
    return world.getOrientation(ball);
  };
  const worldFo = stepped('first-order');
  const worldEx = stepped('exponential');
  const wxyz = (v: ArrayLike<number>): number[] => [v[3]!, v[0]!, v[1]!, v[2]!].map(r6);
  return {
    id: '26.2-quaternion-step',
    title: 'The quaternion step q ← q + h/2 (0, ω) q against the exponential map',
    kind: 'example',
    steps: [
      {
        title: 'from identity, ω = (0, 0, 2) rad/s, h = 0.1 s: q + 0.05 (0, 0, 0, 2) (order w, x, y, z)',
        values: { q: wxyz(raw), length: r6(length) },
      },
      {
        title: 'normalised: the rotation angle 2 atan(0.099504 / 0.995037)',
        values: {
          q: wxyz(fo),
          angle: Number(foAngle.toFixed(5)),
          slow: `${((1 - foAngle / 0.2) * 100).toFixed(2)} %`,
        },
      },
      {
        title: 'the exponential map: (cos 0.1, 0, 0, sin 0.1) times q from the left',
        values: { q: wxyz(ex), angle: Number(exAngle.toFixed(5)) },
      },
      {
        title: 'World3.step(0.1) with each orientation setting',
        values: { firstOrder: wxyz(worldFo), exponential: wxyz(worldEx) },
      },
    ],
    checks: [
      {
        label: 'q + h/2 (0, ω) q = (1, 0, 0, 0.1)',
        pass: raw[3] === 1 && raw[2] === 0.1 && raw[0] === 0 && raw[1] === 0,
      },
      { label: 'its length is 1.004988', pass: r6(length) === 1.004988 },
      {
        label: 'normalised (0.995037, 0, 0, 0.099504)',
        pass: r6(fo[3]!) === 0.995037 && r6(fo[2]!) === 0.099504,
      },
      { label: 'θ = 0.19934 rad, 0.3 % slow', pass: Number(foAngle.toFixed(5)) === 0.19934 },
      { label: 'the exponential map turns exactly 0.2 rad', pass: Math.abs(exAngle - 0.2) < 1e-14 },
      {
        label: 'the world’s step gives the same quaternions',
        pass:
          worldFo.every((v, k) => Math.abs(v - fo[k]!) < 1e-15) &&
          worldEx.every((v, k) => Math.abs(v - ex[k]!) < 1e-15),
      },
    ],
    conclusion: `first order: ${foAngle.toFixed(5)} rad (unnormalised it grows by 1.004988 a step); exponential map: ${exAngle.toFixed(5)} rad`,
  };
}

function exercise2(): WorkbookExample {
  const s = Math.SQRT1_2;
  const { world, id } = box([1, 2, 3], 6, [0, 0, s, s]);
  const Ib = world.getInertiaBody(id);
  const Iw = world.getInertiaWorld(id);
  const w = omegaFrom(world, id, [1, 1, 0]);
  const angle = angleDeg(w, [1, 1, 0]);
  return {
    id: '26.8-2',
    title: 'Exercise 26.8-2: a 6 kg box of 1 × 2 × 3 m turned 90° about z, L = (1, 1, 0)',
    kind: 'exercise',
    steps: [
      { title: 'I_body = m/12 (h² + d², w² + d², w² + h²)', lines: mat(Ib) },
      { title: 'turned 90° about z, x and y swap: I_world = R I_body Rᵀ', lines: mat(Iw) },
      { title: 'ω = I_world⁻¹ L', values: { omega: w.map(r4), angleToL: Number(angle.toFixed(2)) } },
    ],
    checks: [
      {
        label: 'I_body = diag(6.5, 5, 2.5)',
        pass: [Ib[0]! - 6.5, Ib[4]! - 5, Ib[8]! - 2.5].every((e) => Math.abs(e) < 1e-12),
      },
      {
        label: 'I_world = diag(5, 6.5, 2.5)',
        pass: [Iw[0]! - 5, Iw[4]! - 6.5, Iw[8]! - 2.5].every((e) => Math.abs(e) < 1e-12),
      },
      {
        label: 'ω = (0.2, 1/6.5, 0)',
        pass: Math.abs(w[0] - 0.2) < 1e-12 && Math.abs(w[1] - 1 / 6.5) < 1e-12 && w[2] === 0,
      },
      { label: 'ω is not parallel to L', pass: angle > 1 },
    ],
    conclusion: `ω = (${w.map(r4).join(', ')}) rad/s, ${angle.toFixed(2)}° off L = (1, 1, 0): not parallel — L is along no principal axis`,
  };
}

/** Workbook §26.2, the 3D parts. */
export const section26_2_3d: WorkbookSection = {
  id: '26.2-3d',
  title: 'Rigid bodies in 3D: world inertia, ω from L, the quaternion step',
  examples: () => [worldInertiaExample(), quaternionExample(), exercise2()],
};
