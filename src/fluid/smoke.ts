/**
 * Smoke and fire on a MAC grid (textbook §26.4 "煙と炎"; Fedkiw, Stam, Jensen, "Visual Simulation
 * of Smoke", SIGGRAPH 2001), stepped with Stam's operator splitting:
 *
 *   obstacles → sources → forces (buoyancy, vorticity confinement) → advect velocity →
 *   diffuse → project → advect density / heat / fuel → burn
 *
 * Buoyancy f = (−a s + b (T − T_amb)) ŷ: heavy smoke sinks, hot gas rises. Vorticity confinement
 * (vorticity-confinement.ts) spins small eddies back up that numerical dissipation removed. Fire
 * adds a fuel field that burns above an ignition temperature, releasing heat and smoke, and
 * expands where it burns (a divergence target for the projection). Temperature is stored as the
 * excess over ambient, so solid cells (0) are ambient.
 *
 * Semi-Lagrangian advection does not conserve the total smoke by itself; in a closed box
 * (`conserveSmoke`, default on) the density is rescaled after advection to the total it had, a
 * global mass fix. The flux-form schemes conserve exactly: 'conservative' (flux-corrected
 * transport, substepped, no new extrema; no rescale needed, open sides included) and 'upwind'
 * (first order, needs the CFL condition).
 *
 * Options are validated once, at construction (smoke-options.ts); a step that leaves a NaN or ±∞
 * in a cell or face throws `non-finite` naming it.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { pcos, psin } from '../math/portable.js';
import {
  type AdvectionOptions,
  Advector,
  type ScalarAdvectionScheme,
  type VelocityAdvectionScheme,
} from './advection.js';
import { Diffuser } from './diffusion.js';
import { type DomainSides, MacGrid } from './mac-grid.js';
import type { PressureSolverKind } from './pressure-solvers.js';
import { type ProjectOptions, Projector, type ProjectResult } from './projection.js';
import { validateSmokeOptions, validateSplat } from './smoke-options.js';
import { smokeRestore, smokeSnapshot, smokeStateHash } from './snapshot.js';
import { VorticityConfinement } from './vorticity-confinement.js';

/** A region that keeps emitting: inside it density/heat/fuel are raised to at least these values. */
export interface SmokeSource {
  /** centre x in domain coordinates (m, 0 … nx·h); must lie inside the grid */
  x: number;
  /** centre y (m, 0 … ny·h); must lie inside the grid */
  y: number;
  /** centre z (m, 3D only), default the middle of the depth */
  z?: number;
  /** radius of the emitting disc (sphere in 3D), m > 0 */
  radius: number;
  /** smoke density raised to at least this in the cells inside (unset: none added) */
  density?: number;
  /** temperature excess over ambient */
  temperature?: number;
  /** fuel raised to at least this in the cells inside (burns when `fire` is on) */
  fuel?: number;
  /** velocity imposed on the faces inside */
  velocity?: [number, number] | [number, number, number];
}

/** Motion of an obstacle: fixed, constant velocity, or harmonic oscillation x0 + A sin(2πt/T). */
export type ObstacleMotion =
  | { kind: 'fixed' }
  | { kind: 'linear'; velocity: [number, number] | [number, number, number] }
  | { kind: 'oscillate'; amplitude: [number, number] | [number, number, number]; period: number };

/** A solid circle (sphere) or box in the smoke, fixed or moving; cells inside it are solid. */
export interface SmokeObstacle {
  /** 'circle' (a sphere in 3D) or 'box' */
  shape: 'circle' | 'box';
  /** centre x in domain coordinates (m) at time 0 */
  x: number;
  /** centre y (m) at time 0 */
  y: number;
  /** centre z (m, 3D only), default the middle of the depth */
  z?: number;
  /** circle (sphere in 3D) radius, m > 0 */
  radius?: number;
  /** box half width (m > 0) */
  halfWidth?: number;
  /** box half height (m > 0) */
  halfHeight?: number;
  /** box half depth (m, 3D only), default halfWidth */
  halfDepth?: number;
  /** how the obstacle moves, default fixed; a moving solid pushes the smoke through its face velocities */
  motion?: ObstacleMotion;
}

