/**
 * Modified incomplete Cholesky MIC(0) preconditioner for the pressure system (Bridson,
 * "Fluid Simulation for Computer Graphics", §4.3.5): A ≈ L Lᵀ with L keeping A's sparsity; the
 * "modified" part moves the dropped fill-in onto the diagonal (weight τ) so row sums match, which
 * keeps the preconditioner good on smooth errors. With σ a safety floor against tiny pivots.
 * Off-diagonals of A are −coupling, so the signs below differ from Bridson's listing.
 */
import type { PoissonSystem } from './poisson.js';

/** The modified incomplete Cholesky preconditioner MIC(0) of the pressure Poisson system (Bridson 2015). */
export class MIC0 {
  /** the Poisson system it preconditions */
  readonly sys: PoissonSystem;
  /** 1/√e per cell (0 for inactive) */
  readonly precon: Float64Array;
  private readonly q: Float64Array;

  constructor(
    sys: PoissonSystem,
    readonly tau = 0.97,
    readonly sigma = 0.25,
  ) {
    this.sys = sys;
    this.precon = new Float64Array(sys.size);
    this.q = new Float64Array(sys.size);
  }

  /** Factorises the current couplings (call after they change). */
  factor(): void {
    const { diag, cx, cy, cz, sy, sz, size } = this.sys;
    const pc = this.precon;
    const tau = this.tau;
    pc.fill(0);
    const start = sz > 0 ? sz : sy;
    for (let c = start; c < size - start; c++) {
      const d = diag[c]!;
      if (d === 0) continue;
      const ax = cx[c - 1]! * pc[c - 1]!;
      const ay = cy[c - sy]! * pc[c - sy]!;
      let e = d - ax * ax - ay * ay;
      // fill-in that incomplete Cholesky drops, moved to the diagonal
      let fill = cx[c - 1]! * (cy[c - 1]! + cz[c - 1]!) * pc[c - 1]! * pc[c - 1]!;
      fill += cy[c - sy]! * (cx[c - sy]! + cz[c - sy]!) * pc[c - sy]! * pc[c - sy]!;
      if (sz > 0) {
        const az = cz[c - sz]! * pc[c - sz]!;
        e -= az * az;
        fill += cz[c - sz]! * (cx[c - sz]! + cy[c - sz]!) * pc[c - sz]! * pc[c - sz]!;
      }
      e -= tau * fill;
      if (e < this.sigma * d) e = d;
      pc[c] = 1 / Math.sqrt(e);
    }
  }

  /** z = (L Lᵀ)⁻¹ r: a forward then a backward triangular solve. */
  apply(r: Float64Array, z: Float64Array): void {
    const { diag, cx, cy, cz, sy, sz, size } = this.sys;
    const pc = this.precon;
    const q = this.q;
    const start = sz > 0 ? sz : sy;
    q.fill(0);
    for (let c = start; c < size - start; c++) {
      if (diag[c] === 0) continue;
      let t = r[c]! + cx[c - 1]! * pc[c - 1]! * q[c - 1]! + cy[c - sy]! * pc[c - sy]! * q[c - sy]!;
      if (sz > 0) t += cz[c - sz]! * pc[c - sz]! * q[c - sz]!;
      q[c] = t * pc[c]!;
    }
    z.fill(0);
    for (let c = size - start - 1; c >= start; c--) {
      if (diag[c] === 0) continue;
      const p = pc[c]!;
      let t = q[c]! + cx[c]! * p * z[c + 1]! + cy[c]! * p * z[c + sy]!;
      if (sz > 0) t += cz[c]! * p * z[c + sz]!;
      z[c] = t * p;
    }
  }
}
