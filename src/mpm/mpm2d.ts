/**
 * MLS-MPM in 2D (textbook §26.4, the material point method; Hu et al. 2018, "A moving least squares
 * material point method with displacement discontinuity and two-way rigid body coupling"), with
 * APIC transfers (Jiang et al. 2015).
 *
 * Particles carry mass, volume, velocity v, the affine velocity matrix C, the deformation gradient F
 * and a plastic state (Jp); a background grid of nodes carries mass and momentum for one substep.
 * `step()` runs the stages:
 *   1. clear the grid;
 *   2. particle → grid (P2G): F ← (I + Δt C) F, the material's return mapping and Kirchhoff stress τ,
 *      then scatter mass and momentum with quadratic B-spline weights wᵢ:
 *      mᵢ += wᵢ m,  (mv)ᵢ += wᵢ (m v + A (xᵢ − xₚ)),  A = −Δt V⁰ (4/Δx²) τ + m C  (MLS: the stress enters
 *      the same affine term as APIC's C);
 *   3. grid update: vᵢ = (mv)ᵢ / mᵢ + Δt g, and the walls (sticky, slip, or separating with Coulomb
 *      friction);
 *   4. grid → particle (G2P): v = Σ wᵢ vᵢ, C = (4/Δx²) Σ wᵢ vᵢ (xᵢ − xₚ)ᵀ, x += Δt v;
 *   5. non-finite check (a `PhysicsError` naming the particle).
 * APIC and MLS conserve linear and angular momentum in the transfers exactly up to round-off.
 *
 * The domain is the square [0, size]²; particles are kept `boundaryCells` away from its edges.
 * Storage is structure-of-arrays typed arrays; a warm step allocates nothing.
 */
import { PhysicsError } from '../core/errors.js';
import { svd2 } from '../math/svd2.js';
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
import { mpmRestore, mpmSnapshot, mpmStateHash } from './snapshot.js';

export type { MpmBoundary } from './grid-options.js';

/** Options of {@link MpmSim2D}. */
export interface Mpm2DOptions {
  /** grid cells per side, integer in [8, 1024] */
  resolution: number;
  /** side of the square domain, m, default 1 */
  size?: number;
  /** substep, s (the 88-line classic: 2e-4 at 128 cells and E = 400 Pa) */
  dt: number;
  /** m/s², default [0, −9.8] */
  gravity?: [number, number];
  /** walls: 'sticky' (v = 0), 'slip' (no normal inflow), 'separate' (default: slip with Coulomb friction, free to leave) */
  boundary?: MpmBoundary;
  /** Coulomb friction of the walls for 'separate', default 0.5 */
  boundaryFriction?: number;
  /** thickness of the wall band, cells, default 3 */
  boundaryCells?: number;
  /** the most particles, default 1,000,000 */
  maxParticles?: number;
}

/** How to seed a block of particles. */
export interface MpmSeedOptions {
  /** particle spacing, m, default Δx/2 (4 particles per cell) */
  spacing?: number;
  /** initial velocity, default [0, 0] */
  velocity?: [number, number];
}

