/**
 * A kinematic character controller for the 3D world (textbook §26.2's shape casts put to work;
 * the "collide and slide" scheme of Fauerby 2003, "Improved Collision detection and Response",
 * with the step-up / snap-down passes of game character controllers such as Bullet's
 * btKinematicCharacterController and Rapier's KinematicCharacterController).
 *
 * The character is a capsule (y up) on a kinematic body: the world never moves it by contacts, the
 * controller does, once per frame before `world.step`, by sweeping the capsule through the static
 * and kinematic geometry with shape casts (conservative advancement, geometry/toi3d.ts):
 *
 * 1. carried: standing on a kinematic body (a moving platform), the capsule first moves with the
 *    platform's point velocity;
 * 2. horizontal: the desired velocity × dt is swept, stopping a skin short of the first hit and
 *    sliding along it (the rest of the motion projected onto the hit plane, creases between two
 *    planes followed along their line), up to four times. A hit steeper than `maxSlope` is a wall:
 *    its normal is flattened to the horizontal, so the capsule slides along it and never climbs it.
 *    Blocked by a wall while on the ground, the capsule tries to step: it rises by `stepHeight`,
 *    moves on, and comes down; the step counts when it lands on walkable ground no higher than
 *    `stepHeight` above where it started and got further than without stepping;
 * 3. vertical: gravity accumulates a vertical speed (zero on the ground); its motion is swept the
 *    same way; landing on walkable ground (normal within `maxSlope` of up) grounds the capsule;
 * 4. snap: a capsule that was on the ground and is not rising is swept down by `snapDistance`, so it
 *    follows stairs and slopes down instead of flying off them;
 * 5. depenetration: any remaining overlap with static or kinematic geometry (a platform that moved
 *    into it, round-off) is pushed out along the contact normal, so it never ends inside geometry.
 *
 * The kinematic body is then given the velocity that brings it to the new pose in the coming step,
 * so it pushes dynamic bodies out of the way (a kinematic body is infinitely heavy). Dynamic bodies
 * are not obstacles for the sweep. No allocation per move once warm.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { collide3 } from '../geometry/collide3d.js';
import { Manifold3 } from '../geometry/manifold3d.js';
import { Capsule3, computeAabb3 } from '../geometry/shapes3d.js';
import { shapeCastToi3, TOI3_SEPARATED, ToiResult3 } from '../geometry/toi3d.js';
import { pcos } from '../math/portable.js';
import { BODY_DYNAMIC, BODY_KINEMATIC } from './body-store.js';
import { shapeWorldTransform3 } from './shape.js';
import type { BodyId3, ShapeId3, Vec3Tuple } from './types.js';
import type { World3 } from './world.js';

/** `new CharacterController3(world, def)`: every field but the position optional. */
export interface CharacterDef3 {
  /** the capsule's centre (m) */
  position: Vec3Tuple;
  /** capsule radius (m), default 0.3 */
  radius?: number;
  /** half-height of the capsule's core segment (m), default 0.5: the capsule is 2(halfHeight + radius) tall */
  halfHeight?: number;
  /** the steepest walkable slope (rad, in (0, π/2)), default π/4 */
  maxSlope?: number;
  /** the highest step climbed without jumping (m, ≥ 0), default 0.35 */
  stepHeight?: number;
  /** how far the capsule is pulled down to stay on the ground (m, ≥ 0), default 0.2 */
  snapDistance?: number;
  /** the gap kept between the capsule and the geometry (m, > 0), default 0.01 */
  skin?: number;
  /** multiplies the world's gravity (y component), default 1 */
  gravityScale?: number;
  /** filter bits of the capsule's shape: what it is (default 0x0001) */
  categoryBits?: number;
  /** filter bits: what it collides with and sweeps against (default all) */
  maskBits?: number;
}

function positive(v: number | undefined, where: string, dflt: number, allowZero = false): number {
  if (v === undefined) return dflt;
  assertFinite(v, where);
  if (allowZero ? v < 0 : v <= 0)
    throw new PhysicsError('invalid-argument', `${where}: must be ${allowZero ? '>= 0' : '> 0'}, got ${v}`);
  return v;
}

const MAX_SLIDES = 4;

/**
 * A kinematic capsule character (see the module comment). Call {@link CharacterController3.move}
 * once per frame before `world.step(dt)` with the same dt.
 */
