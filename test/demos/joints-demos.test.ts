/**
 * The rigid2d joint demos run headless: each one 120 frames with every body finite and finite
 * stats, a draw that leaves marks, and a check of what the demo is built to show — the chain hangs
 * below its pivot without coming apart, the car drives forward with throttle, the wall breaks when
 * the ball hits it, no bullet passes a thin wall with continuous collision on.
 */
import { describe, expect, it } from 'vitest';
import { findDemo } from '../../src/demos/index.js';
import { CHAIN, type JointDemoInstance, rigid2dJointDemos } from '../../src/demos/rigid2d-joints.js';
import { resolveParams } from '../../src/demos/types.js';
import { createNodeCanvas } from '../../src/render/canvas-node.js';

const FRAMES = 120;

function run(id: string, params: Record<string, number | boolean | string> = {}, frames = FRAMES) {
  const demo = findDemo(id);
  expect(demo, `demo ${id} is registered`).toBeDefined();
  const inst = demo!.create(resolveParams(demo!, params)) as JointDemoInstance;
  const bad: string[] = [];
  for (let f = 0; f < frames; f++) {
    inst.step();
    if (f % 10 !== 9 && f !== frames - 1) continue;
    const w = inst.world;
    for (const b of w.bodyIds()) {
      const [x, y] = w.getPosition(b);
      const [vx, vy] = w.getLinearVelocity(b);
      if (![x, y, vx, vy, w.getAngle(b), w.getAngularVelocity(b)].every(Number.isFinite))
        bad.push(`frame ${f + 1}: body ${b} is not finite`);
    }
    for (const [k, v] of Object.entries(inst.stats())) {
      if (!Number.isFinite(v)) bad.push(`frame ${f + 1}: stats.${k} = ${v}`);
    }
  }
  expect(bad).toEqual([]);
  return inst;
}

