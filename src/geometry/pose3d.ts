/**
 * A placement in 3D unpacked for the narrowphase: the position and the rotation matrix of a
 * transform [px, py, pz, qx, qy, qz, qw] (quaternion scalar last). Reused scratch objects
 * (no allocation per call); points and directions move between the local and world frames.
 */

/** Position and row-major rotation matrix of a 3D placement. */
export class Pose3 {
  /** position x */
  px = 0;
  /** position y */
  py = 0;
  /** position z */
  pz = 0;
  /** rotation matrix row 0, column 0 */
  r00 = 1;
  /** row 0, column 1 */
  r01 = 0;
  /** row 0, column 2 */
  r02 = 0;
  /** row 1, column 0 */
  r10 = 0;
  /** row 1, column 1 */
  r11 = 1;
  /** row 1, column 2 */
  r12 = 0;
  /** row 2, column 0 */
  r20 = 0;
  /** row 2, column 1 */
  r21 = 0;
  /** row 2, column 2 */
  r22 = 1;

  /** Loads the transform `xf[o..o+6]`; returns this. */
  set(xf: ArrayLike<number>, o: number): this {
    const qx = xf[o + 3]!;
    const qy = xf[o + 4]!;
    const qz = xf[o + 5]!;
    const qw = xf[o + 6]!;
    this.px = xf[o]!;
    this.py = xf[o + 1]!;
    this.pz = xf[o + 2]!;
    this.r00 = 1 - 2 * (qy * qy + qz * qz);
    this.r01 = 2 * (qx * qy - qw * qz);
    this.r02 = 2 * (qx * qz + qw * qy);
    this.r10 = 2 * (qx * qy + qw * qz);
    this.r11 = 1 - 2 * (qx * qx + qz * qz);
    this.r12 = 2 * (qy * qz - qw * qx);
    this.r20 = 2 * (qx * qz - qw * qy);
    this.r21 = 2 * (qy * qz + qw * qx);
    this.r22 = 1 - 2 * (qx * qx + qy * qy);
    return this;
  }

  /** Copies another pose; returns this. */
  copy(p: Pose3): this {
    this.px = p.px;
    this.py = p.py;
    this.pz = p.pz;
    this.r00 = p.r00;
    this.r01 = p.r01;
    this.r02 = p.r02;
    this.r10 = p.r10;
    this.r11 = p.r11;
    this.r12 = p.r12;
    this.r20 = p.r20;
    this.r21 = p.r21;
    this.r22 = p.r22;
    return this;
  }

  /** out[oo..] = R·(x, y, z) + p (a local point to world). */
  toWorld(x: number, y: number, z: number, out: Float64Array, oo: number): void {
    out[oo] = this.px + this.r00 * x + this.r01 * y + this.r02 * z;
    out[oo + 1] = this.py + this.r10 * x + this.r11 * y + this.r12 * z;
    out[oo + 2] = this.pz + this.r20 * x + this.r21 * y + this.r22 * z;
  }
  /** out[oo..] = R·(x, y, z) (a local direction to world). */
  rotate(x: number, y: number, z: number, out: Float64Array, oo: number): void {
    out[oo] = this.r00 * x + this.r01 * y + this.r02 * z;
    out[oo + 1] = this.r10 * x + this.r11 * y + this.r12 * z;
    out[oo + 2] = this.r20 * x + this.r21 * y + this.r22 * z;
  }
  /** out[oo..] = Rᵀ·((x, y, z) − p) (a world point to local). */
  toLocal(x: number, y: number, z: number, out: Float64Array, oo: number): void {
    const dx = x - this.px;
    const dy = y - this.py;
    const dz = z - this.pz;
    out[oo] = this.r00 * dx + this.r10 * dy + this.r20 * dz;
    out[oo + 1] = this.r01 * dx + this.r11 * dy + this.r21 * dz;
    out[oo + 2] = this.r02 * dx + this.r12 * dy + this.r22 * dz;
  }
  /** out[oo..] = Rᵀ·(x, y, z) (a world direction to local). */
  unrotate(x: number, y: number, z: number, out: Float64Array, oo: number): void {
    out[oo] = this.r00 * x + this.r10 * y + this.r20 * z;
    out[oo + 1] = this.r01 * x + this.r11 * y + this.r21 * z;
    out[oo + 2] = this.r02 * x + this.r12 * y + this.r22 * z;
  }

  /**
   * `toWorld` of the local point `v[vo..vo+2]`: numbers stay in arrays, so nothing is boxed where
   * the optimiser does not inline the call (computed doubles handed to a call are heap numbers).
   */
  toWorldAt(v: ArrayLike<number>, vo: number, out: Float64Array, oo: number): void {
    const x = v[vo]!;
    const y = v[vo + 1]!;
    const z = v[vo + 2]!;
    out[oo] = this.px + this.r00 * x + this.r01 * y + this.r02 * z;
    out[oo + 1] = this.py + this.r10 * x + this.r11 * y + this.r12 * z;
    out[oo + 2] = this.pz + this.r20 * x + this.r21 * y + this.r22 * z;
  }

  /** `rotate` of the local direction `v[vo..vo+2]` (arrays in and out, see `toWorldAt`). */
  rotateAt(v: ArrayLike<number>, vo: number, out: Float64Array, oo: number): void {
    const x = v[vo]!;
    const y = v[vo + 1]!;
    const z = v[vo + 2]!;
    out[oo] = this.r00 * x + this.r01 * y + this.r02 * z;
    out[oo + 1] = this.r10 * x + this.r11 * y + this.r12 * z;
    out[oo + 2] = this.r20 * x + this.r21 * y + this.r22 * z;
  }

  /** `toLocal` of the world point `v[vo..vo+2]` (arrays in and out, see `toWorldAt`). */
  toLocalAt(v: ArrayLike<number>, vo: number, out: Float64Array, oo: number): void {
    const dx = v[vo]! - this.px;
    const dy = v[vo + 1]! - this.py;
    const dz = v[vo + 2]! - this.pz;
    out[oo] = this.r00 * dx + this.r10 * dy + this.r20 * dz;
    out[oo + 1] = this.r01 * dx + this.r11 * dy + this.r21 * dz;
    out[oo + 2] = this.r02 * dx + this.r12 * dy + this.r22 * dz;
  }
}
