import { describe, expect, it } from 'vitest';
import {
  DEBUG_ASLEEP,
  DEBUG_CONTACT,
  DEBUG_DYNAMIC,
  DEBUG_ISLAND_COLORS,
  DEBUG_KINEMATIC,
  DEBUG_NORMAL,
  DEBUG_STATIC,
  type DebugDraw2,
  drawWorld,
  paleColor,
} from '../../src/rigid2d/debug-draw.js';
import { World } from '../../src/rigid2d/index.js';

/** A DebugDraw2 that records every call. */
class Recorder implements DebugDraw2 {
  calls: { kind: string; color: number; solid?: boolean; count?: number; radius?: number; args: number[] }[] =
    [];
  count(kind: string): number {
    return this.calls.filter((c) => c.kind === kind).length;
  }
  polygon(v: Float64Array | number[], count: number, radius: number, color: number, solid: boolean): void {
    this.calls.push({
      kind: 'polygon',
      color,
      solid,
      count,
      radius,
      args: Array.from(v).slice(0, 2 * count),
    });
  }
  circle(cx: number, cy: number, r: number, angle: number, color: number, solid: boolean): void {
    this.calls.push({ kind: 'circle', color, solid, radius: r, args: [cx, cy, angle] });
  }
  capsule(x1: number, y1: number, x2: number, y2: number, r: number, color: number, solid: boolean): void {
    this.calls.push({ kind: 'capsule', color, solid, radius: r, args: [x1, y1, x2, y2] });
  }
  segment(x1: number, y1: number, x2: number, y2: number, color: number): void {
    this.calls.push({ kind: 'segment', color, args: [x1, y1, x2, y2] });
  }
  point(x: number, y: number, size: number, color: number): void {
    this.calls.push({ kind: 'point', color, args: [x, y, size] });
  }
}

/** One shape of every kind: a static ground box and segment, a kinematic capsule, dynamic box, circle,
 *  capsule, rounded box and pentagon, and a sensor. */
function everyShape(): World {
  const world = new World({ gravity: [0, -10] });
  const ground = world.createBody({ type: 'static' });
  world.createShape(ground, { kind: 'box', halfWidth: 20, halfHeight: 0.5, center: [0, -0.5] });
  world.createShape(ground, { kind: 'segment', p1: [-20, 5], p2: [-15, 0] });
  const kin = world.createBody({ type: 'kinematic', position: [10, 3] });
  world.createShape(kin, { kind: 'capsule', p1: [-1, 0], p2: [1, 0], radius: 0.2 });
  const box = world.createBody({ position: [0, 0.5] });
  world.createShape(box, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
  const ball = world.createBody({ position: [3, 0.5] });
  world.createShape(ball, { kind: 'circle', radius: 0.5 });
  const cap = world.createBody({ position: [6, 0.3] });
  world.createShape(cap, { kind: 'capsule', p1: [-0.5, 0], p2: [0.5, 0], radius: 0.3 });
  const rounded = world.createBody({ position: [-3, 0.6] });
  world.createShape(rounded, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, radius: 0.1 });
  const pent = world.createBody({ position: [-6, 0.5] });
  world.createShape(pent, {
    kind: 'polygon',
    vertices: [
      [-0.5, -0.5],
      [0.5, -0.5],
      [0.6, 0.1],
      [0, 0.5],
      [-0.6, 0.1],
    ],
  });
  const sensorBody = world.createBody({ type: 'static', position: [0, 5] });
  world.createShape(sensorBody, { kind: 'circle', radius: 1, isSensor: true });
  return world;
}

