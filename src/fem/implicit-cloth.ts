/** Implicit Baraff–Witkin cloth (1998): springs integrated by implicit Euler with CG. */
import { assertFinite, firstNonFinite, PhysicsError } from '../core/errors.js';
import { apiChecks } from '../core/validate.js';
import {
  assemble,
  createSpringNetwork,
  type SpringNetwork,
  setSpring,
  springNetworkEnergy,
} from '../integrators/implicit-spring-network.js';
import {
  type CGOptions,
  type CGResult,
  type CGScratch,
  conjugateGradient,
  createCGScratch,
} from '../math/cg.js';
import { type ClothMesh, validateClothPin } from '../xpbd/cloth.js';
import { type Collider, colliderDistance, validateCollider } from '../xpbd/collision.js';
import { addTriangleDrag } from '../xpbd/wind.js';
import { implicitClothRestore, implicitClothSnapshot, implicitClothStateHash } from './implicit-snapshot.js';

/**
 * Implicit cloth (Baraff & Witkin, "Large Steps in Cloth Simulation", SIGGRAPH 1998; §26.1
 * 実際の陰的積分) on the same cloth mesh as the PBD/XPBD cloth (`clothMesh` of rikigaku/xpbd), so the
 * three integrators can be compared on one scene. Per frame (or per substep):
 *
 *   (M − h ∂f/∂v − h² ∂f/∂x) Δv = h (f₀ + h ∂f/∂x v₀)                         (§26.1)
 *
 * one Newton step, solved by conjugate gradients with a block-diagonal preconditioner — the step
 * itself is `integrators/implicit-spring-network.ts` (structural, shear and bending edges are springs
 * with stiffness and along-spring damping, each giving 3×3 blocks K and D). This file adds what cloth
 * needs around it:
 *   - gravity and wind with drag per triangle (f = k A ((u − v̄)·n̂) n̂, the XPBD flag's model), taken
 *     explicitly as part of f₀; air drag dv/dt = −c v applied as v ← v/(1 + c h) like the XPBD world;
 *   - pinned vertices (inverse mass 0: identity rows, Baraff–Witkin §5.3);
 *   - collisions as velocity filters (Baraff–Witkin §5.3): a particle touching a collider (plane,
 *     sphere, capsule, box, SDF) with approach speed gets S = I − n̂n̂ᵀ and the prescribed change
 *     z = −(v·n̂) n̂, and CG solves the filtered system S A S y + (I − S) y = S (b − A z) with
 *     Δv = z + y — the contact normal keeps zero velocity while the tangential motion stays implicit;
 *     the contact impulse is what the filter removed, J = A Δv − b, and Coulomb friction changes the
 *     tangential speed by at most μ J_n / m (stopping it when that suffices); a particle that still
 *     ended inside is moved to the surface.
 */
export interface ImplicitClothOptions {
  /** spring stiffness of the structural edges, N/m */
  stretchStiffness: number;
  /** shear (diagonal) edges, N/m; default = stretchStiffness; 0 leaves them out */
  shearStiffness?: number;
  /** skip-one bending edges, N/m; default 0 (none) */
  bendStiffness?: number;
  /** along-spring damping c, N·s/m, on every spring (default 0) */
  damping?: number;
  /** gravity, m/s² (default (0, −9.81, 0)) */
  gravity?: [number, number, number];
  /** air drag c in 1/s (default 0) */
  drag?: number;
  /** wind with drag per triangle (kg/(m²·s)) */
  wind?: { velocity: [number, number, number]; drag: number };
  /** pinned particles: as `addCloth` (default the two top corners) */
  pin?: 'top-corners' | 'top-edge' | 'left-edge' | 'none' | [number, number][];
  /** shapes the cloth collides with (velocity filter, Baraff–Witkin 1998) */
  colliders?: Collider[];
  /** distance kept from colliders, m (default 0.01) */
  thickness?: number;
  /** kinetic friction μ at contacts (default 0.3) */
  friction?: number;
  /** Newton steps per `step(dt)` (default 1: one per frame, as Baraff–Witkin) */
  substeps?: number;
  /** CG relative tolerance (default 1e-4) and iteration cap (default 3·n) */
  cgTolerance?: number;
  /** (see cgTolerance) the CG iteration cap */
  cgMaxIterations?: number;
}

const IMPLICIT_CLOTH_KEYS = [
  'stretchStiffness',
  'shearStiffness',
  'bendStiffness',
  'damping',
  'gravity',
  'drag',
  'wind',
  'pin',
  'colliders',
  'thickness',
  'friction',
  'substeps',
  'cgTolerance',
  'cgMaxIterations',
];

