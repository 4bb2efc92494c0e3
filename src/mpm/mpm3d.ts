/**
 * MLS-MPM in 3D (textbook §26.4, the material point method; Hu et al. 2018, "A moving least squares
 * material point method with displacement discontinuity and two-way rigid body coupling"), with
 * APIC transfers (Jiang et al. 2015) — the 3D counterpart of `MpmSim2D`, with the same materials
 * (material.ts: fixed-corotated jelly, Stomakhin et al. 2013 snow, Klár et al. 2016 Drucker–Prager
 * sand, weakly compressible fluid).
 *
 * Particles carry mass, volume, velocity v, the affine velocity matrix C (3×3), the deformation
 * gradient F (3×3) and a plastic state (Jp); a background grid of (n + 1)³ nodes carries mass and
 * momentum for one substep. `step()` runs the stages:
 *   1. clear the grid;
 *   2. particle → grid (P2G): F ← (I + Δt C) F, the material's return mapping (3×3 SVD, math/svd3)
 *      and Kirchhoff stress τ, then scatter with quadratic B-spline weights wᵢ:
 *      mᵢ += wᵢ m,  (mv)ᵢ += wᵢ (m v + A (xᵢ − xₚ)),  A = −Δt V⁰ (4/Δx²) τ + m C;
 *   3. grid update: vᵢ = (mv)ᵢ / mᵢ + Δt g, and the walls of the box (sticky, slip, or separating
 *      with Coulomb friction: the tangential speed shrinks by μ times the normal speed removed);
 *   4. grid → particle (G2P): v = Σ wᵢ vᵢ, C = (4/Δx²) Σ wᵢ vᵢ (xᵢ − xₚ)ᵀ, x += Δt v;
 *   5. non-finite check (a `PhysicsError` naming the particle).
 * The transfers conserve linear and angular momentum up to round-off (APIC/MLS).
 *
 * The domain is the cube [0, size]³ (y up); particles are kept `boundaryCells` away from its faces.
 * Storage is structure-of-arrays typed arrays; a warm step allocates nothing (no double is passed to
 * or returned from a call the compiler might leave out of line: the stress code reads and writes
 * small scratch arrays).
 */
import { PhysicsError } from '../core/errors.js';
import { svd3 } from '../math/svd3.js';
import { DP_ELASTIC, druckerPragerReturn } from './drucker-prager.js';
import { grown, type MpmBoundary, particleCapacity, resolveGridOptions } from './grid-options.js';
import { expStrain, logStrain } from './hencky.js';
import {
  MAT_FLUID,
  MAT_JELLY,
  MAT_SAND,
  MAT_SNOW,
  type MpmMaterial,
  type MpmMaterialDef,
  resolveMaterial,
} from './material.js';
import { mpm3Restore, mpm3Snapshot, mpm3StateHash } from './snapshot.js';

/** Options of {@link MpmSim3D}. */
export interface Mpm3DOptions {
  /** grid cells per side, integer in [8, 256] */
  resolution: number;
  /** side of the cubic domain, m, default 1 */
  size?: number;
  /** substep, s */
  dt: number;
  /** m/s², default [0, −9.8, 0] (y up) */
  gravity?: [number, number, number];
  /** walls: 'sticky' (v = 0), 'slip' (no normal inflow), 'separate' (default: slip with Coulomb friction, free to leave) */
  boundary?: MpmBoundary;
  /** Coulomb friction of the walls for 'separate', default 0.5 */
  boundaryFriction?: number;
  /** thickness of the wall band, cells, default 3 */
  boundaryCells?: number;
  /** the most particles, default 2,000,000 */
  maxParticles?: number;
}

/** How to seed a block of particles in 3D. */
export interface Mpm3DSeedOptions {
  /** particle spacing, m, default Δx/2 (8 particles per cell) */
  spacing?: number;
  /** initial velocity, default [0, 0, 0] */
  velocity?: [number, number, number];
}

