/**
 * Workbook §26.2, the 3D joint parts ("ジョイントとモーター"): the ball joint's three equations
 * solved together without clamping, a hinge's two rotational rows, a limit that acts only at the
 * limit, and the motor clamp ±τmax·h. Every number comes from the rigid3d `World3` stepping its real
 * joint solver, read through the trace hook after every pass (the packed joint's accumulated
 * impulses, the bodies' velocities).
 */

import { type BodyId3, type JointId3, type SolverSettings, World3 } from '../rigid3d/index.js';
import { J_IMPULSE, JC_STRIDE } from '../rigid3d/joints/joint-context.js';
import type { WorkbookExample, WorkbookSection } from './types.js';

const r6 = (x: number): number => Number(x.toFixed(6));

/** The accumulated impulse `k` of joint `id` in the solver's packed joints (read in a trace callback). */
function packed(world: World3, id: JointId3, k: number): number {
  const c = world.jointContext;
  const slot = world.jointSlot(id);
  for (let i = 0; i < c.n; i++) if (c.list[i] === slot) return c.jc[i * JC_STRIDE + J_IMPULSE + k]!;
  return 0;
}

/** A static pivot at the origin and a 1 kg sphere (r = 0.1) centred at (1, 0, 0) on a `kind` joint at the pivot. */
function rig(
  kind: 'ball' | 'hinge',
  solver: SolverSettings,
  v: [number, number, number],
  w: [number, number, number],
  extra = {},
) {
  const world = new World3({ gravity: [0, 0, 0], enableSleep: false, solver });
  const pivot = world.createBody({ type: 'static' });
  const ball = world.createBody({ position: [1, 0, 0], linearVelocity: v, angularVelocity: w });
  const volume = (4 / 3) * Math.PI * 0.001;
  world.createShape(ball, { kind: 'sphere', radius: 0.1, density: 1 / volume });
  const joint = world.createJoint({
    kind,
    bodyA: pivot,
    bodyB: ball,
    anchor: [0, 0, 0],
    axis: [0, 0, 1],
    ...extra,
  } as never);
  return { world, ball, joint };
}

function anchorVelocity(world: World3, ball: BodyId3): number[] {
  const v = world.getLinearVelocity(ball);
  const w = world.getAngularVelocity(ball);
  const c = world.getWorldCenter(ball);
  const r = [-c[0], -c[1], -c[2]];
  return [
    v[0] + w[1] * r[2]! - w[2] * r[1]!,
    v[1] + w[2] * r[0]! - w[0] * r[2]!,
    v[2] + w[0] * r[1]! - w[1] * r[0]!,
  ];
}

function ballExample(): WorkbookExample {
  const rows: (string | number)[][] = [];
  let made: ReturnType<typeof rig> | null = null;
  made = rig(
    'ball',
    {
      positionCorrection: 'none',
      substeps: 1,
      iterations: 2,
      warmStarting: false,
      trace: (e) => {
        if (e.stage !== 'solve' || made === null) return;
        const a = anchorVelocity(made.world, made.ball);
        rows.push([
          e.iteration,
          ...[0, 1, 2].map((k) => r6(packed(made!.world, made!.joint, k))),
          ...a.map(r6),
        ]);
      },
    },
    [0.3, 0.8, -0.5],
    [0, 0, 0],
  );
  made.world.step(1 / 60);
  const last = rows[rows.length - 1]!;
  const anchorSpeed = Math.hypot(Number(last[4]), Number(last[5]), Number(last[6]));
  return {
    id: '26.2-3d-ball',
    title: 'The ball joint: three equations solved together, unclamped',
    kind: 'example',
    steps: [
      {
        title: 'a 1 kg ball on a 1 m arm from a fixed pivot, moving at (0.3, 0.8, −0.5) m/s',
        lines: [
          'C = pB − pA (3 rows); K = (mA + mB)·1 − [rA]ₓ IA⁻¹ [rA]ₓ − [rB]ₓ IB⁻¹ [rB]ₓ; λ = −K⁻¹ Ċ',
          'one step of PGS without warm starting or bias (positionCorrection none), traced per iteration',
        ],
        table: { columns: ['iteration', 'λx', 'λy', 'λz', 'anchor vx', 'anchor vy', 'anchor vz'], rows },
      },
    ],
    checks: [
      {
        label: 'the anchor is at rest after the first iteration (the 3 × 3 block is exact)',
        pass: anchorSpeed < 1e-12,
      },
      {
        label: 'λ takes any sign (no clamping): λx < 0 < λy here',
        pass: Number(rows[0]![1]) < 0 && Number(rows[0]![2]) !== 0,
      },
    ],
    conclusion:
      'The radial velocity component is removed by an impulse along the arm, the tangential part kept: the three equations of the point are one block, solved at once with no clamp.',
  };
}

