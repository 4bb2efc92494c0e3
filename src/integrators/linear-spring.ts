/**
 * Closed-form steps of every 26.1 integrator for the linear spring–damper
 *   m x'' = −k x − c x'   ⇔   x'' = −ω² x − γ x',  ω² = k/m, γ = c/m,
 * each derived by writing the method's update for this linear right-hand side and solving the
 * (at most 2×2) linear system by hand — the way the book solves implicit Euler:
 *   v₁ = (v₀ − hω²x₀)/(1 + hγ + h²ω²),  x₁ = x₀ + h v₁   (26.1, with γ = 0: "÷ (1 + h²ω²)").
 * They agree with the generic integrators applied to the same spring (tested), allocate nothing,
 * and drive the spring demo, the workbook and the stability plots.
 */

export type IntegratorId =
  | 'explicit-euler'
  | 'semi-implicit-euler'
  | 'implicit-euler'
  | 'implicit-midpoint'
  | 'position-verlet'
  | 'velocity-verlet'
  | 'rk4';

/** All integrators of 26.1, in the order the book introduces them. */
export const INTEGRATORS: readonly IntegratorId[] = [
  'explicit-euler',
  'semi-implicit-euler',
  'implicit-euler',
  'implicit-midpoint',
  'position-verlet',
  'velocity-verlet',
  'rk4',
];

/** Human-readable names. */
export const INTEGRATOR_NAMES: Readonly<Record<IntegratorId, string>> = {
  'explicit-euler': 'explicit Euler',
  'semi-implicit-euler': 'semi-implicit Euler',
  'implicit-euler': 'implicit Euler',
  'implicit-midpoint': 'implicit midpoint',
  'position-verlet': 'position Verlet',
  'velocity-verlet': 'velocity Verlet',
  rk4: 'RK4',
};

/**
 * One step of `method` for x'' = −ω²x − γv from (x, v): writes x₁ to out[o], v₁ to out[o+1].
 */
export function springStep(
  method: IntegratorId,
  x: number,
  v: number,
  h: number,
  omega2: number,
  gamma: number,
  out: Float64Array | number[],
  o = 0,
): void {
  let x1: number;
  let v1: number;
  switch (method) {
    case 'explicit-euler':
      x1 = x + h * v;
      v1 = v + h * (-omega2 * x - gamma * v);
      break;
    case 'semi-implicit-euler':
      v1 = v + h * (-omega2 * x - gamma * v);
      x1 = x + h * v1;
      break;
    case 'implicit-euler':
      // v₁ = v₀ + h(−ω²x₁ − γv₁), x₁ = x₀ + h v₁  ⇒  v₁(1 + hγ + h²ω²) = v₀ − hω²x₀
      v1 = (v - h * omega2 * x) / (1 + h * gamma + h * h * omega2);
      x1 = x + h * v1;
      break;
    case 'implicit-midpoint': {
      // a = h/2: v₁(1 + a²ω² + aγ) = v₀(1 − a²ω² − aγ) − 2aω²x₀,  x₁ = x₀ + a(v₀ + v₁)
      const a = 0.5 * h;
      const p = a * a * omega2 + a * gamma;
      v1 = (v * (1 - p) - 2 * a * omega2 * x) / (1 + p);
      x1 = x + a * (v + v1);
      break;
    }
    case 'position-verlet': {
      const a = 0.5 * h;
      const xh = x + a * v;
      v1 = v + h * (-omega2 * xh - gamma * v);
      x1 = xh + a * v1;
      break;
    }
    case 'velocity-verlet': {
      const a = 0.5 * h;
      const vh = v + a * (-omega2 * x - gamma * v);
      x1 = x + h * vh;
      v1 = vh + a * (-omega2 * x1 - gamma * vh);
      break;
    }
    case 'rk4': {
      // the four stages of rk4.ts for y = (x, v), f(y) = (v, −ω²x − γv)
      const a = 0.5 * h;
      const k1x = v;
      const k1v = -omega2 * x - gamma * v;
      const k2x = v + a * k1v;
      const k2v = -omega2 * (x + a * k1x) - gamma * k2x;
      const k3x = v + a * k2v;
      const k3v = -omega2 * (x + a * k2x) - gamma * k3x;
      const k4x = v + h * k3v;
      const k4v = -omega2 * (x + h * k3x) - gamma * k4x;
      const h6 = h / 6;
      x1 = x + h6 * (k1x + 2 * k2x + 2 * k3x + k4x);
      v1 = v + h6 * (k1v + 2 * k2v + 2 * k3v + k4v);
      break;
    }
    default:
      throw new RangeError(`unknown integrator '${String(method)}'`);
  }
  out[o] = x1;
  out[o + 1] = v1;
}

/** E = ½ m v² + ½ k x². */
export function springEnergy(x: number, v: number, k: number, m: number): number {
  return 0.5 * m * v * v + 0.5 * k * x * x;
}

const col = new Float64Array(2);
/**
 * The 2×2 step matrix P of `method` on this spring, (x₁, v₁)ᵀ = P·(x₀, v₀)ᵀ, row-major into out,
 * built by stepping the unit states (1, 0) and (0, 1).
 */
export function springStepMatrix(
  method: IntegratorId,
  h: number,
  omega2: number,
  gamma: number,
  out: Float64Array | number[],
): void {
  springStep(method, 1, 0, h, omega2, gamma, col);
  out[0] = col[0]!;
  out[2] = col[1]!;
  springStep(method, 0, 1, h, omega2, gamma, col);
  out[1] = col[0]!;
  out[3] = col[1]!;
}