/** Fire: fuel that burns above an ignition temperature into heat, smoke and expansion. */
export interface FireOptions {
  /** temperature excess at which fuel burns (default 0.5) */
  ignition?: number;
  /** fuel burnt per second per cell, at most (default 4) */
  burnRate?: number;
  /** heat released per unit of fuel (default 6) */
  heat?: number;
  /** smoke produced per unit of fuel (default 0.4) */
  smoke?: number;
  /** divergence (1/s) per unit of fuel burnt per second: the gas expands where it burns (default 0.5) */
  expansion?: number;
}

/** The options of a {@link SmokeSim}: the grid, the solvers and schemes, forces, sources and obstacles. */
export interface SmokeOptions {
  /** cells along x (an integer ≥ 2) */
  nx: number;
  /** cells along y (an integer ≥ 2) */
  ny: number;
  /** cells along z: 1 (the default) is a 2D simulation, 2 or more is 3D */
  nz?: number;
  /** cell size h (m), default 1/ny so the domain is 1 m high */
  h?: number;
  /**
   * which sides of the box are open (fluid leaves, pressure 0 outside) instead of walls; default all closed
   */
  open?: Partial<DomainSides>;
  /** default 'mgpcg' */
  solver?: PressureSolverKind;
  /**
   * the most pressure iterations per step, default 60 for the stationary solvers (Jacobi, weighted
   * Jacobi, Gauss–Seidel, SOR: the textbook's 60 sweeps, all run) and 200 for the Krylov and
   * multigrid ones; every one runs when tolerance is 0
   */
  pressureIterations?: number;
  /** relative divergence tolerance (default 1e-5, 0 for the stationary solvers; 0 = always run pressureIterations) */
  tolerance?: number;
  /** the velocity's self-advection, default 'semi-lagrangian' */
  velocityAdvection?: VelocityAdvectionScheme;
  /**
   * smoke, heat and fuel: default 'semi-lagrangian'; 'conservative' keeps the total exactly
   * (flux-corrected transport, flux-corrected-transport.ts)
   */
  scalarAdvection?: ScalarAdvectionScheme;
  /** how a backtraced point is sampled: 'linear' (default) or 'cubic' (monotone bicubic, 2D only) */
  interpolation?: AdvectionOptions['interpolation'];
  /** how a sample is traced back: 'rk2' (midpoint, default) or 'euler' (one step x − Δt·u(x)) */
  backtrace?: AdvectionOptions['backtrace'];
  /** buoyancy weight a of the smoke density (default 0.05): heavy smoke sinks */
  buoyancyDensity?: number;
  /** buoyancy weight b of the temperature excess (default 1): hot gas rises */
  buoyancyTemperature?: number;
  /** ambient temperature (absolute, only for reporting/colour; default 0) */
  ambient?: number;
  /** vorticity confinement strength ε (default 0) */
  vorticity?: number;
  /** kinematic viscosity ν (default 0: the advection's numerical diffusion is already plenty) */
  viscosity?: number;
  /** heat lost per second as a fraction of the excess (default 0) */
  cooling?: number;
  /** smoke lost per second as a fraction (default 0) */
  dissipation?: number;
  /**
   * rescale the total smoke after advection so a closed box keeps exactly what it had (default
   * true; not needed, and not done, with `scalarAdvection: 'conservative'`)
   */
  conserveSmoke?: boolean;
  /** fuel that burns into heat, smoke and expansion: true for the defaults, or its settings; default off */
  fire?: FireOptions | boolean;
  /** regions that keep emitting smoke, heat, fuel or velocity every step */
  sources?: SmokeSource[];
  /** solid circles (spheres) and boxes, fixed or moving */
  obstacles?: SmokeObstacle[];
}

function nonNeg(v: number | undefined, def: number, where: string): number {
  const x = v ?? def;
  assertFinite(x, where);
  if (x < 0) throw new PhysicsError('invalid-argument', `${where}: must be >= 0, got ${x}`);
  return x;
}

