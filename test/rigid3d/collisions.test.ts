import { describe, expect, it } from 'vitest';
import { World3 } from '../../src/rigid3d/index.js';

/** Bodies thrown at each other without gravity or sleep (a sphere, boxes of unequal size, a capsule). */
function freeScene(restitution: number) {
  const world = new World3({ gravity: [0, 0, 0], enableSleep: false });
  const specs = [
    { p: [-3, 0, 0], v: [4, 0.3, 0], w: [0, 1, 2], shape: { kind: 'sphere' as const, radius: 0.5 } },
    {
      p: [3, 0.2, 0.1],
      v: [-3, 0, 0.2],
      w: [1, 0, 0],
      shape: { kind: 'box' as const, halfExtents: [0.5, 0.4, 0.3] as const },
    },
    {
      p: [0, 3, 0],
      v: [0.1, -2, 0],
      w: [0, 0, 3],
      shape: { kind: 'box' as const, halfExtents: [0.3, 0.6, 0.4] as const },
    },
    {
      p: [0.2, -3, 0.3],
      v: [0, 3, 0],
      w: [2, 0, 0],
      shape: { kind: 'capsule' as const, halfHeight: 0.4, radius: 0.3 },
    },
  ];
  const ids = specs.map((s) => {
    const id = world.createBody({
      position: s.p as [number, number, number],
      linearVelocity: s.v as [number, number, number],
      angularVelocity: s.w as [number, number, number],
    });
    world.createShape(id, { ...s.shape, restitution, friction: 0.4 });
    return id;
  });
  return { world, ids };
}

describe('rigid3d: free collisions', () => {
  it('linear momentum is conserved through the collisions (to 1e-9 relative)', () => {
    const { world } = freeScene(0.5);
    const p0 = world.linearMomentum();
    let touched = 0;
    for (let s = 0; s < 180; s++) {
      world.step(1 / 60);
      touched += world.events().begin.length;
    }
    expect(touched).toBeGreaterThan(0);
    const p1 = world.linearMomentum();
    const scale = Math.hypot(...p0) + 1;
    for (let k = 0; k < 3; k++) expect(Math.abs(p1[k]! - p0[k]!) / scale).toBeLessThan(1e-9);
  });

  it('without restitution the kinetic energy never grows', () => {
    const { world } = freeScene(0);
    let e = world.kineticEnergy();
    let collided = false;
    for (let s = 0; s < 180; s++) {
      world.step(1 / 60);
      const now = world.kineticEnergy();
      expect(now).toBeLessThanOrEqual(e * (1 + 1e-9) + 1e-12);
      if (now < e * 0.999) collided = true;
      e = now;
    }
    expect(collided).toBe(true);
  });

  it('a ball dropped with e = 0.8 on a floor bounces to about e² of its height', () => {
    const world = new World3({ enableSleep: false });
    const g = world.createBody({ type: 'static' });
    world.createShape(g, { kind: 'box', halfExtents: [5, 0.5, 5], position: [0, -0.5, 0], restitution: 0.8 });
    const ball = world.createBody({ position: [0, 2.5, 0] });
    world.createShape(ball, { kind: 'sphere', radius: 0.5, restitution: 0.8 });
    let bounced = false;
    let peak = 0;
    for (let s = 0; s < 150; s++) {
      world.step(1 / 120);
      const vy = world.getLinearVelocity(ball)[1];
      if (vy > 0) bounced = true;
      if (bounced) peak = Math.max(peak, world.getPosition(ball)[1] - 0.5);
    }
    expect(bounced).toBe(true);
    // dropped from 2 m above the floor: 0.64 · 2 = 1.28 m (discrete contact time loses a little)
    expect(peak).toBeGreaterThan(1.15);
    expect(peak).toBeLessThan(1.35);
  });
});
