/**
 * Mass properties of 3D shapes (textbook §26.2 "慣性テンソル"): mass, centre of mass and the
 * inertia tensor about the centre of mass in the shape's frame, for a uniform density.
 * Hulls integrate over their faces by the divergence theorem (each fan triangle with a reference
 * point forms a tetrahedron whose covariance is known in closed form; Blow & Binstock, 2004).
 * `combineMass3` adds parts placed in a common frame by the parallel-axis theorem.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { type ConvexHull3, type Shape3, ShapeKind3 } from './shapes3d.js';

/** Mass, centre of mass and inertia (row-major 3×3, about the centre of mass, shape frame). */
export class MassProperties3 {
  /** mass (kg) */
  mass = 0;
  /** centre of mass (xyz) in the shape frame */
  readonly center = new Float64Array(3);
  /** inertia tensor about the centre of mass, row-major 3×3 (kg·m²) */
  readonly inertia = new Float64Array(9);

  /** Zeroes everything; returns this. */
  clear(): this {
    this.mass = 0;
    this.center.fill(0);
    this.inertia.fill(0);
    return this;
  }
}

function diag(out: MassProperties3, mass: number, ixx: number, iyy: number, izz: number): void {
  out.clear();
  out.mass = mass;
  out.inertia[0] = ixx;
  out.inertia[4] = iyy;
  out.inertia[8] = izz;
}

function hullMass(h: ConvexHull3, density: number, out: MassProperties3): void {
  // second moments about the volume centroid (a point inside), summed over fan tetrahedra
  const v = h.vertices;
  const ox = h.centroid[0]!;
  const oy = h.centroid[1]!;
  const oz = h.centroid[2]!;
  let vol6 = 0;
  let sx = 0;
  let sy = 0;
  let sz = 0;
  let cxx = 0;
  let cyy = 0;
  let czz = 0;
  let cxy = 0;
  let cxz = 0;
  let cyz = 0;
  for (let f = 0; f < h.faceCount; f++) {
    const s = h.faceStart[f]!;
    const e = h.faceStart[f + 1]!;
    const a = 3 * h.faceVertices[s]!;
    const ax = v[a]! - ox;
    const ay = v[a + 1]! - oy;
    const az = v[a + 2]! - oz;
    for (let k = s + 1; k + 1 < e; k++) {
      const b = 3 * h.faceVertices[k]!;
      const c = 3 * h.faceVertices[k + 1]!;
      const bx = v[b]! - ox;
      const by = v[b + 1]! - oy;
      const bz = v[b + 2]! - oz;
      const qx = v[c]! - ox;
      const qy = v[c + 1]! - oy;
      const qz = v[c + 2]! - oz;
      const d = ax * (by * qz - bz * qy) - ay * (bx * qz - bz * qx) + az * (bx * qy - by * qx);
      vol6 += d;
      const tx = ax + bx + qx;
      const ty = ay + by + qy;
      const tz = az + bz + qz;
      sx += d * tx;
      sy += d * ty;
      sz += d * tz;
      // covariance of the tetrahedron (0, a, b, c): d/120 · (Σ v vᵀ + t tᵀ)
      cxx += d * (ax * ax + bx * bx + qx * qx + tx * tx);
      cyy += d * (ay * ay + by * by + qy * qy + ty * ty);
      czz += d * (az * az + bz * bz + qz * qz + tz * tz);
      cxy += d * (ax * ay + bx * by + qx * qy + tx * ty);
      cxz += d * (ax * az + bx * bz + qx * qz + tx * tz);
      cyz += d * (ay * az + by * bz + qy * qz + ty * tz);
    }
  }
  const volume = vol6 / 6;
  const mass = density * volume;
  // centre offset from the reference point: Σ d t / (4 Σ d)
  const gx = sx / (4 * vol6);
  const gy = sy / (4 * vol6);
  const gz = sz / (4 * vol6);
  const k = density / 120;
  // shift the covariance to the centre of mass: C − m g gᵀ
  const Cxx = k * cxx - mass * gx * gx;
  const Cyy = k * cyy - mass * gy * gy;
  const Czz = k * czz - mass * gz * gz;
  const Cxy = k * cxy - mass * gx * gy;
  const Cxz = k * cxz - mass * gx * gz;
  const Cyz = k * cyz - mass * gy * gz;
  const tr = Cxx + Cyy + Czz;
  out.clear();
  out.mass = mass;
  out.center[0] = ox + gx;
  out.center[1] = oy + gy;
  out.center[2] = oz + gz;
  const I = out.inertia;
  I[0] = tr - Cxx;
  I[4] = tr - Cyy;
  I[8] = tr - Czz;
  I[1] = I[3] = -Cxy;
  I[2] = I[6] = -Cxz;
  I[5] = I[7] = -Cyz;
}

/**
 * Mass properties of `shape` at uniform `density` (kg/m³, > 0), written into `out` (returned).
 * Sphere 2/5 m r²; box m/3 (h_y² + h_z²) etc. (the 2×1×1 m, 12 kg box: diag(2, 5, 5)); cylinder
 * m r²/2 about its axis, m (r²/4 + h²/3) across; capsule = cylinder + two hemispheres shifted by
 * the parallel-axis theorem; hull by the divergence theorem over its core polyhedron (the
 * rounding radius is not counted). Meshes and heightfields are static and have no mass:
 * a `PhysicsError`.
 */
