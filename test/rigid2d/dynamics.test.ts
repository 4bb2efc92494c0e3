import { describe, expect, it } from 'vitest';
import { type SolverSettings, World } from '../../src/rigid2d/index.js';
import { groundWorld, stack } from './helpers.js';

const dt = 1 / 60;

/** Deterministic PRNG (mulberry32) for scene set-up. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('rigid2d conservation (seed 003)', () => {
  it('momentum is conserved in free collisions (linear and angular, with friction)', () => {
    const world = new World({ gravity: [0, 0], enableSleep: false });
    const rnd = prng(7);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const b = world.createBody({
        position: [(i % 4) * 1.6 - 2.4, Math.floor(i / 4) * 1.6 - 1.6],
        angle: rnd() * 3,
        linearVelocity: [rnd() * 4 - 2, rnd() * 4 - 2],
        angularVelocity: rnd() * 2 - 1,
      });
      if (i % 2 === 0)
        world.createShape(b, {
          kind: 'box',
          halfWidth: 0.5,
          halfHeight: 0.3,
          density: 1 + rnd(),
          friction: 0.5,
        });
      else world.createShape(b, { kind: 'circle', radius: 0.4, density: 1 + rnd(), friction: 0.5 });
      ids.push(b);
    }
    const angular = () => {
      let L = 0;
      for (const id of ids) {
        const [cx, cy] = world.getWorldCenter(id);
        const [vx, vy] = world.getLinearVelocity(id);
        const m = world.getMass(id);
        L += m * (cx * vy - cy * vx) + world.getInertia(id) * world.getAngularVelocity(id);
      }
      return L;
    };
    const p0 = world.linearMomentum();
    const L0 = angular();
    let hits = 0;
    for (let s = 0; s < 240; s++) {
      world.step(dt);
      hits += world.events().begin.length;
      const p = world.linearMomentum();
      expect(p[0]).toBeCloseTo(p0[0], 10);
      expect(p[1]).toBeCloseTo(p0[1], 10);
    }
    expect(hits).toBeGreaterThan(3); // they did collide
    // angular momentum: the impulses are equal and opposite at one point, but the anchors are fixed
    // at the start of the step while the centres move within it, so it holds to O(h) only
    expect(Math.abs(angular() - L0)).toBeLessThan(5e-3 * Math.max(1, Math.abs(L0)));
  });

  const tumble = (solver: SolverSettings) => {
    const world = new World({ gravity: [0, 0], enableSleep: false, solver });
    const walls = world.createBody({ type: 'static' });
    world.createChain(walls, {
      points: [
        [-6, -6],
        [6, -6],
        [6, 6],
        [-6, 6],
      ],
      loop: true,
      friction: 0.3,
    });
    const rnd = prng(11);
    for (let i = 0; i < 20; i++) {
      const b = world.createBody({
        position: [(i % 5) * 2 - 4, Math.floor(i / 5) * 2 - 3],
        angle: rnd() * 3,
        linearVelocity: [rnd() * 8 - 4, rnd() * 8 - 4],
        angularVelocity: rnd() * 4 - 2,
      });
      if (i % 3 === 0)
        world.createShape(b, { kind: 'capsule', p1: [-0.4, 0], p2: [0.4, 0], radius: 0.25, friction: 0.3 });
      else if (i % 3 === 1)
        world.createShape(b, { kind: 'box', halfWidth: 0.45, halfHeight: 0.3, friction: 0.3 });
      else world.createShape(b, { kind: 'circle', radius: 0.4, friction: 0.3 });
    }
    const ke0 = world.kineticEnergy();
    let ke = ke0;
    let worstGrowth = 0;
    for (let s = 0; s < 600; s++) {
      world.step(dt);
      const k = world.kineticEnergy();
      worstGrowth = Math.max(worstGrowth, (k - ke) / ke0);
      ke = k;
    }
    return { ke0, ke, worstGrowth };
  };

  for (const mode of ['soft-step', 'split-impulse', 'none'] as const) {
    it(`kinetic energy never grows without restitution: projected Gauss–Seidel is dissipative (${mode}, cold start)`, () => {
      const r = tumble({ positionCorrection: mode, warmStarting: false });
      expect(r.worstGrowth).toBeLessThanOrEqual(1e-12);
      expect(r.ke).toBeLessThan(0.05 * r.ke0);
    });
  }

  for (const mode of ['soft-step', 'split-impulse'] as const) {
    it(`with warm starting the energy still never grows by more than 1e-4 of the start per step (${mode})`, () => {
      const r = tumble({ positionCorrection: mode });
      expect(r.worstGrowth).toBeLessThan(1e-4);
      expect(r.ke).toBeLessThan(0.05 * r.ke0);
    });
  }
});

describe('rigid2d restitution (seed 003: peaks fall by e²)', () => {
  for (const e of [0.8, 0.5]) {
    it(`a ball with e = ${e} bounces to heights falling by e² = ${e * e}`, () => {
      const { world } = groundWorld({ enableSleep: false, solver: { restitutionThreshold: 0.5 } });
      const r = 0.25;
      const ball = world.createBody({ position: [0, r + 2] });
      world.createShape(ball, { kind: 'circle', radius: r, restitution: e, friction: 0 });
      const peaks: number[] = [];
      let prevV = 0;
      for (let s = 0; s < 240 * 8 && peaks.length < 3; s++) {
        world.step(1 / 240);
        const v = world.getLinearVelocity(ball)[1];
        if (prevV > 0 && v <= 0) peaks.push(world.getPosition(ball)[1] - r);
        prevV = v;
      }
      expect(peaks.length).toBe(3);
      expect(peaks[0]! / 2).toBeCloseTo(e * e, 1);
      expect(Math.abs(peaks[0]! / 2 - e * e)).toBeLessThan(0.03);
      expect(Math.abs(peaks[1]! / peaks[0]! - e * e)).toBeLessThan(0.03);
    });
  }
});

describe('rigid2d friction on a slope (seed 003)', () => {
  const theta = Math.PI / 6; // tan θ ≈ 0.577
  const slopeWorld = (mu: number) => {
    const world = new World({ enableSleep: false });
    const slope = world.createBody({ type: 'static', angle: theta });
    world.createShape(slope, {
      kind: 'box',
      halfWidth: 30,
      halfHeight: 0.5,
      center: [0, -0.5],
      friction: mu,
    });
    // a box resting on the slope surface (y = 0 in the slope's frame)
    const c = Math.cos(theta);
    const s = Math.sin(theta);
    const box = world.createBody({ position: [-0.5 * s, 0.5 * c], angle: theta });
    world.createShape(box, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, friction: mu });
    return { world, box, c, s };
  };

  it('μ = 0.8 > tan θ: the box stays', () => {
    const { world, box } = slopeWorld(0.8);
    const p0 = world.getPosition(box);
    for (let i = 0; i < 180; i++) world.step(dt);
    const p = world.getPosition(box);
    expect(Math.hypot(p[0] - p0[0], p[1] - p0[1])).toBeLessThan(0.01);
  });

  it('μ = 0.2 < tan θ: the box slides with a = g(sin θ − μ cos θ)', () => {
    const { world, box, c, s } = slopeWorld(0.2);
    const along = () => {
      const [vx, vy] = world.getLinearVelocity(box);
      return -(vx * c + vy * s); // down-slope speed
    };
    for (let i = 0; i < 30; i++) world.step(dt);
    const v1 = along();
    for (let i = 0; i < 60; i++) world.step(dt);
    const v2 = along();
    const a = (v2 - v1) / 1;
    const expected = 10 * (s - 0.2 * c);
    expect(Math.abs(a - expected) / expected).toBeLessThan(0.01);
  });
});

describe('rigid2d events, sensors and filtering', () => {
  it('a dropped box reports begin + hit (approach speed √(2gh)) and end when lifted', () => {
    const { world } = groundWorld();
    const box = world.createBody({ position: [0, 0.5 + 1.25] });
    world.createShape(box, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
    let begins = 0;
    const hits: number[] = [];
    for (let s = 0; s < 120; s++) {
      world.step(dt);
      begins += world.events().begin.length;
      for (const h of world.events().hit) hits.push(h.approachSpeed);
    }
    expect(begins).toBe(1);
    expect(hits).toHaveLength(1);
    // speculative contacts begin a little before impact: within one step of gravity of √(2·10·1.25) = 5
    expect(hits[0]!).toBeGreaterThan(5 - 10 * dt - 0.2);
    expect(hits[0]!).toBeLessThan(5 + 0.2);
    world.setTransform(box, [0, 5], 0);
    world.step(dt);
    expect(world.events().end).toHaveLength(1);
  });

  it('a sensor reports enter and leave and does not stop the ball', () => {
    const world = new World({ gravity: [0, -10], enableSleep: false });
    const zone = world.createBody({ type: 'static', position: [0, 0] });
    const sensor = world.createShape(zone, { kind: 'box', halfWidth: 2, halfHeight: 0.5, isSensor: true });
    const ball = world.createBody({ position: [0, 2] });
    const ballShape = world.createShape(ball, { kind: 'circle', radius: 0.25 });
    const seen: string[] = [];
    for (let s = 0; s < 90; s++) {
      world.step(dt);
      for (const e of world.events().sensorBegin) {
        expect(e.sensorShape).toBe(sensor);
        expect(e.visitorShape).toBe(ballShape);
        seen.push('begin');
      }
      for (const _ of world.events().sensorEnd) seen.push('end');
      expect(world.events().begin).toHaveLength(0);
    }
    expect(seen).toEqual(['begin', 'end']);
    expect(world.getPosition(ball)[1]).toBeLessThan(-2);
  });

  it('category/mask bits and negative groups keep shapes from colliding', () => {
    const { world } = groundWorld({ enableSleep: false });
    const ghost = world.createBody({ position: [-3, 2] });
    world.createShape(ghost, {
      kind: 'box',
      halfWidth: 0.5,
      halfHeight: 0.5,
      filter: { categoryBits: 2, maskBits: 0xfffffffe },
    });
    const a = world.createBody({ position: [3, 0.5] });
    world.createShape(a, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, filter: { groupIndex: -1 } });
    const b = world.createBody({ position: [3, 1.5] });
    world.createShape(b, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, filter: { groupIndex: -1 } });
    for (let s = 0; s < 60; s++) world.step(dt);
    expect(world.getPosition(ghost)[1]).toBeLessThan(-2.5); // fell through the ground (mask excludes category 1)
    expect(world.getPosition(b)[1]).toBeLessThan(1); // fell into its group mate
  });

  it('a sleeping stack wakes as a whole island when a box lands on it', () => {
    const { world } = groundWorld();
    const ids = stack(world, 4);
    for (let s = 0; s < 180; s++) world.step(dt);
    expect(ids.every((id) => !world.isAwake(id))).toBe(true);
    const drop = world.createBody({ position: [0.2, 6] });
    world.createShape(drop, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
    let woke = false;
    for (let s = 0; s < 60 && !woke; s++) {
      world.step(dt);
      woke = ids.every((id) => world.isAwake(id));
    }
    expect(woke).toBe(true);
    for (let s = 0; s < 600; s++) world.step(dt);
    expect([...ids, drop].every((id) => !world.isAwake(id))).toBe(true);
  });
});
