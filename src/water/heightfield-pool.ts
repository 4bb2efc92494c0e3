import { assertFinite, firstNonFinite, PhysicsError } from '../core/errors.js';
import { apiChecks as v } from '../core/validate.js';

/**
 * A height-field pool: the linearised shallow-water wave equation on a grid of water columns
 * (textbook §26.4 水のレンダリング: water surfaces without a volume solve; the column model of
 * Kass & Miller 1990 and Müller's "Height-field water" notes):
 *
 *   ∂²h/∂t² = c² ∇²h,  c = √(g·D)   (D: rest depth)
 *   v ← v + h·c² ∇²h  (five-point Laplacian, closed walls: zero normal gradient)
 *   v ← v·(1 − damping·h);  h ← h + h·v                     (semi-implicit Euler)
 *
 * Stable for c·h/Δx < 1/√2 (the 2D CFL condition for the explicit wave equation). With closed
 * walls Σ∇²h = 0, so the water volume is conserved exactly up to round-off.
 *
 * Floating balls interact both ways (two-way coupling): the submerged part of each ball is a
 * per-column "body height" b; when it changes, the displaced water is added to the columns
 * (the water volume Σ(h − b)Δx² stays constant), and the ball feels buoyancy ρ g V_sub upward,
 * plus linear drag in the water.
 */
export interface PoolOptions {
  /** columns along x and y */
  nx: number;
  /** (see nx) columns along y */
  ny: number;
  /** column spacing in metres */
  spacing: number;
  /** rest depth in metres */
  depth: number;
  /** gravity g, m/s² (default 9.81) */
  gravity?: number;
  /** velocity damping per second, default 0.3 */
  damping?: number;
  /** water density, default 1000 kg/m³ */
  density?: number;
}

/** A ball floating in the pool: it moves vertically, pushed up by the water it displaces. */
export interface Ball {
  /** centre x, m */
  x: number;
  /** centre y, m */
  y: number;
  /** height of the centre above the pool floor */
  z: number;
  /** vertical velocity, m/s */
  vz: number;
  /** radius, m */
  radius: number;
  /** mass, kg */
  mass: number;
}

/** The most water columns a pool may have (2048²). */
export const MAX_POOL_COLUMNS = 4_194_304;

/** A height-field pool of water columns with floating balls. */
export class HeightFieldPool {
  /** columns along x */
  readonly nx: number;
  /** columns along y */
  readonly ny: number;
  /** column spacing, m */
  readonly spacing: number;
  /** rest depth D, m */
  readonly depth: number;
  /** gravity g, m/s² */
  readonly gravity: number;
  /** velocity damping per second */
  readonly damping: number;
  /** water density, kg/m³ */
  readonly density: number;
  /** wave speed c = √(g·D), m/s */
  readonly waveSpeed: number;
  /** water surface height above the floor per column (row-major, row = y index) */
  readonly height: Float64Array;
  /** vertical velocity of each column */
  readonly velocity: Float64Array;
  /** submerged height of the balls per column */
  readonly bodyHeight: Float64Array;
  /** the floating balls (add with addBall) */
  readonly balls: Ball[] = [];
  private readonly prevBodyHeight: Float64Array;
  private readonly laplace: Float64Array;
  /** simulated time, s */
  time = 0;

