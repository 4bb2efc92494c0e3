import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { World } from '../../src/rigid2d/world.js';
import { jointed2, pyramid2, sleeping2 } from './rigid2d-scenes.js';

function dynamicState(w: World): number[] {
  const b = w.bodies;
  const out: number[] = [];
  for (let i = 0; i < b.count; i++) {
    if (b.alive[i] !== 1) continue;
    out.push(
      b.cx[i]!,
      b.cy[i]!,
      b.qc[i]!,
      b.qs[i]!,
      b.vx[i]!,
      b.vy[i]!,
      b.w[i]!,
      b.sleepTime[i]!,
      b.awake[i]!,
    );
  }
  return out;
}

describe('rigid2d dynamic-state snapshot (rollback)', () => {
  it('holds 64 bytes per body (8 doubles, the awake flag in the sleep timer’s sign) plus a fixed container', () => {
    const sizes = [4, 10, 20].map((base) => {
      const w = pyramid2(base).world;
      return { n: w.bodyCount, bytes: w.dynamicSnapshot().length };
    });
    const per = (sizes[2]!.bytes - sizes[1]!.bytes) / (sizes[2]!.n - sizes[1]!.n);
    expect(per).toBe(64);
    const fixed = sizes[2]!.bytes - 64 * sizes[2]!.n;
    expect(fixed).toBeGreaterThan(0);
    expect(fixed).toBeLessThan(200);
    // a free slot costs 4 bytes
    const s = sleeping2().world;
    expect(s.dynamicSnapshot().length - 64 * s.bodyCount).toBe(fixed + 8);
  });

  it('restores poses, velocities, sleep timers and awake flags exactly', () => {
    const s = sleeping2();
    for (let k = 0; k < 120; k++) s.step();
    const snap = s.world.dynamicSnapshot();
    const saved = dynamicState(s.world);
    expect(saved.filter((_, i) => i % 9 === 8 && saved[i] === 0).length).toBeGreaterThan(5);
    const step = s.world.stepCount;
    const ball = s.world.bodyIds()[1]!;
    s.world.applyLinearImpulse(ball, [3, 2]);
    for (let k = 0; k < 15; k++) s.step();
    expect(dynamicState(s.world)).not.toEqual(saved);
    s.world.restoreDynamic(snap);
    expect(dynamicState(s.world)).toEqual(saved);
    expect(s.world.stepCount).toBe(step);
    for (let k = 0; k < 10; k++) s.step();
    expect(s.world.maxPenetration()).toBeLessThan(0.05);
  });

  it('a correction at the same tick (contact caches as they were) continues bit-identically', () => {
    const a = jointed2();
    const b = jointed2();
    for (let k = 0; k < 20; k++) {
      a.step();
      b.step();
    }
    const server = a.world.dynamicSnapshot();
    // b mispredicts: pushes two bodies, then takes the server's state for this tick
    const ids = b.world.bodyIds();
    b.world.applyLinearImpulse(ids[3]!, [5, 0]);
    b.world.applyLinearImpulse(ids[4]!, [0, 1], [0.2, 3]);
    b.world.setLinearVelocity(ids[6]!, [0, 4]);
    expect(b.stateHash()).not.toBe(a.stateHash());
    b.world.restoreDynamic(server);
    expect(b.stateHash()).toBe(a.stateHash());
    for (let k = 0; k < 30; k++) {
      a.step();
      b.step();
      expect(b.stateHash(), `step ${k + 1}`).toBe(a.stateHash());
    }
  });

  it('a 10-tick rollback re-simulates bit-identically when nothing touches (no contact caches), and close to the original in a pile', () => {
    // free bodies: tumbling boxes and circles in flight, no contacts and no joints
    const free = new World({ gravity: [0, -10], enableSleep: false });
    for (let k = 0; k < 12; k++) {
      const id = free.createBody({
        position: [3 * k, 50],
        linearVelocity: [1 - 0.2 * k, 5],
        angularVelocity: 0.3 * k,
        linearDamping: 0.1,
        angularDamping: 0.05,
      });
      if (k % 2) free.createShape(id, { kind: 'circle', radius: 0.3 });
      else free.createShape(id, { kind: 'box', halfWidth: 0.4, halfHeight: 0.2 });
    }
    for (const [world, exact] of [
      [free, true],
      [pyramid2(10).world, false],
    ] as const) {
      for (let k = 0; k < 20; k++) world.step(1 / 60);
      const back = world.dynamicSnapshot();
      const ref: number[][] = [];
      for (let k = 0; k < 10; k++) {
        world.step(1 / 60);
        ref.push(dynamicState(world));
      }
      world.restoreDynamic(back);
      for (let k = 0; k < 10; k++) {
        world.step(1 / 60);
        const now = dynamicState(world);
        if (exact) expect(now, `step ${k + 1}`).toEqual(ref[k]);
        else {
          // positions: warm starts and recycled manifolds are those of the later tick: close, not exact
          let err = 0;
          for (let i = 0; i < now.length; i += 9) {
            err = Math.max(err, Math.abs(now[i]! - ref[k]![i]!), Math.abs(now[i + 1]! - ref[k]![i + 1]!));
          }
          expect(err).toBeLessThan(0.005); // about 2 mm measured
        }
      }
    }
  });

  it('is refused when truncated, altered or for other bodies, before anything changes', () => {
    const a = pyramid2(4);
    const snap = a.world.dynamicSnapshot();
    const other = pyramid2(3);
    const before = other.stateHash();
    expect(() => other.world.restoreDynamic(snap)).toThrow(/body slots, this world has/);
    expect(other.stateHash()).toBe(before);
    const s = sleeping2();
    const holes = s.world.dynamicSnapshot();
    const t = sleeping2();
    t.world.destroyBody(t.world.bodyIds()[2]!);
    expect(() => t.world.restoreDynamic(holes)).toThrow(/body slot \d+ is not alive/);
    expect(() => a.world.restoreDynamic(snap.slice(0, snap.length - 8))).toThrow(PhysicsError);
    const bad = snap.slice();
    bad[60] = bad[60]! ^ 4;
    expect(() => a.world.restoreDynamic(bad)).toThrow(/checksum/);
  });
});
