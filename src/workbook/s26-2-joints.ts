/**
 * Workbook §26.2, the joint parts ("ジョイントとモーター"): the point (ball-joint) constraint solved
 * without clamping, a revolute limit that acts only at the limit, and the motor clamp ±τmax·h.
 * Every number comes from the rigid2d `World` stepping its real solver, read through the trace hook
 * after every pass (the accumulated impulses of the packed joint, the bodies' velocities).
 */
import { type BodyId, type JointId, type SolverSettings, World } from '../rigid2d/index.js';
import { RI_LOWER, RI_MOTOR, RI_UPPER, RI_X, RI_Y } from '../rigid2d/joints/revolute-joint.js';
import type { WorkbookExample, WorkbookSection } from './types.js';

const r4 = (x: number): number => Number(x.toFixed(4));
const r6 = (x: number): number => Number(x.toFixed(6));

/**
 * The accumulated impulse at `at` (an RI_* offset) of joint `id` in the solver's packed joints,
 * read during a trace callback (the packed joint lives in the solver scratch during the step).
 */
function packedImpulse(world: World, id: JointId, at: number): number {
  const s = world.scratch;
  const slot = world.jointSlot(id);
  for (let k = 0; k < s.nJoints; k++) {
    if (s.jointList[k] === slot) return s.joints.jc[s.jo[k]! + at]!;
  }
  return 0;
}

/** A static pivot at the origin and a disc (r = 0.5, m = 1, I = 1/8) centred at (1, 0), hinged at the pivot. */
function pendulum(
  solver: SolverSettings,
  v: [number, number],
  w: number,
  limit?: [number, number],
  gravity: [number, number] = [0, 0],
): { world: World; disc: BodyId; joint: JointId } {
  const world = new World({ gravity, enableSleep: false, solver });
  const pivot = world.createBody({ type: 'static' });
  const disc = world.createBody({ position: [1, 0], linearVelocity: v, angularVelocity: w });
  world.createShape(disc, { kind: 'circle', radius: 0.5, density: 1 / (Math.PI * 0.25) });
  const joint = world.createJoint({
    kind: 'revolute',
    bodyA: pivot,
    bodyB: disc,
    localAnchorA: [0, 0],
    localAnchorB: [-1, 0],
    ...(limit ? { enableLimit: true, lowerAngle: limit[0], upperAngle: limit[1] } : {}),
  });
  return { world, disc, joint };
}

interface PointRow {
  iteration: number;
  px: number;
  py: number;
  vx: number;
  vy: number;
  w: number;
  /** the anchor's velocity vB + ω × rB after the iteration */
  ax: number;
  ay: number;
}

/** One PGS step (no warm start, no position error) of the pendulum disc moving at `v`, traced per iteration. */
function pointTrace(v: [number, number], iterations: number): PointRow[] {
  const rows: PointRow[] = [];
  let disc = -1 as BodyId;
  let joint = -1 as JointId;
  const made = pendulum(
    {
      positionCorrection: 'none',
      substeps: 1,
      iterations,
      warmStarting: false,
      trace: (e) => {
        if (e.stage !== 'solve') return;
        const [vx, vy] = made.world.getLinearVelocity(disc);
        const w = made.world.getAngularVelocity(disc);
        rows.push({
          iteration: e.iteration,
          px: packedImpulse(made.world, joint, RI_X),
          py: packedImpulse(made.world, joint, RI_Y),
          vx,
          vy,
          w,
          // rB = (−1, 0): ω × rB = (0, −ω)
          ax: vx,
          ay: vy - w,
        });
      },
    },
    v,
    0,
  );
  const world = made.world;
  disc = made.disc;
  joint = made.joint;
  world.step(1 / 60);
  return rows;
}