/** The 3D MLS-MPM simulation (see the file comment). */
export class MpmSim3D {
  /** grid cells per side */
  readonly resolution: number;
  /** side of the cubic domain, m */
  readonly size: number;
  /** cell size Δx, m */
  readonly dx: number;
  /** 1 / Δx */
  readonly invDx: number;
  /** substep, s (may be changed between steps) */
  dt: number;
  /** gravity x, m/s² */
  gravityX: number;
  /** gravity y, m/s² */
  gravityY: number;
  /** gravity z, m/s² */
  gravityZ: number;
  /** wall behaviour */
  readonly boundary: MpmBoundary;
  /** Coulomb friction of the walls ('separate') */
  readonly boundaryFriction: number;
  /** thickness of the wall band, cells */
  readonly boundaryCells: number;
  /** the most particles */
  readonly maxParticles: number;
  /** simulated time, s */
  time = 0;
  /** particle count */
  count = 0;
  /** particle x positions, m (SoA, `count` used) */
  x = new Float64Array(0);
  /** particle y positions, m */
  y = new Float64Array(0);
  /** particle z positions, m */
  z = new Float64Array(0);
  /** particle x velocities, m/s */
  vx = new Float64Array(0);
  /** particle y velocities, m/s */
  vy = new Float64Array(0);
  /** particle z velocities, m/s */
  vz = new Float64Array(0);
  /** affine velocity, 9 per particle (row-major) */
  C = new Float64Array(0);
  /** deformation gradient, 9 per particle (row-major) */
  F = new Float64Array(0);
  /** plastic volume ratio (snow), or the volume ratio J (fluid) */
  Jp = new Float64Array(0);
  /** material index per particle */
  material = new Uint8Array(0);
  /** rest volume per particle, m³ */
  vol0 = new Float64Array(0);
  /** particle mass, kg */
  mass = new Float64Array(0);
  /** the materials added so far (index = material number) */
  readonly materials: MpmMaterial[] = [];
  /** grid nodes per side (resolution + 1); node (i, j, k) at (k·N + j)·N + i */
  readonly nodes: number;
  /** grid node masses of the current substep */
  readonly gm: Float64Array;
  /** grid node x momentum, then velocity */
  readonly gvx: Float64Array;
  /** grid node y momentum, then velocity */
  readonly gvy: Float64Array;
  /** grid node z momentum, then velocity */
  readonly gvz: Float64Array;
  // per-material constants unpacked for the inner loop
  private mu = new Float64Array(0);
  private lambda = new Float64Array(0);
  private code = new Uint8Array(0);
  private eta = new Float64Array(0);
  private alpha = new Float64Array(0);
  private thetaC = new Float64Array(0);
  private thetaS = new Float64Array(0);
  private xi = new Float64Array(0);
  private maxHard = new Float64Array(0);
  private jpMin = new Float64Array(0);
  // scratch of the stress code
  private readonly u = new Float64Array(9);
  private readonly v = new Float64Array(9);
  private readonly sig = new Float64Array(3);
  private readonly eps = new Float64Array(4);
  private readonly tau = new Float64Array(9);
  private readonly hard = new Float64Array(1);

  constructor(options: Mpm3DOptions) {
    const o = resolveGridOptions(options, 3, 256, 2_000_000);
    const n = o.resolution;
    this.resolution = n;
    this.size = o.size;
    this.dx = o.size / n;
    this.invDx = n / o.size;
    this.dt = o.dt;
    this.gravityX = o.gravity[0]!;
    this.gravityY = o.gravity[1]!;
    this.gravityZ = o.gravity[2]!;
    this.boundary = o.boundary;
    this.boundaryFriction = o.boundaryFriction;
    this.boundaryCells = o.boundaryCells;
    this.maxParticles = o.maxParticles;
    this.nodes = n + 1;
    const nn = this.nodes * this.nodes * this.nodes;
    this.gm = new Float64Array(nn);
    this.gvx = new Float64Array(nn);
    this.gvy = new Float64Array(nn);
    this.gvz = new Float64Array(nn);
  }

  /** Adds a material; returns its index for `addParticle` / `addBox`. At most 255. */
  addMaterial(def: MpmMaterialDef): number {
    if (this.materials.length >= 255)
      throw new PhysicsError('invalid-argument', 'addMaterial: at most 255 materials');
    const m = resolveMaterial(def, `materials[${this.materials.length}]`);
    this.materials.push(m);
    const k = this.materials.length;
    const f = (get: (m: MpmMaterial) => number) => Float64Array.from(this.materials, get);
    this.mu = f((m) => m.mu);
    this.lambda = f((m) => m.lambda);
    this.eta = f((m) => m.viscosity);
    this.alpha = f((m) => m.alpha);
    this.thetaC = f((m) => m.thetaC);
    this.thetaS = f((m) => m.thetaS);
    this.xi = f((m) => m.xi);
    this.maxHard = f((m) => m.maxHardening);
    this.jpMin = f((m) => m.jpMin);
    this.code = Uint8Array.from(this.materials, (m) => m.code);
    return k - 1;
  }

