/** Implicit linear and corotational FEM: assembled stiffness, implicit Euler or statics, CG. */
import { assertFinite, firstNonFinite, PhysicsError } from '../core/errors.js';
import { apiChecks } from '../core/validate.js';
import { type CGOptions, type CGResult, conjugateGradient, createCGScratch } from '../math/cg.js';
import * as mat22 from '../math/mat22.js';
import { rotation3 } from '../math/rotation-extraction.js';
import { restInverse2, restInverse3 } from './deformation-gradient.js';
import { implicitFemRestore, implicitFemSnapshot, implicitFemStateHash } from './implicit-snapshot.js';
import { type ElasticMaterial, lameParameters } from './material.js';

/**
 * Implicit linear / corotational FEM (§26.3: "要素の力は26.1節の疎な剛性行列に組み立てられ、陰的に
 * 積分されます" — element forces assembled into the sparse stiffness matrix of 26.1, integrated
 * implicitly). Triangles (2D, unit thickness) or tetrahedra (3D), matrix-free:
 *
 *   element stiffness (linear elasticity, ∇N_i the shape-function gradients, V the rest size)
 *     K_e[(i,a),(j,c)] = V (μ δ_ac ∇N_i·∇N_j + μ ∂_c N_i ∂_a N_j + λ ∂_a N_i ∂_c N_j)
 *   linear FEM:         f_e = −K_e (x_e − X_e)            — wrong under rotation (§26.3 計算例)
 *   corotational FEM:   f_e = −R_e K_e (R_eᵀ x_e − X_e),  K ≈ Σ R_e K_e R_eᵀ  (stiffness warping,
 *                       Müller & Gross 2004), R_e the rotation of F = D_s D_m⁻¹ (mat22.polar, rotation3)
 *   one implicit Euler Newton step (Baraff–Witkin, §26.1), Rayleigh damping D = a M + b K:
 *     (M + h D + h² K) Δv = h (f(x) + f_ext − h K v),   v ← v + Δv,   x ← x + h v
 *   static equilibrium: K Δx = f(x) + f_ext, x ← x + Δx, repeated (a few Newton-like iterations).
 * Systems are solved by CG (math/cg.ts) with a Jacobi preconditioner; pinned nodes are filtered
 * (identity rows). Positions are `dim` numbers per node (not the XPBD particles' stride of 3).
 */
export interface ImplicitFemOptions extends ElasticMaterial {
  /** 2 (triangles) or 3 (tetrahedra) */
  dim: 2 | 3;
  /** rest positions, dim per node */
  vertices: ArrayLike<number>;
  /** dim + 1 node ids per element */
  elements: ArrayLike<number>;
  /** kg/m³ (3D) or kg/m² (2D); lumped masses ρV/(d+1) per node */
  density: number;
  /** corotational (default) or plain linear FEM */
  corotational?: boolean;
  /** gravity, dim numbers, m/s² (default −9.81 along y) */
  gravity?: number[];
  /** Rayleigh damping D = a M + b K: a in 1/s, b in s (defaults 0) */
  massDamping?: number;
  /** (see massDamping) the stiffness-proportional b, s */
  stiffnessDamping?: number;
  /** CG relative tolerance (default 1e-8) and iteration cap (default 10·dim·n) */
  cgTolerance?: number;
  /** (see cgTolerance) the CG iteration cap */
  cgMaxIterations?: number;
}

const IMPLICIT_FEM_KEYS = [
  'youngModulus',
  'poissonRatio',
  'planeStress',
  'dim',
  'vertices',
  'elements',
  'density',
  'corotational',
  'gravity',
  'massDamping',
  'stiffnessDamping',
  'cgTolerance',
  'cgMaxIterations',
];