export function massProperties3(
  shape: Shape3,
  density: number,
  out: MassProperties3,
  where = 'shape',
): MassProperties3 {
  assertFinite(density, `${where}.density`);
  if (!(density > 0))
    throw new PhysicsError('invalid-argument', `${where}.density: must be > 0, got ${density}`);
  switch (shape.kind) {
    case ShapeKind3.SPHERE: {
      const r = shape.radius;
      const m = ((density * 4) / 3) * Math.PI * r * r * r;
      const i = 0.4 * m * r * r;
      diag(out, m, i, i, i);
      return out;
    }
    case ShapeKind3.BOX: {
      const { hx, hy, hz } = shape;
      const m = density * 8 * hx * hy * hz;
      diag(
        out,
        m,
        (m * (hy * hy + hz * hz)) / 3,
        (m * (hx * hx + hz * hz)) / 3,
        (m * (hx * hx + hy * hy)) / 3,
      );
      return out;
    }
    case ShapeKind3.CYLINDER: {
      const r = shape.radius;
      const h = shape.halfHeight;
      const m = density * Math.PI * r * r * 2 * h;
      const across = m * (r * r * 0.25 + (h * h) / 3);
      diag(out, m, across, 0.5 * m * r * r, across);
      return out;
    }
    case ShapeKind3.CAPSULE: {
      const r = shape.radius;
      const h = shape.halfHeight;
      const mc = density * Math.PI * r * r * 2 * h;
      const ms = ((density * 4) / 3) * Math.PI * r * r * r;
      // each hemisphere (mass ms/2): about its flat face 2/5 (ms/2) r²; its centre sits 3r/8 from
      // the face, so about the capsule centre: (ms/2)(2/5 r² + h² + 3hr/4)
      const across = mc * (r * r * 0.25 + (h * h) / 3) + ms * (0.4 * r * r + h * h + 0.75 * h * r);
      const axial = 0.5 * mc * r * r + 0.4 * ms * r * r;
      diag(out, mc + ms, across, axial, across);
      return out;
    }
    case ShapeKind3.HULL:
      hullMass(shape, density, out);
      return out;
    default:
      throw new PhysicsError(
        'invalid-argument',
        `${where}: a ${shape.kind === ShapeKind3.MESH ? 'triangle mesh' : 'heightfield'} is static and has no mass`,
      );
  }
}

/**
 * Combines parts into one body frame by the parallel-axis theorem: part i has mass properties
 * `parts[i]` in its own frame, placed by the transform `xfs[7i .. 7i+6]` ([px, py, pz, qx, qy,
 * qz, qw]) in the body frame. Writes the total mass, the combined centre of mass (body frame) and
 * the inertia about it (body axes) into `out` (returned). I = Σ R Iᵢ Rᵀ + mᵢ (|d|² E − d dᵀ).
 */
export function combineMass3(
  parts: readonly MassProperties3[],
  xfs: ArrayLike<number>,
  out: MassProperties3,
): MassProperties3 {
  let M = 0;
  let cx = 0;
  let cy = 0;
  let cz = 0;
  const wc = new Float64Array(3 * parts.length);
  const R = new Float64Array(9 * parts.length);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const o = 7 * i;
    const qx = xfs[o + 3]!;
    const qy = xfs[o + 4]!;
    const qz = xfs[o + 5]!;
    const qw = xfs[o + 6]!;
    const r = 9 * i;
    R[r] = 1 - 2 * (qy * qy + qz * qz);
    R[r + 1] = 2 * (qx * qy - qw * qz);
    R[r + 2] = 2 * (qx * qz + qw * qy);
    R[r + 3] = 2 * (qx * qy + qw * qz);
    R[r + 4] = 1 - 2 * (qx * qx + qz * qz);
    R[r + 5] = 2 * (qy * qz - qw * qx);
    R[r + 6] = 2 * (qx * qz - qw * qy);
    R[r + 7] = 2 * (qy * qz + qw * qx);
    R[r + 8] = 1 - 2 * (qx * qx + qy * qy);
    const c = p.center;
    for (let a = 0; a < 3; a++)
      wc[3 * i + a] =
        xfs[o + a]! + R[r + 3 * a]! * c[0]! + R[r + 3 * a + 1]! * c[1]! + R[r + 3 * a + 2]! * c[2]!;
    M += p.mass;
    cx += p.mass * wc[3 * i]!;
    cy += p.mass * wc[3 * i + 1]!;
    cz += p.mass * wc[3 * i + 2]!;
  }
  const I = new Float64Array(9);
  if (M > 0) {
    cx /= M;
    cy /= M;
    cz /= M;
  }
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const r = 9 * i;
    const Ii = p.inertia;
    // R Iᵢ Rᵀ
    for (let a = 0; a < 3; a++)
      for (let b = 0; b < 3; b++) {
        let s = 0;
        for (let k = 0; k < 3; k++)
          for (let l = 0; l < 3; l++) s += R[r + 3 * a + k]! * Ii[3 * k + l]! * R[r + 3 * b + l]!;
        I[3 * a + b] = I[3 * a + b]! + s;
      }
    const d0 = wc[3 * i]! - cx;
    const d1 = wc[3 * i + 1]! - cy;
    const d2 = wc[3 * i + 2]! - cz;
    const d = [d0, d1, d2];
    const dd = d0 * d0 + d1 * d1 + d2 * d2;
    for (let a = 0; a < 3; a++)
      for (let b = 0; b < 3; b++)
        I[3 * a + b] = I[3 * a + b]! + p.mass * ((a === b ? dd : 0) - d[a]! * d[b]!);
  }
  out.mass = M;
  out.center[0] = cx;
  out.center[1] = cy;
  out.center[2] = cz;
  out.inertia.set(I);
  return out;
}