/** The 2D MLS-MPM simulation (see the file comment). */
export class MpmSim2D {
  /** grid cells per side */
  readonly resolution: number;
  /** side of the square domain, m */
  readonly size: number;
  /** cell size Δx, m */
  readonly dx: number;
  /** 1 / Δx */
  readonly invDx: number;
  /** substep, s (may be changed between steps) */
  dt: number;
  /** gravity, m/s² */
  gravityX: number;
  /** gravity, m/s² */
  gravityY: number;
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
  // particles (SoA)
  /** particle positions and velocities (SoA, `count` used) */
  x = new Float64Array(0);
  /** particle y positions, m */
  y = new Float64Array(0);
  /** particle x velocities, m/s */
  vx = new Float64Array(0);
  /** particle y velocities, m/s */
  vy = new Float64Array(0);
  /** affine velocity, 4 per particle (row-major) */
  C = new Float64Array(0);
  /** deformation gradient, 4 per particle (row-major) */
  F = new Float64Array(0);
  /** plastic volume ratio (snow), or the volume ratio J (fluid) */
  Jp = new Float64Array(0);
  /** material index per particle */
  material = new Uint8Array(0);
  /** rest volume (area) and mass per particle */
  vol0 = new Float64Array(0);
  /** particle mass, kg */
  mass = new Float64Array(0);
  /** the materials added so far (index = material number) */
  readonly materials: MpmMaterial[] = [];
  // grid (nodes (resolution + 1)², row-major: node (i, j) at j·N + i)
  /** grid nodes per side (resolution + 1) */
  readonly nodes: number;
  /** grid node masses of the current substep */
  readonly gm: Float64Array;
  /** grid node x momentum, then velocity, of the current substep */
  readonly gvx: Float64Array;
  /** grid node y momentum, then velocity, of the current substep */
  readonly gvy: Float64Array;
  // per-material constants unpacked for the inner loop
  private mu = new Float64Array(0);
  private lambda = new Float64Array(0);
  private code = new Uint8Array(0);
  private eta = new Float64Array(0);
  private readonly u = new Float64Array(4);
  private readonly v = new Float64Array(4);
  private readonly sig = new Float64Array(2);
  private readonly tau = new Float64Array(4);
  private readonly eps = new Float64Array(3);
  private readonly hard = new Float64Array(1);
  private alpha = new Float64Array(0);

  constructor(options: Mpm2DOptions) {
    const o = resolveGridOptions(options, 2, 1024, 1_000_000);
    const n = o.resolution;
    this.resolution = n;
    this.size = o.size;
    this.dx = o.size / n;
    this.invDx = n / o.size;
    this.dt = o.dt;
    this.gravityX = o.gravity[0]!;
    this.gravityY = o.gravity[1]!;
    this.boundary = o.boundary;
    this.boundaryFriction = o.boundaryFriction;
    this.boundaryCells = o.boundaryCells;
    this.maxParticles = o.maxParticles;
    this.nodes = n + 1;
    this.gm = new Float64Array(this.nodes * this.nodes);
    this.gvx = new Float64Array(this.nodes * this.nodes);
    this.gvy = new Float64Array(this.nodes * this.nodes);
  }

  /** Adds a material; returns its index for `addParticle` / `addBox`. At most 255. */
  addMaterial(def: MpmMaterialDef): number {
    if (this.materials.length >= 255)
      throw new PhysicsError('invalid-argument', 'addMaterial: at most 255 materials');
    const m = resolveMaterial(def, `materials[${this.materials.length}]`);
    this.materials.push(m);
    const k = this.materials.length;
    const mu = new Float64Array(k);
    const la = new Float64Array(k);
    const code = new Uint8Array(k);
    const eta = new Float64Array(k);
    const alpha = new Float64Array(k);
    for (let i = 0; i < k; i++) {
      alpha[i] = this.materials[i]!.alphaPlane;
      eta[i] = this.materials[i]!.viscosity;
      mu[i] = this.materials[i]!.mu;
      la[i] = this.materials[i]!.lambda;
      code[i] = this.materials[i]!.code;
    }
    this.mu = mu;
    this.lambda = la;
    this.code = code;
    this.eta = eta;
    this.alpha = alpha;
    return k - 1;
  }

  private grow(need: number): void {
    if (need <= this.x.length && need <= this.maxParticles) return;
    const cap = particleCapacity(need, this.x.length, this.maxParticles);
    const g = <T extends Float64Array | Uint8Array>(a: T, k: number): T => grown(a, cap, k);
    this.x = g(this.x, 1);
    this.y = g(this.y, 1);
    this.vx = g(this.vx, 1);
    this.vy = g(this.vy, 1);
    this.C = g(this.C, 4);
    this.F = g(this.F, 4);
    this.Jp = g(this.Jp, 1);
    this.material = g(this.material, 1);
    this.vol0 = g(this.vol0, 1);
    this.mass = g(this.mass, 1);
  }

