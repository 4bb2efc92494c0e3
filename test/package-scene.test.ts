/**
 * `rikigaku/scene`'s `loadRigid2dWorld`: a scene file becomes a rigid2d World with its bodies,
 * shapes and joints by name, the same world `loadScene` runs (bit-identical steps).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../src/core/errors.js';
import * as scenePkg from '../src/scene/index.js';

const { loadRigid2dWorld, loadScene } = scenePkg;
const SCENES = join(import.meta.dirname, '../examples/scenes');

const SCENE = {
  format: 'rikigaku/rigid2d@1',
  dt: 0.01,
  bodies: [
    {
      name: 'ground',
      type: 'static',
      shapes: [
        { kind: 'box', name: 'floor', halfWidth: 10, halfHeight: 0.5, center: [0, -0.5] },
        {
          kind: 'chain',
          name: 'rim',
          points: [
            [-10, 3],
            [-10, 0],
            [10, 0],
            [10, 3],
          ],
        },
        { kind: 'circle', name: 'knob', radius: 0.1, center: [0, -2] },
      ],
    },
    { name: 'ball', position: [0, 2], shapes: [{ kind: 'circle', radius: 0.5 }] },
    { position: [3, 2], shapes: [{ kind: 'box', halfWidth: 0.5, halfHeight: 0.5 }] },
  ],
  joints: [
    { kind: 'distance', name: 'tether', bodyA: 'ground', bodyB: 'ball', localAnchorA: [0, 5], length: 3 },
  ],
};

describe('loadRigid2dWorld', () => {
  it('returns the world, its dt and the handles by name; the ball falls to the floor', () => {
    const { world, dt, bodies, shapes, joints, built, scene } = loadRigid2dWorld(JSON.stringify(SCENE));
    expect(dt).toBe(0.01);
    expect(Object.keys(bodies)).toEqual(['ground', 'ball']);
    expect(Object.keys(shapes)).toEqual(['floor', 'rim', 'knob']);
    expect(Object.keys(joints)).toEqual(['tether']);
    expect(built.bodies).toHaveLength(3);
    expect(scene.bodies).toHaveLength(3);
    // the chain's 3 segments sit between the floor and the knob: the knob's handle is the 5th shape
    expect(built.shapes[0]).toHaveLength(5);
    expect(shapes.knob).toBe(built.shapes[0]![4]);
    expect(shapes.rim).toBe(built.shapes[0]![1]);
    expect(world.getBodyType(bodies.ball!)).toBe('dynamic');
    expect(world.getBodyType(bodies.ground!)).toBe('static');
    // the tether is 3 m long (anchor 5 m above the floor, ball at 2 m): it holds the ball up
    for (let i = 0; i < 200; i++) world.step(dt);
    expect(world.getPosition(bodies.ball!)[1]).toBeCloseTo(2, 1);
    // the unnamed box falls onto the floor: its centre rests at half its height
    expect(world.getPosition(built.bodies[2]!)[1]).toBeCloseTo(0.5, 1);
  });

  it('takes parsed JSON too, and steps bit-identically to the instance of loadScene', () => {
    const text = readFileSync(join(SCENES, 'joints.json'), 'utf8');
    const a = loadRigid2dWorld(JSON.parse(text));
    const b = loadScene(text, 'joints.json') as ReturnType<typeof scenePkg.loadRigid2dScene>;
    expect(Object.keys(a.bodies)).toContain('link0');
    for (let i = 0; i < 120; i++) {
      a.world.step(a.dt);
      b.step();
    }
    for (const name of Object.keys(a.bodies)) {
      expect(a.world.getPosition(a.bodies[name]!)).toEqual(b.world.getPosition(b.built.byName.get(name)!));
    }
  });

  it('bad files: the path of the bad field, or the line and column of a syntax error', () => {
    expect(() =>
      loadRigid2dWorld('{"format": "rikigaku/rigid2d@1", "bodies": [\n  {"mass": -1}\n]}'),
    ).toThrow(/scene\.bodies\[0\]\.mass/);
    expect(() => loadRigid2dWorld('{"format": 1,}', 'my.json')).toThrow(
      /^my\.json: not valid JSON at line 1, column 14/,
    );
    expect(() => loadRigid2dWorld({ format: 'rikigaku/fluid-grid@1' })).toThrow(PhysicsError);
    expect(() => loadRigid2dWorld({ format: 'rikigaku/fluid-grid@1' })).toThrow(/scene\.format/);
  });
});