/** Smoke and fire on a MAC grid (see the module comment for the step's stages). */
export class SmokeSim {
  /** the MAC grid: face velocities u, v, w, solid cells, size and cell size */
  readonly grid: MacGrid;
  /**
   * the advection schemes this simulation uses (semi-Lagrangian, MacCormack, BFECC, upwind, flux-corrected)
   */
  readonly advector: Advector;
  /** the pressure projection that makes the velocity divergence-free */
  readonly projector: Projector;
  /** the implicit viscosity solve (used when `viscosity` > 0) */
  readonly diffuser: Diffuser;
  /** smoke density per cell */
  readonly density: Float64Array;
  /** temperature excess over ambient per cell */
  readonly heat: Float64Array;
  /** unburnt fuel per cell (stays 0 without `fire`) */
  readonly fuel: Float64Array;
  /** divergence target from burning (1/s) */
  readonly expansion: Float64Array;
  /** the emitting regions (add more with `addSource`) */
  readonly sources: SmokeSource[];
  /** the solid obstacles (add more with `addObstacle`) */
  readonly obstacles: SmokeObstacle[];
  /** the pressure solver ({@link SmokeOptions.solver}); may be changed between steps */
  solver: PressureSolverKind;
  /** the most pressure iterations per step (all of them when tolerance is 0) */
  pressureIterations: number;
  /** relative divergence tolerance of the pressure solve (0: run every iteration) */
  tolerance: number;
  /** the velocity's self-advection scheme */
  velocityAdvection: VelocityAdvectionScheme;
  /** the scheme that carries smoke, heat and fuel */
  scalarAdvection: ScalarAdvectionScheme;
  /** 'linear' or 'cubic' sampling of the backtraced points */
  interpolation: AdvectionOptions['interpolation'];
  /** 'rk2' (midpoint) or 'euler' backtrace */
  backtrace: AdvectionOptions['backtrace'];
  /** buoyancy weight a of the smoke density: f = (−a s + b ΔT) ŷ */
  buoyancyDensity: number;
  /** buoyancy weight b of the temperature excess ΔT */
  buoyancyTemperature: number;
  /** ambient temperature (absolute; only for reporting and colour) */
  ambient: number;
  /** vorticity confinement strength ε (0: off) */
  vorticity: number;
  /** kinematic viscosity ν (m²/s; 0: no diffusion solve) */
  viscosity: number;
  /** fraction of the heat excess lost per second */
  cooling: number;
  /** fraction of the smoke lost per second */
  dissipation: number;
  /** rescale the total smoke after advection in a closed box (skipped with 'conservative', which needs none) */
  conserveSmoke: boolean;
  /** the fire settings with defaults filled in, or null without fire */
  readonly fire: Required<FireOptions> | null;
  /** simulated time (s) */
  time = 0;
  /** number of steps taken */
  steps = 0;
  /** the last projection's report */
  lastProjection: ProjectResult | null = null;
  /** the vorticity confinement force (Fedkiw, Stam, Jensen 2001) applied with strength `vorticity` */
  readonly confinement: VorticityConfinement;
  private readonly advOpts: AdvectionOptions = {};
  private readonly projectOptions: ProjectOptions = {};
  private readonly scalarSrc: Float64Array[];
  private readonly scalarDst: Float64Array[];
  /** density, heat, fuel, u, v, w: what the non-finite check reads */
  private readonly finiteFields: Float64Array[];