  private grow(need: number): void {
    if (need <= this.x.length && need <= this.maxParticles) return;
    const cap = particleCapacity(need, this.x.length, this.maxParticles);
    const g = <T extends Float64Array | Uint8Array>(a: T, k: number): T => grown(a, cap, k);
    this.x = g(this.x, 1);
    this.y = g(this.y, 1);
    this.z = g(this.z, 1);
    this.vx = g(this.vx, 1);
    this.vy = g(this.vy, 1);
    this.vz = g(this.vz, 1);
    this.C = g(this.C, 9);
    this.F = g(this.F, 9);
    this.Jp = g(this.Jp, 1);
    this.material = g(this.material, 1);
    this.vol0 = g(this.vol0, 1);
    this.mass = g(this.mass, 1);
  }

  /** Adds one particle of rest volume `volume` (m³); returns its index. */
  addParticle(
    px: number,
    py: number,
    pz: number,
    vx: number,
    vy: number,
    vz: number,
    material: number,
    volume: number,
  ): number {
    const m = this.materials[material];
    if (m === undefined)
      throw new PhysicsError('invalid-argument', `material: no material ${material} (add it first)`);
    for (const [name, val] of [
      ['x', px],
      ['y', py],
      ['z', pz],
      ['vx', vx],
      ['vy', vy],
      ['vz', vz],
      ['volume', volume],
    ] as const) {
      if (!Number.isFinite(val))
        throw new PhysicsError('non-finite', `particle.${name}: must be a finite number, got ${val}`);
    }
    const lo = this.boundaryCells * this.dx;
    const hi = this.size - lo;
    if (px < lo || px > hi || py < lo || py > hi || pz < lo || pz > hi) {
      throw new PhysicsError(
        'invalid-argument',
        `particle (${px}, ${py}, ${pz}): outside the domain's interior [${lo}, ${hi}]³`,
      );
    }
    if (!(volume > 0))
      throw new PhysicsError('invalid-argument', `particle.volume: must be > 0, got ${volume}`);
    if (Math.abs(vx) > 1e4 || Math.abs(vy) > 1e4 || Math.abs(vz) > 1e4) {
      throw new PhysicsError('invalid-argument', 'particle velocity: |v| must be ≤ 1e4 m/s');
    }
    const p = this.count;
    this.grow(p + 1);
    this.x[p] = px;
    this.y[p] = py;
    this.z[p] = pz;
    this.vx[p] = vx;
    this.vy[p] = vy;
    this.vz[p] = vz;
    const o = 9 * p;
    this.C.fill(0, o, o + 9);
    this.F.fill(0, o, o + 9);
    this.F[o] = 1;
    this.F[o + 4] = 1;
    this.F[o + 8] = 1;
    this.Jp[p] = 1;
    this.material[p] = material;
    this.vol0[p] = volume;
    this.mass[p] = volume * m.density;
    this.count++;
    return p;
  }

  /** Fills the box [x0, x1] × [y0, y1] × [z0, z1] with particles on a regular lattice; returns how many. */
  addBox(
    x0: number,
    y0: number,
    z0: number,
    x1: number,
    y1: number,
    z1: number,
    material: number,
    options: Mpm3DSeedOptions = {},
  ): number {
    const h = this.spacing(options);
    const [vx, vy, vz] = options.velocity ?? [0, 0, 0];
    const nx = Math.floor((x1 - x0) / h + 1e-9);
    const ny = Math.floor((y1 - y0) / h + 1e-9);
    const nz = Math.floor((z1 - z0) / h + 1e-9);
    if (!(nx >= 1 && ny >= 1 && nz >= 1))
      throw new PhysicsError('invalid-argument', 'addBox: the box holds no particle');
    this.grow(this.count + nx * ny * nz);
    for (let k = 0; k < nz; k++)
      for (let j = 0; j < ny; j++)
        for (let i = 0; i < nx; i++)
          this.addParticle(
            x0 + (i + 0.5) * h,
            y0 + (j + 0.5) * h,
            z0 + (k + 0.5) * h,
            vx,
            vy,
            vz,
            material,
            h * h * h,
          );
    return nx * ny * nz;
  }

