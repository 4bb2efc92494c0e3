/**
 * One Newton step of implicit (backward) Euler for a network of springs — Baraff & Witkin,
 * "Large Steps in Cloth Simulation" (SIGGRAPH 1998), as in 26.1 (実際の陰的積分):
 *
 *   (M − h ∂f/∂v − h² ∂f/∂x) Δv = h (f₀ + h ∂f/∂x v₀),   v₁ = v₀ + Δv,   x₁ = x₀ + h v₁.
 *
 * The matrix is never formed. Each spring s between particles i and j contributes the d×d block
 *   Bₛ = h² Kₛ + h Dₛ,   Kₛ = k [(1 − L/l) I + (L/l) n̂n̂ᵀ],   Dₛ = c n̂n̂ᵀ
 * (Kₛ = ∂fᵢ/∂xⱼ, Dₛ = ∂fᵢ/∂vⱼ, n̂ = (xⱼ − xᵢ)/l), added at (i,i) and (j,j) and subtracted at
 * (i,j) and (j,i). So A·Δv = M Δv + Σₛ [Bₛ(Δvᵢ − Δvⱼ) at i, −Bₛ(Δvᵢ − Δvⱼ) at j]: a sparse block
 * operator, symmetric, and positive definite when every Kₛ is positive semi-definite. Under
 * compression (l < L) the term (1 − L/l) is negative and could make A indefinite, so by default it
 * is clamped at 0 (Choi & Ko 2002) — the step is still consistent, the matrix only drops a
 * destabilising part. The system is solved with `conjugateGradient` and a block-diagonal (block
 * Jacobi) preconditioner: the inverse of each particle's d×d diagonal block.
 *
 * Pinned particles (inverse mass 0) are filtered as in Baraff–Witkin §5.3: their rows and columns
 * are replaced by the identity and their right-hand side by 0, so CG keeps Δv = 0 for them;
 * they move kinematically with whatever velocity the caller gives them.
 *
 * Usage (2D or 3D, any number of particles and springs; no allocation inside `step`):
 * ```ts
 * const net = createSpringNetwork({ dim: 3, particles: 100, springs: 300 });
 * net.x.set(positions); net.invMass.fill(1 / mass); net.invMass[0] = 0; // pin particle 0
 * setSpring(net, 0, 0, 1, { stiffness: 1e4, damping: 1 });             // rest length = current
 * for (let i = 0; i < 100; i++) net.fExt[3 * i + 1] = -9.81 * mass;      // gravity (a force)
 * implicitEulerNewtonStep(net, 1 / 60);
 * ```
 * Another module (implicit cloth) can add force blocks of its own by filling `f0` and the spring
 * arrays; the exposed `dv`, `rhs` and `f0` arrays of the last step are there for inspection.
 */
import {
  type CGOptions,
  type CGResult,
  type CGScratch,
  conjugateGradient,
  createCGScratch,
} from '../math/cg.js';

