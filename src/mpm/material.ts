/**
 * Materials of the material point method (textbook §26.4, MPM): elastic jelly, snow, sand and a
 * weakly compressible fluid, each given by the numbers a user knows (Young's modulus, Poisson's
 * ratio, density, and the plasticity parameters of its model), validated once and turned into
 * the Lamé parameters μ = E / (2(1 + ν)), λ = Eν / ((1 + ν)(1 − 2ν)) the stress code uses.
 *
 * - jelly: fixed-corotated elasticity (Stomakhin et al. 2012).
 * - snow: fixed-corotated elasticity with Stomakhin et al. 2013's plasticity — singular values
 *   clamped to [1 − θc, 1 + θs], the plastic volume change Jp hardening the material by e^{ξ(1−Jp)}
 *   (capped; optionally with a limit on the compaction).
 * - sand: Drucker–Prager plasticity in Hencky (log) strain, St. Venant–Kirchhoff–Hencky elasticity
 *   (Klár et al. 2016); cohesionless, with a friction angle (the cone matched to Mohr–Coulomb in 3D,
 *   and exactly Mohr–Coulomb in 2D plane strain).
 * - fluid: pressure from the volume ratio J only, p = −K(J − 1) (no shear), F reset to √J·I.
 */
import { PhysicsError } from '../core/errors.js';
import { psin } from '../math/portable.js';

/** Material kinds. */
export type MpmMaterialKind = 'jelly' | 'snow' | 'sand' | 'fluid';

/** A material as a user gives it (SI units). */
export interface MpmMaterialDef {
  /** which constitutive model */
  kind: MpmMaterialKind;
  /** Young's modulus, Pa (fluid: the bulk modulus K), default 1e4 (fluid 4e3) */
  youngsModulus?: number;
  /** Poisson's ratio in [0, 0.49], default 0.2 (ignored by fluid) */
  poissonsRatio?: number;
  /** kg/m² (2D) or kg/m³ (3D), default 1000 */
  density?: number;
  /** snow: critical compression θc, default 2.5e-2 */
  criticalCompression?: number;
  /** snow: critical stretch θs, default 4.5e-3 */
  criticalStretch?: number;
  /** snow: hardening coefficient ξ, default 10 */
  hardening?: number;
  /**
   * snow: the largest hardening factor e^{ξ(1−Jp)}, default 20 — compacted snow stiffens without bound
   * in the model, and the explicit step's stability limit shrinks as √(stiffness); the cap keeps a
   * step chosen for 20× the base stiffness stable; past the cap snow compacts without bound (see
   * `compactionLimit`)
   */
  maxHardening?: number;
  /**
   * snow: the smallest plastic volume ratio Jp, in [0, 0.99], default 0 (no limit). Below it the rest
   * of a compression stays elastic instead of compacting, so the snow resists it and flows sideways.
   * The uncapped hardening e^{ξ(1−Jp)} stops compaction by itself (it stiffens past any impact's
   * pressure); capped at `maxHardening` it does not, and a snowball thrown at a wall squashes into a
   * thin hard pancake instead of splattering into clumps. 1 − ln(maxHardening)/ξ (0.70 for the
   * defaults) stops compaction where the hardening reaches its cap.
   */
  compactionLimit?: number;
  /** sand: friction angle in degrees, (0, 60), default 30 */
  frictionAngle?: number;
  /**
   * Kelvin–Voigt viscosity η, Pa·s, default 0: adds τ_v = η J (∇v + ∇vᵀ) to the stress, which damps
   * the body's vibration (not its rigid motion), so an elastic body comes to rest (jelly, snow);
   * for sand it damps the grain skeleton's elastic vibration, which otherwise keeps a pile creeping
   * flatter than its friction angle (η ≈ 50 Pa·s for E = 350 kPa, ρ = 2200)
   */
  viscosity?: number;
}

/** Numeric material kinds as stored per particle. */
export const MAT_JELLY = 0;
/** Material code of snow. */
export const MAT_SNOW = 1;
/** Material code of sand. */
export const MAT_SAND = 2;
/** Material code of the weakly compressible fluid. */
export const MAT_FLUID = 3;