  /** Fills the ball of centre (cx, cy, cz) and radius r on a regular lattice; returns how many. */
  addBall(
    cx: number,
    cy: number,
    cz: number,
    r: number,
    material: number,
    options: Mpm3DSeedOptions = {},
  ): number {
    const h = this.spacing(options);
    const [vx, vy, vz] = options.velocity ?? [0, 0, 0];
    const n = Math.ceil(r / h);
    let added = 0;
    for (let k = -n; k <= n; k++)
      for (let j = -n; j <= n; j++)
        for (let i = -n; i <= n; i++) {
          const dx = (i + 0.5) * h;
          const dy = (j + 0.5) * h;
          const dz = (k + 0.5) * h;
          if (dx * dx + dy * dy + dz * dz > r * r) continue;
          this.addParticle(cx + dx, cy + dy, cz + dz, vx, vy, vz, material, h * h * h);
          added++;
        }
    return added;
  }

  private spacing(options: Mpm3DSeedOptions): number {
    const h = options.spacing ?? 0.5 * this.dx;
    if (!(h > 0) || h < 0.05 * this.dx)
      throw new PhysicsError('invalid-argument', `spacing: must be ≥ Δx/20 = ${0.05 * this.dx}, got ${h}`);
    return h;
  }

  /** One substep: clear grid → P2G → grid update → G2P → non-finite check. */
  step(): void {
    this.gm.fill(0);
    this.gvx.fill(0);
    this.gvy.fill(0);
    this.gvz.fill(0);
    this.particleToGrid();
    this.updateGrid();
    this.gridToParticle();
    this.checkFinite();
    this.time += this.dt;
  }

  /** Stage 2: deformation update, constitutive model, scatter. */
  private particleToGrid(): void {
    const { x, y, z, vx, vy, vz, C, F, Jp, material, vol0, mass, gm, gvx, gvy, gvz, tau } = this;
    const dt = this.dt;
    const dx = this.dx;
    const invDx = this.invDx;
    const N = this.nodes;
    const NN = N * N;
    const stressScale = -dt * 4 * invDx * invDx;
    const count = this.count;
    for (let p = 0; p < count; p++) {
      const o = 9 * p;
      const c0 = C[o]!;
      const c1 = C[o + 1]!;
      const c2 = C[o + 2]!;
      const c3 = C[o + 3]!;
      const c4 = C[o + 4]!;
      const c5 = C[o + 5]!;
      const c6 = C[o + 6]!;
      const c7 = C[o + 7]!;
      const c8 = C[o + 8]!;
      // F ← (I + Δt C) F
      for (let col = 0; col < 3; col++) {
        const a = F[o + col]!;
        const b = F[o + 3 + col]!;
        const c = F[o + 6 + col]!;
        F[o + col] = a + dt * (c0 * a + c1 * b + c2 * c);
        F[o + 3 + col] = b + dt * (c3 * a + c4 * b + c5 * c);
        F[o + 6 + col] = c + dt * (c6 * a + c7 * b + c8 * c);
      }
      const mat = material[p]!;
      const code = this.code[mat]!;
      if (code === MAT_FLUID) {
        // J ← det(I + Δt C)·J; τ = K (J − 1) J I
        const a0 = 1 + dt * c0;
        const a4 = 1 + dt * c4;
        const a8 = 1 + dt * c8;
        const a1 = dt * c1;
        const a2 = dt * c2;
        const a3 = dt * c3;
        const a5 = dt * c5;
        const a6 = dt * c6;
        const a7 = dt * c7;
        const det = a0 * (a4 * a8 - a5 * a7) - a1 * (a3 * a8 - a5 * a6) + a2 * (a3 * a7 - a4 * a6);
        const J = Jp[p]! * det;
        Jp[p] = J;
        const s = this.lambda[mat]! * (J - 1) * J;
        tau.fill(0);
        tau[0] = s;
        tau[4] = s;
        tau[8] = s;
      } else {
        this.stress(p, mat, code);
      }
      const eta = this.eta[mat]!;
      if (eta > 0) {
        // Kelvin–Voigt: τ += η J (C + Cᵀ)
        const J =
          F[o]! * (F[o + 4]! * F[o + 8]! - F[o + 5]! * F[o + 7]!) -
          F[o + 1]! * (F[o + 3]! * F[o + 8]! - F[o + 5]! * F[o + 6]!) +
          F[o + 2]! * (F[o + 3]! * F[o + 7]! - F[o + 4]! * F[o + 6]!);
        const k = eta * J;
        tau[0] = tau[0]! + 2 * k * c0;
        tau[4] = tau[4]! + 2 * k * c4;
        tau[8] = tau[8]! + 2 * k * c8;
        const s01 = k * (c1 + c3);
        const s02 = k * (c2 + c6);
        const s12 = k * (c5 + c7);
        tau[1] = tau[1]! + s01;
        tau[3] = tau[3]! + s01;
        tau[2] = tau[2]! + s02;
        tau[6] = tau[6]! + s02;
        tau[5] = tau[5]! + s12;
        tau[7] = tau[7]! + s12;
      }
      const m = mass[p]!;
      const k = stressScale * vol0[p]!;
      const a00 = k * tau[0]! + m * c0;
      const a01 = k * tau[1]! + m * c1;
      const a02 = k * tau[2]! + m * c2;
      const a10 = k * tau[3]! + m * c3;
      const a11 = k * tau[4]! + m * c4;
      const a12 = k * tau[5]! + m * c5;
      const a20 = k * tau[6]! + m * c6;
      const a21 = k * tau[7]! + m * c7;
      const a22 = k * tau[8]! + m * c8;
      const mvx = m * vx[p]!;
      const mvy = m * vy[p]!;
      const mvz = m * vz[p]!;
      const xs = x[p]! * invDx;
      const ys = y[p]! * invDx;
      const zs = z[p]! * invDx;
      const bx = Math.floor(xs - 0.5);
      const by = Math.floor(ys - 0.5);
      const bz = Math.floor(zs - 0.5);
      const fx = xs - bx;
      const fy = ys - by;
      const fz = zs - bz;
      const wx0 = 0.5 * (1.5 - fx) * (1.5 - fx);
      const wx1 = 0.75 - (fx - 1) * (fx - 1);
      const wx2 = 0.5 * (fx - 0.5) * (fx - 0.5);
      const wy0 = 0.5 * (1.5 - fy) * (1.5 - fy);
      const wy1 = 0.75 - (fy - 1) * (fy - 1);
      const wy2 = 0.5 * (fy - 0.5) * (fy - 0.5);
      const wz0 = 0.5 * (1.5 - fz) * (1.5 - fz);
      const wz1 = 0.75 - (fz - 1) * (fz - 1);
      const wz2 = 0.5 * (fz - 0.5) * (fz - 0.5);
      for (let kk = 0; kk < 3; kk++) {
        const wz = kk === 0 ? wz0 : kk === 1 ? wz1 : wz2;
        const dpz = (kk - fz) * dx;
        for (let j = 0; j < 3; j++) {
          const wyz = (j === 0 ? wy0 : j === 1 ? wy1 : wy2) * wz;
          const dpy = (j - fy) * dx;
          const row = (bz + kk) * NN + (by + j) * N + bx;
          // the affine term's y and z parts are the same along the row
          const ry = a01 * dpy + a02 * dpz;
          const ryy = a11 * dpy + a12 * dpz;
          const rzz = a21 * dpy + a22 * dpz;
          for (let i = 0; i < 3; i++) {
            const w = (i === 0 ? wx0 : i === 1 ? wx1 : wx2) * wyz;
            const dpx = (i - fx) * dx;
            const node = row + i;
            gm[node] = gm[node]! + w * m;
            gvx[node] = gvx[node]! + w * (mvx + a00 * dpx + ry);
            gvy[node] = gvy[node]! + w * (mvy + a10 * dpx + ryy);
            gvz[node] = gvz[node]! + w * (mvz + a20 * dpx + rzz);
          }
        }
      }
    }
  }

