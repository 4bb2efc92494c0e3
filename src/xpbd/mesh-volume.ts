/** The whole-mesh volume constraint of closed triangle meshes (balloons). */
import { assertFinite, PhysicsError } from '../core/errors.js';
import type { ConstraintSet, SolveContext } from './constraint.js';
import { checkIndex, checkNonNegative } from './distance.js';
import { assertClosedManifold } from './mesh.js';
import type { Particles } from './particles.js';

/**
 * Whole-mesh volume constraint for balloons (Müller et al. 2007, "pressure" / overpressure): one
 * constraint C = V − p·V0 over a closed, outward-oriented triangle mesh, with
 *   V = ⅙ Σ_t x_a · (x_b × x_c),   ∇_i V = ⅙ Σ_{t ∋ i} (x_b × x_c) (a, b, c cyclic from i).
 * `pressure` p scales the target volume (1 keeps the rest volume; > 1 inflates).
 */
export class MeshVolumeSet implements ConstraintSet {
  readonly kind = 'mesh-volume';
  /** target = pressure × rest volume */
  pressure: number;
  /** compliance α of the volume constraint (0 = incompressible) */
  compliance: number;
  /** the enclosed volume at creation, m³ (the target is pressure × restVolume) */
  readonly restVolume: number;
  /** accumulated Lagrange multiplier λ this substep */
  lambda = 0;
  /** particle ids of the mesh vertices (in the world) */
  readonly vertices: Int32Array;
  /** triangles in world particle ids */
  readonly triangles: Int32Array;
  private grad: Float64Array;
  private local: Int32Array;

  /**
   * `triangles` index into `vertices` (local ids); `vertices[k]` is the world particle of local vertex k.
   * Throws `degenerate-shape` for a non-manifold / open mesh or a zero rest volume.
   */
  constructor(
    p: Particles,
    vertices: ArrayLike<number>,
    triangles: ArrayLike<number>,
    options: { pressure?: number; compliance?: number } = {},
  ) {
    assertClosedManifold(triangles, vertices.length, 'mesh-volume');
    this.vertices = Int32Array.from(vertices as ArrayLike<number>);
    this.vertices.forEach((v, k) => {
      checkIndex(p, v, `mesh-volume.vertices[${k}]`);
    });
    this.triangles = Int32Array.from(triangles as ArrayLike<number>, (k) => this.vertices[k]);
    if (this.vertices.every((v) => p.invMass[v] === 0)) {
      throw new PhysicsError('invalid-argument', 'mesh-volume: all vertices are pinned (invMass 0)');
    }
    this.pressure = options.pressure ?? 1;
    assertFinite(this.pressure, 'mesh-volume.pressure');
    this.compliance = options.compliance ?? 0;
    checkNonNegative(this.compliance, 'mesh-volume.compliance');
    this.grad = new Float64Array(3 * this.vertices.length);
    // map world id → local slot for the gradient accumulation
    this.local = Int32Array.from(triangles as ArrayLike<number>);
    this.restVolume = this.volume(p.x);
    if (!(this.restVolume > 1e-15)) {
      throw new PhysicsError(
        'degenerate-shape',
        `mesh-volume: rest volume must be > 0 (outward-oriented closed mesh), got ${this.restVolume}`,
      );
    }
  }

  size(): number {
    return 1;
  }

  particlesOf(_c: number, out: number[]): number {
    for (let k = 0; k < this.vertices.length; k++) out[k] = this.vertices[k];
    return this.vertices.length;
  }

  resetLambda(): void {
    this.lambda = 0;
  }

  /** Current enclosed volume. */
  volume(x: Float64Array): number {
    const t = this.triangles;
    let v = 0;
    for (let k = 0; k < t.length; k += 3) {
      const a = 3 * t[k];
      const b = 3 * t[k + 1];
      const c = 3 * t[k + 2];
      v +=
        x[a] * (x[b + 1] * x[c + 2] - x[b + 2] * x[c + 1]) +
        x[a + 1] * (x[b + 2] * x[c] - x[b] * x[c + 2]) +
        x[a + 2] * (x[b] * x[c + 1] - x[b + 1] * x[c]);
    }
    return v / 6;
  }

  solve(ctx: SolveContext, _order: Int32Array | null, start: number, end: number): void {
    if (start >= end) return;
    const x = ctx.x;
    const w = ctx.invMass;
    const g = this.grad;
    const t = this.triangles;
    const loc = this.local;
    g.fill(0);
    const s = 1 / 6;
    for (let k = 0; k < t.length; k += 3) {
      const a = 3 * t[k];
      const b = 3 * t[k + 1];
      const c = 3 * t[k + 2];
      // ∇a += x_b × x_c, ∇b += x_c × x_a, ∇c += x_a × x_b
      const la = 3 * loc[k];
      const lb = 3 * loc[k + 1];
      const lc = 3 * loc[k + 2];
      g[la] += s * (x[b + 1] * x[c + 2] - x[b + 2] * x[c + 1]);
      g[la + 1] += s * (x[b + 2] * x[c] - x[b] * x[c + 2]);
      g[la + 2] += s * (x[b] * x[c + 1] - x[b + 1] * x[c]);
      g[lb] += s * (x[c + 1] * x[a + 2] - x[c + 2] * x[a + 1]);
      g[lb + 1] += s * (x[c + 2] * x[a] - x[c] * x[a + 2]);
      g[lb + 2] += s * (x[c] * x[a + 1] - x[c + 1] * x[a]);
      g[lc] += s * (x[a + 1] * x[b + 2] - x[a + 2] * x[b + 1]);
      g[lc + 1] += s * (x[a + 2] * x[b] - x[a] * x[b + 2]);
      g[lc + 2] += s * (x[a] * x[b + 1] - x[a + 1] * x[b]);
    }
    const vs = this.vertices;
    let den = 0;
    for (let k = 0; k < vs.length; k++) {
      den += w[vs[k]] * (g[3 * k] ** 2 + g[3 * k + 1] ** 2 + g[3 * k + 2] ** 2);
    }
    const at = this.compliance * ctx.alphaScale;
    den += at;
    if (den < 1e-20) return;
    const C = this.volume(x) - this.pressure * this.restVolume;
    const dl = (-C - at * this.lambda) / den;
    this.lambda += dl;
    for (let k = 0; k < vs.length; k++) {
      const i = vs[k];
      const sw = w[i] * dl;
      ctx.dx[3 * i] += sw * g[3 * k];
      ctx.dx[3 * i + 1] += sw * g[3 * k + 1];
      ctx.dx[3 * i + 2] += sw * g[3 * k + 2];
    }
  }

  energy(x: Float64Array): number {
    if (this.compliance <= 0) return 0;
    const C = this.volume(x) - this.pressure * this.restVolume;
    return (0.5 * C * C) / this.compliance;
  }
}