/** Baraff–Witkin implicit cloth on a spring network (see the module comment). */
export class ImplicitCloth {
  /** the cloth's mesh */
  readonly mesh: ClothMesh;
  /** the spring network the Newton step solves */
  readonly net: SpringNetwork;
  /** number of structural springs (the first ones in the network), for the stretch measure */
  readonly structuralCount: number;
  /** gravity, m/s² */
  gravity: [number, number, number];
  /** air drag c, 1/s */
  drag: number;
  /** the wind (velocity and drag per triangle), or null */
  wind: { velocity: [number, number, number]; drag: number } | null;
  /** shapes the cloth collides with */
  readonly colliders: Collider[];
  /** distance kept from the colliders, m */
  thickness: number;
  /** kinetic friction μ at contacts */
  friction: number;
  /** Newton steps per `step(dt)` */
  substeps: number;
  /** CG relative tolerance */
  cgTolerance: number;
  /** CG iteration cap */
  cgMaxIterations: number;
  /** simulated time, s */
  time = 0;
  /** the last step's CG result */
  lastCG: CGResult = { iterations: 0, residualNorm: 0, converged: true };
  /** total CG iterations of the last `step(dt)` (all substeps) */
  lastCGIterations = 0;
  /** optional per-CG-iteration trace (iteration, residual norm); costs nothing when unset */
  trace: ((iteration: number, residualNorm: number) => void) | undefined;

  // velocity-filter state and scratch (no allocation per step)
  private readonly constrained: Uint8Array;
  private readonly normal: Float64Array;
  private readonly z: Float64Array;
  private readonly normalImpulse: Float64Array;
  private readonly b: Float64Array;
  private readonly y: Float64Array;
  private readonly tmp: Float64Array;
  private readonly cg: CGScratch;
  private readonly nScratch = new Float64Array(3);
  private readonly applyFiltered: (p: Float64Array, out: Float64Array) => void;
  private readonly preconditionFiltered: (r: Float64Array, z: Float64Array) => void;
  private readonly cgPlain: CGOptions;
  private readonly cgFiltered: CGOptions;