  /**
   * The return mapping (snow, sand) and the Kirchhoff stress τ of particle p into `tau`
   * (material models: see material.ts).
   */
  private stress(p: number, mat: number, code: number): void {
    const { F, Jp, u, v, sig } = this;
    const o = 9 * p;
    svd3(u, 0, sig, 0, v, 0, F, o);
    let mu = this.mu[mat]!;
    let la = this.lambda[mat]!;
    if (code === MAT_SAND) {
      // Drucker–Prager in Hencky strain (Klár et al. 2016 §7), cohesionless
      const eps = this.eps;
      logStrain(eps, sig, 3);
      const outcome = druckerPragerReturn(eps, 3, this.mu, this.lambda, this.alpha, mat);
      if (outcome !== DP_ELASTIC) {
        expStrain(sig, eps, 3);
        this.recompose(o);
      }
      // τ = U (2μ ε + λ tr(ε) I) Uᵀ
      const tr = la * (eps[0]! + eps[1]! + eps[2]!);
      sig[0] = 2 * mu * eps[0]! + tr;
      sig[1] = 2 * mu * eps[1]! + tr;
      sig[2] = 2 * mu * eps[2]! + tr;
      this.rotateDiagonal();
      return;
    }
    let s0 = sig[0]!;
    let s1 = sig[1]!;
    let s2 = sig[2]!;
    if (code === MAT_SNOW) {
      // Stomakhin et al. 2013: clamp the singular values, move the change into Jp, harden
      const lo = 1 - this.thetaC[mat]!;
      const hi = 1 + this.thetaS[mat]!;
      let n0 = Math.min(Math.max(s0, lo), hi);
      let n1 = Math.min(Math.max(s1, lo), hi);
      let n2 = Math.min(Math.max(s2, lo), hi);
      let jp = (Jp[p]! * (s0 * s1 * s2)) / (n0 * n1 * n2);
      const jpMin = this.jpMin[mat]!;
      if (jp < jpMin) {
        // compaction stops where the hardening reaches its cap: the rest of the volume change stays
        // elastic (Jp = jpMin); k = ∛(jp / jpMin) by Newton's iteration from 1 (the ratio is near 1)
        const a = jp / jpMin;
        let k = 1;
        for (let it = 0; it < 8; it++) k = (2 * k + a / (k * k)) / 3;
        n0 *= k;
        n1 *= k;
        n2 *= k;
        jp = jpMin;
      }
      Jp[p] = jp;
      s0 = n0;
      s1 = n1;
      s2 = n2;
      sig[0] = n0;
      sig[1] = n1;
      sig[2] = n2;
      this.recompose(o);
      // e^{ξ(1−Jp)} through an array (a double returned from an out-of-line call is boxed)
      const hard = this.hard;
      hard[0] = this.xi[mat]! * (1 - Jp[p]!);
      expStrain(hard, hard, 1);
      const h = Math.min(hard[0]!, this.maxHard[mat]!);
      mu *= h;
      la *= h;
    } else if (code !== MAT_JELLY) {
      throw new PhysicsError('invalid-argument', `material code ${code}`);
    }
    // fixed corotated: τ = 2μ (F − R) Fᵀ + λ J (J − 1) I, R = U Vᵀ; with F = U Σ Vᵀ this is
    // U (2μ (Σ − I) Σ + λ J (J − 1) I) Uᵀ — diagonal in U's frame
    const J = s0 * s1 * s2;
    const vol = la * J * (J - 1);
    sig[0] = 2 * mu * (s0 - 1) * s0 + vol;
    sig[1] = 2 * mu * (s1 - 1) * s1 + vol;
    sig[2] = 2 * mu * (s2 - 1) * s2 + vol;
    this.rotateDiagonal();
  }

