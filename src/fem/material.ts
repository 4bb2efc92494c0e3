/** Elastic material constants (Young's modulus, Poisson's ratio) and their Lamé parameters. */
import { assertFinite, PhysicsError } from '../core/errors.js';

/**
 * Elastic material constants (§26.3 "有限要素法"): Young's modulus E (Pa, how hard the material
 * is to stretch) and Poisson's ratio ν (how much it thins when stretched; near 0.5 for rubber)
 * turn into the Lamé parameters μ (shear modulus) and λ that the element energies use:
 *   μ = E / (2(1 + ν)),   λ = E ν / ((1 + ν)(1 − 2ν))            (3D and 2D plane strain)
 *   λ* = E ν / (1 − ν²) = 2μλ / (λ + 2μ)                           (2D plane stress)
 */
export interface LameParameters {
  /** shear modulus μ, Pa */
  mu: number;
  /** first Lamé parameter λ, Pa */
  lambda: number;
}

/** An isotropic elastic material: Young's modulus and Poisson's ratio. */
export interface ElasticMaterial {
  /** Young's modulus E in Pa (> 0) */
  youngModulus: number;
  /** Poisson's ratio ν in [0, 0.5) */
  poissonRatio: number;
  /** 2D only: thin sheet (plane stress) instead of a slice of a long body (plane strain, default) */
  planeStress?: boolean;
}

/** Lamé parameters from E and ν, validating both (`where` names the field in error messages). */
export function lameParameters(material: ElasticMaterial, where = 'material'): LameParameters {
  const E = assertFinite(material.youngModulus, `${where}.youngModulus`);
  const nu = assertFinite(material.poissonRatio, `${where}.poissonRatio`);
  if (!(E > 0)) throw new PhysicsError('invalid-argument', `${where}.youngModulus: must be > 0, got ${E}`);
  if (!(nu >= 0 && nu < 0.5)) {
    throw new PhysicsError('invalid-argument', `${where}.poissonRatio: must be in [0, 0.5), got ${nu}`);
  }
  const mu = E / (2 * (1 + nu));
  const lambda = material.planeStress ? (E * nu) / (1 - nu * nu) : (E * nu) / ((1 + nu) * (1 - 2 * nu));
  return { mu, lambda };
}