export class CharacterController3 {
  /** the world it walks in */
  readonly world: World3;
  /** its kinematic body */
  readonly body: BodyId3;
  /** its capsule shape */
  readonly shape: ShapeId3;
  /** capsule radius */
  readonly radius: number;
  /** capsule core half-height */
  readonly halfHeight: number;
  /** cos of the steepest walkable slope */
  readonly minGroundY: number;
  /** the highest step it climbs */
  readonly stepHeight: number;
  /** the snap-down distance */
  readonly snapDistance: number;
  /** the gap kept to the geometry */
  readonly skin: number;
  /** the gravity multiplier */
  readonly gravityScale: number;
  /** the capsule centre after the last move (the pose the body reaches in the coming step) */
  readonly position = new Float64Array(3);
  /** the velocity of the last move (displacement / dt) */
  readonly velocity = new Float64Array(3);
  /** on walkable ground after the last move */
  grounded = false;
  /** the ground's normal (up when airborne) */
  readonly groundNormal = new Float64Array([0, 1, 0]);
  /** the body it stands on, or −1 */
  groundSlot = -1;
  /** the vertical speed gravity has built up (m/s, up positive) */
  verticalSpeed = 0;
  /** set by the last move: the capsule climbed a step */
  stepped = false;

  private readonly capsule: Capsule3;
  private readonly slot: number;
  private readonly xf = new Float64Array(7);
  private readonly other = new Float64Array(7);
  private readonly trans = new Float64Array(3);
  private readonly box = new Float64Array(12);
  private readonly toi = new ToiResult3();
  private readonly manifold = new Manifold3();
  private candidates = new Int32Array(64);
  private candidateCount = 0;
  private readonly collect: (proxy: number) => boolean;
  // the last cast's hit
  private hitT = 1;
  private readonly hitN = new Float64Array(3);
  private readonly hitP = new Float64Array(3);
  private hitSlot = -1;
  private readonly pos = new Float64Array(3);
  private readonly save = new Float64Array(3);
  private readonly rest = new Float64Array(3);
  private readonly planes = new Float64Array(6);
  private jumpSpeed = 0;

  constructor(world: World3, def: CharacterDef3) {
    if (def === null || typeof def !== 'object')
      throw new PhysicsError('invalid-argument', `character: expected an object, got ${JSON.stringify(def)}`);
    this.world = world;
    this.radius = positive(def.radius, 'character.radius', 0.3);
    this.halfHeight = positive(def.halfHeight, 'character.halfHeight', 0.5, true);
    const slope = def.maxSlope ?? Math.PI / 4;
    assertFinite(slope, 'character.maxSlope');
    if (!(slope > 0 && slope < Math.PI / 2))
      throw new PhysicsError('invalid-argument', `character.maxSlope: must be in (0, π/2) rad, got ${slope}`);
    this.minGroundY = pcos(slope);
    this.stepHeight = positive(def.stepHeight, 'character.stepHeight', 0.35, true);
    this.snapDistance = positive(def.snapDistance, 'character.snapDistance', 0.2, true);
    this.skin = positive(def.skin, 'character.skin', 0.01);
    const gs = def.gravityScale ?? 1;
    assertFinite(gs, 'character.gravityScale');
    this.gravityScale = gs;
    this.capsule = new Capsule3(this.halfHeight, this.radius, 'character');
    this.body = world.createBody({ type: 'kinematic', position: def.position, sleepEnabled: false });
    this.slot = world.bodySlot(this.body);
    this.shape = world.createShape(this.body, {
      kind: 'capsule',
      halfHeight: this.halfHeight,
      radius: this.radius,
      friction: 0,
      filter: { categoryBits: def.categoryBits, maskBits: def.maskBits },
    });
    const p = world.getPosition(this.body);
    this.position.set(p);
    this.xf[6] = 1;
    this.collect = (proxy) => {
      if (this.candidateCount === this.candidates.length) {
        const grown = new Int32Array(2 * this.candidates.length);
        grown.set(this.candidates);
        this.candidates = grown;
      }
      this.candidates[this.candidateCount++] = this.world.broadphase.getUserData(proxy);
      return true;
    };
  }

  /** Starts a jump with this upward speed (m/s) at the next move, if the character is on the ground. */
  jump(speed: number): void {
    assertFinite(speed, 'jump(speed)');
    this.jumpSpeed = speed;
  }