  /** tau ← U diag(sig) Uᵀ (a symmetric tensor given in the SVD's left frame). */
  private rotateDiagonal(): void {
    const { u, sig, tau } = this;
    const d0 = sig[0]!;
    const d1 = sig[1]!;
    const d2 = sig[2]!;
    for (let r = 0; r < 3; r++) {
      const a0 = u[3 * r]! * d0;
      const a1 = u[3 * r + 1]! * d1;
      const a2 = u[3 * r + 2]! * d2;
      for (let c = r; c < 3; c++) {
        const t = a0 * u[3 * c]! + a1 * u[3 * c + 1]! + a2 * u[3 * c + 2]!;
        tau[3 * r + c] = t;
        tau[3 * c + r] = t;
      }
    }
  }

  /** F ← U diag(sig) Vᵀ from the last SVD and the singular values in `sig`. */
  private recompose(o: number): void {
    const { F, u, v, sig } = this;
    const s0 = sig[0]!;
    const s1 = sig[1]!;
    const s2 = sig[2]!;
    for (let r = 0; r < 3; r++) {
      const a0 = u[3 * r]! * s0;
      const a1 = u[3 * r + 1]! * s1;
      const a2 = u[3 * r + 2]! * s2;
      for (let c = 0; c < 3; c++) F[o + 3 * r + c] = a0 * v[3 * c]! + a1 * v[3 * c + 1]! + a2 * v[3 * c + 2]!;
    }
  }