/** Particles joined by damped linear springs, in flat typed arrays, for the implicit (Baraff–Witkin 1998) Newton step. */
export interface SpringNetwork {
  /** 2 or 3 */
  readonly dim: 2 | 3;
  /** number of particles */
  readonly n: number;
  /** number of springs */
  readonly m: number;
  /** positions, dim·n */
  x: Float64Array;
  /** velocities, dim·n */
  v: Float64Array;
  /** inverse masses, n; 0 = pinned */
  invMass: Float64Array;
  /** external forces for the coming step (e.g. gravity m·g), dim·n; constant over the step */
  fExt: Float64Array;
  /** spring end particles, m each */
  springI: Int32Array;
  /** (see springI) the second end of each spring */
  springJ: Int32Array;
  /** rest length, stiffness k (N/m) and along-spring damping c (N·s/m), m each */
  restLength: Float64Array;
  /** (see restLength) spring stiffness k, N/m */
  stiffness: Float64Array;
  /** (see restLength) along-spring damping c, N·s/m */
  damping: Float64Array;
  /** clamp (1 − L/l) at 0 under compression so the system stays SPD; default true */
  clampCompression: boolean;
  // --- results of the last step (inspectable) and work arrays ---
  /** total force f₀ at the start of the last step */
  f0: Float64Array;
  /** the right-hand side h (f₀ + h ∂f/∂x v₀) of the last step (filtered) */
  rhs: Float64Array;
  /** the solved Δv of the last step */
  dv: Float64Array;
  /** per-spring blocks Bₛ = h²Kₛ + hDₛ and Kₛ, d² each */
  blockB: Float64Array;
  /** (see blockB) the stiffness blocks Kₛ */
  blockK: Float64Array;
  /** inverse diagonal blocks (the preconditioner), d² per particle */
  precond: Float64Array;
  /** work vectors of the CG solve */
  cg: CGScratch;
  /** the matrix-free product out = A p of the Newton system (M − h ∂f/∂v − h² ∂f/∂x) */
  applyA: (p: Float64Array, out: Float64Array) => void;
  /** the block-Jacobi preconditioner z = P⁻¹ r */
  precondition: (r: Float64Array, z: Float64Array) => void;
  /** reused CG options object (no allocation per step) */
  cgOptions: CGOptions;
}

/** The size of a {@link SpringNetwork}: its dimension, particles and springs. */
export interface SpringNetworkOptions {
  /** 2 or 3 */
  dim: 2 | 3;
  /** number of particles */
  particles: number;
  /** number of springs */
  springs: number;
}

/** Allocates a network with all particles at the origin, unit mass, and zeroed springs. */
export function createSpringNetwork(opts: SpringNetworkOptions): SpringNetwork {
  const { dim, particles: n, springs: m } = opts;
  if (dim !== 2 && dim !== 3) throw new RangeError(`spring network: dim must be 2 or 3, got ${dim}`);
  if (!(n >= 1 && Number.isInteger(n)))
    throw new RangeError(`spring network: particles must be ≥ 1, got ${n}`);
  if (!(m >= 0 && Number.isInteger(m))) throw new RangeError(`spring network: springs must be ≥ 0, got ${m}`);
  const d2 = dim * dim;
  const net: SpringNetwork = {
    dim,
    n,
    m,
    x: new Float64Array(dim * n),
    v: new Float64Array(dim * n),
    invMass: new Float64Array(n).fill(1),
    fExt: new Float64Array(dim * n),
    springI: new Int32Array(m),
    springJ: new Int32Array(m),
    restLength: new Float64Array(m),
    stiffness: new Float64Array(m),
    damping: new Float64Array(m),
    clampCompression: true,
    f0: new Float64Array(dim * n),
    rhs: new Float64Array(dim * n),
    dv: new Float64Array(dim * n),
    blockB: new Float64Array(d2 * m),
    blockK: new Float64Array(d2 * m),
    precond: new Float64Array(d2 * n),
    cg: createCGScratch(dim * n),
    applyA: () => {},
    precondition: () => {},
    cgOptions: {},
  };
  // bound once here, so `step` creates no closures
  net.applyA = (p, out) => applySystem(net, p, out);
  net.precondition = (r, z) => applyPrecond(net, r, z);
  return net;
}

/**
 * Sets spring `s` between particles i and j. `restLength` defaults to the current distance.
 */
export function setSpring(
  net: SpringNetwork,
  s: number,
  i: number,
  j: number,
  props: { stiffness: number; damping?: number; restLength?: number },
): void {
  if (!(s >= 0 && s < net.m)) throw new RangeError(`spring index ${s} out of range 0..${net.m - 1}`);
  if (!(i >= 0 && i < net.n && j >= 0 && j < net.n && i !== j)) {
    throw new RangeError(`spring ${s}: particles (${i}, ${j}) must be distinct and in 0..${net.n - 1}`);
  }
  const d = net.dim;
  let l2 = 0;
  for (let c = 0; c < d; c++) l2 += (net.x[d * j + c]! - net.x[d * i + c]!) ** 2;
  net.springI[s] = i;
  net.springJ[s] = j;
  net.stiffness[s] = props.stiffness;
  net.damping[s] = props.damping ?? 0;
  net.restLength[s] = props.restLength ?? Math.sqrt(l2);
}