  /** Teleports the capsule centre (and stops its fall). */
  teleport(position: Vec3Tuple): void {
    this.world.setTransform(this.body, position, [0, 0, 0, 1]);
    this.world.setLinearVelocity(this.body, [0, 0, 0]);
    const p = this.world.getPosition(this.body);
    this.position.set(p);
    this.verticalSpeed = 0;
    this.grounded = false;
  }

  /**
   * Moves the character for a frame of `dt` seconds towards the desired horizontal velocity
   * (m/s; its y is ignored — gravity and jumps drive the vertical motion), then sets the body's
   * velocity so that `world.step(dt)` carries it to the new pose.
   */
  move(desired: Vec3Tuple, dt: number): void {
    const vx = assertFinite(desired[0], 'move(desired)[0]');
    assertFinite(desired[1], 'move(desired)[1]');
    const vz = assertFinite(desired[2], 'move(desired)[2]');
    assertFinite(dt, 'move(dt)');
    if (!(dt > 0)) throw new PhysicsError('invalid-argument', `move(dt): must be > 0, got ${dt}`);
    const w = this.world;
    const b = w.bodies;
    const p = this.pos;
    // where the body is now (the last move's target, reached by the last step)
    const i = this.slot;
    p[0] = b.cx[i]!;
    p[1] = b.cy[i]!;
    p[2] = b.cz[i]!;
    const x0 = p[0]!;
    const y0 = p[1]!;
    const z0 = p[2]!;
    const wasGrounded = this.grounded;
    this.stepped = false;
    // 1. carried by a kinematic platform
    const g = this.groundSlot;
    if (wasGrounded && g >= 0 && b.alive[g] === 1 && b.type[g] === BODY_KINEMATIC) {
      const rx = p[0]! - b.cx[g]!;
      const ry = p[1]! - this.halfHeight - this.radius - b.cy[g]!;
      const rz = p[2]! - b.cz[g]!;
      const wx = b.wx[g]!;
      const wy = b.wy[g]!;
      const wz = b.wz[g]!;
      this.slide(
        (b.vx[g]! + wy * rz - wz * ry) * dt,
        (b.vy[g]! + wz * rx - wx * rz) * dt,
        (b.vz[g]! + wx * ry - wy * rx) * dt,
        false,
        true,
      );
    }
    // 2. horizontal, with the step-up
    this.grounded = false;
    this.groundSlot = -1;
    const dx = vx * dt;
    const dz = vz * dt;
    if (dx !== 0 || dz !== 0) {
      const sx = p[0]!;
      const sy = p[1]!;
      const sz = p[2]!;
      const blocked = this.slide(dx, 0, dz, true, false);
      if (blocked && wasGrounded && this.stepHeight > 0) {
        const reach = (p[0]! - sx) * (p[0]! - sx) + (p[2]! - sz) * (p[2]! - sz);
        this.save.set(p);
        const grounded = this.grounded;
        const groundSlot = this.groundSlot;
        p[0] = sx;
        p[1] = sy;
        p[2] = sz;
        if (!this.tryStep(dx, dz, reach)) {
          p.set(this.save);
          this.grounded = grounded;
          this.groundSlot = groundSlot;
        }
      }
    }
    // 3. vertical
    const gy = this.gravityScale * w.gravity[1]!;
    if (wasGrounded && this.jumpSpeed > 0) this.verticalSpeed = this.jumpSpeed;
    else if (wasGrounded && this.verticalSpeed <= 0) this.verticalSpeed = 0;
    this.jumpSpeed = 0;
    this.verticalSpeed += gy * dt;
    const dy = this.verticalSpeed * dt;
    if (dy !== 0) {
      this.slide(0, dy, 0, false, false);
      if (this.grounded && this.verticalSpeed < 0) this.verticalSpeed = 0;
      else if (this.hitSlot >= 0 && this.verticalSpeed > 0 && this.hitN[1]! < 0) this.verticalSpeed = 0; // a ceiling
    }
    // 4. snap down
    if (!this.grounded && wasGrounded && this.verticalSpeed <= 0 && this.snapDistance > 0) {
      if (this.cast(0, -this.snapDistance, 0) && this.walkable()) {
        p[1] = p[1]! - this.snapDistance * this.hitT;
        this.ground(this.hitSlot);
        this.verticalSpeed = 0;
      }
    }
    // 5. out of any overlap
    this.depenetrate();
    if (!this.grounded) this.probeGround();
    const inv = 1 / dt;
    this.velocity[0] = (p[0]! - x0) * inv;
    this.velocity[1] = (p[1]! - y0) * inv;
    this.velocity[2] = (p[2]! - z0) * inv;
    this.position.set(p);
    // the kinematic body moves there in the coming step
    b.vx[i] = this.velocity[0]!;
    b.vy[i] = this.velocity[1]!;
    b.vz[i] = this.velocity[2]!;
    b.wx[i] = 0;
    b.wy[i] = 0;
    b.wz[i] = 0;
    if (b.awake[i] !== 1) w.setAwake(this.body, true);
  }

