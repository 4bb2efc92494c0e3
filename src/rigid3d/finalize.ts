/**
 * The finalize stage of the 3D world (Box2D v3's b2FinalizeBodies): after the solve, each awake
 * body's forces are cleared, its world inverse inertia R I⁻¹ Rᵀ rebuilt for the new orientation
 * (textbook §26.2), its shape boxes recomputed (a box that left its fat box is re-inserted in the
 * broadphase) and its sleep timer advanced while it is still (max(|v|, extent·|ω|) below the
 * sleep tolerance) or reset.
 */

import { updateWorldInertia } from './inertia.js';
import { updateBodyBoxes3 } from './shape.js';
import type { World3 } from './world.js';

/** The finalize stage for a step of `dt` seconds (read from `w.scratch.dt[0]`, no boxed argument). */
export function finalizeBodies3(w: World3): void {
  // the layout as local literals (a module constant is a context load and a check per use)
  const BODY_KINEMATIC = 1;
  const b = w.bodies;
  const list = w.scratch.awakeList;
  const n = w.scratch.nAwake;
  const dt = w.scratch.dt[0]!;
  const tol = w.sleepTolerance;
  const enableSleep = w.enableSleep;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    b.fx[i] = 0;
    b.fy[i] = 0;
    b.fz[i] = 0;
    b.tx[i] = 0;
    b.ty[i] = 0;
    b.tz[i] = 0;
    updateWorldInertia(b, i);
    updateBodyBoxes3(w, i, false);
    const vx = b.vx[i]!;
    const vy = b.vy[i]!;
    const vz = b.vz[i]!;
    const wx = b.wx[i]!;
    const wy = b.wy[i]!;
    const wz = b.wz[i]!;
    const v = Math.sqrt(vx * vx + vy * vy + vz * vz);
    const wr = b.maxExtent[i]! * Math.sqrt(wx * wx + wy * wy + wz * wz);
    if (!enableSleep || b.sleepEnabled[i] === 0 || v > tol || wr > tol || b.type[i] === BODY_KINEMATIC) {
      b.sleepTime[i] = 0;
    } else {
      b.sleepTime[i] = b.sleepTime[i]! + dt;
    }
  }
}