/** Stopping rule of the conjugate-gradient solve inside one Newton step. */
export interface NewtonStepOptions {
  /** CG relative tolerance, default 1e-10 */
  tolerance?: number;
  /** CG iteration cap, default dim·n */
  maxIterations?: number;
  /** CG per-iteration trace */
  trace?: (iteration: number, residualNorm: number) => void;
  /** use the block-Jacobi preconditioner (default true) */
  precondition?: boolean;
}

/**
 * Advances the network by h with one Newton step of implicit Euler (Baraff–Witkin).
 * Updates `x` and `v` in place; returns the CG result.
 */
export function implicitEulerNewtonStep(
  net: SpringNetwork,
  h: number,
  options: NewtonStepOptions = {},
): CGResult {
  assemble(net, h);
  net.dv.fill(0);
  const o = net.cgOptions;
  o.tolerance = options.tolerance ?? 1e-10;
  o.maxIterations = options.maxIterations ?? net.dim * net.n;
  o.trace = options.trace;
  o.precondition = options.precondition === false ? undefined : net.precondition;
  o.scratch = net.cg;
  const res = conjugateGradient(net.applyA, net.rhs, net.dv, o);
  const { x, v, dv, dim } = net;
  for (let k = 0; k < dim * net.n; k++) {
    // pinned particles have Δv = 0: they move kinematically with the velocity the caller set
    v[k] = v[k]! + dv[k]!;
    x[k] = x[k]! + h * v[k]!;
  }
  return res;
}

/**
 * Computes f₀, the blocks Kₛ and Bₛ, the right-hand side h(f₀ + h ∂f/∂x v₀) and the
 * preconditioner for a step of size h. Called by `implicitEulerNewtonStep`; exposed for tests.
 */
