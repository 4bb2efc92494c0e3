/**
 * The gyroscopic term of Euler's equations, τ = I ω̇ + ω × (Iω) (textbook §26.2). It is quadratic
 * in ω, so the semi-implicit Euler step pumps energy into fast-spinning long bodies; the engine
 * integrates it implicitly with one Newton step (Catto, "Numerical Methods", GDC 2015): in the
 * body frame solve f(ω₂) = I(ω₂ − ω₁) + h ω₂ × Iω₂ = 0 from ω₂ = ω₁ with the Jacobian
 * J = I + h([ω₁]× I − [Iω₁]×), so ω₂ = ω₁ − J⁻¹ h ω₁ × Iω₁. The explicit step and the
 * momentum-carrying update (gyroscopic modes 'explicit' and 'momentum', types.ts) are here too.
 * Every function reads and writes the world angular velocity at ss[o..o+2] in place, given the
 * current orientation (x, y, z, w) at q[qo..qo+3] and the body inertia (6 numbers) at
 * inertia[io..io+5]; nothing allocates.
 */

type Arr = { [i: number]: number; readonly length: number };

/** The code of each gyroscopic mode in the solver. */
export const GYRO_NONE = 0;
/** Catto's implicit Newton step (default). */
export const GYRO_IMPLICIT = 1;
/** ω ← ω − h I⁻¹ (ω × Iω). */
export const GYRO_EXPLICIT = 2;
/** L carried across the orientation update. */
export const GYRO_MOMENTUM = 3;

/**
 * One implicit Newton step of the gyroscopic term (Catto 2015) for the world angular velocity at
 * w[o..o+2] of a body turned by the unit quaternion at q[qo..qo+3] with body inertia
 * inertia[io..io+5] (xx, xy, xz, yy, yz, zz), over a step h given at h[ho].
 */
export function implicitGyroscopic(
  w: Arr,
  o: number,
  q: Arr,
  qo: number,
  inertia: Arr,
  io: number,
  h: Arr,
  ho: number,
): void {
  const dt = h[ho]!;
  const x = q[qo]!;
  const y = q[qo + 1]!;
  const z = q[qo + 2]!;
  const qw = q[qo + 3]!;
  const r00 = 1 - 2 * (y * y + z * z);
  const r01 = 2 * (x * y - qw * z);
  const r02 = 2 * (x * z + qw * y);
  const r10 = 2 * (x * y + qw * z);
  const r11 = 1 - 2 * (x * x + z * z);
  const r12 = 2 * (y * z - qw * x);
  const r20 = 2 * (x * z - qw * y);
  const r21 = 2 * (y * z + qw * x);
  const r22 = 1 - 2 * (x * x + y * y);
  const wx = w[o]!;
  const wy = w[o + 1]!;
  const wz = w[o + 2]!;
  // body frame ω = Rᵀ ω
  const bx = r00 * wx + r10 * wy + r20 * wz;
  const by = r01 * wx + r11 * wy + r21 * wz;
  const bz = r02 * wx + r12 * wy + r22 * wz;
  const ixx = inertia[io]!;
  const ixy = inertia[io + 1]!;
  const ixz = inertia[io + 2]!;
  const iyy = inertia[io + 3]!;
  const iyz = inertia[io + 4]!;
  const izz = inertia[io + 5]!;
  // L = I ω (body)
  const lx = ixx * bx + ixy * by + ixz * bz;
  const ly = ixy * bx + iyy * by + iyz * bz;
  const lz = ixz * bx + iyz * by + izz * bz;
  // f = h ω × L
  const fx = dt * (by * lz - bz * ly);
  const fy = dt * (bz * lx - bx * lz);
  const fz = dt * (bx * ly - by * lx);
  // J = I + h ([ω]× I − [L]×); [a]× = [[0, −az, ay], [az, 0, −ax], [−ay, ax, 0]]
  const j00 = ixx + dt * (-bz * ixy + by * ixz);
  const j01 = ixy + dt * (-bz * iyy + by * iyz + lz);
  const j02 = ixz + dt * (-bz * iyz + by * izz - ly);
  const j10 = ixy + dt * (bz * ixx - bx * ixz - lz);
  const j11 = iyy + dt * (bz * ixy - bx * iyz);
  const j12 = iyz + dt * (bz * ixz - bx * izz + lx);
  const j20 = ixz + dt * (-by * ixx + bx * ixy + ly);
  const j21 = iyz + dt * (-by * ixy + bx * iyy - lx);
  const j22 = izz + dt * (-by * ixz + bx * iyz);
  // Δ = J⁻¹ f by Cramer's rule
  const c00 = j11 * j22 - j12 * j21;
  const c01 = j12 * j20 - j10 * j22;
  const c02 = j10 * j21 - j11 * j20;
  const det = j00 * c00 + j01 * c01 + j02 * c02;
  if (det === 0 || Number.isNaN(det)) return;
  const inv = 1 / det;
  const dx = inv * (fx * c00 + fy * (j02 * j21 - j01 * j22) + fz * (j01 * j12 - j02 * j11));
  const dy = inv * (fx * c01 + fy * (j00 * j22 - j02 * j20) + fz * (j02 * j10 - j00 * j12));
  const dz = inv * (fx * c02 + fy * (j01 * j20 - j00 * j21) + fz * (j00 * j11 - j01 * j10));
  const nx = bx - dx;
  const ny = by - dy;
  const nz = bz - dz;
  // back to the world: ω = R ω_body
  w[o] = r00 * nx + r01 * ny + r02 * nz;
  w[o + 1] = r10 * nx + r11 * ny + r12 * nz;
  w[o + 2] = r20 * nx + r21 * ny + r22 * nz;
}