describe('rigid2d joint demos', () => {
  it('are registered in the one demo list, under rigid2d', () => {
    for (const d of rigid2dJointDemos) {
      expect(findDemo(d.id)).toBe(d);
      expect(d.domain).toBe('rigid2d');
    }
  });

  for (const demo of rigid2dJointDemos) {
    it(`${demo.id}: ${FRAMES} frames stay finite and draw`, () => {
      const inst = run(demo.id);
      const view = demo.view(320, 240);
      const c = createNodeCanvas(320, 240);
      c.clear('#ffffff');
      inst.draw(c.ctx, view);
      const px = c.rgba();
      let marked = 0;
      for (let i = 0; i < px.length; i += 4)
        if (px[i] !== 255 || px[i + 1] !== 255 || px[i + 2] !== 255) marked++;
      expect(marked).toBeGreaterThan(0);
    });
  }

  /** The chain's lowest end, its highest end after the first second, and its widest joint gap over `frames`. */
  const swing = (heavy: boolean, frames: number) => {
    const demo = findDemo('joints-chain')!;
    const inst = demo.create(resolveParams(demo, { heavy })) as JointDemoInstance;
    let lowest = Infinity;
    let highest = -Infinity;
    let gap = 0;
    for (let f = 0; f < frames; f++) {
      inst.step();
      const s = inst.stats();
      lowest = Math.min(lowest, s['endY']!);
      if (f >= 60) highest = Math.max(highest, s['endY']!);
      gap = Math.max(gap, s['maxJointGap']!);
    }
    return { lowest, highest, gap };
  };

  it('the chain swings down and hangs below its pivot, its joints together', () => {
    const { lowest, highest, gap } = swing(false, 300);
    const length = CHAIN.links * CHAIN.linkLength;
    expect(lowest).toBeLessThan(CHAIN.anchor[1] - 0.75 * length);
    expect(highest).toBeLessThan(CHAIN.anchor[1]);
    // the whip of the swinging end opens a joint by at most a few centimetres
    expect(gap).toBeLessThan(0.06);
  });

  it('the chain holds a ball 100× a link on its end', () => {
    const { lowest, highest, gap } = swing(true, 300);
    expect(lowest).toBeLessThan(CHAIN.anchor[1] - 0.75 * CHAIN.links * CHAIN.linkLength);
    expect(highest).toBeLessThan(CHAIN.anchor[1]);
    expect(gap).toBeLessThan(0.1);
  });

  it('the bridge sags under its load and does not come apart', () => {
    const s = run('joints-bridge').stats();
    expect(s['midY']!).toBeGreaterThan(2);
    expect(s['maxJointGap']!).toBeLessThan(0.05);
  });

  it('the ragdolls tumble down the stairs to the floor and stay above it', () => {
    const s = run('joints-ragdolls', {}, 300).stats();
    // the flight ends at x ≈ 10.8 m
    expect(s['furthestPart']!).toBeGreaterThan(10);
    expect(s['lowestPart']!).toBeGreaterThan(-0.1);
  });

  it('the car drives forward with throttle, and backward in reverse', () => {
    const x0 = run('joints-car', { throttle: 0 }, 1).stats()['chassisX']!;
    const forward = run('joints-car', { throttle: 1 }).stats();
    expect(forward['chassisX']!).toBeGreaterThan(x0 + 2);
    const idle = run('joints-car', { throttle: 0 }).stats();
    expect(Math.abs(idle['chassisX']! - x0)).toBeLessThan(0.5);
    const back = run('joints-car', { throttle: -1 }).stats();
    expect(back['chassisX']!).toBeLessThan(x0 - 1);
  });

  it('the windmill turns at its motor speed and its paddles stay within their limits', () => {
    const s = run('joints-windmill', {}, 240).stats();
    expect(s['rotorSpeed']!).toBeCloseTo(1, 1);
    expect(s['limitExcess']!).toBeLessThan(0.05);
    const stalled = run('joints-windmill', { torque: 0 }, 240).stats();
    expect(Math.abs(stalled['rotorSpeed']!)).toBeLessThan(0.5);
  });

  it('a body of a joint demo is dragged by the mouse (the kit drives a mouse joint)', () => {
    const demo = findDemo('joints-spring-pendulum')!;
    const inst = demo.create(resolveParams(demo)) as JointDemoInstance;
    const joints = inst.world.jointCount;
    inst.pointer({ kind: 'down', x: 3, y: 10 });
    expect(inst.world.jointCount).toBe(joints + 1);
    inst.pointer({ kind: 'move', x: -2, y: 6 });
    for (let f = 0; f < 120; f++) inst.step();
    const bob = inst.world.bodyIds()[1]!;
    const [x, y] = inst.world.getPosition(bob);
    expect(Math.hypot(x + 2, y - 6)).toBeLessThan(0.2);
    inst.pointer({ kind: 'up', x: -2, y: 6 });
    expect(inst.world.jointCount).toBe(joints);
  });

  it('the spring pendulum stretches and swings', () => {
    const s = run('joints-spring-pendulum').stats();
    expect(s['length1']!).toBeGreaterThan(2);
    expect(s['length1']!).toBeLessThan(8);
  });

  it('the wall breaks when the ball hits it, and holds when its welds are strong', () => {
    const weak = run('joints-breakable-wall').stats();
    expect(weak['ballsFired']).toBe(1);
    expect(weak['brokenJoints']!).toBeGreaterThan(0);
    const strong = run('joints-breakable-wall', { breakForce: 5000, ballSpeed: 2 }).stats();
    expect(strong['brokenJoints']).toBe(0);
  });

  it('no bullet passes a thin wall with continuous collision on; with it off they tunnel', () => {
    const on = run('joints-bullets', { ccd: true }, 600).stats();
    expect(on['fired']!).toBe(100);
    expect(on['passed']).toBe(0);
    const off = run('joints-bullets', { ccd: false }).stats();
    expect(off['passed']!).toBeGreaterThan(0);
  });
});