  constructor(options: SmokeOptions) {
    const nz = options.nz ?? 1;
    const h = options.h ?? 1 / options.ny;
    this.grid = new MacGrid({ nx: options.nx, ny: options.ny, nz, h, open: options.open });
    const g = this.grid;
    validateSmokeOptions(options, g.cellCount);
    this.advector = new Advector(g);
    this.projector = new Projector(g);
    this.diffuser = new Diffuser(g);
    this.confinement = new VorticityConfinement(g);
    const n = g.cellCount;
    this.density = new Float64Array(n);
    this.heat = new Float64Array(n);
    this.fuel = new Float64Array(n);
    this.expansion = new Float64Array(n);
    this.finiteFields = [this.density, this.heat, this.fuel, g.u, g.v, g.w];
    this.scalarSrc = [this.density, this.heat];
    this.scalarDst = [new Float64Array(n), new Float64Array(n)];
    this.solver = options.solver ?? 'mgpcg';
    this.pressureIterations = options.pressureIterations ?? (this.isStationary() ? 60 : 200);
    if (!Number.isInteger(this.pressureIterations) || this.pressureIterations < 1) {
      throw new PhysicsError(
        'invalid-argument',
        `smoke.pressureIterations: must be an integer >= 1, got ${String(options.pressureIterations)}`,
      );
    }
    this.tolerance = nonNeg(options.tolerance, this.isStationary() ? 0 : 1e-5, 'smoke.tolerance');
    this.velocityAdvection = options.velocityAdvection ?? 'semi-lagrangian';
    this.scalarAdvection = options.scalarAdvection ?? 'semi-lagrangian';
    this.interpolation = options.interpolation ?? 'linear';
    this.backtrace = options.backtrace ?? 'rk2';
    this.buoyancyDensity = options.buoyancyDensity ?? 0.05;
    assertFinite(this.buoyancyDensity, 'smoke.buoyancyDensity');
    this.buoyancyTemperature = options.buoyancyTemperature ?? 1;
    assertFinite(this.buoyancyTemperature, 'smoke.buoyancyTemperature');
    this.ambient = options.ambient ?? 0;
    assertFinite(this.ambient, 'smoke.ambient');
    this.vorticity = nonNeg(options.vorticity, 0, 'smoke.vorticity');
    this.viscosity = nonNeg(options.viscosity, 0, 'smoke.viscosity');
    this.cooling = nonNeg(options.cooling, 0, 'smoke.cooling');
    this.dissipation = nonNeg(options.dissipation, 0, 'smoke.dissipation');
    this.conserveSmoke = options.conserveSmoke ?? true;
    if (options.fire) {
      const f = options.fire === true ? {} : options.fire;
      this.fire = {
        ignition: nonNeg(f.ignition, 0.5, 'smoke.fire.ignition'),
        burnRate: nonNeg(f.burnRate, 4, 'smoke.fire.burnRate'),
        heat: nonNeg(f.heat, 6, 'smoke.fire.heat'),
        smoke: nonNeg(f.smoke, 0.4, 'smoke.fire.smoke'),
        expansion: nonNeg(f.expansion, 0.5, 'smoke.fire.expansion'),
      };
    } else this.fire = null;
    if (this.fire) {
      this.scalarSrc.push(this.fuel);
      this.scalarDst.push(new Float64Array(n));
    }
    this.sources = [];
    for (const [i, s] of (options.sources ?? []).entries()) this.addSource(s, `smoke.sources[${i}]`);
    this.obstacles = [];
    for (const [i, o] of (options.obstacles ?? []).entries()) this.addObstacle(o, `smoke.obstacles[${i}]`);
    this.rasterizeObstacles();
  }

  private isStationary(): boolean {
    return (
      this.solver === 'jacobi' ||
      this.solver === 'weighted-jacobi' ||
      this.solver === 'gauss-seidel' ||
      this.solver === 'sor'
    );
  }

  /** Adds a validated source; a source must lie inside the domain. */
  addSource(s: SmokeSource, where = 'source'): void {
    const g = this.grid;
    assertFinite(s.x, `${where}.x`);
    assertFinite(s.y, `${where}.y`);
    assertFinite(s.radius, `${where}.radius`);
    if (!(s.radius > 0))
      throw new PhysicsError('invalid-argument', `${where}.radius: must be > 0, got ${s.radius}`);
    const z = s.z ?? g.depth / 2;
    assertFinite(z, `${where}.z`);
    if (s.x < 0 || s.x > g.width || s.y < 0 || s.y > g.height || (g.dim === 3 && (z < 0 || z > g.depth))) {
      throw new PhysicsError(
        'invalid-argument',
        `${where}: centre (${s.x}, ${s.y}${g.dim === 3 ? `, ${z}` : ''}) lies outside the grid [0, ${g.width}] × [0, ${g.height}]${g.dim === 3 ? ` × [0, ${g.depth}]` : ''}`,
      );
    }
    for (const key of ['density', 'temperature', 'fuel'] as const) {
      const v = s[key];
      if (v !== undefined) assertFinite(v, `${where}.${key}`);
    }
    if (s.velocity)
      s.velocity.forEach((v, k) => {
        assertFinite(v, `${where}.velocity[${k}]`);
      });
    this.sources.push({ ...s, z });
  }