/** Implicit corotated linear FEM (see the module comment). */
export class ImplicitFem {
  /** 2 or 3 */
  readonly dim: 2 | 3;
  /** number of nodes */
  readonly nodes: number;
  /** node ids, dim + 1 per element */
  readonly elements: Uint32Array;
  /** corotational (true) or plain linear FEM */
  readonly corotational: boolean;
  /** rest positions, dim per node */
  readonly rest: Float64Array;
  /** positions, dim per node, m */
  x: Float64Array;
  /** velocities, dim per node, m/s */
  v: Float64Array;
  /** lumped mass per node, kg */
  readonly mass: Float64Array;
  /** 1 for a pinned node */
  readonly pinned: Uint8Array;
  /** gravity, dim numbers, m/s² */
  gravity: number[];
  /** Rayleigh damping a (mass-proportional), 1/s */
  massDamping: number;
  /** Rayleigh damping b (stiffness-proportional), s */
  stiffnessDamping: number;
  /** simulated time, s */
  time = 0;
  /** the last step's CG result */
  lastCG: CGResult = { iterations: 0, residualNorm: 0, converged: true };
  /** per element: K_e (m² numbers, m = dim·(dim+1)), D_m⁻¹ (dim²), rest size V, rotation R (dim²), warm-start quaternion */
  private readonly ke: Float64Array;
  private readonly dmInv: Float64Array;
  private readonly size: Float64Array;
  private readonly rot: Float64Array;
  private readonly quat: Float64Array;
  private readonly nPer: number;
  private readonly m: number;
  // scratch
  private readonly f: Float64Array;
  private readonly rhs: Float64Array;
  private readonly dv: Float64Array;
  private readonly tmp: Float64Array;
  private readonly diag: Float64Array;
  private readonly pe = new Float64Array(12);
  private readonly qe = new Float64Array(12);
  private readonly ye = new Float64Array(12);
  private readonly F = new Float64Array(9);
  private readonly cg: CGOptions;
  private cA = 1; // system = cA·M + cK·K (set per solve)
  private cK = 1;
  private readonly applySystem: (p: Float64Array, out: Float64Array) => void;

  /** The FEM body of `o` (checked once: known keys, whole nodes and elements, finite vertices). */
  constructor(o: ImplicitFemOptions) {
    apiChecks.object(o, 'implicitFem', IMPLICIT_FEM_KEYS);
    const d = o.dim;
    if (d !== 2 && d !== 3)
      throw new PhysicsError('invalid-argument', `implicitFem.dim: must be 2 or 3, got ${d}`);
    this.dim = d;
    this.nPer = d + 1;
    this.m = d * (d + 1);
    const { mu, lambda } = lameParameters(o, 'implicitFem');
    const density = assertFinite(o.density, 'implicitFem.density');
    if (!(density > 0))
      throw new PhysicsError('invalid-argument', `implicitFem.density: must be > 0, got ${density}`);
    this.nodes = o.vertices.length / d;
    this.rest = Float64Array.from(o.vertices);
    for (let k = 0; k < this.rest.length; k++)
      assertFinite(this.rest[k], `implicitFem.vertices[${(k / d) | 0}]`);
    this.x = Float64Array.from(this.rest);
    this.v = new Float64Array(this.rest.length);
    if (!Number.isInteger(this.nodes))
      throw new PhysicsError(
        'invalid-argument',
        `implicitFem.vertices: ${o.vertices.length} numbers is not ${d} per node`,
      );
    if (o.elements.length % (d + 1) !== 0)
      throw new PhysicsError(
        'invalid-argument',
        `implicitFem.elements: ${o.elements.length} ids is not ${d + 1} per element`,
      );
    this.elements = Uint32Array.from(o.elements);
    this.corotational = o.corotational ?? true;
    this.gravity = [...(o.gravity ?? (d === 2 ? [0, -9.81] : [0, -9.81, 0]))];
    this.massDamping = o.massDamping ?? 0;
    this.stiffnessDamping = o.stiffnessDamping ?? 0;
    const ne = this.elements.length / this.nPer;
    const m = this.m;
    this.ke = new Float64Array(ne * m * m);
    this.dmInv = new Float64Array(ne * d * d);
    this.size = new Float64Array(ne);
    this.rot = new Float64Array(ne * d * d);
    this.quat = new Float64Array(ne * 4);
    this.mass = new Float64Array(this.nodes);
    this.pinned = new Uint8Array(this.nodes);
    const grads = new Float64Array(4 * 3);
    for (let e = 0; e < ne; e++) {
      const ids = this.elements.subarray(e * this.nPer, (e + 1) * this.nPer);
      for (const id of ids) {
        if (!(id < this.nodes))
          throw new PhysicsError('invalid-argument', `implicitFem.elements[${e}]: node ${id} out of range`);
      }
      const where = `implicitFem.elements[${e}]`;
      const V =
        d === 2
          ? Math.abs(
              restInverse2(
                this.rest[2 * ids[0]],
                this.rest[2 * ids[0] + 1],
                this.rest[2 * ids[1]],
                this.rest[2 * ids[1] + 1],
                this.rest[2 * ids[2]],
                this.rest[2 * ids[2] + 1],
                this.dmInv,
                4 * e,
                where,
              ),
            )
          : Math.abs(restInverse3(this.rest, 3, ids[0], ids[1], ids[2], ids[3], this.dmInv, 9 * e, where));
      this.size[e] = V;
      for (const id of ids) this.mass[id] += (density * V) / this.nPer;
      // ∇N_j = row j−1 of D_m⁻¹ (j ≥ 1), ∇N_0 = −Σ
      for (let a = 0; a < d; a++) grads[a] = 0;
      for (let j = 1; j <= d; j++) {
        for (let a = 0; a < d; a++) {
          const g = this.dmInv[e * d * d + (j - 1) * d + a];
          grads[j * d + a] = g;
          grads[a] -= g;
        }
      }
      const o2 = e * m * m;
      for (let i = 0; i <= d; i++) {
        for (let j = 0; j <= d; j++) {
          let dot = 0;
          for (let a = 0; a < d; a++) dot += grads[i * d + a] * grads[j * d + a];
          for (let a = 0; a < d; a++) {
            for (let c = 0; c < d; c++) {
              const k =
                (a === c ? mu * dot : 0) +
                mu * grads[i * d + c] * grads[j * d + a] +
                lambda * grads[i * d + a] * grads[j * d + c];
              this.ke[o2 + (i * d + a) * m + (j * d + c)] = V * k;
            }
          }
        }
      }
      this.quat[4 * e] = 1;
      for (let a = 0; a < d; a++) this.rot[e * d * d + a * d + a] = 1;
    }
    for (let i = 0; i < this.nodes; i++) {
      if (!(this.mass[i] > 0))
        throw new PhysicsError('invalid-argument', `implicitFem.vertices[${i}]: belongs to no element`);
    }
    const n = this.rest.length;
    this.f = new Float64Array(n);
    this.rhs = new Float64Array(n);
    this.dv = new Float64Array(n);
    this.tmp = new Float64Array(n);
    this.diag = new Float64Array(n);
    this.cg = {
      tolerance: o.cgTolerance ?? 1e-8,
      maxIterations: o.cgMaxIterations ?? 10 * n,
      scratch: createCGScratch(n),
      precondition: (r, z) => {
        for (let k = 0; k < n; k++) z[k] = r[k] / this.diag[k];
      },
    };
    this.applySystem = (p, out) => {
      this.applyK(p, out);
      const d2 = this.dim;
      for (let k = 0; k < n; k++) {
        const i = (k / d2) | 0;
        out[k] = this.pinned[i] ? p[k] : this.cA * this.mass[i] * p[k] + this.cK * out[k];
      }
    };
  }

