/** Particle collisions with static or kinematic shapes (planes, spheres, capsules, boxes, SDFs). */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { apiChecks as v } from '../core/validate.js';
import type { ConstraintSet, SolveContext } from './constraint.js';
import { checkNonNegative } from './distance.js';
import type { Particles } from './particles.js';

type V3 = [number, number, number];

/**
 * Static or kinematic collision shapes for particles. Their fields are public and may be moved
 * between frames (a moving head, a dragged ball). Each gives a signed distance φ and outward normal.
 */
export type Collider =
  /** half-space n·x ≥ offset (n is normalised on creation by `plane()`) */
  | { kind: 'plane'; normal: V3; offset: number }
  | { kind: 'sphere'; center: V3; radius: number }
  /** segment a–b swept by a sphere of `radius` */
  | { kind: 'capsule'; a: V3; b: V3; radius: number }
  /** axis-aligned box */
  | { kind: 'box'; center: V3; half: V3 }
  /** a signed distance field (textbook §26.3: 符号付き距離場): returns φ, writes ∇φ into `grad` */
  | { kind: 'sdf'; distance: (x: number, y: number, z: number, grad: Float64Array) => number };

const COLLIDER_KEYS: Record<string, string[]> = {
  plane: ['kind', 'normal', 'offset'],
  sphere: ['kind', 'center', 'radius'],
  capsule: ['kind', 'a', 'b', 'radius'],
  box: ['kind', 'center', 'half'],
  sdf: ['kind', 'distance'],
};

/** `[x, y, z]` of finite numbers. */
function vec3(value: unknown, path: string): void {
  if (!Array.isArray(value) || value.length !== 3) v.failGot(path, 'expected [x, y, z]', value);
  for (let k = 0; k < 3; k++) v.number((value as unknown[])[k], `${path}[${k}]`);
}

/**
 * Checks a collider definition (a sphere with a NaN centre or a negative radius would silently
 * push particles to NaN or inside out); errors name `where` and the field.
 */
export function validateCollider(c: Collider, where = 'collider'): void {
  const o = v.object(c, where, null);
  const kind = v.oneOf(o.kind, `${where}.kind`, ['plane', 'sphere', 'capsule', 'box', 'sdf']);
  v.object(o, where, COLLIDER_KEYS[kind]!);
  if (kind === 'plane') {
    vec3(o.normal, `${where}.normal`);
    const n = o.normal as V3;
    if (!(n[0] * n[0] + n[1] * n[1] + n[2] * n[2] > 0))
      v.fail(`${where}.normal`, 'must be non-zero (use plane(normal, offset) to normalise it)');
    v.number(o.offset, `${where}.offset`);
  } else if (kind === 'sphere') {
    vec3(o.center, `${where}.center`);
    v.number(o.radius, `${where}.radius`, { min: 0 });
  } else if (kind === 'capsule') {
    vec3(o.a, `${where}.a`);
    vec3(o.b, `${where}.b`);
    v.number(o.radius, `${where}.radius`, { min: 0 });
  } else if (kind === 'box') {
    vec3(o.center, `${where}.center`);
    vec3(o.half, `${where}.half`);
    for (let k = 0; k < 3; k++) v.number((o.half as V3)[k], `${where}.half[${k}]`, { min: 0 });
  } else if (typeof o.distance !== 'function') {
    v.failGot(`${where}.distance`, 'expected a function (x, y, z, grad) => φ', o.distance);
  }
}

/** A half-space collider n·x ≥ offset (n normalised here). */
export function plane(normal: V3, offset: number): Collider {
  const l = Math.sqrt(normal[0] * normal[0] + normal[1] * normal[1] + normal[2] * normal[2]);
  if (!(l > 0))
    throw new PhysicsError('degenerate-shape', `plane.normal: must be non-zero, got (${normal.join(', ')})`);
  assertFinite(offset, 'plane.offset');
  return { kind: 'plane', normal: [normal[0] / l, normal[1] / l, normal[2] / l], offset };
}