export function assemble(net: SpringNetwork, h: number): void {
  const { dim: d, n, m, x, v, invMass, fExt, springI, springJ, restLength, stiffness, damping } = net;
  const { f0, rhs, blockB, blockK, precond } = net;
  const d2 = d * d;
  f0.set(fExt);
  // rhs starts as h f₀ (after the loop) − h² Σ K(vᵢ − vⱼ): accumulate the spring part in rhs first
  rhs.fill(0);
  precond.fill(0);
  for (let p = 0; p < n; p++) {
    const mass = invMass[p]! > 0 ? 1 / invMass[p]! : 0;
    for (let c = 0; c < d; c++) precond[d2 * p + c * (d + 1)] = mass;
  }
  for (let s = 0; s < m; s++) {
    const i = springI[s]!;
    const j = springJ[s]!;
    const k = stiffness[s]!;
    const c = damping[s]!;
    const L = restLength[s]!;
    const ex = x[d * j]! - x[d * i]!;
    const ey = x[d * j + 1]! - x[d * i + 1]!;
    const ez = d === 3 ? x[d * j + 2]! - x[d * i + 2]! : 0;
    const l = Math.sqrt(ex * ex + ey * ey + ez * ez);
    const inv = l > 0 ? 1 / l : 0;
    const nx = ex * inv;
    const ny = ey * inv;
    const nz = ez * inv;
    // relative velocity along the spring
    const rvx = v[d * j]! - v[d * i]!;
    const rvy = v[d * j + 1]! - v[d * i + 1]!;
    const rvz = d === 3 ? v[d * j + 2]! - v[d * i + 2]! : 0;
    const vn = rvx * nx + rvy * ny + rvz * nz;
    // force on i: (k (l − L) + c vn) n̂, on j the opposite
    const fm = k * (l - L) + c * vn;
    f0[d * i] = f0[d * i]! + fm * nx;
    f0[d * i + 1] = f0[d * i + 1]! + fm * ny;
    f0[d * j] = f0[d * j]! - fm * nx;
    f0[d * j + 1] = f0[d * j + 1]! - fm * ny;
    if (d === 3) {
      f0[d * i + 2] = f0[d * i + 2]! + fm * nz;
      f0[d * j + 2] = f0[d * j + 2]! - fm * nz;
    }
    // K = k[(1 − L/l) I + (L/l) n̂n̂ᵀ]
    let ratio = L === 0 ? 0 : l > 0 ? L / l : 1; // zero rest length: K = k I
    if (net.clampCompression && ratio > 1) ratio = 1;
    const kI = k * (1 - ratio);
    const kN = k * ratio;
    const o = d2 * s;
    for (let r = 0; r < d; r++) {
      const nr = r === 0 ? nx : r === 1 ? ny : nz;
      for (let q = 0; q < d; q++) {
        const nq = q === 0 ? nx : q === 1 ? ny : nz;
        const nn = nr * nq;
        const kk = kN * nn + (r === q ? kI : 0);
        blockK[o + d * r + q] = kk;
        blockB[o + d * r + q] = h * h * kk + h * c * nn;
      }
    }
    // (∂f/∂x v₀)ᵢ gets −K(vᵢ − vⱼ) = K·rv, (…)ⱼ gets −K·rv
    for (let r = 0; r < d; r++) {
      const kv =
        blockK[o + d * r]! * rvx +
        blockK[o + d * r + 1]! * rvy +
        (d === 3 ? blockK[o + d * r + 2]! * rvz : 0);
      rhs[d * i + r] = rhs[d * i + r]! + kv;
      rhs[d * j + r] = rhs[d * j + r]! - kv;
    }
    // diagonal blocks of A for the preconditioner
    for (let e = 0; e < d2; e++) {
      precond[d2 * i + e] = precond[d2 * i + e]! + blockB[o + e]!;
      precond[d2 * j + e] = precond[d2 * j + e]! + blockB[o + e]!;
    }
  }
  // rhs = h (f₀ + h ∂f/∂x v₀), filtered: 0 for pinned particles
  for (let p = 0; p < n; p++) {
    const pinned = invMass[p] === 0;
    for (let c = 0; c < d; c++) {
      const q = d * p + c;
      rhs[q] = pinned ? 0 : h * (f0[q]! + h * rhs[q]!);
    }
    invertBlock(precond, d2 * p, d, pinned);
  }
}

/** out = A·p with pinned rows/columns replaced by the identity. */
function applySystem(net: SpringNetwork, p: Float64Array, out: Float64Array): void {
  const { dim: d, n, m, invMass, springI, springJ, blockB } = net;
  const d2 = d * d;
  for (let q = 0; q < n; q++) {
    const w = invMass[q]!;
    const mass = w > 0 ? 1 / w : 1; // pinned: identity row
    for (let c = 0; c < d; c++) out[d * q + c] = mass * p[d * q + c]!;
  }
  for (let s = 0; s < m; s++) {
    const i = springI[s]!;
    const j = springJ[s]!;
    const fi = invMass[i]! > 0 ? 1 : 0;
    const fj = invMass[j]! > 0 ? 1 : 0;
    const o = d2 * s;
    // δ = S(Δvᵢ) − S(Δvⱼ), with pinned components masked out
    const dx = fi * p[d * i]! - fj * p[d * j]!;
    const dy = fi * p[d * i + 1]! - fj * p[d * j + 1]!;
    const dz = d === 3 ? fi * p[d * i + 2]! - fj * p[d * j + 2]! : 0;
    for (let r = 0; r < d; r++) {
      const y =
        blockB[o + d * r]! * dx + blockB[o + d * r + 1]! * dy + (d === 3 ? blockB[o + d * r + 2]! * dz : 0);
      out[d * i + r] = out[d * i + r]! + fi * y;
      out[d * j + r] = out[d * j + r]! - fj * y;
    }
  }
}