  /**
   * Is the last hit walkable ground? Its normal within maxSlope of up, or — the capsule's round
   * bottom resting on an edge, whose contact normal leans — a walkable face just beyond the edge
   * under the contact point (a short ray down; its normal then stands for the hit's).
   */
  private walkable(): boolean {
    if (this.hitN[1]! >= this.minGroundY) return true;
    const p = this.pos;
    const h = this.hitP;
    if (h[1]! > p[1]! - this.halfHeight || this.hitN[1]! <= 0) return false;
    let ux = h[0]! - p[0]!;
    let uz = h[2]! - p[2]!;
    const l = Math.sqrt(ux * ux + uz * uz);
    if (l < 1e-9) return false;
    ux /= l;
    uz /= l;
    const e = 2 * this.skin;
    const hit = this.world.rayCast(
      [h[0]! + e * ux, h[1]! + 2 * e, h[2]! + e * uz],
      [h[0]! + e * ux, h[1]! - 2 * e, h[2]! + e * uz],
      { predicate: (s) => this.blocks(this.world.shapeSlot(s)) },
    );
    if (hit === null || hit.normal[1] < this.minGroundY) return false;
    this.hitN[0] = hit.normal[0];
    this.hitN[1] = hit.normal[1];
    this.hitN[2] = hit.normal[2];
    return true;
  }

  /** Records standing on body slot `s` with the last hit's normal. */
  private ground(s: number): void {
    this.grounded = true;
    this.groundSlot = s;
    this.groundNormal[0] = this.hitN[0]!;
    this.groundNormal[1] = this.hitN[1]!;
    this.groundNormal[2] = this.hitN[2]!;
  }

  /** Grounded when walkable ground lies within the skin below (after a move that did not land). */
  private probeGround(): void {
    if (this.verticalSpeed > 0) return;
    if (this.cast(0, -2 * this.skin, 0) && this.walkable()) this.ground(this.hitSlot);
  }

  /**
   * Collide and slide of the displacement (dx, dy, dz) from `pos`; `horizontal` flattens steep
   * normals (walls are not climbed); `carry` ignores hits (a platform's motion is followed, the
   * depenetration cleans up). Returns true when a wall (a steep hit) blocked the motion.
   */
  private slide(dx: number, dy: number, dz: number, horizontal: boolean, carry: boolean): boolean {
    const p = this.pos;
    const r = this.rest;
    r[0] = dx;
    r[1] = dy;
    r[2] = dz;
    let planes = 0;
    let wall = false;
    for (let it = 0; it < MAX_SLIDES; it++) {
      const len2 = r[0]! * r[0]! + r[1]! * r[1]! + r[2]! * r[2]!;
      if (len2 < 1e-18) break;
      if (!this.cast(r[0]!, r[1]!, r[2]!)) {
        p[0] = p[0]! + r[0]!;
        p[1] = p[1]! + r[1]!;
        p[2] = p[2]! + r[2]!;
        break;
      }
      const t = this.hitT;
      p[0] = p[0]! + t * r[0]!;
      p[1] = p[1]! + t * r[1]!;
      p[2] = p[2]! + t * r[2]!;
      if (carry) break;
      const s = 1 - t;
      r[0] = s * r[0]!;
      r[1] = s * r[1]!;
      r[2] = s * r[2]!;
      let nx = this.hitN[0]!;
      let ny = this.hitN[1]!;
      let nz = this.hitN[2]!;
      if (this.walkable()) {
        this.ground(this.hitSlot);
        // landed: gravity does not slide it down a walkable slope
        if (!horizontal) break;
      } else if (horizontal) {
        // a wall (or a slope too steep to walk): slide along it without climbing
        wall = true;
        const h = Math.sqrt(nx * nx + nz * nz);
        if (ny > 0 && h > 1e-9) {
          nx /= h;
          nz /= h;
          ny = 0;
        }
      }
      // remove the motion into the plane; in a crease follow the line of the two planes
      const into = r[0]! * nx + r[1]! * ny + r[2]! * nz;
      if (into < 0) {
        r[0] = r[0]! - into * nx;
        r[1] = r[1]! - into * ny;
        r[2] = r[2]! - into * nz;
      }
      const pl = this.planes;
      if (planes > 0) {
        const ax = pl[0]!;
        const ay = pl[1]!;
        const az = pl[2]!;
        if (r[0]! * ax + r[1]! * ay + r[2]! * az < 0) {
          let cx = ay * nz - az * ny;
          let cy = az * nx - ax * nz;
          let cz = ax * ny - ay * nx;
          const cl = Math.sqrt(cx * cx + cy * cy + cz * cz);
          if (cl < 1e-9) {
            r[0] = 0;
            r[1] = 0;
            r[2] = 0;
          } else {
            cx /= cl;
            cy /= cl;
            cz /= cl;
            const along = r[0]! * cx + r[1]! * cy + r[2]! * cz;
            r[0] = along * cx;
            r[1] = along * cy;
            r[2] = along * cz;
          }
        }
      }
      pl[0] = nx;
      pl[1] = ny;
      pl[2] = nz;
      planes = 1;
      if (horizontal) r[1] = Math.max(0, r[1]!); // walking never digs down
    }
    return wall;
  }

