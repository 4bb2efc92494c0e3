import { assertFinite } from '../errors.js';
import type { Particles } from './particles.js';
import type { ExternalForce } from './solver.js';

/**
 * Wind with drag per triangle (a flag): every triangle feels f = k A ((u − v̄)·n̂) n̂, the relative
 * air velocity u − v̄ (v̄ the mean of its three vertex velocities) projected on its normal, times its
 * area A and a drag coefficient k (kg/(m²·s)); a third goes to each vertex as w f/3.
 */
export class WindForce implements ExternalForce {
  /** wind velocity u, m/s (mutable, e.g. gusts) */
  velocity: [number, number, number];
  drag: number;
  readonly triangles: Uint32Array;

  constructor(triangles: ArrayLike<number>, velocity: [number, number, number], drag = 1) {
    this.triangles = Uint32Array.from(triangles as ArrayLike<number>);
    this.velocity = [...velocity];
    velocity.forEach((u, k) => {
      assertFinite(u, `wind.velocity[${k}]`);
    });
    this.drag = assertFinite(drag, 'wind.drag');
  }

  accumulate(p: Particles, acc: Float64Array): void {
    const x = p.x;
    const v = p.v;
    const w = p.invMass;
    const t = this.triangles;
    const ux = this.velocity[0];
    const uy = this.velocity[1];
    const uz = this.velocity[2];
    const k = this.drag / 3;
    for (let q = 0; q < t.length; q += 3) {
      const a = 3 * t[q];
      const b = 3 * t[q + 1];
      const c = 3 * t[q + 2];
      const e1x = x[b] - x[a];
      const e1y = x[b + 1] - x[a + 1];
      const e1z = x[b + 2] - x[a + 2];
      const e2x = x[c] - x[a];
      const e2y = x[c + 1] - x[a + 1];
      const e2z = x[c + 2] - x[a + 2];
      // N = e1 × e2 = 2A n̂
      const nx = e1y * e2z - e1z * e2y;
      const ny = e1z * e2x - e1x * e2z;
      const nz = e1x * e2y - e1y * e2x;
      const nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
      if (nl < 1e-14) continue;
      const rx = ux - (v[a] + v[b] + v[c]) / 3;
      const ry = uy - (v[a + 1] + v[b + 1] + v[c + 1]) / 3;
      const rz = uz - (v[a + 2] + v[b + 2] + v[c + 2]) / 3;
      // k A (r·n̂) n̂ = k (r·N) N / (2|N|)
      const s = (k * (rx * nx + ry * ny + rz * nz)) / (2 * nl);
      const fx = s * nx;
      const fy = s * ny;
      const fz = s * nz;
      addAcc(acc, t[q], w[t[q]], fx, fy, fz);
      addAcc(acc, t[q + 1], w[t[q + 1]], fx, fy, fz);
      addAcc(acc, t[q + 2], w[t[q + 2]], fx, fy, fz);
    }
  }
}

function addAcc(acc: Float64Array, i: number, w: number, fx: number, fy: number, fz: number): void {
  acc[3 * i] += w * fx;
  acc[3 * i + 1] += w * fy;
  acc[3 * i + 2] += w * fz;
}