  /** Pins node i (identity row: it keeps its position and velocity). */
  pin(i: number): void {
    if (!(Number.isInteger(i) && i >= 0 && i < this.nodes)) {
      throw new PhysicsError(
        'invalid-argument',
        `implicitFem.pin: node index must be in [0, ${this.nodes}), got ${i}`,
      );
    }
    this.pinned[i] = 1;
  }

  /** Updates every element's rotation R_e from its current F (identity for linear FEM). */
  private updateRotations(): void {
    if (!this.corotational) return;
    const d = this.dim;
    const ne = this.size.length;
    const F = this.F;
    const x = this.x;
    const R = this.pe; // scratch for R (d²)
    for (let e = 0; e < ne; e++) {
      const b = e * this.nPer;
      const o = e * d * d;
      // F = D_s D_m⁻¹
      for (let r = 0; r < d; r++) {
        const x0 = x[this.elements[b] * d + r];
        for (let c = 0; c < d; c++) {
          let s = 0;
          for (let j = 1; j <= d; j++)
            s += (x[this.elements[b + j] * d + r] - x0) * this.dmInv[o + (j - 1) * d + c];
          F[r * d + c] = s;
        }
      }
      if (d === 2) mat22.polar(R, 0, null, 0, F, 0);
      else rotation3(F, this.quat, 4 * e, R);
      for (let k = 0; k < d * d; k++) this.rot[o + k] = R[k];
    }
  }