  /** Adds a validated obstacle (its cells become solid from the next step on); `where` names it in errors. */
  addObstacle(o: SmokeObstacle, where = 'obstacle'): void {
    const g = this.grid;
    if (o.shape !== 'circle' && o.shape !== 'box') {
      throw new PhysicsError(
        'invalid-argument',
        `${where}.shape: expected 'circle' or 'box', got ${JSON.stringify(o.shape)}`,
      );
    }
    assertFinite(o.x, `${where}.x`);
    assertFinite(o.y, `${where}.y`);
    if (o.z !== undefined) assertFinite(o.z, `${where}.z`);
    if (o.shape === 'circle') {
      assertFinite(o.radius as number, `${where}.radius`);
      if (!(o.radius! > 0))
        throw new PhysicsError('invalid-argument', `${where}.radius: must be > 0, got ${o.radius}`);
    } else {
      for (const key of ['halfWidth', 'halfHeight'] as const) {
        assertFinite(o[key] as number, `${where}.${key}`);
        if (!(o[key]! > 0))
          throw new PhysicsError('invalid-argument', `${where}.${key}: must be > 0, got ${o[key]}`);
      }
      if (g.dim === 3) assertFinite(o.halfDepth ?? o.halfWidth!, `${where}.halfDepth`);
    }
    const m = o.motion;
    if (m && m.kind === 'linear')
      m.velocity.forEach((v, k) => {
        assertFinite(v, `${where}.motion.velocity[${k}]`);
      });
    if (m && m.kind === 'oscillate') {
      m.amplitude.forEach((v, k) => {
        assertFinite(v, `${where}.motion.amplitude[${k}]`);
      });
      assertFinite(m.period, `${where}.motion.period`);
      if (!(m.period > 0))
        throw new PhysicsError('invalid-argument', `${where}.motion.period: must be > 0, got ${m.period}`);
    }
    this.obstacles.push({ ...o, z: o.z ?? g.depth / 2 });
  }

  /** Obstacle centre and velocity at time t into out[0..5]. */
  obstacleState(o: SmokeObstacle, t: number, out: Float64Array): void {
    out[0] = o.x;
    out[1] = o.y;
    out[2] = o.z ?? 0;
    out[3] = 0;
    out[4] = 0;
    out[5] = 0;
    const m = o.motion;
    if (!m || m.kind === 'fixed') return;
    if (m.kind === 'linear') {
      for (let k = 0; k < m.velocity.length; k++) {
        out[k] = out[k]! + m.velocity[k]! * t;
        out[3 + k] = m.velocity[k]!;
      }
      return;
    }
    const w = (2 * Math.PI) / m.period;
    const s = psin(w * t);
    const c = pcos(w * t);
    for (let k = 0; k < m.amplitude.length; k++) {
      out[k] = out[k]! + m.amplitude[k]! * s;
      out[3 + k] = m.amplitude[k]! * w * c;
    }
  }

  private readonly ostate = new Float64Array(6);

  /** Marks the cells inside obstacles (at the current time) solid, with the obstacle's velocity. */
  rasterizeObstacles(): void {
    const g = this.grid;
    const { nx, ny, nz, h, solid, solidU, solidV, solidW } = g;
    solid.fill(0);
    solidU.fill(0);
    solidV.fill(0);
    solidW.fill(0);
    const st = this.ostate;
    for (const o of this.obstacles) {
      this.obstacleState(o, this.time, st);
      const ox = st[0]!;
      const oy = st[1]!;
      const oz = st[2]!;
      const hx = o.shape === 'circle' ? o.radius! : o.halfWidth!;
      const hy = o.shape === 'circle' ? o.radius! : o.halfHeight!;
      const hz = o.shape === 'circle' ? o.radius! : (o.halfDepth ?? o.halfWidth!);
      const i0 = Math.max(0, Math.floor((ox - hx) / h - 0.5));
      const i1 = Math.min(nx - 1, Math.ceil((ox + hx) / h));
      const j0 = Math.max(0, Math.floor((oy - hy) / h - 0.5));
      const j1 = Math.min(ny - 1, Math.ceil((oy + hy) / h));
      const k0 = nz > 1 ? Math.max(0, Math.floor((oz - hz) / h - 0.5)) : 0;
      const k1 = nz > 1 ? Math.min(nz - 1, Math.ceil((oz + hz) / h)) : 0;
      for (let k = k0; k <= k1; k++) {
        const dz = nz > 1 ? (k + 0.5) * h - oz : 0;
        for (let j = j0; j <= j1; j++) {
          const dy = (j + 0.5) * h - oy;
          for (let i = i0; i <= i1; i++) {
            const dx = (i + 0.5) * h - ox;
            const inside =
              o.shape === 'circle'
                ? dx * dx + dy * dy + dz * dz <= hx * hx
                : Math.abs(dx) <= hx && Math.abs(dy) <= hy && Math.abs(dz) <= hz;
            if (!inside) continue;
            const c = i + nx * (j + ny * k);
            solid[c] = 1;
            solidU[c] = st[3]!;
            solidV[c] = st[4]!;
            solidW[c] = st[5]!;
          }
        }
      }
    }
    for (let c = 0; c < g.cellCount; c++) {
      if (solid[c]) {
        this.density[c] = 0;
        this.heat[c] = 0;
        this.fuel[c] = 0;
      }
    }
  }