/**
 * The explicit step ω ← ω − h I⁻¹ (ω × Iω), evaluated in the body frame (body inertia at
 * inertia[io..], its inverse at invInertia[io..]).
 */
export function explicitGyroscopic(
  w: Arr,
  o: number,
  q: Arr,
  qo: number,
  inertia: Arr,
  invInertia: Arr,
  io: number,
  h: Arr,
  ho: number,
): void {
  const dt = h[ho]!;
  const x = q[qo]!;
  const y = q[qo + 1]!;
  const z = q[qo + 2]!;
  const qw = q[qo + 3]!;
  const r00 = 1 - 2 * (y * y + z * z);
  const r01 = 2 * (x * y - qw * z);
  const r02 = 2 * (x * z + qw * y);
  const r10 = 2 * (x * y + qw * z);
  const r11 = 1 - 2 * (x * x + z * z);
  const r12 = 2 * (y * z - qw * x);
  const r20 = 2 * (x * z - qw * y);
  const r21 = 2 * (y * z + qw * x);
  const r22 = 1 - 2 * (x * x + y * y);
  const wx = w[o]!;
  const wy = w[o + 1]!;
  const wz = w[o + 2]!;
  const bx = r00 * wx + r10 * wy + r20 * wz;
  const by = r01 * wx + r11 * wy + r21 * wz;
  const bz = r02 * wx + r12 * wy + r22 * wz;
  const lx = inertia[io]! * bx + inertia[io + 1]! * by + inertia[io + 2]! * bz;
  const ly = inertia[io + 1]! * bx + inertia[io + 3]! * by + inertia[io + 4]! * bz;
  const lz = inertia[io + 2]! * bx + inertia[io + 4]! * by + inertia[io + 5]! * bz;
  const gx = by * lz - bz * ly;
  const gy = bz * lx - bx * lz;
  const gz = bx * ly - by * lx;
  const nx = bx - dt * (invInertia[io]! * gx + invInertia[io + 1]! * gy + invInertia[io + 2]! * gz);
  const ny = by - dt * (invInertia[io + 1]! * gx + invInertia[io + 3]! * gy + invInertia[io + 4]! * gz);
  const nz = bz - dt * (invInertia[io + 2]! * gx + invInertia[io + 4]! * gy + invInertia[io + 5]! * gz);
  w[o] = r00 * nx + r01 * ny + r02 * nz;
  w[o + 1] = r10 * nx + r11 * ny + r12 * nz;
  w[o + 2] = r20 * nx + r21 * ny + r22 * nz;
}