/** z = (block diagonal of A)⁻¹ r. */
function applyPrecond(net: SpringNetwork, r: Float64Array, z: Float64Array): void {
  const { dim: d, n, precond } = net;
  const d2 = d * d;
  for (let p = 0; p < n; p++) {
    const o = d2 * p;
    for (let a = 0; a < d; a++) {
      let s = 0;
      for (let b = 0; b < d; b++) s += precond[o + d * a + b]! * r[d * p + b]!;
      z[d * p + a] = s;
    }
  }
}

/** Inverts the d×d block at offset o in place (identity for pinned or singular blocks). */
function invertBlock(a: Float64Array, o: number, d: number, pinned: boolean): void {
  if (d === 2) {
    const a0 = a[o]!;
    const a1 = a[o + 1]!;
    const a2 = a[o + 2]!;
    const a3 = a[o + 3]!;
    const det = a0 * a3 - a1 * a2;
    if (pinned || !(det !== 0)) {
      a[o] = 1;
      a[o + 1] = 0;
      a[o + 2] = 0;
      a[o + 3] = 1;
      return;
    }
    const inv = 1 / det;
    a[o] = a3 * inv;
    a[o + 1] = -a1 * inv;
    a[o + 2] = -a2 * inv;
    a[o + 3] = a0 * inv;
    return;
  }
  const m00 = a[o]!;
  const m01 = a[o + 1]!;
  const m02 = a[o + 2]!;
  const m10 = a[o + 3]!;
  const m11 = a[o + 4]!;
  const m12 = a[o + 5]!;
  const m20 = a[o + 6]!;
  const m21 = a[o + 7]!;
  const m22 = a[o + 8]!;
  const c00 = m11 * m22 - m12 * m21;
  const c01 = m02 * m21 - m01 * m22;
  const c02 = m01 * m12 - m02 * m11;
  const det = m00 * c00 + m10 * c01 + m20 * c02;
  if (pinned || !(det !== 0)) {
    for (let e = 0; e < 9; e++) a[o + e] = e % 4 === 0 ? 1 : 0;
    return;
  }
  const inv = 1 / det;
  a[o] = c00 * inv;
  a[o + 1] = c01 * inv;
  a[o + 2] = c02 * inv;
  a[o + 3] = (m12 * m20 - m10 * m22) * inv;
  a[o + 4] = (m00 * m22 - m02 * m20) * inv;
  a[o + 5] = (m02 * m10 - m00 * m12) * inv;
  a[o + 6] = (m10 * m21 - m11 * m20) * inv;
  a[o + 7] = (m01 * m20 - m00 * m21) * inv;
  a[o + 8] = (m00 * m11 - m01 * m10) * inv;
}

/** Kinetic plus elastic energy of the network (external forces excluded). */
export function springNetworkEnergy(net: SpringNetwork): number {
  const { dim: d, n, m, x, v, invMass } = net;
  let e = 0;
  for (let p = 0; p < n; p++) {
    const w = invMass[p]!;
    if (w === 0) continue;
    let v2 = 0;
    for (let c = 0; c < d; c++) v2 += v[d * p + c]! ** 2;
    e += (0.5 * v2) / w;
  }
  for (let s = 0; s < m; s++) {
    const i = net.springI[s]!;
    const j = net.springJ[s]!;
    let l2 = 0;
    for (let c = 0; c < d; c++) l2 += (x[d * j + c]! - x[d * i + c]!) ** 2;
    const ext = Math.sqrt(l2) - net.restLength[s]!;
    e += 0.5 * net.stiffness[s]! * ext * ext;
  }
  return e;
}