function pointExample(): WorkbookExample {
  const out = pointTrace([2, 0], 2);
  const inward = pointTrace([-2, 0], 2);
  const swing = pointTrace([0, 3], 2);
  const table = {
    columns: ['v before', 'iteration', 'λ', 'v after', 'ω after', 'anchor velocity'],
    rows: [
      ...[
        ['(2, 0)', out],
        ['(−2, 0)', inward],
        ['(0, 3)', swing],
      ].flatMap(([label, rows]) =>
        (rows as PointRow[]).map((r) => [
          label as string,
          r.iteration,
          `(${r4(r.px)}, ${r4(r.py)})`,
          `(${r4(r.vx)}, ${r4(r.vy)})`,
          r4(r.w),
          `(${r6(r.ax)}, ${r6(r.ay)})`,
        ]),
      ),
    ],
  };
  const first = swing[0]!;
  return {
    id: '26.2-joint-point',
    title: 'The point (ball-joint) constraint: a 2×2 solve without clamping',
    kind: 'example',
    steps: [
      {
        title: 'the hinge of a disc (m = 1, I = 1/8) at rB = (−1, 0) from its centre, pivot fixed',
        lines: [
          'C = (cB + rB) − pA = 0 (two equations), Ċ = vB + ωB × rB',
          'K = (1/m)·1 − [rB]ₓ² / I = [[1, 0], [0, 1 + 1·8]] = [[1, 0], [0, 9]]',
          'λ = −K⁻¹ Ċ — an equality: no clamp, the impulse takes whichever sign stops the anchor',
        ],
      },
      {
        title: 'one PGS step (no warm start), traced after every iteration',
        table,
        lines: [
          'moving out (2, 0): λx = −2 pulls; moving in (−2, 0): λx = +2 pushes',
          'moving across (0, 3): λy = −3/9 = −1/3, the disc turns about the pivot at ω = v = 8/3',
        ],
      },
      {
        title: 'the swing case after iteration 1',
        values: { lambda: [first.px, first.py], v: [first.vx, first.vy], omega: first.w },
      },
    ],
    checks: [
      { label: 'moving out: the impulse pulls (λx < 0)', pass: out[0]!.px < 0 },
      { label: 'moving in: the impulse pushes (λx > 0)', pass: inward[0]!.px > 0 },
      {
        label: 'one iteration stops the anchor exactly (the 2×2 block solve)',
        pass: [out, inward, swing].every((r) => Math.hypot(r[0]!.ax, r[0]!.ay) < 1e-12),
      },
      {
        label: 'a second iteration adds nothing',
        pass: [out, inward, swing].every(
          (r) => Math.abs(r[1]!.px - r[0]!.px) + Math.abs(r[1]!.py - r[0]!.py) < 1e-12,
        ),
      },
      {
        label: 'swing: λy = −1/3, ω = 8/3',
        pass: Math.abs(first.py + 1 / 3) < 1e-12 && Math.abs(first.w - 8 / 3) < 1e-12,
      },
    ],
    conclusion: `λ = (${r4(out[0]!.px)}, 0) outward, (${r4(inward[0]!.px)}, 0) inward, (0, ${r4(first.py)}) across: the sign follows the motion`,
  };
}

interface LimitRow {
  step: number;
  angle: number;
  omega: number;
  lower: number;
  upper: number;
}

/**
 * The hinged disc released from rest at θ = 0 under gravity (g = 10) with the limit [−0.25, 0.25]
 * rad (soft step, the defaults): it swings down onto the lower limit and comes to rest on it. Per
 * step the angle and ω after it and the limit impulses of its last substep (read by the trace).
 */
function limitTrace(steps: number): LimitRow[] {
  let lower = 0;
  let upper = 0;
  let joint = -1 as JointId;
  const made = pendulum(
    {
      trace: (e) => {
        if (e.stage !== 'relax') return;
        lower = packedImpulse(made.world, joint, RI_LOWER);
        upper = packedImpulse(made.world, joint, RI_UPPER);
      },
    },
    [0, 0],
    0,
    [-0.25, 0.25],
    [0, -10],
  );
  joint = made.joint;
  const rows: LimitRow[] = [];
  for (let i = 1; i <= steps; i++) {
    made.world.step(1 / 60);
    rows.push({
      step: i,
      angle: made.world.getJointAngle(joint),
      omega: made.world.getAngularVelocity(made.disc),
      lower,
      upper,
    });
  }
  return rows;
}