  /**
   * Adds smoke/heat/velocity at a point, spread over a disc of `radius` (the playground's mouse):
   * amounts are per second and multiplied by dt.
   */
  splat(
    x: number,
    y: number,
    radius: number,
    dt: number,
    amounts: { density?: number; temperature?: number; fuel?: number; vx?: number; vy?: number; z?: number },
  ): void {
    validateSplat(x, y, radius, dt, amounts);
    const g = this.grid;
    const { nx, ny, nz, h } = g;
    const zc = amounts.z ?? g.depth / 2;
    const r2 = radius * radius;
    for (let k = 0; k < nz; k++) {
      const dz = nz > 1 ? (k + 0.5) * h - zc : 0;
      for (let j = 0; j < ny; j++) {
        const dy = (j + 0.5) * h - y;
        for (let i = 0; i < nx; i++) {
          const dx = (i + 0.5) * h - x;
          const d2 = dx * dx + dy * dy + dz * dz;
          if (d2 > r2) continue;
          const c = g.cellIndex(i, j, k);
          if (g.solid[c]) continue;
          const wgt = 1 - d2 / r2;
          this.density[c] = this.density[c]! + wgt * dt * (amounts.density ?? 0);
          this.heat[c] = this.heat[c]! + wgt * dt * (amounts.temperature ?? 0);
          this.fuel[c] = this.fuel[c]! + wgt * dt * (amounts.fuel ?? 0);
          if (amounts.vx) {
            g.u[g.uIndex(i, j, k)] = g.u[g.uIndex(i, j, k)]! + wgt * dt * amounts.vx;
            g.u[g.uIndex(i + 1, j, k)] = g.u[g.uIndex(i + 1, j, k)]! + wgt * dt * amounts.vx;
          }
          if (amounts.vy) {
            g.v[g.vIndex(i, j, k)] = g.v[g.vIndex(i, j, k)]! + wgt * dt * amounts.vy;
            g.v[g.vIndex(i, j + 1, k)] = g.v[g.vIndex(i, j + 1, k)]! + wgt * dt * amounts.vy;
          }
        }
      }
    }
  }

  private applySources(): void {
    const g = this.grid;
    const { nx, ny, nz, h } = g;
    for (let si = 0; si < this.sources.length; si++) {
      const s = this.sources[si]!;
      const r = s.radius;
      const i0 = Math.max(0, Math.floor((s.x - r) / h - 0.5));
      const i1 = Math.min(nx - 1, Math.ceil((s.x + r) / h));
      const j0 = Math.max(0, Math.floor((s.y - r) / h - 0.5));
      const j1 = Math.min(ny - 1, Math.ceil((s.y + r) / h));
      const z = s.z ?? 0;
      const k0 = nz > 1 ? Math.max(0, Math.floor((z - r) / h - 0.5)) : 0;
      const k1 = nz > 1 ? Math.min(nz - 1, Math.ceil((z + r) / h)) : 0;
      for (let k = k0; k <= k1; k++) {
        const dz = nz > 1 ? (k + 0.5) * h - z : 0;
        for (let j = j0; j <= j1; j++) {
          const dy = (j + 0.5) * h - s.y;
          for (let i = i0; i <= i1; i++) {
            const dx = (i + 0.5) * h - s.x;
            if (dx * dx + dy * dy + dz * dz > r * r) continue;
            const c = i + nx * (j + ny * k);
            if (g.solid[c]) continue;
            if (s.density !== undefined && this.density[c]! < s.density) this.density[c] = s.density;
            if (s.temperature !== undefined && this.heat[c]! < s.temperature) this.heat[c] = s.temperature;
            if (s.fuel !== undefined && this.fuel[c]! < s.fuel) this.fuel[c] = s.fuel;
            if (s.velocity) {
              g.u[g.uIndex(i, j, k)] = s.velocity[0];
              g.u[g.uIndex(i + 1, j, k)] = s.velocity[0];
              g.v[g.vIndex(i, j, k)] = s.velocity[1];
              g.v[g.vIndex(i, j + 1, k)] = s.velocity[1];
              if (nz > 1) {
                const vz = s.velocity[2] ?? 0;
                g.w[g.wIndex(i, j, k)] = vz;
                g.w[g.wIndex(i, j, k + 1)] = vz;
              }
            }
          }
        }
      }
    }
  }