  /** Adds one particle of rest volume `volume` (m²); returns its index. */
  addParticle(px: number, py: number, vx: number, vy: number, material: number, volume: number): number {
    const m = this.materials[material];
    if (m === undefined)
      throw new PhysicsError('invalid-argument', `material: no material ${material} (add it first)`);
    for (const [name, val] of [
      ['x', px],
      ['y', py],
      ['vx', vx],
      ['vy', vy],
      ['volume', volume],
    ] as const) {
      if (!Number.isFinite(val))
        throw new PhysicsError('non-finite', `particle.${name}: must be a finite number, got ${val}`);
    }
    const lo = this.boundaryCells * this.dx;
    const hi = this.size - lo;
    if (px < lo || px > hi || py < lo || py > hi) {
      throw new PhysicsError(
        'invalid-argument',
        `particle (${px}, ${py}): outside the domain's interior [${lo}, ${hi}]²`,
      );
    }
    if (!(volume > 0))
      throw new PhysicsError('invalid-argument', `particle.volume: must be > 0, got ${volume}`);
    if (Math.abs(vx) > 1e4 || Math.abs(vy) > 1e4) {
      throw new PhysicsError('invalid-argument', 'particle velocity: |v| must be ≤ 1e4 m/s');
    }
    const p = this.count;
    this.grow(p + 1);
    this.x[p] = px;
    this.y[p] = py;
    this.vx[p] = vx;
    this.vy[p] = vy;
    this.C.fill(0, 4 * p, 4 * p + 4);
    this.F[4 * p] = 1;
    this.F[4 * p + 1] = 0;
    this.F[4 * p + 2] = 0;
    this.F[4 * p + 3] = 1;
    this.Jp[p] = 1;
    this.material[p] = material;
    this.vol0[p] = volume;
    this.mass[p] = volume * m.density;
    this.count++;
    return p;
  }