/** Signed distance of (x, y, z) to a collider; writes the outward unit normal into n[0..2]. */
export function colliderDistance(c: Collider, x: number, y: number, z: number, n: Float64Array): number {
  switch (c.kind) {
    case 'plane': {
      n[0] = c.normal[0];
      n[1] = c.normal[1];
      n[2] = c.normal[2];
      return c.normal[0] * x + c.normal[1] * y + c.normal[2] * z - c.offset;
    }
    case 'sphere':
      return pointDistance(x - c.center[0], y - c.center[1], z - c.center[2], c.radius, n);
    case 'capsule': {
      const abx = c.b[0] - c.a[0];
      const aby = c.b[1] - c.a[1];
      const abz = c.b[2] - c.a[2];
      const ll = abx * abx + aby * aby + abz * abz;
      let t = ll > 0 ? ((x - c.a[0]) * abx + (y - c.a[1]) * aby + (z - c.a[2]) * abz) / ll : 0;
      t = t < 0 ? 0 : Math.min(t, 1);
      return pointDistance(x - c.a[0] - t * abx, y - c.a[1] - t * aby, z - c.a[2] - t * abz, c.radius, n);
    }
    case 'box': {
      const dx = x - c.center[0];
      const dy = y - c.center[1];
      const dz = z - c.center[2];
      const qx = Math.abs(dx) - c.half[0];
      const qy = Math.abs(dy) - c.half[1];
      const qz = Math.abs(dz) - c.half[2];
      if (qx > 0 || qy > 0 || qz > 0) {
        const ox = Math.max(qx, 0);
        const oy = Math.max(qy, 0);
        const oz = Math.max(qz, 0);
        const d = Math.sqrt(ox * ox + oy * oy + oz * oz);
        n[0] = (Math.sign(dx) * ox) / d;
        n[1] = (Math.sign(dy) * oy) / d;
        n[2] = (Math.sign(dz) * oz) / d;
        return d;
      }
      // inside: the nearest face
      n[0] = n[1] = n[2] = 0;
      if (qx >= qy && qx >= qz) {
        n[0] = dx >= 0 ? 1 : -1;
        return qx;
      }
      if (qy >= qz) {
        n[1] = dy >= 0 ? 1 : -1;
        return qy;
      }
      n[2] = dz >= 0 ? 1 : -1;
      return qz;
    }
    case 'sdf': {
      const phi = c.distance(x, y, z, n);
      const l = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
      if (l > 0) {
        n[0] /= l;
        n[1] /= l;
        n[2] /= l;
      } else {
        n[0] = 0;
        n[1] = 1;
        n[2] = 0;
      }
      return phi;
    }
  }
}

function pointDistance(dx: number, dy: number, dz: number, r: number, n: Float64Array): number {
  const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (d < 1e-12) {
    n[0] = 0;
    n[1] = 1;
    n[2] = 0; // at the centre any direction is as good; pick up
  } else {
    n[0] = dx / d;
    n[1] = dy / d;
    n[2] = dz / d;
  }
  return d - r;
}

/** Which particles collide, and the thickness, friction and restitution of their contacts. */
export interface CollisionOptions {
  /** particles first .. first+count−1 collide (default: all particles) */
  first?: number;
  /** (see first) how many particles collide */
  count?: number;
  /** distance kept from the surfaces, m */
  thickness?: number;
  /** Coulomb friction: static μs and kinetic μk (position-based, on the penetration depth) */
  staticFriction?: number;
  /** (see staticFriction) kinetic friction μk */
  friction?: number;
  /** restitution e of the normal velocity (velocity pass); 0 = inelastic */
  restitution?: number;
  /** normal speeds below this do not bounce (avoids jitter at rest), m/s */
  restitutionThreshold?: number;
}

/**
 * Collision inequality constraints C = φ(x) − thickness ≥ 0 against planes, spheres, capsules,
 * boxes and SDFs (textbook §26.3 "衝突": projected only while violated). Friction removes the
 * tangential part of this substep's displacement (static while it is below μs·depth, else reduced by
 * μk·depth); restitution sets the normal velocity to −e times the approach speed in the velocity pass.
 */
export class CollisionSet implements ConstraintSet {
  readonly kind = 'collision';
  /** the shapes particles collide with (add to or remove from it freely) */
  readonly colliders: Collider[] = [];
  /** distance kept from the surfaces, m */
  thickness: number;
  /** static friction μs */
  staticFriction: number;
  /** kinetic friction μk */
  friction: number;
  /** restitution e of the normal velocity */
  restitution: number;
  /** normal speeds below this do not bounce, m/s */
  restitutionThreshold: number;
  /** the first particle that collides */
  readonly first: number;
  private readonly fixedCount: number;
  /** per particle: 1 if in contact during this substep */
  private hit = new Uint8Array(0);
  private normal = new Float64Array(0);
  private vn0 = new Float64Array(0);
  private readonly nrm = new Float64Array(3);
  private readonly best = new Float64Array(3);
  /** contacts found in the last substep */
  contacts = 0;

  constructor(
    private readonly particles: Particles,
    options: CollisionOptions = {},
  ) {
    const o = v.object(options, 'collision', [
      'first',
      'count',
      'thickness',
      'staticFriction',
      'friction',
      'restitution',
      'restitutionThreshold',
    ]);
    v.optNumber(o, 'first', 'collision', { integer: true, min: 0 });
    v.optNumber(o, 'count', 'collision', { integer: true, min: 0 });
    this.first = options.first ?? 0;
    this.fixedCount = options.count ?? -1;
    this.thickness = options.thickness ?? 0;
    this.staticFriction = options.staticFriction ?? options.friction ?? 0;
    this.friction = options.friction ?? 0;
    this.restitution = options.restitution ?? 0;
    this.restitutionThreshold = options.restitutionThreshold ?? 0.1;
    checkNonNegative(this.thickness, 'collision.thickness');
    checkNonNegative(this.friction, 'collision.friction');
    checkNonNegative(this.staticFriction, 'collision.staticFriction');
    checkNonNegative(this.restitution, 'collision.restitution');
  }

