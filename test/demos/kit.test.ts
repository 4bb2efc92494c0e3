import { describe, expect, it } from 'vitest';
import { BodyGrabber } from '../../src/demos/kit/body-grabber.js';
import { ParticleGrabber } from '../../src/demos/kit/particle-grabber.js';
import { stretchColor } from '../../src/demos/kit/stretch-color.js';
import { World } from '../../src/rigid2d/index.js';
import { addRope } from '../../src/xpbd/rope.js';
import { XpbdWorld } from '../../src/xpbd/solver.js';

describe('demo kit: the body grabber (soft mouse spring)', () => {
  it('pulls the grabbed point to the pointer and lets go', () => {
    const world = new World({ gravity: [0, -10] });
    const g = world.createBody({ type: 'static' });
    world.createShape(g, { kind: 'box', halfWidth: 10, halfHeight: 0.5, center: [0, -0.5] });
    const box = world.createBody({ position: [0, 0.5] });
    world.createShape(box, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
    const grab = new BodyGrabber(world);
    grab.pointer({ kind: 'down', x: 0.1, y: 0.6 });
    expect(grab.grabbed).toBe(box);
    grab.pointer({ kind: 'move', x: 2.1, y: 3.6 });
    for (let i = 0; i < 120; i++) {
      grab.apply();
      world.step(1 / 60);
    }
    const [x, y] = world.getPosition(box);
    expect(Math.hypot(x - 2, y - 3.5)).toBeLessThan(0.3);
    // the grabbed point, (0.1, 0.1) from the centre, sits at the pointer (sagging by g/ω² ≈ 1 cm)
    const a = world.getAngle(box);
    const px = x + Math.cos(a) * 0.1 - Math.sin(a) * 0.1;
    const py = y + Math.sin(a) * 0.1 + Math.cos(a) * 0.1;
    expect(Math.hypot(px - 2.1, py - 3.6)).toBeLessThan(0.05);
    grab.pointer({ kind: 'up', x: 2.1, y: 3.6 });
    expect(grab.grabbed).toBeNull();
    for (let i = 0; i < 120; i++) {
      grab.apply();
      world.step(1 / 60);
    }
    expect(world.getPosition(box)[1]).toBeLessThan(0.6);
  });

  it('grabs nothing but dynamic bodies, and lets go of a destroyed body', () => {
    const world = new World();
    const g = world.createBody({ type: 'static' });
    world.createShape(g, { kind: 'box', halfWidth: 1, halfHeight: 1 });
    const grab = new BodyGrabber(world);
    grab.pointer({ kind: 'down', x: 0, y: 0 });
    expect(grab.grabbed).toBeNull();
    const b = world.createBody({ position: [5, 0] });
    world.createShape(b, { kind: 'circle', radius: 0.5 });
    grab.pointer({ kind: 'down', x: 5, y: 0 });
    expect(grab.grabbed).toBe(b);
    world.destroyBody(b);
    grab.apply();
    expect(grab.grabbed).toBeNull();
  });
});

describe('demo kit: the particle grabber', () => {
  it('adds its attachment only on the first grab, holds the particle at the pointer, then releases', () => {
    const world = new XpbdWorld({ substeps: 10 });
    const rope = addRope(world, { start: [0, 2, 0], end: [2.2, 2, 0], links: 11, compliance: 0.0001 });
    const grab = new ParticleGrabber(world);
    const sets = world.sets.length;
    grab.pointer({ kind: 'down', x: 50, y: 50 });
    expect(world.sets.length).toBe(sets);
    expect(grab.grabbed).toBe(-1);
    for (let f = 0; f < 30; f++) world.step(1 / 60);
    const x = world.particles.x;
    const i = rope.first + 6;
    grab.pointer({ kind: 'down', x: x[3 * i]!, y: x[3 * i + 1]! });
    expect(world.sets.length).toBe(sets + 1);
    expect(grab.grabbed).toBe(i);
    grab.pointer({ kind: 'move', x: 0.5, y: 2.5 });
    for (let f = 0; f < 30; f++) world.step(1 / 60);
    expect(Math.hypot(x[3 * i]! - 0.5, x[3 * i + 1]! - 2.5)).toBeLessThan(0.02);
    grab.pointer({ kind: 'up', x: 0.5, y: 2.5 });
    expect(grab.grabbed).toBe(-1);
    for (let f = 0; f < 30; f++) world.step(1 / 60);
    expect(Math.hypot(x[3 * i]! - 0.5, x[3 * i + 1]! - 2.5)).toBeGreaterThan(0.05);
  });
});

describe('demo kit: the stretch colour map', () => {
  it('runs green → yellow → red over 0 … 15%', () => {
    expect(stretchColor(0)).toBe('rgb(0,200,40)');
    expect(stretchColor(0.075)).toBe('rgb(255,200,40)');
    expect(stretchColor(0.15)).toBe('rgb(255,0,40)');
    expect(stretchColor(-1)).toBe('rgb(0,200,40)');
  });
});
