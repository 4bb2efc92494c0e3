/** The structure-of-arrays particle store of position-based dynamics. */
import { assertFinite, PhysicsError } from '../core/errors.js';

/**
 * The particle system of position-based dynamics (textbook §26.3 "考え方"; Müller et al. 2007),
 * stored as structure-of-arrays: particle i owns x[3i..3i+2], prev[3i..3i+2], v[3i..3i+2] and
 * invMass[i]. Everything is 3D; 2D scenes simply keep z = 0.
 *
 * - `x`       current position (the predicted position p of the textbook while a substep runs)
 * - `prev`    position at the start of the current substep (x_n); Verlet uses it as x_{n−1}
 * - `v`       velocity, derived from the position change after every substep
 * - `invMass` w = 1/m; 0 means pinned / kinematic (the same formula then runs for all)
 *
 * The arrays grow by doubling, so references to them are only valid until the next `add`;
 * the solver re-reads them at the start of every step (no allocation inside a step).
 */
/** The most particles a world may hold (4,194,304: about 0.4 GB of state); builders check it first. */
export const MAX_PARTICLES = 4_194_304;

/** The particles of an XPBD world: positions, previous positions, velocities and inverse masses, 3 per particle in flat arrays. */
export class Particles {
  /** number of live particles */
  count = 0;
  /** positions, 3 per particle (x, y, z), m */
  x: Float64Array;
  /** positions at the start of the substep, 3 per particle */
  prev: Float64Array;
  /** velocities, 3 per particle, m/s */
  v: Float64Array;
  /** inverse masses, 1/kg; 0 pins a particle */
  invMass: Float64Array;

  constructor(capacity = 64) {
    const cap = Math.max(1, capacity | 0);
    this.x = new Float64Array(3 * cap);
    this.prev = new Float64Array(3 * cap);
    this.v = new Float64Array(3 * cap);
    this.invMass = new Float64Array(cap);
  }

  /** Particles the arrays hold before they grow. */
  get capacity(): number {
    return this.invMass.length;
  }

  /** Makes room for at least `n` particles (doubling), keeping the content. */
  reserve(n: number): void {
    if (n <= this.capacity) return;
    let cap = this.capacity;
    while (cap < n) cap *= 2;
    this.x = grown(this.x, 3 * cap);
    this.prev = grown(this.prev, 3 * cap);
    this.v = grown(this.v, 3 * cap);
    this.invMass = grown(this.invMass, cap);
  }

  /**
   * Adds a particle at (x, y, z) with inverse mass `invMass` (0 = pinned) and returns its index.
   * Throws PhysicsError for non-finite input or a negative inverse mass.
   */
  add(x: number, y: number, z: number, invMass: number): number {
    const i = this.count;
    if (i >= MAX_PARTICLES) {
      throw new PhysicsError('invalid-argument', `particles: at most ${MAX_PARTICLES} particles in a world`);
    }
    const where = `particles[${i}]`;
    assertFinite(x, `${where}.x`);
    assertFinite(y, `${where}.y`);
    assertFinite(z, `${where}.z`);
    assertFinite(invMass, `${where}.invMass`);
    if (invMass < 0) {
      throw new PhysicsError('invalid-argument', `${where}.invMass: must be >= 0, got ${invMass}`);
    }
    this.reserve(i + 1);
    const k = 3 * i;
    this.x[k] = x;
    this.x[k + 1] = y;
    this.x[k + 2] = z;
    this.prev[k] = x;
    this.prev[k + 1] = y;
    this.prev[k + 2] = z;
    this.v[k] = 0;
    this.v[k + 1] = 0;
    this.v[k + 2] = 0;
    this.invMass[i] = invMass;
    this.count = i + 1;
    return i;
  }

  /** Moves particle i to (x, y, z) (both x and prev, so no velocity is implied). */
  setPosition(i: number, x: number, y: number, z: number): void {
    this.check(i);
    assertFinite(x, `particles[${i}].x`);
    assertFinite(y, `particles[${i}].y`);
    assertFinite(z, `particles[${i}].z`);
    const k = 3 * i;
    this.x[k] = this.prev[k] = x;
    this.x[k + 1] = this.prev[k + 1] = y;
    this.x[k + 2] = this.prev[k + 2] = z;
  }

  /** Sets particle i's velocity, m/s. */
  setVelocity(i: number, vx: number, vy: number, vz: number): void {
    this.check(i);
    const k = 3 * i;
    this.v[k] = assertFinite(vx, `particles[${i}].v.x`);
    this.v[k + 1] = assertFinite(vy, `particles[${i}].v.y`);
    this.v[k + 2] = assertFinite(vz, `particles[${i}].v.z`);
  }

  /** Sets particle i's inverse mass (0 pins it). */
  setInvMass(i: number, w: number): void {
    this.check(i);
    assertFinite(w, `particles[${i}].invMass`);
    if (w < 0) throw new PhysicsError('invalid-argument', `particles[${i}].invMass: must be >= 0, got ${w}`);
    this.invMass[i] = w;
  }

  /** Position of particle i as [x, y, z] (allocates; for tests and tools, not hot loops). */
  position(i: number): [number, number, number] {
    this.check(i);
    return [this.x[3 * i], this.x[3 * i + 1], this.x[3 * i + 2]];
  }

  /** Particle i's velocity as a new [vx, vy, vz]. */
  velocity(i: number): [number, number, number] {
    this.check(i);
    return [this.v[3 * i], this.v[3 * i + 1], this.v[3 * i + 2]];
  }

  /** Throws `non-finite` naming the first particle whose position or velocity is NaN/∞. */
  assertAllFinite(where = 'particles'): void {
    const n = 3 * this.count;
    for (let k = 0; k < n; k++) {
      if (!Number.isFinite(this.x[k]) || !Number.isFinite(this.v[k])) {
        const i = (k / 3) | 0;
        throw new PhysicsError(
          'non-finite',
          `${where}[${i}]: position/velocity must be finite, got x=(${this.position(i).join(', ')})`,
        );
      }
    }
  }

  private check(i: number): void {
    if (!Number.isInteger(i) || i < 0 || i >= this.count) {
      throw new PhysicsError('invalid-argument', `particle index: must be in [0, ${this.count}), got ${i}`);
    }
  }
}

/** A copy of `a` in a new zeroed array of `size` entries (storage that grows by doubling). */
export function grown<T extends Float64Array | Int32Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}