  /** Stage 3: momentum → velocity, gravity, walls. */
  private updateGrid(): void {
    const { gm, gvx, gvy, gvz } = this;
    const N = this.nodes;
    const dt = this.dt;
    const gx = dt * this.gravityX;
    const gy = dt * this.gravityY;
    const gz = dt * this.gravityZ;
    const b = this.boundaryCells;
    const hi = this.resolution - b;
    const sticky = this.boundary === 'sticky';
    const slipOnly = this.boundary === 'slip';
    const mu = this.boundaryFriction;
    for (let k = 0; k < N; k++) {
      const wallZ = k < b ? 1 : k > hi ? -1 : 0;
      for (let j = 0; j < N; j++) {
        const wallY = j < b ? 1 : j > hi ? -1 : 0;
        const row = (k * N + j) * N;
        for (let i = 0; i < N; i++) {
          const n = row + i;
          const m = gm[n]!;
          if (m <= 0) continue;
          const inv = 1 / m;
          let ux = gvx[n]! * inv + gx;
          let uy = gvy[n]! * inv + gy;
          let uz = gvz[n]! * inv + gz;
          const wallX = i < b ? 1 : i > hi ? -1 : 0;
          if (wallX !== 0 || wallY !== 0 || wallZ !== 0) {
            if (sticky) {
              ux = 0;
              uy = 0;
              uz = 0;
            } else {
              // per wall: remove the inflowing normal speed vn, then (Coulomb) shrink the
              // tangential velocity's magnitude by μ·|vn|
              let vn = 0;
              if (wallX !== 0 && ux * wallX < 0) {
                vn += Math.abs(ux);
                ux = 0;
              }
              if (wallY !== 0 && uy * wallY < 0) {
                vn += Math.abs(uy);
                uy = 0;
              }
              if (wallZ !== 0 && uz * wallZ < 0) {
                vn += Math.abs(uz);
                uz = 0;
              }
              if (vn > 0 && !slipOnly) {
                const vt = Math.sqrt(ux * ux + uy * uy + uz * uz);
                const s = vt > mu * vn ? 1 - (mu * vn) / vt : 0;
                ux *= s;
                uy *= s;
                uz *= s;
              }
            }
          }
          gvx[n] = ux;
          gvy[n] = uy;
          gvz[n] = uz;
        }
      }
    }
  }

  /** Stage 4: gather velocity and the affine matrix, advect. */
  private gridToParticle(): void {
    const { x, y, z, vx, vy, vz, C, gvx, gvy, gvz } = this;
    const dt = this.dt;
    const dx = this.dx;
    const invDx = this.invDx;
    const N = this.nodes;
    const NN = N * N;
    const k4 = 4 * invDx * invDx;
    const lo = this.boundaryCells * dx * 0.5;
    const hi = this.size - lo;
    const count = this.count;
    for (let p = 0; p < count; p++) {
      const xs = x[p]! * invDx;
      const ys = y[p]! * invDx;
      const zs = z[p]! * invDx;
      const bx = Math.floor(xs - 0.5);
      const by = Math.floor(ys - 0.5);
      const bz = Math.floor(zs - 0.5);
      const fx = xs - bx;
      const fy = ys - by;
      const fz = zs - bz;
      const wx0 = 0.5 * (1.5 - fx) * (1.5 - fx);
      const wx1 = 0.75 - (fx - 1) * (fx - 1);
      const wx2 = 0.5 * (fx - 0.5) * (fx - 0.5);
      const wy0 = 0.5 * (1.5 - fy) * (1.5 - fy);
      const wy1 = 0.75 - (fy - 1) * (fy - 1);
      const wy2 = 0.5 * (fy - 0.5) * (fy - 0.5);
      const wz0 = 0.5 * (1.5 - fz) * (1.5 - fz);
      const wz1 = 0.75 - (fz - 1) * (fz - 1);
      const wz2 = 0.5 * (fz - 0.5) * (fz - 0.5);
      let nvx = 0;
      let nvy = 0;
      let nvz = 0;
      let c0 = 0;
      let c1 = 0;
      let c2 = 0;
      let c3 = 0;
      let c4 = 0;
      let c5 = 0;
      let c6 = 0;
      let c7 = 0;
      let c8 = 0;
      for (let kk = 0; kk < 3; kk++) {
        const wz = kk === 0 ? wz0 : kk === 1 ? wz1 : wz2;
        const dpz = (kk - fz) * dx;
        for (let j = 0; j < 3; j++) {
          const wyz = (j === 0 ? wy0 : j === 1 ? wy1 : wy2) * wz;
          const dpy = (j - fy) * dx;
          const row = (bz + kk) * NN + (by + j) * N + bx;
          for (let i = 0; i < 3; i++) {
            const w = (i === 0 ? wx0 : i === 1 ? wx1 : wx2) * wyz;
            const dpx = (i - fx) * dx;
            const wux = w * gvx[row + i]!;
            const wuy = w * gvy[row + i]!;
            const wuz = w * gvz[row + i]!;
            nvx += wux;
            nvy += wuy;
            nvz += wuz;
            c0 += wux * dpx;
            c1 += wux * dpy;
            c2 += wux * dpz;
            c3 += wuy * dpx;
            c4 += wuy * dpy;
            c5 += wuy * dpz;
            c6 += wuz * dpx;
            c7 += wuz * dpy;
            c8 += wuz * dpz;
          }
        }
      }
      vx[p] = nvx;
      vy[p] = nvy;
      vz[p] = nvz;
      const o = 9 * p;
      C[o] = k4 * c0;
      C[o + 1] = k4 * c1;
      C[o + 2] = k4 * c2;
      C[o + 3] = k4 * c3;
      C[o + 4] = k4 * c4;
      C[o + 5] = k4 * c5;
      C[o + 6] = k4 * c6;
      C[o + 7] = k4 * c7;
      C[o + 8] = k4 * c8;
      // advect; the walls' band keeps particles inside, the clamp guards the grid's index range
      let px = x[p]! + dt * nvx;
      let py = y[p]! + dt * nvy;
      let pz = z[p]! + dt * nvz;
      if (px < lo) px = lo;
      else if (px > hi) px = hi;
      if (py < lo) py = lo;
      else if (py > hi) py = hi;
      if (pz < lo) pz = lo;
      else if (pz > hi) pz = hi;
      x[p] = px;
      y[p] = py;
      z[p] = pz;
    }
  }

