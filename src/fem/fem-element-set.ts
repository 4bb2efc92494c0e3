/** Storage and bookkeeping shared by the FEM element constraint sets (triangles, tetrahedra). */
import { PhysicsError } from '../core/errors.js';
import type { Coloring, ConstraintSet, SolveContext } from '../xpbd/constraint.js';
import { checkIndex } from '../xpbd/distance.js';
import { grown, type Particles } from '../xpbd/particles.js';
import { pbdStiffness } from '../xpbd/stiffness.js';
import { type ElasticMaterial, type LameParameters, lameParameters } from './material.js';

/**
 * The denominator guard of the element updates (`xpbdUpdate`): anything above it is solved — stiff
 * elements have tiny α̃ and small elements tiny gradients, both legitimate; below, nothing can move.
 */
export const ELEMENT_MIN_DEN = 1e-300;

/** The elastic energy of a FEM element set: corotational linear or stable neo-Hookean (Smith, de Goes, Kim 2018). */
export type FemModel = 'corotational' | 'neo-hookean';

/** A FEM element set's material, model and solver settings. */
export interface FemSetOptions extends ElasticMaterial {
  /** the elastic energy (default 'corotational') */
  model?: FemModel;
  /** classic PBD stiffness k ∈ [0, 1] (only the PBD integrator reads it) */
  stiffness?: number;
}

/**
 * What linear triangles (2D, `FemTriangles`) and tetrahedra (3D, `FemTetrahedra`) share as XPBD
 * constraint sets (§26.3 有限要素法): the material, the element storage (particle ids, D_m⁻¹, rest
 * measure, two multipliers per element — see fem-tetrahedra.ts for the constraints), the checks on a
 * new element, and growth by doubling. The subclasses compute F, the constraints and their gradients.
 */
export abstract class FemElementSet implements ConstraintSet {
  readonly kind: string;
  /** the elastic energy */
  readonly model: FemModel;
  /** the Lamé parameters μ and λ of the material */
  readonly lame: LameParameters;
  /** classic PBD stiffness k in [0, 1] (PBD integrator only) */
  stiffness: number;
  coloring?: Coloring;
  protected n = 0;
  /** particle ids, `nodes` per element */
  ids: Int32Array;
  /** D_m⁻¹, d × d per element (row-major) */
  dmInv: Float64Array;
  /** two multipliers per element: [2e] deviatoric/shear, [2e+1] volumetric */
  lambda: Float64Array;
  /** rest measure per element: area (triangles) or volume (tetrahedra) */
  protected measure: Float64Array;

  /** `nodes` 3 (triangles, d = 2) or 4 (tetrahedra, d = 3) */
  constructor(
    options: FemSetOptions,
    capacity: number,
    protected readonly nodes: 3 | 4,
  ) {
    this.model = options.model ?? 'corotational';
    if (this.model !== 'corotational' && this.model !== 'neo-hookean') {
      throw new PhysicsError(
        'invalid-argument',
        `fem.model: must be 'corotational' or 'neo-hookean', got ${this.model}`,
      );
    }
    this.kind = `fem-${nodes === 3 ? 'tri' : 'tet'}-${this.model}`;
    this.lame = lameParameters(options, 'fem');
    this.stiffness = options.stiffness ?? 1;
    pbdStiffness(this.stiffness, 1);
    const cap = Math.max(1, capacity);
    const d = nodes - 1;
    this.ids = new Int32Array(nodes * cap);
    this.dmInv = new Float64Array(d * d * cap);
    this.measure = new Float64Array(cap);
    this.lambda = new Float64Array(2 * cap);
  }

  size(): number {
    return this.n;
  }

  particlesOf(c: number, out: number[]): number {
    const m = this.nodes;
    for (let j = 0; j < m; j++) out[j] = this.ids[m * c + j];
    return m;
  }

  resetLambda(): void {
    this.lambda.fill(0, 0, 2 * this.n);
  }

  abstract solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void;

  /** Elastic energy Σ V ψ(F) of the set at positions x (the sum of ½C²/α of both constraints). */
  abstract energy(x: Float64Array): number;

  /**
   * Checks a new element's particles (valid, distinct, not all pinned), makes room, stores the ids
   * and returns the element index; the caller then fills D_m⁻¹ and calls `commit(e, measure)`.
   */
  protected begin(particles: Particles, list: number[], where: string): number {
    const e = this.n;
    for (let j = 0; j < list.length; j++) checkIndex(particles, list[j], `${where}.ids[${j}]`);
    if (new Set(list).size !== list.length) {
      throw new PhysicsError('invalid-argument', `${where}: particles must differ, got ${list}`);
    }
    if (list.every((p) => particles.invMass[p] === 0)) {
      const count = list.length === 3 ? 'three' : 'four';
      throw new PhysicsError('invalid-argument', `${where}: all ${count} particles are pinned (invMass 0)`);
    }
    if (e === this.measure.length) this.grow();
    this.ids.set(list, this.nodes * e);
    return e;
  }

  /** Finishes element e: its rest measure, zero multipliers. */
  protected commit(e: number, measure: number): number {
    this.measure[e] = Math.abs(measure);
    this.lambda[2 * e] = this.lambda[2 * e + 1] = 0;
    this.n = e + 1;
    this.coloring = undefined;
    return e;
  }

  /** Doubles the capacity (subclasses with more per-element arrays extend it). */
  protected grow(): void {
    const cap = 2 * this.measure.length;
    const d = this.nodes - 1;
    this.ids = grown(this.ids, this.nodes * cap);
    this.dmInv = grown(this.dmInv, d * d * cap);
    this.measure = grown(this.measure, cap);
    this.lambda = grown(this.lambda, 2 * cap);
  }
}