  /** out = Σ_e R_e K_e R_eᵀ p_e (pinned nodes' columns removed). */
  private applyK(p: Float64Array, out: Float64Array): void {
    out.fill(0);
    const d = this.dim;
    const m = this.m;
    const ne = this.size.length;
    const { pe, qe, ye } = this;
    for (let e = 0; e < ne; e++) {
      const b = e * this.nPer;
      const ro = e * d * d;
      // q = Rᵀ p_e
      for (let j = 0; j < this.nPer; j++) {
        const node = this.elements[b + j];
        const free = this.pinned[node] ? 0 : 1;
        for (let a = 0; a < d; a++) pe[j * d + a] = free * p[node * d + a];
        for (let a = 0; a < d; a++) {
          let s = 0;
          for (let c = 0; c < d; c++) s += this.rot[ro + c * d + a] * pe[j * d + c];
          qe[j * d + a] = s;
        }
      }
      // y = K_e q
      const ko = e * m * m;
      for (let r = 0; r < m; r++) {
        let s = 0;
        for (let c = 0; c < m; c++) s += this.ke[ko + r * m + c] * qe[c];
        ye[r] = s;
      }
      // out += R y
      for (let j = 0; j < this.nPer; j++) {
        const node = this.elements[b + j];
        for (let a = 0; a < d; a++) {
          let s = 0;
          for (let c = 0; c < d; c++) s += this.rot[ro + a * d + c] * ye[j * d + c];
          out[node * d + a] += s;
        }
      }
    }
  }

  /** Fills `qe` with element e's displacement in its rest frame, q_e = R_eᵀ x_e − X_e (corotation). */
  private unrotatedDisplacement(e: number): void {
    const d = this.dim;
    const { pe, qe } = this;
    const b = e * this.nPer;
    const ro = e * d * d;
    for (let j = 0; j < this.nPer; j++) {
      const node = this.elements[b + j];
      for (let a = 0; a < d; a++) pe[j * d + a] = this.x[node * d + a];
      for (let a = 0; a < d; a++) {
        let s = 0;
        for (let c = 0; c < d; c++) s += this.rot[ro + c * d + a] * pe[j * d + c];
        qe[j * d + a] = s - this.rest[node * d + a];
      }
    }
  }

  /** f = −Σ_e R_e K_e (R_eᵀ x_e − X_e) + f_ext (m g); the elastic forces of the current state. */
  forces(out: Float64Array = this.f): Float64Array {
    const d = this.dim;
    const m = this.m;
    const ne = this.size.length;
    const { qe, ye } = this;
    out.fill(0);
    for (let e = 0; e < ne; e++) {
      const b = e * this.nPer;
      const ro = e * d * d;
      this.unrotatedDisplacement(e);
      const ko = e * m * m;
      for (let r = 0; r < m; r++) {
        let s = 0;
        for (let c = 0; c < m; c++) s += this.ke[ko + r * m + c] * qe[c];
        ye[r] = s;
      }
      for (let j = 0; j < this.nPer; j++) {
        const node = this.elements[b + j];
        for (let a = 0; a < d; a++) {
          let s = 0;
          for (let c = 0; c < d; c++) s += this.rot[ro + a * d + c] * ye[j * d + c];
          out[node * d + a] -= s;
        }
      }
    }
    for (let i = 0; i < this.nodes; i++)
      for (let a = 0; a < d; a++) out[i * d + a] += this.mass[i] * this.gravity[a];
    return out;
  }

  /** Jacobi preconditioner: diag(cA M + cK Σ R K_e Rᵀ), approximated with the unrotated K_e diagonal. */
  private buildDiagonal(): void {
    const d = this.dim;
    const m = this.m;
    this.diag.fill(0);
    const ne = this.size.length;
    for (let e = 0; e < ne; e++) {
      for (let j = 0; j < this.nPer; j++) {
        const node = this.elements[e * this.nPer + j];
        let tr = 0;
        for (let a = 0; a < d; a++) tr += this.ke[e * m * m + (j * d + a) * m + (j * d + a)];
        for (let a = 0; a < d; a++) this.diag[node * d + a] += tr / d;
      }
    }
    for (let k = 0; k < this.diag.length; k++) {
      const i = (k / d) | 0;
      this.diag[k] = this.pinned[i] ? 1 : this.cA * this.mass[i] + this.cK * this.diag[k];
    }
  }

