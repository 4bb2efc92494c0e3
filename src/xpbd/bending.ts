/** Dihedral-angle bending constraints between triangles sharing an edge (textbook §26.3). */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { patan2 } from '../math/portable.js';
import type { SolveContext } from './constraint.js';
import { checkIndex } from './distance.js';
import { ElementConstraintSet } from './element-constraint-set.js';
import type { Particles } from './particles.js';
import { pbdStiffness, StiffnessCorrection } from './stiffness.js';
import { xpbdUpdate } from './xpbd-update.js';

/**
 * Dihedral-angle bending between two triangles sharing an edge (textbook §26.3 "PBDの布": 隣り合う
 * 三角形の間の二面角の拘束, independent of stretch). Vertices: x1, x2 opposite the shared edge x3 → x4.
 * The signed angle is θ = atan2((n̂1 × n̂2)·ê, n̂1·n̂2) with N1 = (x1 − x3) × (x1 − x4),
 * N2 = (x2 − x4) × (x2 − x3), and C = θ − θ0. Its gradients are the bending modes of Bridson,
 * Marino and Fedkiw (SCA 2003):
 *   ∇1 = −|E| N1/|N1|²,  ∇2 = −|E| N2/|N2|²,
 *   ∇3 = −[(x1 − x4)·Ê N1/|N1|² + (x2 − x4)·Ê N2/|N2|²],  ∇4 = +[(x1 − x3)·Ê N1/|N1|² + (x2 − x3)·Ê N2/|N2|²]
 * (E = x4 − x3). Unlike PBD's acos form this has no singularity at the flat rest state.
 */
export class DihedralBendingSet extends ElementConstraintSet {
  readonly kind = 'bending';
  /** constraint damping β */
  damping = 0;
  /** classic PBD stiffness k in [0, 1] */
  stiffness: number;
  private readonly kPrime = new StiffnessCorrection();

  constructor(options: { compliance?: number; stiffness?: number } = {}) {
    super(4, options.compliance ?? 0, 'bending');
    this.stiffness = options.stiffness ?? 1;
    pbdStiffness(this.stiffness, 1);
  }

  /** rest angle θ0 per constraint */
  get restAngle(): Float64Array {
    return this.rest;
  }

  /** Adds a bending constraint; the rest angle is the current one unless given. */
  add(
    p: Particles,
    x1: number,
    x2: number,
    x3: number,
    x4: number,
    restAngle?: number,
    compliance?: number,
  ): number {
    const where = `bending[${this.n}]`;
    const q = [x1, x2, x3, x4];
    q.forEach((i, k) => {
      checkIndex(p, i, `${where}.x${k + 1}`);
    });
    if (new Set(q).size !== 4)
      throw new PhysicsError('invalid-argument', `${where}: needs 4 distinct particles`);
    if (q.every((i) => p.invMass[i] === 0)) {
      throw new PhysicsError('invalid-argument', `${where}: all four particles are pinned (invMass 0)`);
    }
    const theta = restAngle ?? this.angle(p.x, x1, x2, x3, x4);
    assertFinite(theta, `${where}.restAngle`);
    return this.store(q, theta, compliance, where);
  }

  /** Signed dihedral angle θ of the quad (x1, x2; edge x3 → x4); 0 when flat. NaN if degenerate. */
  angle(x: Float64Array, x1: number, x2: number, x3: number, x4: number): number {
    return this.gradient(x, x1, x2, x3, x4, null);
  }