  /** The implicit cloth of `mesh` (options checked once: known keys, pins inside the grid, colliders). */
  constructor(mesh: ClothMesh, options: ImplicitClothOptions) {
    const o = apiChecks.object(options, 'implicitCloth', IMPLICIT_CLOTH_KEYS);
    validateClothPin(o.pin, mesh.nx, mesh.ny, 'implicitCloth.pin');
    if (o.colliders !== undefined) {
      const list = apiChecks.array(o.colliders, 'implicitCloth.colliders');
      for (let c = 0; c < list.length; c++)
        validateCollider(list[c] as Collider, `implicitCloth.colliders[${c}]`);
    }
    apiChecks.optNumber(o, 'substeps', 'implicitCloth', { integer: true, min: 1, max: 1000 });
    apiChecks.optNumber(o, 'cgMaxIterations', 'implicitCloth', { integer: true, min: 1 });
    for (const key of ['thickness', 'friction', 'drag', 'cgTolerance'])
      apiChecks.optNumber(o, key, 'implicitCloth', { min: 0 });
    const k = assertFinite(options.stretchStiffness, 'implicitCloth.stretchStiffness');
    if (!(k > 0))
      throw new PhysicsError('invalid-argument', `implicitCloth.stretchStiffness: must be > 0, got ${k}`);
    const ks = assertFinite(options.shearStiffness ?? k, 'implicitCloth.shearStiffness');
    const kb = assertFinite(options.bendStiffness ?? 0, 'implicitCloth.bendStiffness');
    const c = assertFinite(options.damping ?? 0, 'implicitCloth.damping');
    if (ks < 0 || kb < 0 || c < 0) {
      throw new PhysicsError(
        'invalid-argument',
        'implicitCloth: shearStiffness, bendStiffness and damping must be >= 0',
      );
    }
    this.mesh = mesh;
    const n = mesh.nx * mesh.ny;
    const nStruct = mesh.structural.length / 2;
    const nShear = ks > 0 ? mesh.shear.length / 2 : 0;
    const nBend = kb > 0 ? mesh.bend.length / 2 : 0;
    const net = createSpringNetwork({ dim: 3, particles: n, springs: nStruct + nShear + nBend });
    net.x.set(mesh.positions);
    net.invMass.fill(1 / mesh.particleMass);
    let s = 0;
    const addEdges = (edges: Uint32Array, count: number, stiffness: number) => {
      for (let e = 0; e < count; e++) {
        const i = edges[2 * e];
        const j = edges[2 * e + 1];
        let l2 = 0;
        for (let a = 0; a < 3; a++) l2 += (net.x[3 * j + a] - net.x[3 * i + a]) ** 2;
        if (!(l2 > 1e-24))
          throw new PhysicsError('degenerate-shape', `implicitCloth.springs[${s}]: zero rest length`);
        setSpring(net, s++, i, j, { stiffness, damping: c });
      }
    };
    addEdges(mesh.structural, nStruct, k);
    addEdges(mesh.shear, nShear, ks);
    addEdges(mesh.bend, nBend, kb);
    this.structuralCount = nStruct;
    const pin = options.pin ?? 'top-corners';
    const nx = mesh.nx;
    if (pin === 'top-corners') {
      net.invMass[0] = 0;
      net.invMass[nx - 1] = 0;
    } else if (pin === 'top-edge') for (let i = 0; i < nx; i++) net.invMass[i] = 0;
    else if (pin === 'left-edge') for (let j = 0; j < mesh.ny; j++) net.invMass[j * nx] = 0;
    else if (Array.isArray(pin)) for (const [i, j] of pin) net.invMass[i + j * nx] = 0;
    this.net = net;
    this.gravity = [...(options.gravity ?? [0, -9.81, 0])];
    this.drag = options.drag ?? 0;
    this.wind = options.wind ? { velocity: [...options.wind.velocity], drag: options.wind.drag } : null;
    this.colliders = options.colliders ? [...options.colliders] : [];
    this.thickness = options.thickness ?? 0.01;
    this.friction = options.friction ?? 0.3;
    this.substeps = options.substeps ?? 1;
    if (!Number.isInteger(this.substeps) || this.substeps < 1) {
      throw new PhysicsError(
        'invalid-argument',
        `implicitCloth.substeps: must be an integer >= 1, got ${this.substeps}`,
      );
    }
    this.cgTolerance = options.cgTolerance ?? 1e-4;
    this.cgMaxIterations = options.cgMaxIterations ?? 3 * 3 * n;
    this.trace = undefined;
    this.constrained = new Uint8Array(n);
    this.normal = new Float64Array(3 * n);
    this.z = new Float64Array(3 * n);
    this.normalImpulse = new Float64Array(n);
    this.b = new Float64Array(3 * n);
    this.y = new Float64Array(3 * n);
    this.tmp = new Float64Array(3 * n);
    this.cg = createCGScratch(3 * n);
    // bound once: no closures are created per step
    this.applyFiltered = (p, out) => {
      this.filter(p, this.tmp);
      this.net.applyA(this.tmp, out);
      this.filterAndAddComplement(out, p);
    };
    this.preconditionFiltered = (r, zOut) => {
      this.filter(r, this.tmp);
      this.net.precondition(this.tmp, zOut);
      this.filterAndAddComplement(zOut, r);
    };
    this.cgPlain = { scratch: this.cg, precondition: this.net.precondition };
    this.cgFiltered = { scratch: this.cg, precondition: this.preconditionFiltered };
  }

  /** positions, 3 per particle (the network's array: same layout as the XPBD particles) */
  get x(): Float64Array {
    return this.net.x;
  }

  /** velocities, 3 per particle (the network's array) */
  get v(): Float64Array {
    return this.net.v;
  }

  /** The full state as snapshot bytes (fem/implicit-snapshot.ts): a restored solver continues bit-identically. */
  snapshot(): Uint8Array {
    return implicitClothSnapshot(this);
  }

  /** Restores a snapshot into this solver (built the same way); a bad one throws `PhysicsError` and changes nothing. */
  restore(bytes: Uint8Array): void {
    implicitClothRestore(this, bytes);
  }

  /** A 64-bit hash (16 hex digits) of the full state, bit for bit. */
  stateHash(): string {
    return implicitClothStateHash(this);
  }

  /** Advances one frame: `substeps` Newton steps of size dt/substeps. */
  step(dt: number): void {
    assertFinite(dt, 'implicitCloth.step.dt');
    if (!(dt > 0))
      throw new PhysicsError('invalid-argument', `implicitCloth.step.dt: must be > 0, got ${dt}`);
    const h = dt / this.substeps;
    this.lastCGIterations = 0;
    for (let s = 0; s < this.substeps; s++) this.newtonStep(h);
    this.time += dt;
    // the engines' non-finite policy (docs/design.md): name the particle, the state is lost
    const bad = Math.max(firstNonFinite(this.net.x), firstNonFinite(this.net.v));
    if (bad >= 0)
      throw new PhysicsError(
        'non-finite',
        `implicitCloth.particles[${Math.floor(bad / 3)}]: position/velocity must be finite after the step to t = ${this.time}; the state is lost: rebuild it`,
      );
  }