  /** One implicit Euler Newton step of size dt (see the file comment). */
  step(dt: number): void {
    assertFinite(dt, 'implicitFem.step.dt');
    if (!(dt > 0)) throw new PhysicsError('invalid-argument', `implicitFem.step.dt: must be > 0, got ${dt}`);
    const h = dt;
    this.updateRotations();
    this.forces(this.f);
    // A = (1 + h a) M + (h b + h²) K
    this.cA = 1 + h * this.massDamping;
    this.cK = h * this.stiffnessDamping + h * h;
    // rhs = h (f − h K v − D v) = h f − (h² + h b) K v − h a M v
    this.applyK(this.v, this.tmp);
    const d = this.dim;
    for (let k = 0; k < this.rhs.length; k++) {
      const i = (k / d) | 0;
      this.rhs[k] = this.pinned[i]
        ? 0
        : h * this.f[k] - this.cK * this.tmp[k] - h * this.massDamping * this.mass[i] * this.v[k];
    }
    this.buildDiagonal();
    this.dv.fill(0);
    this.lastCG = conjugateGradient(this.applySystem, this.rhs, this.dv, this.cg);
    for (let k = 0; k < this.x.length; k++) {
      this.v[k] += this.dv[k];
      this.x[k] += h * this.v[k];
    }
    this.time += dt;
    this.assertFiniteState();
  }

  /**
   * The step's guard (the engines' non-finite policy, docs/design.md): a NaN or ±∞ in a node's
   * position or velocity throws `non-finite` naming the node; the state is lost.
   */
  private assertFiniteState(): void {
    const bad = Math.max(firstNonFinite(this.x), firstNonFinite(this.v));
    if (bad < 0) return;
    const node = Math.floor(bad / this.dim);
    throw new PhysicsError(
      'non-finite',
      `implicitFem.nodes[${node}]: position/velocity must be finite after the step to t = ${this.time}; the state is lost: rebuild it`,
    );
  }

  /** Static equilibrium under gravity: `iterations` solves of K Δx = f(x) (rotations updated each time). */
  solveStatic(iterations = 4): CGResult {
    this.cA = 0;
    this.cK = 1;
    const d = this.dim;
    for (let it = 0; it < iterations; it++) {
      this.updateRotations();
      this.forces(this.f);
      for (let k = 0; k < this.rhs.length; k++) this.rhs[k] = this.pinned[(k / d) | 0] ? 0 : this.f[k];
      this.buildDiagonal();
      this.dv.fill(0);
      this.lastCG = conjugateGradient(this.applySystem, this.rhs, this.dv, this.cg);
      for (let k = 0; k < this.x.length; k++) this.x[k] += this.dv[k];
    }
    this.v.fill(0);
    return this.lastCG;
  }

  /** The full state as snapshot bytes (fem/implicit-snapshot.ts): a restored solver continues bit-identically. */
  snapshot(): Uint8Array {
    return implicitFemSnapshot(this);
  }

  /** Restores a snapshot into this solver (built the same way); a bad one throws `PhysicsError` and changes nothing. */
  restore(bytes: Uint8Array): void {
    implicitFemRestore(this, bytes);
  }

  /** A 64-bit hash (16 hex digits) of the full state, bit for bit. */
  stateHash(): string {
    return implicitFemStateHash(this);
  }

  /** Elastic energy ½ Σ (R_eᵀx_e − X_e)ᵀ K_e (R_eᵀx_e − X_e) with the current rotations. */
  elasticEnergy(): number {
    this.updateRotations();
    const m = this.m;
    const { qe } = this;
    let E = 0;
    for (let e = 0; e < this.size.length; e++) {
      this.unrotatedDisplacement(e);
      const ko = e * m * m;
      for (let r = 0; r < m; r++) {
        let s = 0;
        for (let c = 0; c < m; c++) s += this.ke[ko + r * m + c] * qe[c];
        E += 0.5 * qe[r] * s;
      }
    }
    return E;
  }

  /** Kinetic + elastic + gravitational potential energy, J. */
  energy(): number {
    const d = this.dim;
    let e = this.elasticEnergy();
    for (let i = 0; i < this.nodes; i++) {
      for (let a = 0; a < d; a++) {
        const k = i * d + a;
        e += 0.5 * this.mass[i] * this.v[k] * this.v[k] - this.mass[i] * this.gravity[a] * this.x[k];
      }
    }
    return e;
  }
}