  /** A pool at rest (options checked: known keys, sizes, at most {@link MAX_POOL_COLUMNS} columns). */
  constructor(options: PoolOptions) {
    const o = v.object(options, 'pool', ['nx', 'ny', 'spacing', 'depth', 'gravity', 'damping', 'density']);
    const { nx, ny } = options;
    if (!Number.isInteger(nx) || !Number.isInteger(ny) || nx < 3 || ny < 3) {
      throw new PhysicsError('invalid-argument', `pool: nx and ny must be integers ≥ 3, got ${nx}×${ny}`);
    }
    if (nx * ny > MAX_POOL_COLUMNS)
      throw new PhysicsError(
        'invalid-argument',
        `pool.nx: ${nx} × ${ny} columns is more than the limit of ${MAX_POOL_COLUMNS}`,
      );
    v.optNumber(o, 'gravity', 'pool', { above: 0 });
    v.optNumber(o, 'density', 'pool', { above: 0 });
    const spacing = assertFinite(options.spacing, 'pool.spacing');
    const depth = assertFinite(options.depth, 'pool.depth');
    if (spacing <= 0) throw new PhysicsError('invalid-argument', `pool.spacing: must be > 0, got ${spacing}`);
    if (depth <= 0) throw new PhysicsError('invalid-argument', `pool.depth: must be > 0, got ${depth}`);
    this.nx = nx;
    this.ny = ny;
    this.spacing = spacing;
    this.depth = depth;
    this.gravity = assertFinite(options.gravity ?? 9.81, 'pool.gravity');
    this.damping = assertFinite(options.damping ?? 0.3, 'pool.damping');
    this.density = assertFinite(options.density ?? 1000, 'pool.density');
    if (this.damping < 0)
      throw new PhysicsError('invalid-argument', `pool.damping: must be ≥ 0, got ${this.damping}`);
    this.waveSpeed = Math.sqrt(this.gravity * depth);
    const n = nx * ny;
    this.height = new Float64Array(n).fill(depth);
    this.velocity = new Float64Array(n);
    this.bodyHeight = new Float64Array(n);
    this.prevBodyHeight = new Float64Array(n);
    this.laplace = new Float64Array(n);
  }

  /**
   * The step's guard (the engines' non-finite policy, docs/design.md): a NaN or ±∞ in a column's
   * height or velocity, or in a ball's height or speed, throws `non-finite` naming it.
   */
  private assertFiniteState(): void {
    const bad = Math.max(firstNonFinite(this.height), firstNonFinite(this.velocity));
    if (bad >= 0) {
      throw new PhysicsError(
        'non-finite',
        `pool.columns[${bad}] (column ${bad % this.nx}, row ${Math.floor(bad / this.nx)}): height/velocity must be finite after the step to t = ${this.time}; the state is lost: rebuild the pool`,
      );
    }
    for (let b = 0; b < this.balls.length; b++) {
      const ball = this.balls[b]!;
      if (!Number.isFinite(ball.z + ball.vz))
        throw new PhysicsError(
          'non-finite',
          `pool.balls[${b}]: z/vz must be finite after the step to t = ${this.time}, got z = ${ball.z}, vz = ${ball.vz}`,
        );
    }
  }

  /** The largest stable step, from c·h/Δx < 1/√2. */
  maxStableDt(): number {
    return this.spacing / (this.waveSpeed * Math.SQRT2);
  }

  /** Adds a floating ball (checked: finite, radius and mass > 0, no unknown fields); returns it. */
  addBall(ball: Ball): Ball {
    v.object(ball, `pool.balls[${this.balls.length}]`, ['x', 'y', 'z', 'vz', 'radius', 'mass']);
    for (const key of ['x', 'y', 'z', 'vz', 'radius', 'mass'] as const)
      assertFinite(ball[key], `ball.${key}`);
    if (ball.radius <= 0)
      throw new PhysicsError('invalid-argument', `ball.radius: must be > 0, got ${ball.radius}`);
    if (ball.mass <= 0)
      throw new PhysicsError('invalid-argument', `ball.mass: must be > 0, got ${ball.mass}`);
    this.balls.push(ball);
    this.computeBodyHeights();
    this.prevBodyHeight.set(this.bodyHeight);
    return ball;
  }

  /** Raises (amount > 0) or lowers a round patch of water — a drop, a splash — keeping volume by spreading the opposite amount over the whole pool. */
  disturb(x: number, y: number, radius: number, amount: number): void {
    assertFinite(x, 'disturb.x');
    assertFinite(y, 'disturb.y');
    assertFinite(amount, 'disturb.amount');
    v.number(radius, 'disturb.radius', { above: 0 });
    const h = this.spacing;
    let added = 0;
    for (let j = 0; j < this.ny; j++) {
      for (let i = 0; i < this.nx; i++) {
        const dx = (i + 0.5) * h - x;
        const dy = (j + 0.5) * h - y;
        const d2 = (dx * dx + dy * dy) / (radius * radius);
        if (d2 < 1) {
          const w = amount * (1 - d2) * (1 - d2);
          this.height[j * this.nx + i] = this.height[j * this.nx + i]! + w;
          added += w;
        }
      }
    }
    const n = this.nx * this.ny;
    const back = added / n;
    for (let k = 0; k < n; k++) this.height[k] = this.height[k]! - back;
  }

