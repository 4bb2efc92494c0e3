import { describe, expect, it } from 'vitest';
import { World3 } from '../../src/rigid3d/index.js';
import { groundWorld } from './helpers.js';

describe('rigid3d events, sensors, filtering and queries', () => {
  it('a dropped box reports begin (with a hit above the threshold) and, when lifted away, end', () => {
    const { world } = groundWorld();
    const box = world.createBody({ position: [0, 2, 0] });
    const shape = world.createShape(box, { kind: 'box', halfExtents: [0.5, 0.5, 0.5] });
    const begins: number[] = [];
    let hit = 0;
    for (let s = 0; s < 90; s++) {
      world.step(1 / 60);
      const ev = world.events();
      for (const e of ev.begin) begins.push(e.shapeB);
      for (const h of ev.hit) {
        hit = h.approachSpeed;
        expect(h.normalY).toBeCloseTo(1, 6);
      }
    }
    expect(begins).toEqual([shape]);
    expect(hit).toBeGreaterThan(3); // falling 1.5 m: about 5.5 m/s
    world.setTransform(box, [0, 5, 0], [0, 0, 0, 1]);
    let ended = 0;
    for (let s = 0; s < 5; s++) {
      world.step(1 / 60);
      ended += world.events().end.length;
    }
    expect(ended).toBe(1);
  });

  it('a sensor reports a ball passing through and never pushes it', () => {
    const world = new World3({ gravity: [0, 0, 0] });
    const gate = world.createBody({ type: 'static' });
    const sensor = world.createShape(gate, { kind: 'box', halfExtents: [0.1, 2, 2], isSensor: true });
    const ball = world.createBody({ position: [-2, 0, 0], linearVelocity: [4, 0, 0] });
    const visitor = world.createShape(ball, { kind: 'sphere', radius: 0.3 });
    const log: string[] = [];
    for (let s = 0; s < 90; s++) {
      world.step(1 / 60);
      for (const e of world.events().sensorBegin)
        log.push(`begin ${e.sensorShape === sensor} ${e.visitorShape === visitor}`);
      for (const e of world.events().sensorEnd)
        log.push(`end ${e.sensorShape === sensor} ${e.visitorShape === visitor}`);
    }
    expect(log).toEqual(['begin true true', 'end true true']);
    expect(world.getLinearVelocity(ball)[0]).toBe(4);
  });

  it('filtering: a shape whose mask leaves out the ground falls through it; a negative group never collides', () => {
    const { world } = groundWorld();
    const ghost = world.createBody({ position: [0, 1, 0] });
    world.createShape(ghost, { kind: 'sphere', radius: 0.5, filter: { categoryBits: 2, maskBits: 2 } });
    const a = world.createBody({ position: [3, 0.5, 0] });
    world.createShape(a, { kind: 'box', halfExtents: [0.5, 0.5, 0.5], filter: { groupIndex: -1 } });
    const b = world.createBody({ position: [3, 1.6, 0] });
    world.createShape(b, { kind: 'box', halfExtents: [0.5, 0.5, 0.5], filter: { groupIndex: -1 } });
    for (let s = 0; s < 60; s++) world.step(1 / 60);
    expect(world.getPosition(ghost)[1]).toBeLessThan(-2);
    expect(world.getPosition(b)[1]).toBeLessThan(1); // fell into a
  });

  it('overlap finds the shapes a query box touches, in slot order, filtered', () => {
    const world = new World3({ gravity: [0, 0, 0] });
    const ids = [0, 1.5, 3, 6].map((x) => {
      const b = world.createBody({ position: [x, 0, 0] });
      return world.createShape(b, { kind: 'sphere', radius: 0.5 });
    });
    world.step(1 / 60);
    const found = world.overlap({ kind: 'box', halfExtents: [1.2, 0.5, 0.5] }, [1.5, 0, 0]);
    expect(found).toEqual([ids[0], ids[1], ids[2]]);
    const some = world.overlap({ kind: 'box', halfExtents: [1.2, 0.5, 0.5] }, [1.5, 0, 0], undefined, {
      predicate: (s) => s !== ids[1],
    });
    expect(some).toEqual([ids[0], ids[2]]);
  });

  it('shape cast: a sphere swept towards a box stops at the gap', () => {
    const world = new World3({ gravity: [0, 0, 0] });
    const wall = world.createBody({ type: 'static', position: [5, 0, 0] });
    const wallShape = world.createShape(wall, { kind: 'box', halfExtents: [0.5, 2, 2] });
    world.step(1 / 60);
    const hit = world.shapeCast({ kind: 'sphere', radius: 0.5 }, [0, 0, 0], undefined, [10, 0, 0]);
    expect(hit).not.toBeNull();
    expect(hit!.shape).toBe(wallShape);
    // the sphere's surface reaches x = 4.5 when its centre is at 4: fraction 0.4
    expect(hit!.fraction).toBeCloseTo(0.4, 3);
    expect(world.shapeCast({ kind: 'sphere', radius: 0.5 }, [0, 3, 0], undefined, [10, 0, 0])).toBeNull();
  });
});
