/** Wind: per-triangle drag forces on cloth. */
import { assertFinite } from '../core/errors.js';
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
  /** drag coefficient of the triangles */
  drag: number;
  /** the triangles the wind acts on, 3 particle indices each */
  readonly triangles: Uint32Array;

  constructor(triangles: ArrayLike<number>, velocity: [number, number, number], drag = 1) {
    this.triangles = Uint32Array.from(triangles as ArrayLike<number>);
    this.velocity = [...velocity];
    velocity.forEach((u, k) => {
      assertFinite(u, `wind.velocity[${k}]`);
    });
    this.drag = assertFinite(drag, 'wind.drag');
  }

  /** Adds the wind's accelerations on the triangles' particles to `acc`. */
  accumulate(p: Particles, acc: Float64Array): void {
    const u = this.velocity;
    addTriangleDrag(this.triangles, p.x, p.v, u[0], u[1], u[2], this.drag, p.invMass, acc);
  }
}

/**
 * The drag of every triangle (the flag of textbook §26.3; also the implicit cloth's wind):
 * f = k A ((u − v̄)·n̂) n̂ with v̄ the mean of the three vertex velocities; each vertex i gets
 * `out[i] += s_i f / 3` with s_i = w_i (accelerations, `scale` = inverse masses) or 1 (`scale` null: forces).
 */
export function addTriangleDrag(
  t: ArrayLike<number>,
  x: Float64Array,
  v: Float64Array,
  ux: number,
  uy: number,
  uz: number,
  drag: number,
  scale: Float64Array | null,
  out: Float64Array,
): void {
  const k = drag / 3;
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
    addScaled(out, t[q], scale, fx, fy, fz);
    addScaled(out, t[q + 1], scale, fx, fy, fz);
    addScaled(out, t[q + 2], scale, fx, fy, fz);
  }
}

function addScaled(
  out: Float64Array,
  i: number,
  scale: Float64Array | null,
  fx: number,
  fy: number,
  fz: number,
): void {
  const k = 3 * i;
  if (scale === null) {
    out[k] += fx;
    out[k + 1] += fy;
    out[k + 2] += fz;
  } else {
    const w = scale[i];
    out[k] += w * fx;
    out[k + 1] += w * fy;
    out[k + 2] += w * fz;
  }
}
