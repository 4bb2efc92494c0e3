import { describe, expect, it } from 'vitest';
import {
  firstOrderRaw,
  integrateExponential,
  integrateFirstOrder,
  quaternionAngle,
  World3,
  type WorldDef3,
} from '../../src/rigid3d/index.js';

const s45 = Math.sin(Math.PI / 8);
const c45 = Math.cos(Math.PI / 8);

/** A free world (no gravity) with one box of the given half-extents and mass. */
function boxWorld(half: [number, number, number], mass: number, def: WorldDef3 = {}, body = {}) {
  const world = new World3({ gravity: [0, 0, 0], enableSleep: false, ...def });
  const id = world.createBody(body);
  const volume = 8 * half[0] * half[1] * half[2];
  world.createShape(id, { kind: 'box', halfExtents: half, density: mass / volume });
  return { world, id };
}

describe('rigid3d bodies: the §26.2 goldens through the engine’s body code', () => {
  it('the 2×1×1 m, 12 kg box has I_body = diag(2, 5, 5)', () => {
    const { world, id } = boxWorld([1, 0.5, 0.5], 12);
    expect(world.getMass(id)).toBeCloseTo(12, 12);
    const I = world.getInertiaBody(id);
    expect(I.map((v) => Number(v.toFixed(12)))).toEqual([2, 0, 0, 0, 5, 0, 0, 0, 5]);
  });

  it('turned 45° about z: the upper 2×2 block is [[3.5, −1.5], [−1.5, 3.5]], I_zz = 5; L = (1, 0, 0) gives ω = (0.35, 0.15, 0), 23° off L', () => {
    const { world, id } = boxWorld([1, 0.5, 0.5], 12, {}, { orientation: [0, 0, s45, c45] });
    const Iw = world.getInertiaWorld(id);
    expect(Iw[0]).toBeCloseTo(3.5, 12);
    expect(Iw[1]).toBeCloseTo(-1.5, 12);
    expect(Iw[3]).toBeCloseTo(-1.5, 12);
    expect(Iw[4]).toBeCloseTo(3.5, 12);
    expect(Iw[8]).toBeCloseTo(5, 12);
    // ω = I_world⁻¹ L with the world inverse inertia the engine rebuilt from R I⁻¹ Rᵀ
    const inv = world.getInverseInertiaWorld(id);
    const w = [inv[0]!, inv[3]!, inv[6]!];
    expect(w[0]).toBeCloseTo(0.35, 12);
    expect(w[1]).toBeCloseTo(0.15, 12);
    expect(w[2]).toBeCloseTo(0, 12);
    const angle = (Math.acos(w[0]! / Math.hypot(w[0]!, w[1]!, w[2]!)) * 180) / Math.PI;
    expect(angle).toBeCloseTo(23.2, 1);
    // the same through an applied angular impulse L = (1, 0, 0)
    world.applyAngularImpulse(id, [1, 0, 0]);
    const av = world.getAngularVelocity(id);
    expect(av[0]).toBeCloseTo(0.35, 12);
    expect(av[1]).toBeCloseTo(0.15, 12);
    const L = world.getAngularMomentum(id);
    expect(L[0]).toBeCloseTo(1, 12);
    expect(L[1]).toBeCloseTo(0, 12);
  });

  it('quaternion step from identity, ω = (0, 0, 2), h = 0.1: (1, 0, 0, 0.1) → (0.995037, 0, 0, 0.099504), 0.19934 rad vs the exponential map’s 0.2', () => {
    const q = new Float64Array([0, 0, 0, 1]);
    const w = new Float64Array([0, 0, 2]);
    const raw = new Float64Array(4);
    expect(firstOrderRaw(raw, 0, q, 0, w, 0, 0.1)).toBeCloseTo(1.004988, 6);
    expect(Array.from(raw)).toEqual([0, 0, 0.1, 1]);
    const fo = new Float64Array(4);
    integrateFirstOrder(fo, 0, q, 0, w, 0, 0.1);
    expect(fo[3]).toBeCloseTo(0.995037, 6);
    expect(fo[2]).toBeCloseTo(0.099504, 6);
    expect(quaternionAngle(fo)).toBeCloseTo(0.19934, 5);
    const ex = new Float64Array(4);
    integrateExponential(ex, 0, q, 0, w, 0, 0.1);
    expect(quaternionAngle(ex)).toBeCloseTo(0.2, 14);
    expect(ex[2]).toBeCloseTo(Math.sin(0.1), 15);
    expect(ex[3]).toBeCloseTo(Math.cos(0.1), 15);
  });

  it('the world’s own step gives the same numbers: first-order 0.19934 rad, exponential 0.2 rad', () => {
    for (const [orientation, angle] of [
      ['first-order', 0.19934],
      ['exponential', 0.2],
    ] as const) {
      const world = new World3({
        gravity: [0, 0, 0],
        orientation,
        solver: { substeps: 1 },
        enableSleep: false,
      });
      const ball = world.createBody({ angularVelocity: [0, 0, 2] });
      world.createShape(ball, { kind: 'sphere', radius: 0.5 });
      world.step(0.1);
      const q = world.getOrientation(ball);
      expect(quaternionAngle(q)).toBeCloseTo(angle, 5);
      if (orientation === 'first-order') {
        expect(q[3]).toBeCloseTo(0.995037, 6);
        expect(q[2]).toBeCloseTo(0.099504, 6);
      }
    }
  });

  it('exercise 26.8-2: the 6 kg box of 1 × 2 × 3 m turned 90° about z, L = (1, 1, 0): ω = (0.2, 0.1538, 0), not parallel to L', () => {
    const s = Math.SQRT1_2;
    const { world, id } = boxWorld([0.5, 1, 1.5], 6, {}, { orientation: [0, 0, s, s] });
    const Ib = world.getInertiaBody(id);
    expect([Ib[0], Ib[4], Ib[8]].map((v) => Number(v!.toFixed(12)))).toEqual([6.5, 5, 2.5]);
    const Iw = world.getInertiaWorld(id);
    expect([Iw[0], Iw[4], Iw[8]].map((v) => Number(v!.toFixed(12)))).toEqual([5, 6.5, 2.5]);
    world.applyAngularImpulse(id, [1, 1, 0]);
    const w = world.getAngularVelocity(id);
    expect(w[0]).toBeCloseTo(0.2, 12);
    expect(w[1]).toBeCloseTo(1 / 6.5, 12);
    expect(w[2]).toBeCloseTo(0, 12);
    expect(Math.abs(w[0] - w[1])).toBeGreaterThan(0.04); // ω ∦ L = (1, 1, 0)
  });

  it('compound bodies: two spheres on a rod give the parallel-axis inertia and the midpoint centre', () => {
    const world = new World3({ gravity: [0, 0, 0] });
    const id = world.createBody({ position: [1, 2, 3] });
    const r = 0.1;
    const density = 1 / ((4 / 3) * Math.PI * r ** 3); // 1 kg each
    world.createShape(id, { kind: 'sphere', radius: r, density, position: [-1, 0, 0] });
    world.createShape(id, { kind: 'sphere', radius: r, density, position: [1, 0, 0] });
    expect(world.getMass(id)).toBeCloseTo(2, 12);
    expect(world.getWorldCenter(id).map((v) => Number(v.toFixed(12)))).toEqual([1, 2, 3]);
    const I = world.getInertiaBody(id);
    const own = 0.4 * r * r;
    expect(I[0]).toBeCloseTo(2 * own, 12);
    expect(I[4]).toBeCloseTo(2 * (own + 1), 12);
    expect(I[8]).toBeCloseTo(2 * (own + 1), 12);
  });
});