  /**
   * Computes θ and, if `g` is given, writes ∇θ for x1..x4 into g[0..11]. Returns NaN for a degenerate
   * quad (zero-area triangle or zero-length edge).
   */
  gradient(x: Float64Array, i1: number, i2: number, i3: number, i4: number, g: Float64Array | null): number {
    const a = 3 * i1;
    const b = 3 * i2;
    const c = 3 * i3;
    const d = 3 * i4;
    const ex = x[d] - x[c];
    const ey = x[d + 1] - x[c + 1];
    const ez = x[d + 2] - x[c + 2];
    const el = Math.sqrt(ex * ex + ey * ey + ez * ez);
    // N1 = (x1 − x3) × (x1 − x4)
    const p13x = x[a] - x[c];
    const p13y = x[a + 1] - x[c + 1];
    const p13z = x[a + 2] - x[c + 2];
    const p14x = x[a] - x[d];
    const p14y = x[a + 1] - x[d + 1];
    const p14z = x[a + 2] - x[d + 2];
    const n1x = p13y * p14z - p13z * p14y;
    const n1y = p13z * p14x - p13x * p14z;
    const n1z = p13x * p14y - p13y * p14x;
    // N2 = (x2 − x4) × (x2 − x3)
    const p24x = x[b] - x[d];
    const p24y = x[b + 1] - x[d + 1];
    const p24z = x[b + 2] - x[d + 2];
    const p23x = x[b] - x[c];
    const p23y = x[b + 1] - x[c + 1];
    const p23z = x[b + 2] - x[c + 2];
    const n2x = p24y * p23z - p24z * p23y;
    const n2y = p24z * p23x - p24x * p23z;
    const n2z = p24x * p23y - p24y * p23x;
    const l1 = n1x * n1x + n1y * n1y + n1z * n1z;
    const l2 = n2x * n2x + n2y * n2y + n2z * n2z;
    if (el < 1e-12 || l1 < 1e-24 || l2 < 1e-24) return Number.NaN;
    const s1 = 1 / Math.sqrt(l1);
    const s2 = 1 / Math.sqrt(l2);
    const cosT = (n1x * n2x + n1y * n2y + n1z * n2z) * s1 * s2;
    // (n̂1 × n̂2)·ê
    const cx = n1y * n2z - n1z * n2y;
    const cy = n1z * n2x - n1x * n2z;
    const cz = n1x * n2y - n1y * n2x;
    const sinT = ((cx * ex + cy * ey + cz * ez) * s1 * s2) / el;
    const theta = patan2(sinT, cosT);
    if (g !== null) {
      const ie = 1 / el;
      const k1 = el / l1;
      const k2 = el / l2;
      g[0] = -k1 * n1x;
      g[1] = -k1 * n1y;
      g[2] = -k1 * n1z;
      g[3] = -k2 * n2x;
      g[4] = -k2 * n2y;
      g[5] = -k2 * n2z;
      const a14 = ((p14x * ex + p14y * ey + p14z * ez) * ie) / l1;
      const a24 = ((p24x * ex + p24y * ey + p24z * ez) * ie) / l2;
      const a13 = ((p13x * ex + p13y * ey + p13z * ez) * ie) / l1;
      const a23 = ((p23x * ex + p23y * ey + p23z * ez) * ie) / l2;
      g[6] = -(a14 * n1x + a24 * n2x);
      g[7] = -(a14 * n1y + a24 * n2y);
      g[8] = -(a14 * n1z + a24 * n2z);
      g[9] = a13 * n1x + a23 * n2x;
      g[10] = a13 * n1y + a23 * n2y;
      g[11] = a13 * n1z + a23 * n2z;
    }
    return theta;
  }

  solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void {
    const x = ctx.x;
    const ids = this.ids;
    const g = this.g;
    const kp = ctx.pbd ? this.kPrime.of(this.stiffness, ctx.iterations) : 1;
    for (let k = start; k < end; k++) {
      const c = order === null ? k : order[k];
      const i1 = ids[4 * c];
      const i2 = ids[4 * c + 1];
      const i3 = ids[4 * c + 2];
      const i4 = ids[4 * c + 3];
      const theta = this.gradient(x, i1, i2, i3, i4, g);
      if (Number.isNaN(theta)) continue; // degenerate: ∇C undefined
      let C = theta - this.rest[c];
      if (C > Math.PI) C -= 2 * Math.PI;
      else if (C < -Math.PI) C += 2 * Math.PI;
      xpbdUpdate(ctx, ids, 4 * c, 4, g, C, this.compliance[c], this.lambda, c, kp, 1e-12);
    }
  }

  protected measure(x: Float64Array, c: number): number {
    const ids = this.ids;
    return this.angle(x, ids[4 * c], ids[4 * c + 1], ids[4 * c + 2], ids[4 * c + 3]);
  }
}
