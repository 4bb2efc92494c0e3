import { describe, expect, it } from 'vitest';
import { SolverStage, type SolverTraceEvent } from '../../src/rigid3d/index.js';
import { boxStack, groundWorld } from './helpers.js';

describe('rigid3d solver hooks, torsion and waking', () => {
  it('the trace reports every pass of the soft step in order and observes without changing the result', () => {
    const run = (trace?: (e: SolverTraceEvent) => void) => {
      const { world } = groundWorld({ solver: { trace } });
      const ids = boxStack(world, 3);
      for (let s = 0; s < 30; s++) world.step(1 / 60);
      return world.getPosition(ids[2]!);
    };
    const seen: string[] = [];
    let steps = 0;
    const traced = run((e) => {
      if (e.stage === SolverStage.restitution) steps++;
      if (steps === 0) seen.push(`${e.stage} ${e.substep} ${e.iteration}`);
    });
    expect(seen).toEqual([
      'solve 0 1',
      'relax 0 1',
      'solve 1 1',
      'relax 1 1',
      'solve 2 1',
      'relax 2 1',
      'solve 3 1',
      'relax 3 1',
    ]);
    expect(steps).toBe(30);
    expect(traced).toEqual(run());
  });

  it('torsional friction stops a top spinning on the ground; without it only the sliding contact slows it', () => {
    const spinAfter = (torsionalFriction: number) => {
      const { world } = groundWorld({ enableSleep: false });
      // a short cylinder standing on its flat face, spinning about the vertical
      const top = world.createBody({ position: [0, 0.1, 0], angularVelocity: [0, 10, 0] });
      world.createShape(top, {
        kind: 'cylinder',
        halfHeight: 0.1,
        radius: 0.5,
        friction: 0,
        torsionalFriction,
      });
      for (let s = 0; s < 120; s++) world.step(1 / 60);
      return world.getAngularVelocity(top)[1];
    };
    expect(spinAfter(0)).toBeCloseTo(10, 6); // frictionless: nothing resists the spin
    expect(Math.abs(spinAfter(0.2))).toBeLessThan(0.01);
  });

  it('a sleeping stack wakes when a box lands on it, and sleeps again', () => {
    const { world } = groundWorld();
    const ids = boxStack(world, 3);
    for (let s = 0; s < 180; s++) world.step(1 / 60);
    expect(ids.every((id) => !world.isAwake(id))).toBe(true);
    const dropped = world.createBody({ position: [0.2, 5, 0] });
    world.createShape(dropped, { kind: 'box', halfExtents: [0.5, 0.5, 0.5] });
    let woke = false;
    for (let s = 0; s < 60; s++) {
      world.step(1 / 60);
      if (world.isAwake(ids[0]!)) woke = true;
    }
    expect(woke).toBe(true);
    for (let s = 0; s < 300; s++) world.step(1 / 60);
    expect([...ids, dropped].every((id) => !world.isAwake(id))).toBe(true);
    expect(world.getPosition(dropped)[1]).toBeGreaterThan(3.4);
  });
});