  /** Total water volume Σ(h − b)Δx² (conserved by `step`). */
  waterVolume(): number {
    let s = 0;
    for (let k = 0; k < this.height.length; k++) s += this.height[k]! - this.bodyHeight[k]!;
    return s * this.spacing * this.spacing;
  }

  /**
   * The energy of the discrete wave equation, E = ½Σ v² Δx² + ½c²Σ_edges (Δh/Δx)² Δx², which the
   * undamped scheme keeps bounded (it is symplectic) and damping only removes. Units m⁴/s²;
   * multiply by ρ·D / c²·g… for joules — the tests only compare it with itself.
   */
  waveEnergy(): number {
    const { nx, ny, height, velocity } = this;
    let kin = 0;
    let pot = 0;
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const k = j * nx + i;
        kin += velocity[k]! * velocity[k]!;
        if (i < nx - 1) {
          const d = height[k + 1]! - height[k]!;
          pot += d * d;
        }
        if (j < ny - 1) {
          const d = height[k + nx]! - height[k]!;
          pot += d * d;
        }
      }
    }
    const a = this.spacing * this.spacing;
    return 0.5 * kin * a + 0.5 * this.waveSpeed * this.waveSpeed * pot;
  }

  /** Mean water height over the columns, m (the water volume over the floor area). */
  meanHeight(): number {
    let s = 0;
    for (let k = 0; k < this.height.length; k++) s += this.height[k]!;
    return s / this.height.length;
  }

  /** Advances the water and the balls by `dt` seconds (semi-implicit Euler, as in the module comment). */
  step(dt: number): void {
    if (!(dt > 0) || dt > this.maxStableDt()) {
      throw new PhysicsError(
        'invalid-argument',
        `pool.step: dt must be in (0, ${this.maxStableDt().toPrecision(4)}] (CFL c·dt/Δx < 1/√2), got ${dt}`,
      );
    }
    this.stepBalls(dt);
    // displaced water: the change of the submerged height goes into the columns
    this.prevBodyHeight.set(this.bodyHeight);
    this.computeBodyHeights();
    const n = this.nx * this.ny;
    // smooth the displaced volume a little (diffusion with closed walls keeps its sum) so that
    // a ball does not excite grid-scale checkerboard waves
    const delta = this.prevBodyHeight;
    for (let k = 0; k < n; k++) delta[k] = this.bodyHeight[k]! - delta[k]!;
    for (let pass = 0; pass < 3; pass++) this.diffuse(delta);
    for (let k = 0; k < n; k++) this.height[k] = this.height[k]! + delta[k]!;
    // wave equation, semi-implicit Euler
    const { height, velocity, laplace } = this;
    const c2 = (this.waveSpeed * this.waveSpeed) / (this.spacing * this.spacing);
    this.laplacian(height, laplace);
    const keep = Math.max(0, 1 - this.damping * dt);
    for (let k = 0; k < n; k++) {
      const v = (velocity[k]! + dt * c2 * laplace[k]!) * keep;
      velocity[k] = v;
      height[k] = height[k]! + dt * v;
    }
    this.time += dt;
    this.assertFiniteState();
  }

  /**
   * The five-point Laplacian (without the 1/Δx² factor) with closed walls: a missing neighbour
   * takes the cell's own value (zero normal gradient), so Σ out = 0 exactly.
   */
  private laplacian(f: Float64Array, out: Float64Array): void {
    const { nx, ny } = this;
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const k = j * nx + i;
        const c = f[k]!;
        const l = i > 0 ? f[k - 1]! : c;
        const r = i < nx - 1 ? f[k + 1]! : c;
        const d = j > 0 ? f[k - nx]! : c;
        const u = j < ny - 1 ? f[k + nx]! : c;
        out[k] = l + r + d + u - 4 * c;
      }
    }
  }

  /** One explicit diffusion pass f ← f + ⅕∇²f with closed walls (conserves Σf). */
  private diffuse(f: Float64Array): void {
    this.laplacian(f, this.laplace);
    for (let k = 0; k < f.length; k++) f[k] = f[k]! + 0.2 * this.laplace[k]!;
  }

  /** Bilinear sample of a per-column field at world (x, y) (column centres at (i + ½)Δx). */
  sample(field: Float64Array, x: number, y: number): number {
    const gx = Math.min(this.nx - 1.000001, Math.max(0, x / this.spacing - 0.5));
    const gy = Math.min(this.ny - 1.000001, Math.max(0, y / this.spacing - 0.5));
    const i = Math.floor(gx);
    const j = Math.floor(gy);
    const tx = gx - i;
    const ty = gy - j;
    const k = j * this.nx + i;
    return (
      (field[k]! * (1 - tx) + field[k + 1]! * tx) * (1 - ty) +
      (field[k + this.nx]! * (1 - tx) + field[k + this.nx + 1]! * tx) * ty
    );
  }

  /** Buoyancy ρ g V_sub up, gravity down, drag in water; semi-implicit Euler for each ball. */
  private stepBalls(dt: number): void {
    for (const ball of this.balls) {
      const sub = this.submergedVolume(ball);
      const full = (4 / 3) * Math.PI * ball.radius * ball.radius * ball.radius;
      const frac = full > 0 ? sub / full : 0;
      const buoyancy = this.density * this.gravity * sub;
      const drag = -frac * 4 * Math.sqrt(this.gravity / ball.radius) * ball.mass * ball.vz;
      const fz = buoyancy - ball.mass * this.gravity + drag;
      ball.vz += (dt * fz) / ball.mass;
      ball.z += dt * ball.vz;
      if (ball.z < ball.radius) {
        ball.z = ball.radius;
        if (ball.vz < 0) ball.vz = 0;
      }
    }
  }

  /** Submerged volume of a ball: Σ over columns of the overlap of the ball's chord with the water column. */
  submergedVolume(ball: Ball): number {
    let v = 0;
    const h = this.spacing;
    const i0 = Math.max(0, Math.floor((ball.x - ball.radius) / h));
    const i1 = Math.min(this.nx - 1, Math.floor((ball.x + ball.radius) / h));
    const j0 = Math.max(0, Math.floor((ball.y - ball.radius) / h));
    const j1 = Math.min(this.ny - 1, Math.floor((ball.y + ball.radius) / h));
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const k = j * this.nx + i;
        // the local water surface (it carries the waves that push the ball)
        v += this.chordOverlap(ball, i, j, this.height[k]!);
      }
    }
    return v * h * h;
  }

  private chordOverlap(ball: Ball, i: number, j: number, surface: number): number {
    const h = this.spacing;
    const dx = (i + 0.5) * h - ball.x;
    const dy = (j + 0.5) * h - ball.y;
    const r2 = ball.radius * ball.radius - dx * dx - dy * dy;
    if (r2 <= 0) return 0;
    const half = Math.sqrt(r2);
    const bottom = Math.max(0, ball.z - half);
    const top = Math.min(surface, ball.z + half);
    return top > bottom ? top - bottom : 0;
  }

  /**
   * b per column: the part of each ball's vertical chord below the pool's mean water level.
   * Using the mean level (a global quantity) rather than each column's own height keeps the
   * column from feeding back on itself, which makes the coupling unstable at the grid scale.
   */
  private computeBodyHeights(): void {
    const before = this.bodyHeight;
    const level = this.meanHeight();
    const h = this.spacing;
    const scratch = this.laplace;
    scratch.fill(0);
    for (const ball of this.balls) {
      const i0 = Math.max(0, Math.floor((ball.x - ball.radius) / h));
      const i1 = Math.min(this.nx - 1, Math.floor((ball.x + ball.radius) / h));
      const j0 = Math.max(0, Math.floor((ball.y - ball.radius) / h));
      const j1 = Math.min(this.ny - 1, Math.floor((ball.y + ball.radius) / h));
      for (let j = j0; j <= j1; j++) {
        for (let i = i0; i <= i1; i++) {
          const k = j * this.nx + i;
          scratch[k] = scratch[k]! + this.chordOverlap(ball, i, j, level);
        }
      }
    }
    before.set(scratch);
  }
}