/** A validated material with its derived constants. */
export interface MpmMaterial {
  /** which constitutive model */
  kind: MpmMaterialKind;
  /** numeric kind (MAT_*) */
  code: number;
  /** Lamé μ (shear modulus), Pa */
  mu: number;
  /** Lamé λ, Pa (fluid: the bulk modulus K) */
  lambda: number;
  /** kg/m² (2D) or kg/m³ (3D) */
  density: number;
  /** snow: critical compression θc */
  thetaC: number;
  /** snow: critical stretch θs */
  thetaS: number;
  /** snow: hardening coefficient ξ */
  xi: number;
  /** the hardening factor's cap */
  maxHardening: number;
  /** snow: the smallest plastic volume ratio Jp (0: no limit) */
  jpMin: number;
  /**
   * Drucker–Prager α = √(2/3)·2 sin φ / (3 − sin φ) (Klár et al. 2016: the cone through the 3D
   * Mohr–Coulomb pyramid's compressive corners), the coefficient of ‖dev τ‖ + α tr τ ≤ 0 in 3D
   */
  alpha: number;
  /**
   * the same cone in plane strain (2D): Mohr–Coulomb |σ₁ − σ₂| ≤ −sin φ (σ₁ + σ₂) is exactly
   * ‖dev τ‖ ≤ −(sin φ/√2) tr τ, so α₂ = sin φ / √2 (the 3D α would give φ = 27.5° for 30°)
   */
  alphaPlane: number;
  /** the friction angle, radians (sand) */
  phi: number;
  /** Kelvin–Voigt viscosity, Pa·s */
  viscosity: number;
}

const KEYS = new Set([
  'kind',
  'youngsModulus',
  'poissonsRatio',
  'density',
  'criticalCompression',
  'criticalStretch',
  'hardening',
  'maxHardening',
  'compactionLimit',
  'frictionAngle',
  'viscosity',
]);

function num(
  def: MpmMaterialDef,
  key: keyof MpmMaterialDef,
  fallback: number,
  lo: number,
  hi: number,
  where: string,
): number {
  const v = def[key] ?? fallback;
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw new PhysicsError('non-finite', `${where}.${key}: must be a finite number, got ${String(v)}`);
  }
  if (!(v >= lo && v <= hi))
    throw new PhysicsError('invalid-argument', `${where}.${key}: must be in [${lo}, ${hi}], got ${v}`);
  return v;
}

/** Validates a material definition (`where` names it in errors) and derives its constants. */
export function resolveMaterial(def: MpmMaterialDef, where = 'material'): MpmMaterial {
  if (typeof def !== 'object' || def === null)
    throw new PhysicsError('invalid-argument', `${where}: must be an object`);
  for (const k of Object.keys(def)) {
    if (!KEYS.has(k)) throw new PhysicsError('invalid-argument', `${where}.${k.slice(0, 40)}: unknown key`);
  }
  const codes: Record<string, number> = {
    jelly: MAT_JELLY,
    snow: MAT_SNOW,
    sand: MAT_SAND,
    fluid: MAT_FLUID,
  };
  const code = codes[def.kind as string];
  if (code === undefined) {
    throw new PhysicsError(
      'invalid-argument',
      `${where}.kind: must be 'jelly', 'snow', 'sand' or 'fluid', got ${String(def.kind).slice(0, 40)}`,
    );
  }
  const E = num(def, 'youngsModulus', code === MAT_FLUID ? 4e3 : 1e4, 1e-6, 1e12, where);
  const nu = num(def, 'poissonsRatio', 0.2, 0, 0.49, where);
  const density = num(def, 'density', 1000, 1e-6, 1e6, where);
  const phiDeg = num(def, 'frictionAngle', 30, 1, 60, where);
  const phi = (phiDeg * Math.PI) / 180;
  const s = psin(phi);
  return {
    kind: def.kind,
    code,
    mu: code === MAT_FLUID ? 0 : E / (2 * (1 + nu)),
    lambda: code === MAT_FLUID ? E : (E * nu) / ((1 + nu) * (1 - 2 * nu)),
    density,
    thetaC: num(def, 'criticalCompression', 2.5e-2, 0, 0.5, where),
    thetaS: num(def, 'criticalStretch', 4.5e-3, 0, 0.5, where),
    xi: num(def, 'hardening', 10, 0, 50, where),
    maxHardening: num(def, 'maxHardening', 20, 1, 1e6, where),
    jpMin: num(def, 'compactionLimit', 0, 0, 0.99, where),
    alpha: Math.sqrt(2 / 3) * ((2 * s) / (3 - s)),
    alphaPlane: s / Math.SQRT2,
    phi,
    viscosity: num(def, 'viscosity', 0, 0, 1e9, where),
  };
}
