/**
 * Breakable joints (Box2D v3's joint events): after the solve, a joint whose reaction force passed
 * its `breakForce` or whose reaction torque passed its `breakTorque` is reported in
 * `events().jointBreak` with the force and torque that broke it, and then destroyed (its bodies wake,
 * its handle goes stale).
 */
import type { World } from '../world.js';
import { destroyJointSlot } from './joint-def.js';

/** Reports and destroys the `n` joint slots of `broken`. */
export function jointBreakEvents(w: World, broken: Int32Array, n: number): void {
  const js = w.joints;
  for (let k = 0; k < n; k++) {
    const j = broken[k]!;
    const e = w.stepEvents.jointBreak.next();
    e.joint = w.jointId(j);
    e.bodyA = w.bodyId(js.bodyA[j]!);
    e.bodyB = w.bodyId(js.bodyB[j]!);
    const fx = js.forceX[j]!;
    const fy = js.forceY[j]!;
    e.force = Math.sqrt(fx * fx + fy * fy);
    e.torque = Math.abs(js.torque[j]!);
  }
  for (let k = 0; k < n; k++) destroyJointSlot(w, broken[k]!);
}
