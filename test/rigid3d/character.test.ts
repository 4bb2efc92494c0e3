import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { Prng } from '../../src/math/prng.js';
import { CharacterController3, World3 } from '../../src/rigid3d/index.js';

const DT = 1 / 60;
const R = 0.3;
const HH = 0.5;
/** feet height above the capsule centre */
const FOOT = HH + R;

/** A world with a static floor whose top is y = 0. */
function floorWorld(): World3 {
  const w = new World3();
  const g = w.createBody({ type: 'static' });
  w.createShape(g, { kind: 'box', halfExtents: [20, 0.5, 20], position: [0, -0.5, 0] });
  return w;
}

/** A static box with its bottom on the floor: x from x0 to x1, height h, 4 m deep. */
function block(w: World3, x0: number, x1: number, h: number): void {
  const b = w.createBody({ type: 'static', position: [0.5 * (x0 + x1), 0.5 * h, 0] });
  w.createShape(b, { kind: 'box', halfExtents: [0.5 * (x1 - x0), 0.5 * h, 2] });
}

/** A ramp rising along +x at `angle` from x = 0: a rotated box whose top face passes through the origin. */
function ramp(w: World3, angle: number): void {
  const half = [3, 0.5, 2] as const;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  // centre: up the slope by half its length, then down its normal by half its thickness
  const pos = [half[0] * c + half[1] * s, half[0] * s - half[1] * c, 0] as const;
  const b = w.createBody({
    type: 'static',
    position: pos,
    orientation: [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)],
  });
  w.createShape(b, { kind: 'box', halfExtents: half });
}

function walk(w: World3, ch: CharacterController3, v: [number, number, number], seconds: number): void {
  for (let s = 0; s < seconds / DT; s++) {
    ch.move(v, DT);
    w.step(DT);
  }
}

