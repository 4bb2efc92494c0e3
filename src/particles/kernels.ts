/**
 * SPH smoothing kernels (textbook §26.4 "SPH:カーネルと密度") in 2D and 3D, support radius h:
 * Müller, Charypar & Gross 2003's poly6 (density), spiky (pressure gradient) and viscosity
 * (its Laplacian), and Monaghan's 1992 cubic spline (the kernel DFSPH is usually run with).
 * Every kernel integrates to 1 over the disc / ball of radius h. Gradients are returned as the
 * scalar g(r) with ∇W(x) = g(r) · x, so callers multiply by the offset vector without a division.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';

/** The kernels of one dimension and support radius, with their normalisation constants. */
export class SphKernels {
  /** 2 or 3 */
  readonly dim: 2 | 3;
  /** support radius h */
  readonly h: number;
  /** h² */
  readonly h2: number;
  /** poly6's constant: 315/(64π h⁹) in 3D, 4/(π h⁸) in 2D */
  readonly poly6Constant: number;
  /** spiky's constant: 15/(π h⁶) in 3D, 10/(π h⁵) in 2D */
  readonly spikyConstant: number;
  /** the viscosity kernel's Laplacian constant: 45/(π h⁶) in 3D, 40/(π h⁵) in 2D */
  readonly viscosityConstant: number;
  /** the cubic spline's constant σ: 8/(π h³) in 3D, 40/(7π h²) in 2D */
  readonly cubicConstant: number;
  /** 1/h */
  readonly invH: number;

  constructor(dim: 2 | 3, h: number) {
    if (dim !== 2 && dim !== 3)
      throw new PhysicsError('invalid-argument', `kernels.dim: must be 2 or 3, got ${dim}`);
    assertFinite(h, 'kernels.h');
    if (h <= 0) throw new PhysicsError('invalid-argument', `kernels.h: must be > 0, got ${h}`);
    this.dim = dim;
    this.h = h;
    this.h2 = h * h;
    this.invH = 1 / h;
    const h5 = h * h * h * h * h;
    if (dim === 3) {
      this.poly6Constant = 315 / (64 * Math.PI * h5 * h * h * h * h);
      this.spikyConstant = 15 / (Math.PI * h5 * h);
      this.viscosityConstant = 45 / (Math.PI * h5 * h);
      this.cubicConstant = 8 / (Math.PI * h * h * h);
    } else {
      this.poly6Constant = 4 / (Math.PI * h5 * h * h * h);
      this.spikyConstant = 10 / (Math.PI * h5);
      this.viscosityConstant = 40 / (Math.PI * h5);
      this.cubicConstant = 40 / (7 * Math.PI * h * h);
    }
  }

  /** W_poly6 from the squared distance r²: c (h² − r²)³, 0 beyond h. */
  poly6(r2: number): number {
    if (r2 >= this.h2) return 0;
    const d = this.h2 - r2;
    return this.poly6Constant * d * d * d;
  }

  /** ∇W_poly6 = g · x with g = −6c (h² − r²)²; needs only r². */
  poly6Grad(r2: number): number {
    if (r2 >= this.h2) return 0;
    const d = this.h2 - r2;
    return -6 * this.poly6Constant * d * d;
  }

  /** W_spiky(r) = c (h − r)³. */
  spiky(r: number): number {
    if (r >= this.h) return 0;
    const d = this.h - r;
    return this.spikyConstant * d * d * d;
  }

  /** dW_spiky/dr = −3c (h − r)² (its value at r → 0 is the steepest slope, −14.3 at h = 1 in 3D). */
  spikySlope(r: number): number {
    if (r >= this.h) return 0;
    const d = this.h - r;
    return -3 * this.spikyConstant * d * d;
  }

  /** ∇W_spiky = g · x with g = (dW/dr)/r (0 at r = 0, where the direction is undefined). */
  spikyGrad(r: number): number {
    if (r >= this.h || r <= 0) return 0;
    const d = this.h - r;
    return (-3 * this.spikyConstant * d * d) / r;
  }

  /** ∇²W_viscosity(r) = c (h − r), positive everywhere inside the support. */
  viscosityLaplacian(r: number): number {
    if (r >= this.h) return 0;
    return this.viscosityConstant * (this.h - r);
  }

  /** The cubic spline W(r) = σ·{6(q³ − q²) + 1 for q ≤ ½; 2(1 − q)³ for q ≤ 1}, q = r/h. */
  cubic(r: number): number {
    const q = r * this.invH;
    if (q >= 1) return 0;
    if (q <= 0.5) return this.cubicConstant * (6 * (q * q * q - q * q) + 1);
    const d = 1 - q;
    return this.cubicConstant * 2 * d * d * d;
  }

  /** ∇W_cubic = g · x with g = (dW/dr)/r. */
  cubicGrad(r: number): number {
    const q = r * this.invH;
    if (q >= 1 || r <= 0) return 0;
    const s = (6 * this.cubicConstant * this.invH) / r;
    if (q <= 0.5) return s * q * (3 * q - 2);
    const d = 1 - q;
    return -s * d * d;
  }
}