function limitExample(): WorkbookExample {
  const rows = limitTrace(90);
  const h = 1 / 240;
  // inside the range by more than two substeps' travel (the angle after the step less 2|ω|h; the
  // last substep solved at about one substep's travel back): the limit must not act
  const inside = rows.filter((r) => r.angle - 2 * Math.abs(r.omega) * h > -0.25);
  const firstHit = rows.findIndex((r) => r.lower > 0);
  const last = rows.at(-1)!;
  // at rest the limit carries gravity's torque about the pivot, m·g·L = 1·10·cos θ, per substep
  const restImpulse = 10 * Math.cos(last.angle) * h;
  const shown = rows.filter((r) => r.step <= 24 || r.step % 15 === 0);
  return {
    id: '26.2-joint-limit',
    title: 'A revolute limit: an inequality that acts only at the limit',
    kind: 'example',
    steps: [
      {
        title: 'the hinged disc falls from θ = 0 (at rest, g = 10) onto the lower limit −0.25 rad',
        lines: [
          'lower: C = θ − θmin ≥ 0, Ċ = ωB − ωA, accumulated λ ≥ 0 (clamped)',
          'inside the range the bias is speculative, C/h: an approach that does not cross the limit within the substep is allowed, so λ stays 0',
          'at the limit the soft-step bias (joint stiffness 60 Hz, ζ = 2) holds it, λ > 0; at rest λ = m g L cos θ · h',
        ],
      },
      {
        title: 'step by step (4 substeps, h = 1/240 s; λ of the last substep, after its relax pass)',
        table: {
          columns: ['step', 'θ after', 'ω after', 'λ lower', 'λ upper'],
          rows: shown.map((r) => [r.step, r4(r.angle), r4(r.omega), r6(r.lower), r6(r.upper)]),
        },
      },
      {
        title: 'at rest on the limit (step 90)',
        values: { angle: last.angle, lambdaLower: last.lower, mgLcosTheta_h: restImpulse },
      },
    ],
    checks: [
      {
        label: 'zero impulse while the disc is inside the range by more than two substeps’ travel',
        pass: inside.length > 5 && inside.every((r) => r.upper === 0 && r.lower === 0),
      },
      { label: 'the lower limit catches the disc (λ > 0 from the step it arrives)', pass: firstHit > 5 },
      { label: 'the upper limit never acts', pass: rows.every((r) => r.upper === 0) },
      {
        label: 'the disc never passes the limit by more than 1 cm·rad',
        pass: rows.every((r) => r.angle > -0.26),
      },
      {
        label: 'at rest the limit impulse is m g L cos θ · h (within 1%)',
        pass: Math.abs(last.lower / restImpulse - 1) < 0.01,
      },
    ],
    conclusion: `λ = 0 for the ${inside.length} steps inside the range; at rest on the limit (θ = ${r4(last.angle)}) λ = ${r6(last.lower)} ≈ m g L cos θ · h = ${r6(restImpulse)}`,
  };
}

interface MotorRow {
  step: number;
  substep: number;
  impulse: number;
  omega: number;
}

/**
 * A disc (I = 1/8) on a revolute at its centre with a motor (10 rad/s, τmax = 0.5 N·m), soft step
 * (4 substeps of 1/240 s); the motor's accumulated impulse and ω after each substep of the steps
 * listed.
 */