describe('kinematic character controller (collide and slide, step-up, snap)', () => {
  it('stands on the floor: it falls, lands and stays grounded at the skin', () => {
    const w = floorWorld();
    const ch = new CharacterController3(w, { position: [0, 2, 0] });
    walk(w, ch, [0, 0, 0], 2);
    expect(ch.grounded).toBe(true);
    expect(ch.position[1]! - FOOT).toBeGreaterThan(0);
    expect(ch.position[1]! - FOOT).toBeLessThan(0.011);
    expect(ch.groundNormal[1]).toBeCloseTo(1, 9);
  });

  it('climbs a 0.3 m step and not a 0.5 m one (step height 0.35 m)', () => {
    for (const [h, climbs] of [
      [0.3, true],
      [0.5, false],
    ] as const) {
      const w = floorWorld();
      block(w, 0, 4, h);
      const ch = new CharacterController3(w, { position: [-2, FOOT + 0.01, 0], stepHeight: 0.35 });
      walk(w, ch, [2, 0, 0], 3);
      const feet = ch.position[1]! - FOOT;
      if (climbs) {
        expect(ch.position[0]).toBeGreaterThan(1.5);
        expect(feet).toBeGreaterThan(h - 1e-3);
        expect(feet).toBeLessThan(h + 0.02);
      } else {
        expect(ch.position[0]).toBeLessThan(-R + 1e-3);
        expect(ch.position[0]).toBeGreaterThan(-R - 0.05);
        expect(feet).toBeLessThan(0.02);
      }
      expect(ch.grounded).toBe(true);
    }
  });

  it('walks up a 30° slope and stops at a 60° one (slope limit 45°)', () => {
    for (const [deg, climbs] of [
      [30, true],
      [60, false],
    ] as const) {
      const w = floorWorld();
      ramp(w, (deg * Math.PI) / 180);
      const ch = new CharacterController3(w, { position: [-2, FOOT + 0.01, 0], maxSlope: Math.PI / 4 });
      walk(w, ch, [2, 0, 0], 2.5);
      const feet = ch.position[1]! - FOOT;
      if (climbs) {
        // 2.5 s at 2 m/s from 2 m before the foot: well up the ramp
        expect(feet).toBeGreaterThan(0.8);
        expect(ch.grounded).toBe(true);
      } else {
        expect(feet).toBeLessThan(0.25);
        expect(ch.position[0]).toBeLessThan(0.3);
      }
      expect(ch.penetration()).toBe(0);
    }
  });

  it('slides along a wall it walks into at an angle', () => {
    const w = floorWorld();
    block(w, 1, 1.5, 3); // a wall across x = 1
    const ch = new CharacterController3(w, { position: [0, FOOT + 0.01, -1] });
    walk(w, ch, [2, 0, 1], 1);
    expect(ch.position[0]).toBeLessThan(1 - R + 1e-3);
    expect(ch.position[2]).toBeGreaterThan(-0.2);
  });

  it('pushes a dynamic box out of its way', () => {
    const w = floorWorld();
    const box = w.createBody({ position: [1.5, 0.25, 0] });
    w.createShape(box, { kind: 'box', halfExtents: [0.25, 0.25, 0.25], density: 200 });
    const ch = new CharacterController3(w, { position: [0, FOOT + 0.01, 0] });
    walk(w, ch, [1.5, 0, 0], 2);
    expect(w.getPosition(box)[0]).toBeGreaterThan(2.5);
    expect(ch.position[0]).toBeGreaterThan(2);
  });

  it('rides a moving platform', () => {
    const w = floorWorld();
    const plat = w.createBody({ type: 'kinematic', position: [0, 1, 0], linearVelocity: [1, 0, 0] });
    w.createShape(plat, { kind: 'box', halfExtents: [1.5, 0.1, 1.5] });
    const ch = new CharacterController3(w, { position: [0, 1.1 + FOOT + 0.01, 0] });
    walk(w, ch, [0, 0, 0], 1);
    expect(ch.grounded).toBe(true);
    expect(ch.position[0]! - w.getPosition(plat)[0]).toBeCloseTo(0, 1);
    expect(ch.position[1]! - FOOT).toBeGreaterThan(1.1);
  });

  it('never ends inside geometry over a seeded random walk of 10,000 steps', () => {
    const w = floorWorld();
    // a small level: walls round a 12 m yard, stairs of 0.2 m, a 0.3 m and a 0.5 m block, ramps, a pillar, a moving platform
    for (const [x0, x1, z0, z1, h] of [
      [-6.5, -6, -6, 6, 2],
      [6, 6.5, -6, 6, 2],
      [-6, 6, -6.5, -6, 2],
      [-6, 6, 6, 6.5, 2],
    ] as const) {
      const b = w.createBody({ type: 'static', position: [0.5 * (x0 + x1), 0.5 * h, 0.5 * (z0 + z1)] });
      w.createShape(b, { kind: 'box', halfExtents: [0.5 * (x1 - x0), 0.5 * h, 0.5 * (z1 - z0)] });
    }
    for (let k = 0; k < 5; k++) {
      const b = w.createBody({ type: 'static', position: [-4 + 0.4 * k, 0.1 + 0.1 * k, 3] });
      w.createShape(b, { kind: 'box', halfExtents: [0.2, 0.1 + 0.1 * k, 1.5] });
    }
    const blocks = [
      [2, 0.15, 2, 0.6, 0.15, 0.6],
      [-2, 0.25, -2, 0.5, 0.25, 0.8],
      [3.5, 0.75, -3, 0.3, 0.75, 0.3],
    ] as const;
    for (const [x, y, z, hx, hy, hz] of blocks) {
      const b = w.createBody({ type: 'static', position: [x, y, z] });
      w.createShape(b, { kind: 'box', halfExtents: [hx, hy, hz] });
    }
    const rampBody = w.createBody({
      type: 'static',
      position: [0, -0.3, -4],
      orientation: [Math.sin(Math.PI / 24), 0, 0, Math.cos(Math.PI / 24)],
    });
    w.createShape(rampBody, { kind: 'box', halfExtents: [1.5, 0.5, 2] });
    const pillar = w.createBody({ type: 'static', position: [-3, 1, 0] });
    w.createShape(pillar, { kind: 'cylinder', halfHeight: 1, radius: 0.4 });
    const plat = w.createBody({ type: 'kinematic', position: [3, 0.6, 2] });
    w.createShape(plat, { kind: 'box', halfExtents: [0.8, 0.1, 0.8] });
    const ch = new CharacterController3(w, { position: [0, FOOT + 0.5, 0] });
    const rng = new Prng(2026);
    let v: [number, number, number] = [0, 0, 0];
    let worst = 0;
    let grounded = 0;
    for (let s = 0; s < 10000; s++) {
      if (s % 30 === 0) {
        const a = rng.range(0, 2 * Math.PI);
        const speed = rng.range(0, 6);
        v = [speed * Math.cos(a), 0, speed * Math.sin(a)];
        if (rng.next() < 0.1) ch.jump(5);
      }
      // the platform bobs up and down
      w.setLinearVelocity(plat, [0, 0.8 * Math.cos(s * 0.02), 0]);
      ch.move(v, DT);
      worst = Math.max(worst, ch.penetration());
      if (ch.grounded) grounded++;
      w.step(DT);
    }
    expect(worst).toBe(0);
    // it stayed in the yard and mostly walked
    expect(Math.abs(ch.position[0]!)).toBeLessThan(6);
    expect(Math.abs(ch.position[2]!)).toBeLessThan(6);
    expect(grounded).toBeGreaterThan(7000);
  });

  it('refuses bad definitions and inputs, naming the field', () => {
    const w = floorWorld();
    expect(() => new CharacterController3(w, { position: [0, 1, 0], radius: -1 })).toThrow(
      /character\.radius: must be > 0/,
    );
    expect(() => new CharacterController3(w, { position: [0, 1, 0], maxSlope: 2 })).toThrow(
      /character\.maxSlope/,
    );
    expect(() => new CharacterController3(w, { position: [0, Number.NaN, 0] })).toThrow(PhysicsError);
    expect(() => new CharacterController3(w, { position: [0, 1, 0], stepHeight: Number.NaN })).toThrow(
      /character\.stepHeight/,
    );
    const ch = new CharacterController3(w, { position: [0, 1, 0] });
    expect(() => ch.move([Number.NaN, 0, 0], DT)).toThrow(/move\(desired\)\[0\]/);
    expect(() => ch.move([0, 0, 0], 0)).toThrow(/move\(dt\): must be > 0/);
  });
});