  /**
   * The step-up from `pos`: rise by stepHeight (less a ceiling), move by (dx, dz), come down; true
   * (pose kept) when it lands on walkable ground above where it started, supported at most
   * stepHeight above its old feet, and got further than `reach` (the squared horizontal reach without stepping).
   */
  private tryStep(dx: number, dz: number, reach: number): boolean {
    const p = this.pos;
    const bx = p[0]!;
    const by = p[1]!;
    const bz = p[2]!;
    const up = this.cast(0, this.stepHeight, 0) ? this.stepHeight * this.hitT : this.stepHeight;
    p[1] = by + up;
    this.slide(dx, 0, dz, true, false);
    const moved = (p[0]! - bx) * (p[0]! - bx) + (p[2]! - bz) * (p[2]! - bz);
    if (!(moved > reach + 1e-12)) return false;
    const down = up + this.skin;
    if (!this.cast(0, -down, 0)) return false;
    const landY = p[1]! - down * this.hitT;
    p[1] = landY;
    if (!this.walkable()) return false;
    // the support point (not the centre: a round bottom may rest on the edge of something higher)
    const rise = this.hitP[1]! - (by - this.halfHeight - this.radius);
    if (rise > this.stepHeight + this.skin || landY <= by + 1e-6) return false;
    this.ground(this.hitSlot);
    this.stepped = true;
    return true;
  }

  /** Loads the capsule pose at `pos` into xf. */
  private place(x: number, y: number, z: number): void {
    this.xf[0] = x;
    this.xf[1] = y;
    this.xf[2] = z;
  }

  /** Does shape slot s block the character (static or kinematic, not its own, not a sensor, filter)? */
  private blocks(s: number): boolean {
    const w = this.world;
    const sh = w.shapes;
    const j = sh.body[s]!;
    if (j === this.slot || sh.sensor[s] === 1 || w.bodies.type[j] === BODY_DYNAMIC) return false;
    const me = w.shapeSlot(this.shape);
    const ga = sh.group[me]!;
    if (ga !== 0 && ga === sh.group[s]!) return ga > 0;
    return (sh.mask[me]! & sh.category[s]!) !== 0 && (sh.mask[s]! & sh.category[me]!) !== 0;
  }

  /** The shapes whose fat boxes meet the capsule's box swept by (tx, ty, tz) from pos, grown by `grow`. */
  private gather(tx: number, ty: number, tz: number, grow: number): void {
    const p = this.pos;
    this.place(p[0]!, p[1]!, p[2]!);
    const box = this.box;
    computeAabb3(this.capsule, this.xf, 0, box, 0);
    for (let c = 0; c < 3; c++) {
      const d = c === 0 ? tx : c === 1 ? ty : tz;
      box[6 + c] = Math.min(box[c]!, box[c]! + d) - grow;
      box[9 + c] = Math.max(box[3 + c]!, box[3 + c]! + d) + grow;
    }
    this.candidateCount = 0;
    this.world.broadphase.queryFrom(box, 6, this.collect);
  }

