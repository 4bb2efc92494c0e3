/**
 * Interpolation of a grid field at an arbitrary point, used by the semi-Lagrangian step of
 * textbook §26.4 ("其処で古い場を補間します"). Coordinates are in grid units of the field itself
 * (sample k sits at coordinate k); points outside are clamped to the border (the GPU listing's
 * `linearClamp` sampler). A field of size sx × sy (× sz) is stored x-fastest.
 */

/** A coordinate clamped into [0, m] (m = samples − 1): the border sampler. */
export function clampCoord(g: number, m: number): number {
  // branches, not Math.min/max: measured ~8% faster in the advection loops
  if (g < 0) return 0;
  if (g > m) return m;
  return g;
}

/** The lower sample index of the interval holding the clamped coordinate g, at most m − 1. */
export function baseIndex(g: number, m: number): number {
  const i = g | 0; // g ≥ 0 after clamping: truncation is the floor
  return i >= m ? m - 1 : i;
}

/** Bilinear interpolation; never leaves the range of the four samples it mixes. */
export function sampleLinear2(f: Float64Array, sx: number, sy: number, gx: number, gy: number): number {
  const x = clampCoord(gx, sx - 1);
  const y = clampCoord(gy, sy - 1);
  const i = baseIndex(x, sx - 1);
  const j = baseIndex(y, sy - 1);
  const fx = x - i;
  const fy = y - j;
  return bilinear(f, i + sx * j, sx, fx, fy);
}

/** The bilinear mix of the 4 samples from index a (strides 1, sx) with weights fx, fy. */
export function bilinear(f: Float64Array, a: number, sx: number, fx: number, fy: number): number {
  const b0 = f[a]! + fx * (f[a + 1]! - f[a]!);
  const b1 = f[a + sx]! + fx * (f[a + sx + 1]! - f[a + sx]!);
  return b0 + fy * (b1 - b0);
}

/** Trilinear interpolation. */
export function sampleLinear3(
  f: Float64Array,
  sx: number,
  sy: number,
  sz: number,
  gx: number,
  gy: number,
  gz: number,
): number {
  const x = clampCoord(gx, sx - 1);
  const y = clampCoord(gy, sy - 1);
  const z = clampCoord(gz, sz - 1);
  const i = baseIndex(x, sx - 1);
  const j = baseIndex(y, sy - 1);
  const k = baseIndex(z, sz - 1);
  const fx = x - i;
  const fy = y - j;
  const fz = z - k;
  const sxy = sx * sy;
  return trilinear(f, i + sx * j + sxy * k, sx, sxy, fx, fy, fz);
}

/** The trilinear mix of the 8 samples from index a (strides 1, sx, sxy) with weights fx, fy, fz. */
export function trilinear(
  f: Float64Array,
  a: number,
  sx: number,
  sxy: number,
  fx: number,
  fy: number,
  fz: number,
): number {
  const c00 = f[a]! + fx * (f[a + 1]! - f[a]!);
  const c10 = f[a + sx]! + fx * (f[a + sx + 1]! - f[a + sx]!);
  const c01 = f[a + sxy]! + fx * (f[a + sxy + 1]! - f[a + sxy]!);
  const c11 = f[a + sxy + sx]! + fx * (f[a + sxy + sx + 1]! - f[a + sxy + sx]!);
  const c0 = c00 + fy * (c10 - c00);
  const c1 = c01 + fy * (c11 - c01);
  return c0 + fz * (c1 - c0);
}

/** The smallest and largest of the 4 (2D) samples that `sampleLinear2` mixes at (gx, gy). */
export function stencilRange2(
  f: Float64Array,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
  out: Float64Array,
): void {
  const a = baseIndex(clampCoord(gx, sx - 1), sx - 1) + sx * baseIndex(clampCoord(gy, sy - 1), sy - 1);
  const p = f[a]!;
  const q = f[a + 1]!;
  const r = f[a + sx]!;
  const s = f[a + sx + 1]!;
  out[0] = Math.min(Math.min(p, q), Math.min(r, s));
  out[1] = Math.max(Math.max(p, q), Math.max(r, s));
}

/** The smallest and largest of the 8 samples that `sampleLinear3` mixes. */
export function stencilRange3(
  f: Float64Array,
  sx: number,
  sy: number,
  sz: number,
  gx: number,
  gy: number,
  gz: number,
  out: Float64Array,
): void {
  const i = baseIndex(clampCoord(gx, sx - 1), sx - 1);
  const j = baseIndex(clampCoord(gy, sy - 1), sy - 1);
  const k = baseIndex(clampCoord(gz, sz - 1), sz - 1);
  const sxy = sx * sy;
  const a = i + sx * j + sxy * k;
  let lo = f[a]!;
  let hi = lo;
  for (let dz = 0; dz < 2; dz++) {
    for (let dy = 0; dy < 2; dy++) {
      const b = a + dy * sx + dz * sxy;
      const x0 = f[b]!;
      const x1 = f[b + 1]!;
      if (x0 < lo) lo = x0;
      if (x0 > hi) hi = x0;
      if (x1 < lo) lo = x1;
      if (x1 > hi) hi = x1;
    }
  }
  out[0] = lo;
  out[1] = hi;
}

/**
 * Monotone cubic Hermite interpolation through f1 at t=0 and f2 at t=1 (Fedkiw, Stam, Jensen 2001,
 * §3.2): the central slopes are set to zero where they disagree in sign with the segment's
 * difference and limited to 3× it, so the curve never overshoots the two middle samples.
 */
function monotoneCubic(f0: number, f1: number, f2: number, f3: number, t: number): number {
  const delta = f2 - f1;
  let d1 = 0.5 * (f2 - f0);
  let d2 = 0.5 * (f3 - f1);
  if (delta === 0) {
    d1 = 0;
    d2 = 0;
  } else {
    if (d1 * delta <= 0) d1 = 0;
    else if (Math.abs(d1) > 3 * Math.abs(delta)) d1 = 3 * delta;
    if (d2 * delta <= 0) d2 = 0;
    else if (Math.abs(d2) > 3 * Math.abs(delta)) d2 = 3 * delta;
  }
  const t2 = t * t;
  const t3 = t2 * t;
  return (2 * t3 - 3 * t2 + 1) * f1 + (t3 - 2 * t2 + t) * d1 + (-2 * t3 + 3 * t2) * f2 + (t3 - t2) * d2;
}

/** Monotone bicubic interpolation (2D): four monotone cubics in x, then one in y. */
export function sampleCubic2(f: Float64Array, sx: number, sy: number, gx: number, gy: number): number {
  const mx = sx - 1;
  const my = sy - 1;
  const x = clampCoord(gx, mx);
  const y = clampCoord(gy, my);
  const i = baseIndex(x, mx);
  const j = baseIndex(y, my);
  const tx = x - i;
  const ty = y - j;
  const i0 = i > 0 ? i - 1 : 0;
  const i3 = Math.min(i + 2, mx);
  let r0 = 0;
  let r1 = 0;
  let r2 = 0;
  let r3 = 0;
  for (let q = 0; q < 4; q++) {
    let jj = j - 1 + q;
    if (jj < 0) jj = 0;
    else if (jj > my) jj = my;
    const row = sx * jj;
    const val = monotoneCubic(f[row + i0]!, f[row + i]!, f[row + i + 1]!, f[row + i3]!, tx);
    if (q === 0) r0 = val;
    else if (q === 1) r1 = val;
    else if (q === 2) r2 = val;
    else r3 = val;
  }
  return monotoneCubic(r0, r1, r2, r3, ty);
}