function motorTrace(steps: number, record: (step: number) => boolean): MotorRow[] {
  const rows: MotorRow[] = [];
  let step = 0;
  let joint = -1 as JointId;
  let disc = -1 as BodyId;
  const world: World = new World({
    gravity: [0, 0],
    enableSleep: false,
    solver: {
      trace: (e) => {
        if (e.stage !== 'relax' || !record(step)) return;
        rows.push({
          step,
          substep: e.substep + 1,
          impulse: packedImpulse(world, joint, RI_MOTOR),
          omega: world.getAngularVelocity(disc),
        });
      },
    },
  });
  const ground = world.createBody({ type: 'static' });
  disc = world.createBody();
  world.createShape(disc, { kind: 'circle', radius: 0.5, density: 1 / (Math.PI * 0.25) });
  joint = world.createJoint({
    kind: 'revolute',
    bodyA: ground,
    bodyB: disc,
    enableMotor: true,
    motorSpeed: 10,
    maxMotorTorque: 0.5,
  });
  for (step = 1; step <= steps; step++) world.step(1 / 60);
  return rows;
}

function motorExample(): WorkbookExample {
  const tauH = 0.5 / 240;
  const rows = motorTrace(152, (s) => s <= 2 || s >= 149);
  const early = rows.filter((r) => r.step <= 2);
  const late = rows.filter((r) => r.step >= 149);
  const saturated = rows.filter((r) => Math.abs(r.impulse - tauH) < 1e-15);
  const last = rows.at(-1)!;
  return {
    id: '26.2-joint-motor',
    title: 'The motor clamp: the accumulated impulse saturates at τmax·h',
    kind: 'example',
    steps: [
      {
        title: 'a disc (I = 1/8) driven to 10 rad/s by a motor of τmax = 0.5 N·m, substep h = 1/240 s',
        lines: [
          'Ċ = ωB − ωA − ω_target, λ ← clamp(λ − I·Ċ, −τmax·h, τmax·h) — the ACCUMULATED impulse is clamped',
          `τmax·h = 0.5/240 = ${r6(tauH)}; the motor asks I·10 = 1.25, so it saturates and ω grows by τmax·h/I = ${r6(tauH * 8)} per substep`,
          'the speed is reached at t = I·ω/τmax = 2.5 s (step 150); from then on λ falls below the clamp',
        ],
      },
      {
        title: 'steps 1–2, every substep',
        table: {
          columns: ['step', 'substep', 'λ motor', 'τmax·h', 'ω'],
          rows: early.map((r) => [r.step, r.substep, r6(r.impulse), r6(tauH), r6(r.omega)]),
        },
      },
      {
        title: 'steps 149–152: the target speed is reached',
        table: {
          columns: ['step', 'substep', 'λ motor', 'τmax·h', 'ω'],
          rows: late.map((r) => [r.step, r.substep, r6(r.impulse), r6(tauH), r6(r.omega)]),
        },
      },
    ],
    checks: [
      {
        label: 'while spinning up, λ sits exactly at τmax·h',
        pass: early.every((r) => Math.abs(r.impulse - tauH) < 1e-15),
      },
      {
        label: 'ω grows by τmax·h / I per substep',
        pass: early.every((r, i) => Math.abs(r.omega - (i + 1) * tauH * 8) < 1e-12),
      },
      {
        label: 'the accumulated impulse never exceeds τmax·h',
        pass: rows.every((r) => Math.abs(r.impulse) <= tauH * (1 + 1e-12)),
      },
      {
        label: 'at the target speed the motor unsaturates (λ < τmax·h) and holds ω = 10',
        pass: last.impulse < tauH && Math.abs(last.omega - 10) < 1e-9,
      },
    ],
    conclusion: `λ = τmax·h = ${r6(tauH)} in ${saturated.length} of the ${rows.length} substeps shown; ω = ${r4(last.omega)} rad/s at step 152`,
  };
}

/** Workbook §26.2, the joint parts. */
export const section26_2Joints: WorkbookSection = {
  id: '26.2-joints',
  title: 'Rigid bodies: joints — the point constraint, limits and motors',
  examples: () => [pointExample(), limitExample(), motorExample()],
};
