/**
 * The Drucker–Prager return mapping in Hencky strain (Klár, Gast, Pradhana, Fu, Schroeder, Jiang,
 * Teran 2016, "Drucker–Prager elastoplasticity for sand animation", §7): with the elastic law
 * τ = 2μ ε + λ tr(ε) I of St. Venant–Kirchhoff in log strain, the yield surface
 * ‖dev τ‖ + α tr τ ≤ 0 becomes, in the principal log strains ε (d of them),
 *   δγ = ‖ε̂‖ + (dλ + 2μ)/(2μ) · α · tr ε,   ε̂ = ε − (tr ε / d) I:
 *   case I   δγ ≤ 0: inside the cone, elastic, ε unchanged;
 *   case II  tr ε > 0 (or ε̂ = 0 with δγ > 0): the material is pulled apart — a cohesionless
 *            granular material carries no tension, ε = 0 (the cone's tip);
 *   case III otherwise: ε ← ε − δγ ε̂/‖ε̂‖, back onto the cone along the deviatoric direction
 *            (no plastic volume change: the flow rule is non-associative).
 * Returns the case and leaves the plastic strain increment δq (‖ε‖ for case II, δγ for case III,
 * 0 for case I) in eps[d], for the hardening of the friction angle.
 */

/** Return-mapping outcome: elastic (inside the cone). */
export const DP_ELASTIC = 0;
/** Return-mapping outcome: projected to the cone's tip (tension). */
export const DP_TIP = 1;
/** Return-mapping outcome: projected onto the cone's side (shearing flow). */
export const DP_CONE = 2;

/**
 * Projects the principal log strains eps[0..d) (d = 2 or 3) onto the Drucker–Prager cone in place
 * (see the file comment), for the material `m` whose Lamé parameters and friction coefficient α are
 * muOf[m], lambdaOf[m], alphaOf[m] (per-material tables: the numbers stay unboxed even when the
 * call is not inlined); eps[d] receives δq. Returns DP_ELASTIC, DP_TIP or DP_CONE.
 */
export function druckerPragerReturn(
  eps: Float64Array,
  d: number,
  muOf: Float64Array,
  lambdaOf: Float64Array,
  alphaOf: Float64Array,
  m: number,
): number {
  const mu = muOf[m]!;
  const lambda = lambdaOf[m]!;
  const alpha = alphaOf[m]!;
  let tr = 0;
  for (let k = 0; k < d; k++) tr += eps[k]!;
  const mean = tr / d;
  let hn2 = 0;
  let en2 = 0;
  for (let k = 0; k < d; k++) {
    const e = eps[k]!;
    const h = e - mean;
    hn2 += h * h;
    en2 += e * e;
  }
  const hn = Math.sqrt(hn2);
  const dg = hn + ((d * lambda + 2 * mu) / (2 * mu)) * alpha * tr;
  if (dg <= 0) {
    eps[d] = 0;
    return DP_ELASTIC;
  }
  if (tr > 0 || hn === 0) {
    for (let k = 0; k < d; k++) eps[k] = 0;
    eps[d] = Math.sqrt(en2);
    return DP_TIP;
  }
  const s = dg / hn;
  for (let k = 0; k < d; k++) eps[k] = eps[k]! - s * (eps[k]! - mean);
  eps[d] = dg;
  return DP_CONE;
}