  /**
   * Sweeps the capsule from pos by (tx, ty, tz) against the blocking shapes: true with hitT (the
   * fraction, a skin short of contact), hitN (the surface normal, towards the capsule) and hitSlot
   * (the body) when it hits. Hits at the start that the motion leaves (or slides along) do not count.
   */
  private cast(tx: number, ty: number, tz: number): boolean {
    const w = this.world;
    const sh = w.shapes;
    this.gather(tx, ty, tz, 2 * this.skin);
    const tr = this.trans;
    tr[0] = tx;
    tr[1] = ty;
    tr[2] = tz;
    const len = Math.sqrt(tx * tx + ty * ty + tz * tz);
    let best = 2;
    const toi = this.toi;
    for (let k = 0; k < this.candidateCount; k++) {
      const s = this.candidates[k]!;
      if (!this.blocks(s)) continue;
      shapeWorldTransform3(w, s, this.other, 0);
      shapeCastToi3(
        this.capsule,
        this.xf,
        0,
        tr,
        sh.geom[s]!,
        this.other,
        0,
        this.skin,
        0.25 * this.skin,
        toi,
      );
      if (toi.state === TOI3_SEPARATED) continue;
      const n = toi.normal;
      if (toi.t === 0) {
        // touching at the start: it blocks only motion into it; a real overlap is depenetration's
        if (toi.distance <= 0) continue;
        const approach = tx * n[0]! + ty * n[1]! + tz * n[2]!;
        if (approach <= 1e-9 * len) continue;
      }
      if (toi.t < best) {
        best = toi.t;
        this.hitN[0] = -n[0]!;
        this.hitN[1] = -n[1]!;
        this.hitN[2] = -n[2]!;
        this.hitSlot = sh.body[s]!;
        this.hitP.set(toi.point);
      }
    }
    if (best > 1) {
      this.hitSlot = -1;
      return false;
    }
    this.hitT = best;
    return true;
  }

  /** Pushes the capsule out of every static or kinematic shape it overlaps (a few passes). */
  private depenetrate(): void {
    const w = this.world;
    const sh = w.shapes;
    const p = this.pos;
    const m = this.manifold;
    for (let pass = 0; pass < 4; pass++) {
      this.gather(0, 0, 0, this.skin);
      let pushed = false;
      for (let k = 0; k < this.candidateCount; k++) {
        const s = this.candidates[k]!;
        if (!this.blocks(s)) continue;
        this.place(p[0]!, p[1]!, p[2]!);
        shapeWorldTransform3(w, s, this.other, 0);
        collide3(this.capsule, this.xf, 0, sh.geom[s]!, this.other, 0, 0, m);
        let deepest = 0;
        for (let q = 0; q < m.pointCount; q++) deepest = Math.min(deepest, m.separation[q]!);
        if (deepest >= 0) continue;
        // the normal points from the capsule to the shape: move against it, to a skin's gap
        const d = -deepest + 0.5 * this.skin;
        p[0] = p[0]! - d * m.normalX;
        p[1] = p[1]! - d * m.normalY;
        p[2] = p[2]! - d * m.normalZ;
        pushed = true;
        if (-m.normalY >= this.minGroundY) {
          this.hitN[0] = -m.normalX;
          this.hitN[1] = -m.normalY;
          this.hitN[2] = -m.normalZ;
          this.ground(sh.body[s]!);
          if (this.verticalSpeed < 0) this.verticalSpeed = 0;
        }
      }
      if (!pushed) break;
    }
  }

  /**
   * The deepest penetration (m, ≥ 0) of the capsule at its current position into static or
   * kinematic geometry (0 when clear): what the controller keeps at zero.
   */
  penetration(): number {
    const w = this.world;
    const sh = w.shapes;
    const p = this.pos;
    p.set(this.position);
    this.gather(0, 0, 0, this.skin);
    let worst = 0;
    for (let k = 0; k < this.candidateCount; k++) {
      const s = this.candidates[k]!;
      if (!this.blocks(s)) continue;
      this.place(p[0]!, p[1]!, p[2]!);
      shapeWorldTransform3(w, s, this.other, 0);
      collide3(this.capsule, this.xf, 0, sh.geom[s]!, this.other, 0, 0, this.manifold);
      for (let q = 0; q < this.manifold.pointCount; q++)
        worst = Math.max(worst, -this.manifold.separation[q]!);
    }
    return worst;
  }
}
