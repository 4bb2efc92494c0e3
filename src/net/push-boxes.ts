/**
 * A small networked game on the rigid2d engine: players push boxes around a walled arena seen
 * from above (no gravity; linear damping plays the floor's friction). It implements `NetGame`,
 * so lockstep and state synchronisation (lockstep.ts, state-sync.ts) can drive it, and it is
 * what the networked playground demo and the tests run.
 *
 * Input per player and tick: a push direction { x, y } with |x|, |y| ≤ 1 (scaled by the push
 * force). State: the tick and, per dynamic body in creation order, x, y, angle, vx, vy, ω and
 * whether it is awake. Restoring a state teleports the bodies (contact caches are kept, so a
 * restored world is close to, not bit-identical with, the one the state came from; lockstep
 * never restores, so its worlds stay bit-identical).
 */
import { PhysicsError } from '../core/errors.js';
import { StateHasher } from '../core/hash.js';
import { pcos, psin } from '../math/portable.js';
import { type BodyId, World } from '../rigid2d/index.js';
import type { NetGame } from './game.js';

/** One player's push for one tick. */
export interface PushInput {
  /** push along x, in [−1, 1] */
  x: number;
  /** push along y, in [−1, 1] */
  y: number;
}

/** Options of {@link PushBoxesGame}. */
export interface PushBoxesOptions {
  /** player slots, default 2 */
  players?: number;
  /** loose crates, default 12 */
  crates?: number;
  /** step, default 1/60 s */
  dt?: number;
  /** push force, N, default 60 */
  force?: number;
}

const FIELDS = 7;

/** The push-boxes game (see the file comment). */
export class PushBoxesGame implements NetGame<PushInput> {
  readonly players: number;
  readonly dt: number;
  /** the rigid2d world the game runs */
  readonly world: World;
  /** dynamic bodies: the players first, then the crates */
  readonly bodies: BodyId[] = [];
  private ticks = 0;
  private readonly force: number;
  private readonly hasher = new StateHasher();
  private readonly pos: Float64Array;

  constructor(options: PushBoxesOptions = {}) {
    this.players = options.players ?? 2;
    this.dt = options.dt ?? 1 / 60;
    this.force = options.force ?? 60;
    const crates = options.crates ?? 12;
    if (!Number.isInteger(this.players) || this.players < 1 || this.players > 16) {
      throw new PhysicsError(
        'invalid-argument',
        `players: must be an integer in [1, 16], got ${this.players}`,
      );
    }
    if (!Number.isInteger(crates) || crates < 0 || crates > 400) {
      throw new PhysicsError('invalid-argument', `crates: must be an integer in [0, 400], got ${crates}`);
    }
    this.world = new World({ gravity: [0, 0], enableSleep: true });
    const walls = this.world.createBody({ type: 'static' });
    const half = 8;
    for (const [cx, cy, hw, hh] of [
      [0, -half, half, 0.25],
      [0, half, half, 0.25],
      [-half, 0, 0.25, half],
      [half, 0, 0.25, half],
    ] as const) {
      this.world.createShape(walls, {
        kind: 'box',
        halfWidth: hw,
        halfHeight: hh,
        center: [cx, cy],
        friction: 0.2,
      });
    }
    for (let p = 0; p < this.players; p++) {
      const a = (2 * Math.PI * p) / this.players;
      const b = this.world.createBody({
        position: [5 * pcos(a), 5 * psin(a)],
        linearDamping: 2,
        angularDamping: 2,
      });
      this.world.createShape(b, { kind: 'circle', radius: 0.5, density: 2, friction: 0.3 });
      this.bodies.push(b);
    }
    const side = Math.ceil(Math.sqrt(crates));
    for (let k = 0; k < crates; k++) {
      const x = ((k % side) - (side - 1) / 2) * 1.2;
      const y = (Math.floor(k / side) - (side - 1) / 2) * 1.2;
      const b = this.world.createBody({ position: [x, y], linearDamping: 1.5, angularDamping: 1.5 });
      this.world.createShape(b, {
        kind: 'box',
        halfWidth: 0.45,
        halfHeight: 0.45,
        density: 1,
        friction: 0.4,
      });
      this.bodies.push(b);
    }
    this.pos = new Float64Array(2 * this.bodies.length);
  }

