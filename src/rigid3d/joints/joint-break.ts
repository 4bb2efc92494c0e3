/**
 * Breakable 3D joints (Box2D v3's joint events): after the solve, a joint whose reaction force
 * passed its `breakForce` or whose reaction torque passed its `breakTorque` is reported in
 * `events().jointBreak` with the force and torque that broke it, and then destroyed (its bodies
 * wake, its handle goes stale).
 */
import type { World3 } from '../world.js';
import { destroyJointSlot3 } from './joint-def.js';

/** Reports and destroys the `n` joint slots of `broken`. */
export function jointBreakEvents3(w: World3, broken: Int32Array, n: number): void {
  const js = w.joints;
  for (let k = 0; k < n; k++) {
    const j = broken[k]!;
    const e = w.stepEvents.jointBreak.next();
    e.joint = w.jointId(j);
    e.bodyA = w.bodyId(js.bodyA[j]!);
    e.bodyB = w.bodyId(js.bodyB[j]!);
    const f = js.force;
    const t = js.torque;
    const fx = f[3 * j]!;
    const fy = f[3 * j + 1]!;
    const fz = f[3 * j + 2]!;
    const tx = t[3 * j]!;
    const ty = t[3 * j + 1]!;
    const tz = t[3 * j + 2]!;
    e.force = Math.sqrt(fx * fx + fy * fy + fz * fz);
    e.torque = Math.sqrt(tx * tx + ty * ty + tz * tz);
  }
  for (let k = 0; k < n; k++) destroyJointSlot3(w, broken[k]!);
}