  /** One Baraff–Witkin step of size h (the stages of the file comment, one per line). */
  newtonStep(h: number): void {
    this.externalForces();
    this.findContacts(h);
    assemble(this.net, h);
    this.solveFiltered();
    this.integrate(h);
  }

  /** f_ext = m g + wind per triangle (explicit). */
  private externalForces(): void {
    const { fExt, invMass, v, x } = this.net;
    const n = invMass.length;
    const m = this.mesh.particleMass;
    const [gx, gy, gz] = this.gravity;
    for (let i = 0; i < n; i++) {
      fExt[3 * i] = m * gx;
      fExt[3 * i + 1] = m * gy;
      fExt[3 * i + 2] = m * gz;
    }
    const wind = this.wind;
    if (!wind) return;
    const u = wind.velocity;
    addTriangleDrag(this.mesh.triangles, x, v, u[0], u[1], u[2], wind.drag, null, fExt);
  }

  /** Velocity filters: particles at (or inside) a collider and moving into it. */
  private findContacts(h: number): void {
    const { x, v, invMass } = this.net;
    const n = invMass.length;
    const nrm = this.nScratch;
    this.constrained.fill(0);
    this.z.fill(0);
    if (this.colliders.length === 0) return;
    for (let i = 0; i < n; i++) {
      if (invMass[i] === 0) continue;
      const k = 3 * i;
      for (const col of this.colliders) {
        const d = colliderDistance(col, x[k], x[k + 1], x[k + 2], nrm) - this.thickness;
        const vn = v[k] * nrm[0] + v[k + 1] * nrm[1] + v[k + 2] * nrm[2];
        // in contact now, or would reach the surface within this step
        if (d > 0 && d + h * vn > 0) continue;
        if (vn > 0 && d >= 0) continue;
        this.constrained[i] = 1;
        this.normal[k] = nrm[0];
        this.normal[k + 1] = nrm[1];
        this.normal[k + 2] = nrm[2];
        const target = vn < 0 ? -vn : 0; // Δv·n̂ that stops the approach
        this.z[k] = target * nrm[0];
        this.z[k + 1] = target * nrm[1];
        this.z[k + 2] = target * nrm[2];
        break;
      }
    }
  }

  /** out ← S·p (S = I − n̂n̂ᵀ at constrained particles, I elsewhere). */
  private filter(p: Float64Array, out: Float64Array): void {
    out.set(p);
    const n = this.constrained.length;
    for (let i = 0; i < n; i++) {
      if (this.constrained[i] === 0) continue;
      const k = 3 * i;
      const nx = this.normal[k];
      const ny = this.normal[k + 1];
      const nz = this.normal[k + 2];
      const d = p[k] * nx + p[k + 1] * ny + p[k + 2] * nz;
      out[k] -= d * nx;
      out[k + 1] -= d * ny;
      out[k + 2] -= d * nz;
    }
  }

  /** out ← S·out + (I − S)·p, in place. */
  private filterAndAddComplement(out: Float64Array, p: Float64Array): void {
    const n = this.constrained.length;
    for (let i = 0; i < n; i++) {
      if (this.constrained[i] === 0) continue;
      const k = 3 * i;
      const nx = this.normal[k];
      const ny = this.normal[k + 1];
      const nz = this.normal[k + 2];
      const d = (out[k] - p[k]) * nx + (out[k + 1] - p[k + 1]) * ny + (out[k + 2] - p[k + 2]) * nz;
      out[k] -= d * nx;
      out[k + 1] -= d * ny;
      out[k + 2] -= d * nz;
    }
  }