  get tick(): number {
    return this.ticks;
  }

  neutralInput(): PushInput {
    return { x: 0, y: 0 };
  }

  validateInput(raw: unknown): PushInput | null {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
    const o = raw as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length !== 2 || !('x' in o) || !('y' in o)) return null;
    const { x, y } = o;
    if (typeof x !== 'number' || typeof y !== 'number') return null;
    if (!(Math.abs(x) <= 1) || !(Math.abs(y) <= 1)) return null;
    return { x, y };
  }

  step(inputs: readonly PushInput[]): void {
    for (let p = 0; p < this.players; p++) {
      const i = inputs[p];
      if (i === undefined || (i.x === 0 && i.y === 0)) continue;
      this.world.applyForce(this.bodies[p]!, [i.x * this.force, i.y * this.force]);
    }
    this.world.step(this.dt);
    this.ticks++;
  }

  getState(): { tick: number; bodies: number[] } {
    const out: number[] = [];
    const w = this.world;
    for (const b of this.bodies) {
      const [x, y] = w.getPosition(b);
      const [vx, vy] = w.getLinearVelocity(b);
      out.push(x, y, w.getAngle(b), vx, vy, w.getAngularVelocity(b), w.isAwake(b) ? 1 : 0);
    }
    return { tick: this.ticks, bodies: out };
  }

  setState(state: unknown): void {
    if (typeof state !== 'object' || state === null)
      throw new PhysicsError('invalid-argument', 'state: must be an object');
    const s = state as { tick?: unknown; bodies?: unknown };
    const tick = s.tick;
    if (typeof tick !== 'number' || !Number.isInteger(tick) || tick < 0) {
      throw new PhysicsError('invalid-argument', 'state.tick: must be an integer ≥ 0');
    }
    const list = s.bodies;
    if (!Array.isArray(list) || list.length !== FIELDS * this.bodies.length) {
      throw new PhysicsError(
        'invalid-argument',
        `state.bodies: must hold ${FIELDS * this.bodies.length} numbers`,
      );
    }
    for (let i = 0; i < list.length; i++) {
      if (typeof list[i] !== 'number' || !Number.isFinite(list[i])) {
        throw new PhysicsError('non-finite', `state.bodies[${i}]: must be a finite number`);
      }
    }
    const w = this.world;
    for (let k = 0; k < this.bodies.length; k++) {
      const b = this.bodies[k]!;
      const o = FIELDS * k;
      w.setTransform(b, [list[o], list[o + 1]], list[o + 2]);
      w.setLinearVelocity(b, [list[o + 3], list[o + 4]]);
      w.setAngularVelocity(b, list[o + 5]);
      if (list[o + 6] === 0) w.setAwake(b, false);
    }
    this.ticks = tick;
  }

  hash(): string {
    const h = this.hasher.reset();
    h.addInt(this.ticks);
    const w = this.world;
    for (const b of this.bodies) {
      const [x, y] = w.getPosition(b);
      const [vx, vy] = w.getLinearVelocity(b);
      h.addFloat(x)
        .addFloat(y)
        .addFloat(w.getAngle(b))
        .addFloat(vx)
        .addFloat(vy)
        .addFloat(w.getAngularVelocity(b));
    }
    return h.digest();
  }

  /** x, y per dynamic body (for drawing and smoothing). */
  positions(): Float64Array {
    for (let k = 0; k < this.bodies.length; k++) {
      const [x, y] = this.world.getPosition(this.bodies[k]!);
      this.pos[2 * k] = x;
      this.pos[2 * k + 1] = y;
    }
    return this.pos;
  }
}