  /** Buoyancy (−a s + b (T − T_amb)) ŷ on the v faces, from the two cells each face separates. */
  private applyBuoyancy(dt: number): void {
    const g = this.grid;
    const { nx, ny, nz, v } = g;
    const a = this.buoyancyDensity;
    const b = this.buoyancyTemperature;
    const s = this.density;
    const T = this.heat;
    for (let k = 0; k < nz; k++) {
      for (let j = 1; j < ny; j++) {
        const below = nx * (j - 1 + ny * k);
        const above = nx * (j + ny * k);
        const row = nx * (j + (ny + 1) * k);
        for (let i = 0; i < nx; i++) {
          const f = 0.5 * (-a * (s[below + i]! + s[above + i]!) + b * (T[below + i]! + T[above + i]!));
          v[row + i] = v[row + i]! + dt * f;
        }
      }
    }
  }

  /** Advects density, heat (and fuel) with one shared backtrace; optionally keeps the total smoke. */
  private advectScalars(dt: number, conserve: boolean): void {
    const s = this.density;
    let before = 0;
    if (conserve) for (let c = 0; c < s.length; c++) before += s[c]!;
    this.advector.advectScalars(this.scalarSrc, this.scalarDst, dt, this.advOpts);
    for (let f = 0; f < this.scalarSrc.length; f++) this.scalarSrc[f]!.set(this.scalarDst[f]!);
    if (conserve && before > 0) {
      // Semi-Lagrangian advection is not conservative by itself: a global rescale restores the total.
      let after = 0;
      for (let c = 0; c < s.length; c++) after += s[c]!;
      if (after > 0) {
        const k = before / after;
        for (let c = 0; c < s.length; c++) s[c] = s[c]! * k;
      }
    }
  }

  private closed(): boolean {
    const o = this.grid.open;
    return !(o.xMin || o.xMax || o.yMin || o.yMax || o.zMin || o.zMax);
  }

  /** Burns fuel above the ignition temperature: heat, smoke and expansion where it burns. */
  private burn(dt: number): void {
    const f = this.fire;
    if (!f) return;
    const { fuel, heat, density, expansion } = this;
    for (let c = 0; c < fuel.length; c++) {
      expansion[c] = 0;
      const fu = fuel[c]!;
      if (fu <= 0 || heat[c]! < f.ignition) continue;
      const burnt = Math.min(fu, f.burnRate * dt);
      fuel[c] = fu - burnt;
      heat[c] = heat[c]! + f.heat * burnt;
      density[c] = density[c]! + f.smoke * burnt;
      expansion[c] = (f.expansion * burnt) / dt;
    }
  }