  /** Solves the (filtered) Newton system into net.dv with PCG. */
  private solveFiltered(): void {
    const net = this.net;
    const plain = this.cgPlain;
    const filtered = this.cgFiltered;
    plain.tolerance = filtered.tolerance = this.cgTolerance;
    plain.maxIterations = filtered.maxIterations = this.cgMaxIterations;
    plain.trace = filtered.trace = this.trace;
    let anyContact = false;
    for (let i = 0; i < this.constrained.length; i++) if (this.constrained[i]) anyContact = true;
    if (!anyContact) {
      net.dv.fill(0);
      this.lastCG = conjugateGradient(net.applyA, net.rhs, net.dv, plain);
    } else {
      // b̂ = S (b − A z); solve Â y = b̂; Δv = z + y
      net.applyA(this.z, this.tmp);
      for (let k = 0; k < this.b.length; k++) this.y[k] = net.rhs[k] - this.tmp[k];
      this.filter(this.y, this.b);
      this.y.fill(0);
      this.lastCG = conjugateGradient(this.applyFiltered, this.b, this.y, filtered);
      for (let k = 0; k < this.b.length; k++) net.dv[k] = this.z[k] + this.y[k];
      // the contact impulse is what the filter removed: J = A Δv − b; its normal part feeds friction
      net.applyA(net.dv, this.tmp);
      for (let i = 0; i < this.constrained.length; i++) {
        if (this.constrained[i] === 0) continue;
        const k = 3 * i;
        this.normalImpulse[i] =
          (this.tmp[k] - net.rhs[k]) * this.normal[k] +
          (this.tmp[k + 1] - net.rhs[k + 1]) * this.normal[k + 1] +
          (this.tmp[k + 2] - net.rhs[k + 2]) * this.normal[k + 2];
      }
    }
    this.lastCGIterations += this.lastCG.iterations;
  }

  /** v ← v + Δv, friction at contacts, air drag, x ← x + h v, push out of colliders. */
  private integrate(h: number): void {
    const { x, v, dv, invMass } = this.net;
    const n = invMass.length;
    const damp = 1 / (1 + this.drag * h);
    for (let i = 0; i < n; i++) {
      const k = 3 * i;
      if (invMass[i] === 0) {
        x[k] += h * v[k];
        x[k + 1] += h * v[k + 1];
        x[k + 2] += h * v[k + 2];
        continue;
      }
      let vx = v[k] + dv[k];
      let vy = v[k + 1] + dv[k + 1];
      let vz = v[k + 2] + dv[k + 2];
      if (this.constrained[i]) {
        const nx = this.normal[k];
        const ny = this.normal[k + 1];
        const nz = this.normal[k + 2];
        const vn = vx * nx + vy * ny + vz * nz;
        const tx = vx - vn * nx;
        const ty = vy - vn * ny;
        const tz = vz - vn * nz;
        const vt = Math.sqrt(tx * tx + ty * ty + tz * tz);
        // Coulomb: the tangential speed may change by at most μ J_n / m (static when it would stop)
        const press = Math.max(0, this.normalImpulse[i]) * invMass[i];
        const keep = vt > 0 ? Math.max(0, 1 - (this.friction * press) / vt) : 0;
        vx = vn * nx + keep * tx;
        vy = vn * ny + keep * ty;
        vz = vn * nz + keep * tz;
      }
      v[k] = vx * damp;
      v[k + 1] = vy * damp;
      v[k + 2] = vz * damp;
      x[k] += h * v[k];
      x[k + 1] += h * v[k + 1];
      x[k + 2] += h * v[k + 2];
    }
    if (this.colliders.length === 0) return;
    const nrm = this.nScratch;
    for (let i = 0; i < n; i++) {
      if (invMass[i] === 0) continue;
      const k = 3 * i;
      for (const col of this.colliders) {
        const d = colliderDistance(col, x[k], x[k + 1], x[k + 2], nrm) - this.thickness;
        if (d >= 0) continue;
        x[k] -= d * nrm[0];
        x[k + 1] -= d * nrm[1];
        x[k + 2] -= d * nrm[2];
        const vn = v[k] * nrm[0] + v[k + 1] * nrm[1] + v[k + 2] * nrm[2];
        if (vn < 0) {
          v[k] -= vn * nrm[0];
          v[k + 1] -= vn * nrm[1];
          v[k + 2] -= vn * nrm[2];
        }
      }
    }
  }

  /** Largest relative stretch (l − L)/L of the structural springs. */
  maxStretch(): number {
    const net = this.net;
    const x = net.x;
    let m = 0;
    for (let s = 0; s < this.structuralCount; s++) {
      const i = 3 * net.springI[s];
      const j = 3 * net.springJ[s];
      const l = Math.sqrt((x[j] - x[i]) ** 2 + (x[j + 1] - x[i + 1]) ** 2 + (x[j + 2] - x[i + 2]) ** 2);
      const r = (l - net.restLength[s]) / net.restLength[s];
      if (r > m) m = r;
    }
    return m;
  }

  /** Kinetic + spring + gravitational potential energy, J. */
  energy(): number {
    const net = this.net;
    let e = springNetworkEnergy(net);
    const [gx, gy, gz] = this.gravity;
    const m = this.mesh.particleMass;
    for (let i = 0; i < net.invMass.length; i++) {
      if (net.invMass[i] === 0) continue;
      e -= m * (gx * net.x[3 * i] + gy * net.x[3 * i + 1] + gz * net.x[3 * i + 2]);
    }
    return e;
  }
}
