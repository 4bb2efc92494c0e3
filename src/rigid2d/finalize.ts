/**
 * The finalize stage (Box2D v3's b2FinalizeBodies): after the solve, each awake body's forces are
 * cleared, its shape boxes recomputed (a box that left its fat box is re-inserted in the
 * broadphase) and its sleep timer advanced while it is still (max(|v|, extent·|ω|) below the
 * world's sleep tolerance) or reset.
 */
import { BODY_KINEMATIC } from './body-store.js';
import { updateBodyBoxes } from './shape.js';
import type { World } from './world.js';

/** The finalize stage for a step of `dt` seconds. */
export function finalizeBodies(w: World, dt: number): void {
  const b = w.bodies;
  const list = w.scratch.awakeList;
  const n = w.lastStep.awakeBodies;
  const tol = w.sleepTolerance;
  const enableSleep = w.enableSleep;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    b.fx[i] = 0;
    b.fy[i] = 0;
    b.torque[i] = 0;
    updateBodyBoxes(w, i, false);
    const v = Math.sqrt(b.vx[i]! * b.vx[i]! + b.vy[i]! * b.vy[i]!);
    const wr = b.maxExtent[i]! * Math.abs(b.w[i]!);
    if (!enableSleep || b.sleepEnabled[i] === 0 || v > tol || wr > tol || b.type[i] === BODY_KINEMATIC) {
      b.sleepTime[i] = 0;
    } else {
      b.sleepTime[i] = b.sleepTime[i]! + dt;
    }
  }
}