/**
 * The momentum-carrying update of mode 'momentum': the world angular momentum L = R I Rᵀ ω at
 * the old orientation qa[ao..] is kept, and ω ← R′ I⁻¹ R′ᵀ L at the new orientation qb[bo..]
 * (torque-free, L is then conserved to rounding).
 */
export function carryMomentum(
  w: Arr,
  o: number,
  qa: Arr,
  ao: number,
  qb: Arr,
  bo: number,
  inertia: Arr,
  invInertia: Arr,
  io: number,
): void {
  let x = qa[ao]!;
  let y = qa[ao + 1]!;
  let z = qa[ao + 2]!;
  let qw = qa[ao + 3]!;
  let r00 = 1 - 2 * (y * y + z * z);
  let r01 = 2 * (x * y - qw * z);
  let r02 = 2 * (x * z + qw * y);
  let r10 = 2 * (x * y + qw * z);
  let r11 = 1 - 2 * (x * x + z * z);
  let r12 = 2 * (y * z - qw * x);
  let r20 = 2 * (x * z - qw * y);
  let r21 = 2 * (y * z + qw * x);
  let r22 = 1 - 2 * (x * x + y * y);
  const wx = w[o]!;
  const wy = w[o + 1]!;
  const wz = w[o + 2]!;
  const bx = r00 * wx + r10 * wy + r20 * wz;
  const by = r01 * wx + r11 * wy + r21 * wz;
  const bz = r02 * wx + r12 * wy + r22 * wz;
  const lbx = inertia[io]! * bx + inertia[io + 1]! * by + inertia[io + 2]! * bz;
  const lby = inertia[io + 1]! * bx + inertia[io + 3]! * by + inertia[io + 4]! * bz;
  const lbz = inertia[io + 2]! * bx + inertia[io + 4]! * by + inertia[io + 5]! * bz;
  const Lx = r00 * lbx + r01 * lby + r02 * lbz;
  const Ly = r10 * lbx + r11 * lby + r12 * lbz;
  const Lz = r20 * lbx + r21 * lby + r22 * lbz;
  x = qb[bo]!;
  y = qb[bo + 1]!;
  z = qb[bo + 2]!;
  qw = qb[bo + 3]!;
  r00 = 1 - 2 * (y * y + z * z);
  r01 = 2 * (x * y - qw * z);
  r02 = 2 * (x * z + qw * y);
  r10 = 2 * (x * y + qw * z);
  r11 = 1 - 2 * (x * x + z * z);
  r12 = 2 * (y * z - qw * x);
  r20 = 2 * (x * z - qw * y);
  r21 = 2 * (y * z + qw * x);
  r22 = 1 - 2 * (x * x + y * y);
  const cx = r00 * Lx + r10 * Ly + r20 * Lz;
  const cy = r01 * Lx + r11 * Ly + r21 * Lz;
  const cz = r02 * Lx + r12 * Ly + r22 * Lz;
  const nx = invInertia[io]! * cx + invInertia[io + 1]! * cy + invInertia[io + 2]! * cz;
  const ny = invInertia[io + 1]! * cx + invInertia[io + 3]! * cy + invInertia[io + 4]! * cz;
  const nz = invInertia[io + 2]! * cx + invInertia[io + 4]! * cy + invInertia[io + 5]! * cz;
  w[o] = r00 * nx + r01 * ny + r02 * nz;
  w[o + 1] = r10 * nx + r11 * ny + r12 * nz;
  w[o + 2] = r20 * nx + r21 * ny + r22 * nz;
}