  /**
   * Adds a collider (checked: its kind's fields only, finite centres and normals, sizes ≥ 0, a
   * non-zero plane normal, a function for an SDF); returns it so the caller can move it later.
   */
  addCollider<T extends Collider>(c: T): T {
    validateCollider(c, `collision.colliders[${this.colliders.length}]`);
    this.colliders.push(c);
    return c;
  }

  size(): number {
    return this.fixedCount >= 0 ? this.fixedCount : Math.max(0, this.particles.count - this.first);
  }

  particlesOf(c: number, out: number[]): number {
    out[0] = this.first + c;
    return 1;
  }

  resetLambda(): void {
    const n = this.particles.count;
    if (this.hit.length < n) {
      this.hit = new Uint8Array(this.particles.capacity);
      this.normal = new Float64Array(3 * this.particles.capacity);
      this.vn0 = new Float64Array(this.particles.capacity);
    }
    this.hit.fill(0, 0, n);
    this.contacts = 0;
  }

  solve(ctx: SolveContext, order: Int32Array | null, start: number, end: number): void {
    const x = ctx.x;
    const prev = ctx.prev;
    const w = ctx.invMass;
    const v = ctx.v;
    const nrm = this.nrm;
    const best = this.best;
    const cols = this.colliders;
    const nc = cols.length;
    const th = this.thickness;
    for (let k = start; k < end; k++) {
      const i = this.first + (order === null ? k : order[k]);
      if (w[i] === 0) continue;
      const p = 3 * i;
      let depth = 0;
      for (let j = 0; j < nc; j++) {
        const phi = colliderDistance(cols[j], x[p], x[p + 1], x[p + 2], nrm) - th;
        if (phi < -depth) {
          depth = -phi;
          best[0] = nrm[0];
          best[1] = nrm[1];
          best[2] = nrm[2];
        }
      }
      if (depth <= 0) continue;
      const nx = best[0];
      const ny = best[1];
      const nz = best[2];
      // project out along the normal (Δx = −C ∇C with w the only mass: exact)
      let cx = x[p] + depth * nx;
      let cy = x[p + 1] + depth * ny;
      let cz = x[p + 2] + depth * nz;
      // friction on this substep's tangential displacement
      const mx = cx - prev[p];
      const my = cy - prev[p + 1];
      const mz = cz - prev[p + 2];
      const mn = mx * nx + my * ny + mz * nz;
      const tx = mx - mn * nx;
      const ty = my - mn * ny;
      const tz = mz - mn * nz;
      const tl = Math.sqrt(tx * tx + ty * ty + tz * tz);
      if (tl > 0) {
        const s = tl < this.staticFriction * depth ? 1 : Math.min((this.friction * depth) / tl, 1);
        cx -= s * tx;
        cy -= s * ty;
        cz -= s * tz;
      }
      if (ctx.jacobi) {
        ctx.dx[p] += cx - x[p];
        ctx.dx[p + 1] += cy - x[p + 1];
        ctx.dx[p + 2] += cz - x[p + 2];
      } else {
        x[p] = cx;
        x[p + 1] = cy;
        x[p + 2] = cz;
      }
      if (this.hit[i] === 0) {
        this.hit[i] = 1;
        this.contacts++;
        this.vn0[i] = v[p] * nx + v[p + 1] * ny + v[p + 2] * nz;
      }
      this.normal[p] = nx;
      this.normal[p + 1] = ny;
      this.normal[p + 2] = nz;
    }
  }

  /** Restitution: v_n ← −e v_n(before) for particles in contact (0 below the threshold speed). */
  velocityPass(ctx: SolveContext): void {
    if (this.contacts === 0) return;
    const v = ctx.v;
    const e = this.restitution;
    const n = this.size();
    for (let c = 0; c < n; c++) {
      const i = this.first + c;
      if (this.hit[i] === 0) continue;
      const p = 3 * i;
      const nx = this.normal[p];
      const ny = this.normal[p + 1];
      const nz = this.normal[p + 2];
      const vn = v[p] * nx + v[p + 1] * ny + v[p + 2] * nz;
      const before = this.vn0[i];
      const target = before < -this.restitutionThreshold ? -e * before : 0;
      // Müller et al. 2020: v ← v + n (−v_n + max(−e v_n(before), 0)); this also removes the
      // outward speed depth/h that the position projection alone would add
      const dv = target - vn;
      v[p] += dv * nx;
      v[p + 1] += dv * ny;
      v[p + 2] += dv * nz;
    }
  }
}