/** Runs a torque-free box for `seconds` and reports |ΔL|/|L| and the energy's largest rise. */
function spin(
  gyroscopic: WorldDef3['gyroscopic'],
  half: [number, number, number],
  omega: [number, number, number],
  seconds: number,
  dt = 1 / 60,
  substeps?: number,
) {
  const solver = substeps === undefined ? {} : { substeps };
  const { world, id } = boxWorld([...half], 1, { gyroscopic, solver }, { angularVelocity: omega });
  const L0 = world.getAngularMomentum(id);
  const E0 = world.kineticEnergy();
  let Emax = E0;
  const axes: number[][] = [];
  for (let k = 0; k < Math.round(seconds / dt); k++) {
    world.step(dt);
    Emax = Math.max(Emax, world.kineticEnergy());
    const [x, y, z] = world.getOrientation(id);
    // the x, y and z components of the body's x, y and z axes in the world (the diagonal of R)
    axes.push([1 - 2 * (y * y + z * z), 1 - 2 * (x * x + z * z), 1 - 2 * (x * x + y * y)]);
  }
  const L1 = world.getAngularMomentum(id);
  const dL = Math.hypot(L1[0] - L0[0], L1[1] - L0[1], L1[2] - L0[2]) / Math.hypot(...L0);
  return { dL, E0, E1: world.kineticEnergy(), Emax, axes };
}

describe('rigid3d: Euler’s equations and the gyroscopic term', () => {
  it("a torque-free body conserves its angular momentum to 1e-9 over 10 s ('momentum' mode)", () => {
    const r = spin('momentum', [0.5, 1, 1.5], [1, 0.5, 0.2], 10);
    expect(r.dL).toBeLessThan(1e-9);
  });

  it('the default implicit step loses only a little angular momentum and never gains energy', () => {
    const r = spin('implicit', [0.5, 1, 1.5], [1, 0.5, 0.2], 10);
    expect(r.dL).toBeLessThan(2e-3);
    expect(r.Emax).toBeLessThanOrEqual(r.E0 * (1 + 1e-12));
  });

  it('the tennis racket flips about its intermediate axis; the major and minor axes stay put', () => {
    // half-extents 0.1 × 0.5 × 1: I_y is the intermediate moment
    const half: [number, number, number] = [0.1, 0.5, 1];
    const flip = spin('implicit', half, [0.01, 5, 0.01], 10);
    const minDot = Math.min(...flip.axes.map((a) => a[1]!));
    expect(minDot).toBeLessThan(-0.9); // the y axis turned over
    for (const [omega, axis] of [
      [[5, 0.01, 0.01], 0],
      [[0.01, 0.01, 5], 2],
    ] as [[number, number, number], number][]) {
      const stable = spin('implicit', half, omega, 10);
      // the spin axis itself stays within a few degrees of where it started
      expect(Math.min(...stable.axes.map((a) => a[axis]!))).toBeGreaterThan(0.99);
    }
  });

  it('a fast-spinning thin rod never gains energy with the implicit term, and does with the explicit one', () => {
    const rod: [number, number, number] = [1, 0.05, 0.05];
    // one substep of 1/60 s, 40 rad/s across the rod
    const implicit = spin('implicit', rod, [1, 40, 5], 10, 1 / 60, 1);
    expect(implicit.Emax).toBeLessThanOrEqual(implicit.E0 * (1 + 1e-12));
    const explicit = spin('explicit', rod, [1, 40, 5], 10, 1 / 60, 1);
    expect(explicit.E1).toBeGreaterThan(explicit.E0 * 1.05);
  });
});