function hingeExample(): WorkbookExample {
  const rows: (string | number)[][] = [];
  let made: ReturnType<typeof rig> | null = null;
  made = rig(
    'hinge',
    {
      positionCorrection: 'none',
      substeps: 1,
      iterations: 1,
      warmStarting: false,
      trace: (e) => {
        if (e.stage !== 'solve' || made === null) return;
        const w = made.world.getAngularVelocity(made.ball);
        rows.push([
          e.iteration,
          r6(packed(made.world, made.joint, 3)),
          r6(packed(made.world, made.joint, 4)),
          ...w.map(r6),
        ]);
      },
    },
    [0, 1, 0],
    [0.4, -0.3, 1],
  );
  made.world.step(1 / 60);
  const w = made.world.getAngularVelocity(made.ball);
  return {
    id: '26.2-3d-hinge',
    title: "The hinge's two rotational rows",
    kind: 'example',
    steps: [
      {
        title: 'the ball spins at ω = (0.4, −0.3, 1) rad/s on a hinge about z',
        lines: [
          'C = (a × b)·(y_A, z_A) = 0 with Ċ = (ωB − ωA)·(y_A, z_A): two rows, one 2 × 2 block',
          'the rotation about the axis (z) is free: only ωx, ωy are removed',
        ],
        table: { columns: ['iteration', 'λ₁ (about x)', 'λ₂ (about y)', 'ωx', 'ωy', 'ωz'], rows },
      },
    ],
    checks: [
      { label: 'ωx and ωy are zero after the step', pass: Math.abs(w[0]) < 1e-9 && Math.abs(w[1]) < 1e-9 },
      {
        label:
          'ωz is changed only by the point constraint (the ball moves on its circle: ωz = v/r = 1 rad/s)',
        pass: Math.abs(w[2] - 1) < 1e-9,
      },
    ],
  };
}

function limitExample(): WorkbookExample {
  const { world, joint } = rig('hinge', {}, [0, 1.2, 0], [0, 0, 1.2], {
    enableLimit: true,
    lowerAngle: -0.3,
    upperAngle: 0.3,
  });
  const rows: (string | number)[][] = [];
  let early = 0;
  let most = 0;
  for (let s = 1; s <= 24; s++) {
    world.step(1 / 60);
    const angle = world.getJointAngle(joint);
    most = Math.max(most, angle);
    const torque = world.getJointReactionTorque(joint)[2];
    if (s <= 10) early = Math.max(early, Math.abs(torque));
    if (s % 3 === 0) rows.push([s, r6(angle), r6(world.getJointSpeed(joint)), r6(torque)]);
  }
  return {
    id: '26.2-3d-limit',
    title: 'A hinge limit acts only at the limit',
    kind: 'example',
    steps: [
      {
        title: 'the ball swings at 1.2 rad/s towards the upper limit 0.3 rad (soft step, 4 substeps)',
        lines: [
          'upper row: C = θmax − θ ≥ 0, impulse ≥ 0; while C > 0 the approach speed C/h is allowed (speculative)',
        ],
        table: { columns: ['step', 'angle (rad)', 'speed (rad/s)', 'limit torque (N·m)'], rows },
        values: { 'largest angle (rad)': r6(most) },
      },
    ],
    checks: [
      { label: 'no torque before the limit is reached (the first 10 steps)', pass: early < 1e-9 },
      // a light ball on a long arm: the limit's angular row and the point's rows share the ball's
      // rotation, so Gauss–Seidel lets it pass the limit a little before pushing it back
      {
        label: 'the swing is stopped within 0.05 rad past the limit and turned back',
        pass: most > 0.29 && most < 0.35,
      },
    ],
  };
}

function motorExample(): WorkbookExample {
  const tau = 0.002;
  const omega = 1;
  const { world, ball, joint } = rig('hinge', {}, [0, 0, 0], [0, 0, 0], {
    enableMotor: true,
    motorSpeed: omega,
    maxMotorTorque: tau,
  });
  const I = world.getMass(ball) * 1 + (2 / 5) * world.getMass(ball) * 0.01;
  const rows: (string | number)[][] = [];
  for (let s = 1; s <= 60; s++) {
    world.step(1 / 60);
    if (s % 10 === 0) rows.push([r6(s / 60), r6(world.getJointSpeed(joint)), r6((tau * s) / 60 / I)]);
  }
  const last = rows[rows.length - 1]!;
  return {
    id: '26.2-3d-motor',
    title: 'The motor clamp ±τmax·h',
    kind: 'example',
    steps: [
      {
        title: `a hinge motor (target ${omega} rad/s, τmax = ${tau} N·m) spins the ball up from rest (I = m L² + 2/5 m r²)`,
        lines: [
          'each substep the motor impulse is clamped to ±τmax·h, so ω(t) = τmax t / I until the target',
        ],
        values: { I: r6(I) },
        table: { columns: ['t (s)', 'ω (rad/s)', 'τmax t / I'], rows },
      },
    ],
    checks: [{ label: 'ω follows τmax t / I', pass: Math.abs(Number(last[1]) - Number(last[2])) < 1e-6 }],
  };
}

/** §26.2, the 3D joint parts. */
export const section26_2_3dJoints: WorkbookSection = {
  id: '26.2-3d-joints',
  title: 'Rigid bodies in 3D: joints — the ball joint, the hinge rows, limits and motors',
  examples: () => [ballExample(), hingeExample(), limitExample(), motorExample()],
};
