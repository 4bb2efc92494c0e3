import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { rigid3dDynamicRestore, rigid3dDynamicSnapshot } from '../../src/rigid3d/snapshot.js';
import type { World3 } from '../../src/rigid3d/world.js';
import { rigid3dPyramid, rigid3dScene } from './helpers.js';

function dynamicState(w: World3): number[] {
  const b = w.bodies;
  const out: number[] = [];
  for (let i = 0; i < b.count; i++) {
    if (b.alive[i] !== 1) continue;
    out.push(b.cx[i]!, b.cy[i]!, b.cz[i]!, b.qx[i]!, b.qy[i]!, b.qz[i]!, b.qw[i]!);
    out.push(b.vx[i]!, b.vy[i]!, b.vz[i]!, b.wx[i]!, b.wy[i]!, b.wz[i]!, b.sleepTime[i]!, b.awake[i]!);
  }
  return out;
}

describe('rigid3d dynamic-state snapshot (rollback)', () => {
  it('holds 112 bytes per body (14 doubles, the awake flag in the sleep timer’s sign) plus a fixed container', () => {
    const sizes = [2, 4, 8].map((base) => {
      const w = rigid3dPyramid(base);
      return { n: w.bodies.count, bytes: rigid3dDynamicSnapshot(w).length };
    });
    // per body: 13 doubles of pose and velocity (104 B, the floor) + the sleep timer (8 B) = 112 B
    const per = (sizes[2]!.bytes - sizes[1]!.bytes) / (sizes[2]!.n - sizes[1]!.n);
    expect(per).toBe(112);
    const fixed = sizes[2]!.bytes - 112 * sizes[2]!.n;
    expect(fixed).toBeGreaterThan(0);
    expect(fixed).toBeLessThan(200);
  });

  it('restores poses, velocities, sleep timers and awake flags exactly', () => {
    const s = rigid3dScene();
    for (let k = 0; k < 20; k++) s.step();
    const snap = rigid3dDynamicSnapshot(s.world);
    const saved = dynamicState(s.world);
    const step = s.world.stepCount;
    for (let k = 0; k < 15; k++) s.step();
    expect(dynamicState(s.world)).not.toEqual(saved);
    rigid3dDynamicRestore(s.world, snap);
    expect(dynamicState(s.world)).toEqual(saved);
    expect(s.world.stepCount).toBe(step);
    // the world steps on from there without trouble
    for (let k = 0; k < 10; k++) s.step();
    expect(s.world.maxPenetration()).toBeLessThan(0.05);
  });

  it('is refused when truncated, altered or for other bodies, before anything changes', () => {
    const a = rigid3dScene();
    const snap = rigid3dDynamicSnapshot(a.world);
    const small = rigid3dPyramid(2);
    const before = small.stateHash();
    expect(() => rigid3dDynamicRestore(small, snap)).toThrow(/body slot \d+ is not alive/);
    expect(small.stateHash()).toBe(before);
    expect(() => rigid3dDynamicRestore(a.world, snap.slice(0, snap.length - 8))).toThrow(PhysicsError);
    const bad = snap.slice();
    bad[40] = bad[40]! ^ 4;
    expect(() => rigid3dDynamicRestore(a.world, bad)).toThrow(/checksum/);
    expect(() => rigid3dDynamicRestore(a.world, a.snapshot())).toThrow(
      /"rigid3d" snapshot cannot be restored/,
    );
  });
});