  /** One step of dt seconds. */
  step(dt: number): ProjectResult {
    assertFinite(dt, 'smoke.step.dt');
    if (!(dt > 0)) throw new PhysicsError('invalid-argument', `smoke.step.dt: must be > 0, got ${dt}`);
    const g = this.grid;
    this.advOpts.interpolation = this.interpolation;
    this.advOpts.backtrace = this.backtrace;
    // 1. obstacles move (moving solids push the fluid through their face velocities)
    if (this.obstacles.length > 0) this.rasterizeObstacles();
    // 2. sources
    this.applySources();
    // 3. forces: u ← u + h f (in 2D with confinement on, the buoyancy rides in its pass)
    if (this.vorticity > 0 && g.nz === 1) {
      this.confinement.buoyancy[0] = this.buoyancyDensity;
      this.confinement.buoyancy[1] = this.buoyancyTemperature;
      this.confinement.apply(this.vorticity, dt, this.density, this.heat);
    } else {
      this.applyBuoyancy(dt);
      this.confinement.apply(this.vorticity, dt);
    }
    g.enforceBoundaries();
    // 4. advect the velocity through itself
    this.advOpts.scheme = this.velocityAdvection;
    this.advector.advectVelocity(dt, this.advOpts as AdvectionOptions & { scheme: VelocityAdvectionScheme });
    // 5. diffuse (implicit)
    if (this.viscosity > 0) this.diffuser.diffuseVelocity(this.viscosity, dt);
    // 6. project (with fire's expansion as the target divergence)
    const stationary = this.isStationary();
    const po = this.projectOptions;
    po.solver = this.solver;
    po.tolerance = this.tolerance;
    po.maxIterations = this.pressureIterations;
    po.targetDivergence = this.fire ? this.expansion : undefined;
    // the textbook's toy plume restarts its 60 Jacobi sweeps from zero each step
    po.warmStart = !stationary;
    // and the Krylov solvers from the pressure extrapolated from the last two steps
    po.extrapolate = !stationary;
    this.lastProjection = this.projector.project(dt, po);
    // 7. advect the carried scalars with the new velocity
    this.advOpts.scheme = this.scalarAdvection;
    const conserve = this.conserveSmoke && this.closed() && this.scalarAdvection !== 'conservative';
    this.advectScalars(dt, conserve);
    // 8. burning, cooling, dissipation
    this.burn(dt);
    if (this.cooling > 0) {
      const k = Math.max(0, 1 - this.cooling * dt);
      for (let c = 0; c < this.heat.length; c++) this.heat[c] = this.heat[c]! * k;
    }
    if (this.dissipation > 0) {
      const k = Math.max(0, 1 - this.dissipation * dt);
      for (let c = 0; c < this.density.length; c++) this.density[c] = this.density[c]! * k;
    }
    this.time += dt;
    this.steps++;
    this.assertFiniteState();
    return this.lastProjection;
  }

  /**
   * The step's guard (the engines' one non-finite policy, docs/design.md): one pass over the cells
   * and faces (x − x is 0 for a finite x, NaN otherwise); when anything is NaN or ±∞ the first such
   * cell or face is named in a `non-finite` error and the simulation must be rebuilt.
   */
  private assertFiniteState(): void {
    const g = this.grid;
    const fields = this.finiteFields;
    let acc = 0;
    for (let f = 0; f < fields.length; f++) {
      const a = fields[f]!;
      for (let c = 0; c < a.length; c++) acc += a[c]! - a[c]!;
    }
    if (acc === 0) return;
    const names = ['density', 'heat', 'fuel', 'u', 'v', 'w'];
    for (let f = 0; f < fields.length; f++) {
      const a = fields[f]!;
      for (let c = 0; c < a.length; c++) {
        if (Number.isFinite(a[c]!)) continue;
        const sx = f === 3 ? g.nx + 1 : g.nx;
        const sy = f === 4 ? g.ny + 1 : g.ny;
        const i = c % sx;
        const j = Math.floor(c / sx) % sy;
        const k = Math.floor(c / (sx * sy));
        const at = g.dim === 3 ? `(${i}, ${j}, ${k})` : `(${i}, ${j})`;
        const what = f < 3 ? 'cell' : 'face';
        throw new PhysicsError(
          'non-finite',
          `smoke.${names[f]}: ${what} ${at} is ${a[c]} after step ${this.steps}; the simulation's state is lost: rebuild it`,
        );
      }
    }
  }

  /** The full state as snapshot bytes (fluid/snapshot.ts): a restored sim continues bit-identically. */
  snapshot(): Uint8Array {
    return smokeSnapshot(this);
  }

  /** Restores a snapshot into this sim (built with the same options); a bad one throws `PhysicsError` and changes nothing. */
  restore(bytes: Uint8Array): void {
    smokeRestore(this, bytes);
  }

  /** A 64-bit hash (16 hex digits) of the full state, bit for bit. */
  stateHash(): string {
    return smokeStateHash(this);
  }

  /** Total smoke Σ s (times the cell volume). */
  totalSmoke(): number {
    let s = 0;
    for (let c = 0; c < this.density.length; c++) s += this.density[c]!;
    const h = this.grid.h;
    return s * (this.grid.dim === 3 ? h * h * h : h * h);
  }

  /** Absolute temperature of a cell. */
  temperature(c: number): number {
    return this.ambient + this.heat[c]!;
  }
}
