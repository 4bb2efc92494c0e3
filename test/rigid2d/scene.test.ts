import { readFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import {
  loadRigid2dScene,
  loadScene,
  parseRigid2dScene,
  type Rigid2dSceneInstance,
} from '../../src/scene/index.js';

const example = (name: string) =>
  readFileSync(new URL(`../../examples/scenes/${name}`, import.meta.url), 'utf8');

/** A minimal valid scene with one dynamic body whose first shape can be replaced. */
function withShape(shape: unknown, body: Record<string, unknown> = {}) {
  return {
    format: 'rikigaku/rigid2d@1',
    bodies: [
      { type: 'static', shapes: [{ kind: 'box', halfWidth: 5, halfHeight: 0.5 }] },
      { position: [0, 2], ...body, shapes: [{ kind: 'circle', radius: 0.5 }, shape] },
    ],
  };
}

function messageOf(json: unknown): string {
  try {
    parseRigid2dScene(json);
  } catch (e) {
    expect(e).toBeInstanceOf(PhysicsError);
    expect((e as PhysicsError).code).toBe('invalid-scene');
    return (e as Error).message;
  }
  throw new Error('expected the scene to be rejected');
}

describe('rikigaku/rigid2d@1 scene files: bad input is rejected with the path of the field', () => {
  const s = 'scene.bodies[1].shapes[1]';
  const cases: Array<[string, unknown, string]> = [
    [
      'a non-convex polygon',
      withShape({
        kind: 'polygon',
        vertices: [
          [0, 0],
          [1, 0],
          [1, 1],
          [0.5, 0.2],
          [0, 1],
        ],
      }),
      `${s}.vertices: polygon is not convex`,
    ],
    [
      'a zero-area polygon',
      withShape({
        kind: 'polygon',
        vertices: [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
      }),
      `${s}.vertices: polygon has zero area (all vertices on one line or point)`,
    ],
    [
      'a polygon with a repeated vertex',
      withShape({
        kind: 'polygon',
        vertices: [
          [0, 0],
          [1, 0],
          [1, 0],
          [0, 1],
        ],
      }),
      `${s}.vertices: vertices 1 and 2 coincide`,
    ],
    [
      'a polygon with 2 vertices',
      withShape({
        kind: 'polygon',
        vertices: [
          [0, 0],
          [1, 0],
        ],
      }),
      `${s}.vertices: a polygon needs at least 3 vertices, got 2`,
    ],
    [
      'NaN written as a string',
      withShape({ kind: 'circle', radius: 'NaN' }),
      `${s}.radius: expected a number, got string "NaN"`,
    ],
    [
      'a zero-size box',
      withShape({ kind: 'box', halfWidth: 0, halfHeight: 1 }),
      `${s}.halfWidth: must be > 0, got 0`,
    ],
    ['a negative radius', withShape({ kind: 'circle', radius: -1 }), `${s}.radius: must be > 0, got -1`],
    [
      'a zero-length capsule',
      withShape({ kind: 'capsule', p1: [1, 1], p2: [1, 1], radius: 0.2 }),
      `${s}: capsule has zero length (p1 and p2 coincide)`,
    ],
    [
      'a negative density',
      withShape({ kind: 'circle', radius: 1, density: -2 }),
      `${s}.density: must be >= 0, got -2`,
    ],
    [
      'restitution above 1',
      withShape({ kind: 'circle', radius: 1, restitution: 1.5 }),
      `${s}.restitution: must be <= 1, got 1.5`,
    ],
    [
      'a negative mass',
      withShape({ kind: 'circle', radius: 1 }, { mass: -1 }),
      'scene.bodies[1].mass: must be > 0, got -1',
    ],
    [
      'a mass on a static body',
      withShape({ kind: 'circle', radius: 1 }, { type: 'static', mass: 3 }),
      'scene.bodies[1].mass: only a dynamic body has a mass (this body is static)',
    ],
    [
      'an unknown shape field',
      withShape({ kind: 'circle', radius: 1, radious: 2 }),
      `${s}.radious: unknown field (expected one of: kind, name, material, density, friction, restitution, isSensor, filter, enableContactEvents, radius, center)`,
    ],
    [
      'an unknown shape kind',
      withShape({ kind: 'triangle' }),
      `${s}.kind: expected one of 'box', 'circle', 'capsule', 'segment', 'polygon', 'chain', got string "triangle"`,
    ],
    [
      'a missing required field',
      withShape({ kind: 'box', halfWidth: 1 }),
      `${s}.halfHeight: required for a box`,
    ],
    [
      'a bad vector',
      withShape({ kind: 'circle', radius: 1, center: [0] }),
      `${s}.center: expected [x, y], got an array`,
    ],
    [
      'an unknown material',
      withShape({ kind: 'circle', radius: 1, material: 'steel' }),
      `${s}.material: unknown material 'steel' (scene.materials defines none)`,
    ],
    [
      'a fractional filter mask',
      withShape({ kind: 'circle', radius: 1, filter: { maskBits: 1.5 } }),
      `${s}.filter.maskBits: must be an integer, got 1.5`,
    ],
    [
      'a chain link of zero length',
      withShape({
        kind: 'chain',
        points: [
          [0, 0],
          [1, 0],
          [1, 0],
        ],
      }),
      `${s}.points[2]: repeats point 1 (zero-length link)`,
    ],
    [
      'an unknown body type',
      withShape({ kind: 'circle', radius: 1 }, { type: 'ghost' }),
      `scene.bodies[1].type: expected one of 'static', 'kinematic', 'dynamic', got string "ghost"`,
    ],
    [
      'a wrong format',
      { format: 'rikigaku/rigid3d@1', bodies: [] },
      `scene.format: expected 'rikigaku/rigid2d@1', got string "rikigaku/rigid3d@1"`,
    ],
    [
      'missing bodies',
      { format: 'rikigaku/rigid2d@1' },
      'scene.bodies: required (an array of bodies, may be empty)',
    ],
    [
      'an unknown top-level field',
      { format: 'rikigaku/rigid2d@1', bodies: [], gravityy: [0, -10] },
      'scene.gravityy: unknown field (expected one of: format, title, description, dt, gravity, solver, sleep, materials, bodies, view)',
    ],
    [
      'an unknown solver mode',
      { format: 'rikigaku/rigid2d@1', bodies: [], solver: { positionCorrection: 'magic' } },
      `scene.solver.positionCorrection: expected one of 'soft-step', 'baumgarte', 'split-impulse', 'none', got string "magic"`,
    ],
    [
      'zero substeps',
      { format: 'rikigaku/rigid2d@1', bodies: [], solver: { substeps: 0 } },
      'scene.solver.substeps: must be >= 1, got 0',
    ],
    [
      'a negative dt',
      { format: 'rikigaku/rigid2d@1', bodies: [], dt: -0.01 },
      'scene.dt: must be > 0, got -0.01',
    ],
    [
      'duplicate body names',
      { format: 'rikigaku/rigid2d@1', bodies: [{ name: 'a' }, { name: 'a' }] },
      "scene.bodies[1].name: 'a' is already the name of bodies[0]",
    ],
  ];
  for (const [what, json, message] of cases) {
    it(`rejects ${what}`, () => {
      expect(messageOf(json)).toBe(message);
    });
  }

  it('rejects ±Infinity that sneaks in through huge JSON numbers, from the file text', () => {
    const text = `{"format":"rikigaku/rigid2d@1","gravity":[0,-1e999],"bodies":[]}`;
    expect(() => loadScene(text, 'my-scene.json')).toThrow(
      'scene.gravity[1]: must be a finite number, got -Infinity',
    );
    const pos = `{"format":"rikigaku/rigid2d@1","bodies":[{"position":[1e400,0]}]}`;
    expect(() => loadScene(pos)).toThrow(
      'scene.bodies[0].position[0]: must be a finite number, got Infinity',
    );
  });

  it('rejects NaN and Infinity passed from the API (not through JSON)', () => {
    expect(messageOf(withShape({ kind: 'circle', radius: Number.NaN }))).toBe(
      `${s}.radius: must be a finite number, got NaN`,
    );
    expect(messageOf(withShape({ kind: 'circle', radius: 1 }, { angle: Number.NEGATIVE_INFINITY }))).toBe(
      'scene.bodies[1].angle: must be a finite number, got -Infinity',
    );
    expect(() => loadRigid2dScene(withShape({ kind: 'circle', radius: 1 }), { dt: Number.NaN })).toThrow(
      'options.dt: must be a finite number, got NaN',
    );
  });
});

describe('rikigaku/rigid2d@1 scene files: what loads', () => {
  it('applies materials, names and a body mass (densities scaled to it)', () => {
    const inst = loadRigid2dScene({
      format: 'rikigaku/rigid2d@1',
      gravity: [0, -9.81],
      materials: { rubber: { density: 2, friction: 0.9, restitution: 0.5 } },
      bodies: [
        {
          name: 'crate',
          position: [1, 2],
          angle: 0.5,
          mass: 3,
          shapes: [
            { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, material: 'rubber' },
            { kind: 'circle', radius: 0.5, center: [1, 0], material: 'rubber', friction: 0.1 },
          ],
        },
      ],
    });
    const id = inst.built.byName.get('crate')!;
    expect(inst.world.getMass(id)).toBeCloseTo(3, 12);
    expect(inst.world.getPosition(id)[0]).toBeCloseTo(1, 12);
    expect(inst.world.getAngle(id)).toBeCloseTo(0.5, 12);
    const [box, circle] = inst.built.shapes[0]!;
    expect(inst.world.shapes.friction[inst.world.shapeSlot(box!)]).toBe(0.9);
    // A field on the shape overrides its material.
    expect(inst.world.shapes.friction[inst.world.shapeSlot(circle!)]).toBe(0.1);
    expect(inst.world.shapes.restitution[inst.world.shapeSlot(circle!)]).toBe(0.5);
    expect(inst.world.gravityY).toBe(-9.81);
  });

  for (const file of ['pyramid.json', 'bowl.json', 'ramp.json']) {
    it(`examples/scenes/${file} loads through loadScene and steps to finite states`, () => {
      const inst = loadScene(example(file), file) as Rigid2dSceneInstance;
      for (let i = 0; i < 90; i++) inst.step();
      expect(inst.time).toBeCloseTo(1.5, 9);
      for (const id of inst.built.bodies) {
        const [x, y] = inst.world.getPosition(id);
        expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
      }
      const stats = inst.stats!();
      for (const v of Object.values(stats)) expect(Number.isFinite(v)).toBe(true);
    });
  }

  it('the example pyramid stands: after 3 s the top box is within 5 cm of where it started', () => {
    const inst = loadScene(example('pyramid.json')) as Rigid2dSceneInstance;
    const top = inst.built.bodies[inst.built.bodies.length - 1]!;
    const [x0, y0] = inst.world.getPosition(top);
    for (let i = 0; i < 180; i++) inst.step();
    const [x1, y1] = inst.world.getPosition(top);
    expect(Math.hypot(x1 - x0, y1 - y0)).toBeLessThan(0.05);
  });

  it('a one-sided chain loop (counter-clockwise) lets a ball inside fall out through its back; a two-sided one holds it', () => {
    const finalY = (oneSided: boolean) => {
      const inst = loadScene(
        JSON.stringify({
          format: 'rikigaku/rigid2d@1',
          bodies: [
            {
              type: 'static',
              shapes: [
                {
                  kind: 'chain',
                  loop: true,
                  oneSided,
                  points: [
                    [-2, -1],
                    [2, -1],
                    [2, 1],
                    [-2, 1],
                  ],
                },
              ],
            },
            { position: [0, 0], shapes: [{ kind: 'circle', radius: 0.3 }] },
          ],
        }),
      ) as Rigid2dSceneInstance;
      const ball = inst.built.bodies[1]!;
      for (let i = 0; i < 120; i++) inst.step();
      return inst.world.getPosition(ball)[1];
    };
    expect(finalY(false)).toBeGreaterThan(-1);
    expect(finalY(true)).toBeLessThan(-2);
    expect(
      messageOf(
        withShape({
          kind: 'chain',
          points: [
            [0, 0],
            [1, 0],
          ],
          oneSided: 'yes',
        }),
      ),
    ).toMatch(/scene\.bodies\[1\]\.shapes\[1\]\.oneSided/);
  });

  it('draws the world onto a real Canvas 2D context (@napi-rs/canvas)', () => {
    const inst = loadScene(example('bowl.json')) as Rigid2dSceneInstance;
    const canvas = createCanvas(320, 240);
    const ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
    inst.draw(ctx, inst.view(320, 240));
    const data = canvas.getContext('2d').getImageData(0, 0, 320, 240).data;
    // Count pixels in the dynamic bodies' colour (#e08a3c): the falling shapes are on screen.
    let orange = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (
        Math.abs(data[i]! - 0xe0) < 8 &&
        Math.abs(data[i + 1]! - 0x8a) < 8 &&
        Math.abs(data[i + 2]! - 0x3c) < 8
      )
        orange++;
    }
    expect(orange).toBeGreaterThan(200);
  });
});

describe('rikigaku/rigid2d@1 scene instance: pointer drag', () => {
  it('drags a body towards the pointer and lets go', () => {
    const inst = loadRigid2dScene({
      format: 'rikigaku/rigid2d@1',
      bodies: [
        { type: 'static', shapes: [{ kind: 'box', halfWidth: 10, halfHeight: 0.5, center: [0, -0.5] }] },
        { name: 'box', position: [0, 0.5], shapes: [{ kind: 'box', halfWidth: 0.5, halfHeight: 0.5 }] },
      ],
    });
    const box = inst.built.byName.get('box')!;
    inst.pointer!({ kind: 'down', x: 0.1, y: 0.6 });
    inst.pointer!({ kind: 'move', x: 2.1, y: 3.6 });
    for (let i = 0; i < 120; i++) inst.step();
    const [x, y] = inst.world.getPosition(box);
    // The grabbed point (0.1, 0.1 from the centre) hangs at the pointer; the body sags below it.
    expect(Math.hypot(x - 2, y - 3.5)).toBeLessThan(0.3);
    inst.pointer!({ kind: 'up', x: 2.1, y: 3.6 });
    for (let i = 0; i < 120; i++) inst.step();
    expect(inst.world.getPosition(box)[1]).toBeLessThan(0.6);
  });
});