describe('rigid2d debug draw', () => {
  it('draws every shape kind through the matching callback, in world coordinates', () => {
    const world = everyShape();
    const dd = new Recorder();
    drawWorld(world, dd);
    // box ground, dynamic box, rounded box, pentagon → polygons; segment → segment
    expect(dd.count('polygon')).toBe(4);
    expect(dd.count('circle')).toBe(2);
    expect(dd.count('capsule')).toBe(2);
    expect(dd.count('segment')).toBe(1);
    expect(dd.count('point')).toBe(0);
    const [ground, box, rounded, pent] = dd.calls.filter((c) => c.kind === 'polygon');
    expect(ground!.color).toBe(DEBUG_STATIC);
    expect(ground!.args).toEqual([-20, -1, 20, -1, 20, 0, -20, 0]);
    expect(box!.color).toBe(DEBUG_DYNAMIC);
    expect(box!.args).toEqual([-0.5, 0, 0.5, 0, 0.5, 1, -0.5, 1]);
    expect(rounded!.radius).toBeCloseTo(0.1, 12);
    expect(pent!.count).toBe(5);
    const seg = dd.calls.find((c) => c.kind === 'segment')!;
    expect(seg.args).toEqual([-20, 5, -15, 0]);
    const capsules = dd.calls.filter((c) => c.kind === 'capsule');
    expect(capsules[0]!.color).toBe(DEBUG_KINEMATIC);
    expect(capsules[0]!.args).toEqual([9, 3, 11, 3]);
    const circles = dd.calls.filter((c) => c.kind === 'circle');
    expect(circles[0]!.args).toEqual([3, 0.5, 0]);
    expect(circles[0]!.solid).toBe(true);
    // the sensor is an outline
    expect(circles[1]!.solid).toBe(false);
  });

  it('switches shapes, boxes, contacts and normals on and off', () => {
    const world = everyShape();
    for (let i = 0; i < 10; i++) world.step(1 / 60);
    const none = new Recorder();
    drawWorld(world, none, { shapes: false });
    expect(none.calls).toHaveLength(0);
    const aabbs = new Recorder();
    drawWorld(world, aabbs, { shapes: false, aabbs: true });
    expect(aabbs.count('polygon')).toBe(world.shapeIds().length);
    expect(aabbs.calls.every((c) => c.solid === false)).toBe(true);
    const contacts = new Recorder();
    drawWorld(world, contacts, { shapes: false, contacts: true });
    expect(contacts.count('point')).toBeGreaterThan(0);
    expect(contacts.calls.some((c) => c.color === DEBUG_CONTACT)).toBe(true);
    expect(contacts.count('segment')).toBe(0);
    const normals = new Recorder();
    drawWorld(world, normals, { shapes: false, normals: true });
    expect(normals.count('segment')).toBe(contacts.count('point'));
    expect(normals.calls.every((c) => c.color === DEBUG_NORMAL)).toBe(true);
  });

  it('colours islands and pales sleeping bodies', () => {
    const world = everyShape();
    const islands = new Recorder();
    world.step(1 / 60);
    drawWorld(world, islands, { islands: true });
    const dynamicColors = islands.calls
      .filter((c) => c.kind === 'polygon' && c.color !== DEBUG_STATIC)
      .map((c) => c.color);
    expect(dynamicColors.every((c) => DEBUG_ISLAND_COLORS.includes(c))).toBe(true);
    for (let i = 0; i < 600; i++) world.step(1 / 60);
    const asleep = new Recorder();
    drawWorld(world, asleep, { sleep: true });
    const box = asleep.calls.filter((c) => c.kind === 'polygon')[1]!;
    expect(box.color).toBe(DEBUG_ASLEEP);
    const islandsAsleep = new Recorder();
    drawWorld(world, islandsAsleep, { sleep: true, islands: true });
    const paleIslands = DEBUG_ISLAND_COLORS.map((c) => paleColor(c, 0.45));
    expect(paleIslands).toContain(islandsAsleep.calls.filter((c) => c.kind === 'polygon')[1]!.color);
    const awake = new Recorder();
    drawWorld(world, awake);
    expect(awake.calls.filter((c) => c.kind === 'polygon')[1]!.color).toBe(DEBUG_DYNAMIC);
  });
});