  /** Stage 5: the engines' non-finite policy — throw, naming the particle. */
  private checkFinite(): void {
    const { x, y, z, vx, vy, vz } = this;
    for (let p = 0; p < this.count; p++) {
      // x − x is 0 for finite x and NaN for ±∞ / NaN
      const s = x[p]! - x[p]! + (y[p]! - y[p]!) + (z[p]! - z[p]!);
      if (s + (vx[p]! - vx[p]!) + (vy[p]! - vy[p]!) + (vz[p]! - vz[p]!) !== 0) {
        throw new PhysicsError(
          'non-finite',
          `mpm particle ${p}: state went non-finite at t = ${this.time} (x ${x[p]}, ${y[p]}, ${z[p]}, v ${vx[p]}, ${vy[p]}, ${vz[p]}); reduce dt or the stiffness`,
        );
      }
    }
  }

  /** The full state as snapshot bytes (mpm/snapshot.ts): a restored sim continues bit-identically. */
  snapshot(): Uint8Array {
    return mpm3Snapshot(this);
  }

  /** Restores a snapshot; a bad one throws `PhysicsError` and leaves the sim unchanged. */
  restore(bytes: Uint8Array): void {
    mpm3Restore(this, bytes);
  }

  /** A 64-bit hash (16 hex digits) of the full state, bit for bit. */
  stateHash(): string {
    return mpm3StateHash(this);
  }

  /** Total linear momentum Σ m v. */
  momentum(): [number, number, number] {
    let px = 0;
    let py = 0;
    let pz = 0;
    for (let p = 0; p < this.count; p++) {
      const m = this.mass[p]!;
      px += m * this.vx[p]!;
      py += m * this.vy[p]!;
      pz += m * this.vz[p]!;
    }
    return [px, py, pz];
  }

  /**
   * Total angular momentum about the origin: Σ m (x × v) plus APIC's affine part
   * m Dp (C₂₁ − C₁₂, C₀₂ − C₂₀, C₁₀ − C₀₁), Dp = Δx²/4 for quadratic weights.
   */
  angularMomentum(): [number, number, number] {
    let lx = 0;
    let ly = 0;
    let lz = 0;
    const d = (this.dx * this.dx) / 4;
    const { x, y, z, vx, vy, vz, C, mass } = this;
    for (let p = 0; p < this.count; p++) {
      const m = mass[p]!;
      const o = 9 * p;
      lx += m * (y[p]! * vz[p]! - z[p]! * vy[p]!) + m * d * (C[o + 7]! - C[o + 5]!);
      ly += m * (z[p]! * vx[p]! - x[p]! * vz[p]!) + m * d * (C[o + 2]! - C[o + 6]!);
      lz += m * (x[p]! * vy[p]! - y[p]! * vx[p]!) + m * d * (C[o + 3]! - C[o + 1]!);
    }
    return [lx, ly, lz];
  }

  /** Kinetic energy ½ Σ m |v|². */
  kineticEnergy(): number {
    let e = 0;
    for (let p = 0; p < this.count; p++)
      e += 0.5 * this.mass[p]! * (this.vx[p]! ** 2 + this.vy[p]! ** 2 + this.vz[p]! ** 2);
    return e;
  }
}