  /** Fills the rectangle [x0, x1] × [y0, y1] with particles on a regular lattice; returns how many. */
  addBox(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    material: number,
    options: MpmSeedOptions = {},
  ): number {
    const h = options.spacing ?? 0.5 * this.dx;
    if (!(h > 0) || h < 0.05 * this.dx) {
      throw new PhysicsError('invalid-argument', `spacing: must be ≥ Δx/20 = ${0.05 * this.dx}, got ${h}`);
    }
    const [vx, vy] = options.velocity ?? [0, 0];
    const nx = Math.floor((x1 - x0) / h + 1e-9);
    const ny = Math.floor((y1 - y0) / h + 1e-9);
    if (!(nx >= 1 && ny >= 1))
      throw new PhysicsError('invalid-argument', 'addBox: the box holds no particle');
    this.grow(this.count + nx * ny);
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++)
        this.addParticle(x0 + (i + 0.5) * h, y0 + (j + 0.5) * h, vx, vy, material, h * h);
    }
    return nx * ny;
  }

  /** Fills the disc of centre (cx, cy) and radius r on a regular lattice; returns how many. */
  addDisc(cx: number, cy: number, r: number, material: number, options: MpmSeedOptions = {}): number {
    const h = options.spacing ?? 0.5 * this.dx;
    if (!(h > 0) || h < 0.05 * this.dx)
      throw new PhysicsError('invalid-argument', `spacing: must be ≥ Δx/20, got ${h}`);
    const [vx, vy] = options.velocity ?? [0, 0];
    const k = Math.ceil(r / h);
    let added = 0;
    for (let j = -k; j <= k; j++) {
      for (let i = -k; i <= k; i++) {
        const px = cx + (i + 0.5) * h;
        const py = cy + (j + 0.5) * h;
        if ((px - cx) ** 2 + (py - cy) ** 2 > r * r) continue;
        this.addParticle(px, py, vx, vy, material, h * h);
        added++;
      }
    }
    return added;
  }

  /** One substep: clear grid → P2G → grid update → G2P → non-finite check. */
  step(): void {
    this.gm.fill(0);
    this.gvx.fill(0);
    this.gvy.fill(0);
    this.particleToGrid();
    this.updateGrid();
    this.gridToParticle();
    this.checkFinite();
    this.time += this.dt;
  }

  /** Stage 2: deformation update, constitutive model, scatter (see the file comment). */
  private particleToGrid(): void {
    const { x, y, vx, vy, C, F, Jp, material, vol0, mass, gm, gvx, gvy, tau } = this;
    const dt = this.dt;
    const dx = this.dx;
    const invDx = this.invDx;
    const N = this.nodes;
    const stressScale = -dt * 4 * invDx * invDx;
    for (let p = 0; p < this.count; p++) {
      const o = 4 * p;
      // F ← (I + Δt C) F
      const c00 = C[o]!;
      const c01 = C[o + 1]!;
      const c10 = C[o + 2]!;
      const c11 = C[o + 3]!;
      const f00 = F[o]!;
      const f01 = F[o + 1]!;
      const f10 = F[o + 2]!;
      const f11 = F[o + 3]!;
      F[o] = f00 + dt * (c00 * f00 + c01 * f10);
      F[o + 1] = f01 + dt * (c00 * f01 + c01 * f11);
      F[o + 2] = f10 + dt * (c10 * f00 + c11 * f10);
      F[o + 3] = f11 + dt * (c10 * f01 + c11 * f11);
      const mat = material[p]!;
      const code = this.code[mat]!;
      if (code === MAT_FLUID) {
        // J ← det(I + Δt C)·J; Kirchhoff τ = K (J − 1) J I; shear-free, so F is not needed
        const J = Jp[p]! * ((1 + dt * c00) * (1 + dt * c11) - dt * dt * c01 * c10);
        Jp[p] = J;
        const s = this.lambda[mat]! * (J - 1) * J;
        tau[0] = s;
        tau[1] = 0;
        tau[2] = 0;
        tau[3] = s;
      } else {
        this.stress(p, mat, code);
      }
      const eta = this.eta[mat]!;
      if (eta > 0) {
        // Kelvin–Voigt: τ += η J (C + Cᵀ), C ≈ ∇v (APIC's affine velocity)
        const J = F[o]! * F[o + 3]! - F[o + 1]! * F[o + 2]!;
        const k = eta * J;
        tau[0]! += 2 * k * c00;
        tau[1]! += k * (c01 + c10);
        tau[2]! += k * (c01 + c10);
        tau[3]! += 2 * k * c11;
      }
      const m = mass[p]!;
      const k = stressScale * vol0[p]!;
      const a00 = k * tau[0]! + m * c00;
      const a01 = k * tau[1]! + m * c01;
      const a10 = k * tau[2]! + m * c10;
      const a11 = k * tau[3]! + m * c11;
      const mvx = m * vx[p]!;
      const mvy = m * vy[p]!;
      const xs = x[p]! * invDx;
      const ys = y[p]! * invDx;
      const bx = Math.floor(xs - 0.5);
      const by = Math.floor(ys - 0.5);
      const fx = xs - bx;
      const fy = ys - by;
      // quadratic B-spline weights
      const wx0 = 0.5 * (1.5 - fx) * (1.5 - fx);
      const wx1 = 0.75 - (fx - 1) * (fx - 1);
      const wx2 = 0.5 * (fx - 0.5) * (fx - 0.5);
      const wy0 = 0.5 * (1.5 - fy) * (1.5 - fy);
      const wy1 = 0.75 - (fy - 1) * (fy - 1);
      const wy2 = 0.5 * (fy - 0.5) * (fy - 0.5);
      for (let j = 0; j < 3; j++) {
        const wy = j === 0 ? wy0 : j === 1 ? wy1 : wy2;
        const dpy = (j - fy) * dx;
        const row = (by + j) * N + bx;
        for (let i = 0; i < 3; i++) {
          const w = (i === 0 ? wx0 : i === 1 ? wx1 : wx2) * wy;
          const dpx = (i - fx) * dx;
          const node = row + i;
          gm[node]! += w * m;
          gvx[node]! += w * (mvx + a00 * dpx + a01 * dpy);
          gvy[node]! += w * (mvy + a10 * dpx + a11 * dpy);
        }
      }
    }
  }

  /**
   * The return mapping (snow, sand) and the Kirchhoff stress τ = P Fᵀ of particle p into `tau`
   * (material models: see material.ts).
   */
  private stress(p: number, mat: number, code: number): void {
    const { F, Jp, u, v, sig, tau } = this;
    const o = 4 * p;
    svd2(u, 0, sig, 0, v, 0, F, o);
    let mu = this.mu[mat]!;
    let la = this.lambda[mat]!;
    let s0 = sig[0]!;
    let s1 = sig[1]!;
    if (code === MAT_SAND) {
      // Drucker–Prager in Hencky strain (Klár et al. 2016 §7), cohesionless
      const eps = this.eps;
      logStrain(eps, sig, 2);
      const outcome = druckerPragerReturn(eps, 2, this.mu, this.lambda, this.alpha, mat);
      if (outcome !== DP_ELASTIC) {
        expStrain(sig, eps, 2);
        this.recompose(o);
      }
      const e0 = eps[0]!;
      const e1 = eps[1]!;
      // τ = U (2μ ε + λ tr(ε) I) Uᵀ
      const t0 = 2 * mu * e0 + la * (e0 + e1);
      const t1 = 2 * mu * e1 + la * (e0 + e1);
      const u00 = u[0]!;
      const u01 = u[1]!;
      const u10 = u[2]!;
      const u11 = u[3]!;
      tau[0] = u00 * t0 * u00 + u01 * t1 * u01;
      tau[1] = u00 * t0 * u10 + u01 * t1 * u11;
      tau[2] = tau[1]!;
      tau[3] = u10 * t0 * u10 + u11 * t1 * u11;
      return;
    }
    if (code === MAT_SNOW) {
      // Stomakhin et al. 2013: clamp the singular values, move the change into Jp, harden
      const M = this.materials[mat]!;
      let n0 = Math.min(Math.max(s0, 1 - M.thetaC), 1 + M.thetaS);
      let n1 = Math.min(Math.max(s1, 1 - M.thetaC), 1 + M.thetaS);
      let jp = (Jp[p]! * (s0 * s1)) / (n0 * n1);
      if (jp < M.jpMin) {
        // compaction stops where the hardening reaches its cap: the rest of the volume change stays
        // elastic (Jp = jpMin), so compacted snow resists further compression and flows sideways
        const k = Math.sqrt(jp / M.jpMin);
        n0 *= k;
        n1 *= k;
        jp = M.jpMin;
      }
      Jp[p] = jp;
      s0 = n0;
      s1 = n1;
      sig[0] = n0;
      sig[1] = n1;
      this.recompose(o);
      // e^{ξ(1−Jp)} through an array (a double returned from an out-of-line call is boxed)
      const hard = this.hard;
      hard[0] = M.xi * (1 - Jp[p]!);
      expStrain(hard, hard, 1);
      const h = Math.min(hard[0]!, M.maxHardening);
      mu *= h;
      la *= h;
    } else if (code !== MAT_JELLY) {
      throw new PhysicsError('invalid-argument', `material code ${code}`);
    }
    // fixed corotated: τ = 2μ (F − R) Fᵀ + λ J (J − 1) I, R = U Vᵀ
    const u00 = u[0]!;
    const u01 = u[1]!;
    const u10 = u[2]!;
    const u11 = u[3]!;
    const v00 = v[0]!;
    const v01 = v[1]!;
    const v10 = v[2]!;
    const v11 = v[3]!;
    const r00 = u00 * v00 + u01 * v01;
    const r01 = u00 * v10 + u01 * v11;
    const r10 = u10 * v00 + u11 * v01;
    const r11 = u10 * v10 + u11 * v11;
    const f00 = F[o]!;
    const f01 = F[o + 1]!;
    const f10 = F[o + 2]!;
    const f11 = F[o + 3]!;
    const d00 = f00 - r00;
    const d01 = f01 - r01;
    const d10 = f10 - r10;
    const d11 = f11 - r11;
    const J = s0 * s1;
    const vol = la * J * (J - 1);
    tau[0] = 2 * mu * (d00 * f00 + d01 * f01) + vol;
    tau[1] = 2 * mu * (d00 * f10 + d01 * f11);
    tau[2] = 2 * mu * (d10 * f00 + d11 * f01);
    tau[3] = 2 * mu * (d10 * f10 + d11 * f11) + vol;
  }

  /**
   * F ← U diag(sig) Vᵀ from the last SVD and the singular values in `sig` (read from the array, not
   * passed: doubles passed to a call the compiler leaves out of line are boxed on the heap).
   */
  private recompose(o: number): void {
    const { F, u, v, sig } = this;
    const s0 = sig[0]!;
    const s1 = sig[1]!;
    const a = u[0]! * s0;
    const b = u[1]! * s1;
    const c = u[2]! * s0;
    const d = u[3]! * s1;
    F[o] = a * v[0]! + b * v[1]!;
    F[o + 1] = a * v[2]! + b * v[3]!;
    F[o + 2] = c * v[0]! + d * v[1]!;
    F[o + 3] = c * v[2]! + d * v[3]!;
  }

  /** Stage 3: momentum → velocity, gravity, walls. */
  private updateGrid(): void {
    const { gm, gvx, gvy } = this;
    const N = this.nodes;
    const dt = this.dt;
    const gx = dt * this.gravityX;
    const gy = dt * this.gravityY;
    const b = this.boundaryCells;
    const hi = this.resolution - b;
    const sticky = this.boundary === 'sticky';
    const slipOnly = this.boundary === 'slip';
    const mu = this.boundaryFriction;
    for (let j = 0; j < N; j++) {
      for (let i = 0; i < N; i++) {
        const k = j * N + i;
        const m = gm[k]!;
        if (m <= 0) continue;
        let ux = gvx[k]! / m + gx;
        let uy = gvy[k]! / m + gy;
        const wallX = i < b ? 1 : i > hi ? -1 : 0;
        const wallY = j < b ? 1 : j > hi ? -1 : 0;
        if (wallX !== 0 || wallY !== 0) {
          if (sticky) {
            ux = 0;
            uy = 0;
          } else {
            // inward normal of the wall (corners: both components)
            if (wallX !== 0 && ux * wallX < 0) {
              const vn = ux;
              ux = 0;
              if (!slipOnly) uy = frictionTangent(uy, Math.abs(vn), mu);
            }
            if (wallY !== 0 && uy * wallY < 0) {
              const vn = uy;
              uy = 0;
              if (!slipOnly) ux = frictionTangent(ux, Math.abs(vn), mu);
            }
          }
        }
        gvx[k] = ux;
        gvy[k] = uy;
      }
    }
  }

  /** Stage 4: gather velocity and the affine matrix, advect. */
  private gridToParticle(): void {
    const { x, y, vx, vy, C, gvx, gvy } = this;
    const dt = this.dt;
    const dx = this.dx;
    const invDx = this.invDx;
    const N = this.nodes;
    const k4 = 4 * invDx * invDx;
    const lo = this.boundaryCells * dx * 0.5;
    const hi = this.size - lo;
    for (let p = 0; p < this.count; p++) {
      const xs = x[p]! * invDx;
      const ys = y[p]! * invDx;
      const bx = Math.floor(xs - 0.5);
      const by = Math.floor(ys - 0.5);
      const fx = xs - bx;
      const fy = ys - by;
      const wx0 = 0.5 * (1.5 - fx) * (1.5 - fx);
      const wx1 = 0.75 - (fx - 1) * (fx - 1);
      const wx2 = 0.5 * (fx - 0.5) * (fx - 0.5);
      const wy0 = 0.5 * (1.5 - fy) * (1.5 - fy);
      const wy1 = 0.75 - (fy - 1) * (fy - 1);
      const wy2 = 0.5 * (fy - 0.5) * (fy - 0.5);
      let nvx = 0;
      let nvy = 0;
      let c00 = 0;
      let c01 = 0;
      let c10 = 0;
      let c11 = 0;
      for (let j = 0; j < 3; j++) {
        const wy = j === 0 ? wy0 : j === 1 ? wy1 : wy2;
        const dpy = (j - fy) * dx;
        const row = (by + j) * N + bx;
        for (let i = 0; i < 3; i++) {
          const w = (i === 0 ? wx0 : i === 1 ? wx1 : wx2) * wy;
          const dpx = (i - fx) * dx;
          const ux = gvx[row + i]!;
          const uy = gvy[row + i]!;
          nvx += w * ux;
          nvy += w * uy;
          c00 += w * ux * dpx;
          c01 += w * ux * dpy;
          c10 += w * uy * dpx;
          c11 += w * uy * dpy;
        }
      }
      vx[p] = nvx;
      vy[p] = nvy;
      const o = 4 * p;
      C[o] = k4 * c00;
      C[o + 1] = k4 * c01;
      C[o + 2] = k4 * c10;
      C[o + 3] = k4 * c11;
      // advect; the walls' band keeps particles inside, the clamp guards the grid's index range
      let px = x[p]! + dt * nvx;
      let py = y[p]! + dt * nvy;
      if (px < lo) px = lo;
      else if (px > hi) px = hi;
      if (py < lo) py = lo;
      else if (py > hi) py = hi;
      x[p] = px;
      y[p] = py;
    }
  }

  /** Stage 5: the engines' non-finite policy — throw, naming the particle. */
  private checkFinite(): void {
    const { x, y, vx, vy } = this;
    for (let p = 0; p < this.count; p++) {
      // x − x is 0 for finite x and NaN for ±∞ / NaN
      if (x[p]! - x[p]! + (y[p]! - y[p]!) + (vx[p]! - vx[p]!) + (vy[p]! - vy[p]!) !== 0) {
        throw new PhysicsError(
          'non-finite',
          `mpm particle ${p}: state went non-finite at t = ${this.time} (x ${x[p]}, y ${y[p]}, v ${vx[p]}, ${vy[p]}); reduce dt or the stiffness`,
        );
      }
    }
  }

  /** The full state as snapshot bytes (mpm/snapshot.ts): a restored sim continues bit-identically. */
  snapshot(): Uint8Array {
    return mpmSnapshot(this);
  }

  /** Restores a snapshot; a bad one throws `PhysicsError` and leaves the sim unchanged. */
  restore(bytes: Uint8Array): void {
    mpmRestore(this, bytes);
  }

  /** A 64-bit hash (16 hex digits) of the full state, bit for bit. */
  stateHash(): string {
    return mpmStateHash(this);
  }

  /** Total linear momentum Σ m v. */
  momentum(): [number, number] {
    let px = 0;
    let py = 0;
    for (let p = 0; p < this.count; p++) {
      px += this.mass[p]! * this.vx[p]!;
      py += this.mass[p]! * this.vy[p]!;
    }
    return [px, py];
  }

  /** Total angular momentum about the origin, Σ m (x × v) plus the affine part Σ m (Dp Cᵀ)'s skew term. */
  angularMomentum(): number {
    let L = 0;
    const d = (this.dx * this.dx) / 4;
    for (let p = 0; p < this.count; p++) {
      const m = this.mass[p]!;
      const o = 4 * p;
      // APIC's angular momentum: m (x × v) + m Dp (C₁₀ − C₀₁) with Dp = Δx²/4 for quadratic weights
      L +=
        m * (this.x[p]! * this.vy[p]! - this.y[p]! * this.vx[p]!) + m * d * (this.C[o + 2]! - this.C[o + 1]!);
    }
    return L;
  }

  /** Kinetic energy ½ Σ m |v|². */
  kineticEnergy(): number {
    let e = 0;
    for (let p = 0; p < this.count; p++) e += 0.5 * this.mass[p]! * (this.vx[p]! ** 2 + this.vy[p]! ** 2);
    return e;
  }
}

/** Coulomb friction on a tangential velocity after a normal impact of speed vn: |vt| shrinks by μ vn. */
function frictionTangent(vt: number, vn: number, mu: number): number {
  const a = Math.abs(vt) - mu * vn;
  return a <= 0 ? 0 : vt > 0 ? a : -a;
}
