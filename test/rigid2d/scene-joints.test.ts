/**
 * Joints in `rikigaku/rigid2d@1` scene files: every joint kind and field parses and survives a
 * JSON round trip, every bad input is rejected with the path of the field, and the built world
 * holds the joints (found again by name) with the values the file gave.
 */
import { readFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import {
  buildRigid2dWorld,
  loadRigid2dScene,
  loadScene,
  parseRigid2dScene,
  type Rigid2dSceneInstance,
} from '../../src/scene/index.js';

/** A scene of a static ground, two named dynamic boxes and the given joints. */
function withJoints(joints: unknown, extra: Record<string, unknown> = {}) {
  return {
    format: 'rikigaku/rigid2d@1',
    bodies: [
      { name: 'ground', type: 'static', shapes: [{ kind: 'box', halfWidth: 5, halfHeight: 0.5 }] },
      { name: 'a', position: [0, 3], shapes: [{ kind: 'box', halfWidth: 0.5, halfHeight: 0.1 }] },
      { name: 'b', position: [1, 3], shapes: [{ kind: 'box', halfWidth: 0.5, halfHeight: 0.1 }] },
      { position: [3, 3], shapes: [{ kind: 'circle', radius: 0.2 }] },
    ],
    joints,
    ...extra,
  };
}

/** One joint of every kind, each with every field of its kind. */
const EVERY_JOINT = [
  {
    kind: 'revolute',
    name: 'hinge',
    bodyA: 'ground',
    bodyB: 'a',
    localAnchorA: [-0.5, 3],
    localAnchorB: [-0.5, 0],
    referenceAngle: 0,
    enableLimit: true,
    lowerAngle: -0.5,
    upperAngle: 0.25,
    enableMotor: true,
    motorSpeed: 1,
    maxMotorTorque: 10,
    enableSpring: false,
    hertz: 2,
    dampingRatio: 0.5,
    collideConnected: false,
    breakForce: 1e6,
    breakTorque: 1e6,
  },
  {
    kind: 'prismatic',
    name: 'slider',
    bodyA: 'a',
    bodyB: 'b',
    localAnchorA: [0.5, 0],
    localAnchorB: [-0.5, 0],
    localAxisA: [1, 0],
    referenceAngle: 0,
    enableLimit: true,
    lowerTranslation: -0.2,
    upperTranslation: 0.2,
    enableMotor: false,
    motorSpeed: 0,
    maxMotorForce: 5,
    enableSpring: true,
    hertz: 1,
    dampingRatio: 0.7,
  },
  {
    kind: 'distance',
    name: 'rope',
    bodyA: 'ground',
    bodyB: 'b',
    localAnchorA: [1.5, 3.5],
    length: 0.5,
    enableLimit: true,
    minLength: 0,
    maxLength: 1,
    enableSpring: true,
    hertz: 0,
    dampingRatio: 0,
    enableMotor: false,
    motorSpeed: 0,
    maxMotorForce: 0,
  },
  {
    kind: 'weld',
    bodyA: 'a',
    bodyB: 'b',
    localAnchorA: [0.5, 0],
    localAnchorB: [-0.5, 0],
    referenceAngle: 0,
    linearHertz: 0,
    linearDampingRatio: 0,
    angularHertz: 5,
    angularDampingRatio: 1,
  },
  {
    kind: 'wheel',
    bodyA: 'a',
    bodyB: 'b',
    localAnchorA: [0.5, 0],
    localAnchorB: [-0.5, 0],
    localAxisA: [0, 2],
    enableSpring: true,
    hertz: 4,
    dampingRatio: 0.7,
    enableLimit: true,
    lowerTranslation: -0.25,
    upperTranslation: 0.25,
    enableMotor: true,
    motorSpeed: -10,
    maxMotorTorque: 20,
  },
  {
    kind: 'motor',
    bodyA: 'ground',
    bodyB: 'a',
    linearOffset: [0, 3],
    angularOffset: 0,
    maxForce: 100,
    maxTorque: 10,
    correctionFactor: 0.3,
  },
  { kind: 'mouse', bodyA: 'ground', bodyB: 'b', target: [1, 3], hertz: 5, dampingRatio: 0.7, maxForce: 100 },
];

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

describe('rikigaku/rigid2d@1 joints: parsing', () => {
  it('every kind with every field parses, keeps its values and survives a JSON round trip', () => {
    const scene = parseRigid2dScene(withJoints(EVERY_JOINT));
    expect(scene.joints.length).toBe(EVERY_JOINT.length);
    expect(scene.joints).toEqual(EVERY_JOINT);
    const again = parseRigid2dScene(JSON.parse(JSON.stringify(scene)));
    expect(again).toEqual(scene);
  });

  it('a scene without joints has an empty joints list', () => {
    expect(parseRigid2dScene(withJoints(undefined)).joints).toEqual([]);
    expect(parseRigid2dScene(withJoints([])).joints).toEqual([]);
  });
});

describe('rikigaku/rigid2d@1 joints: bad input is rejected with the path of the field', () => {
  const j = 'scene.joints[1]';
  /** `joints[1]` is the bad one; `joints[0]` is a valid revolute joint. */
  const second = (bad: Record<string, unknown>) =>
    withJoints([{ kind: 'revolute', bodyA: 'ground', bodyB: 'a' }, bad]);
  const rev = (fields: Record<string, unknown>) =>
    second({ kind: 'revolute', bodyA: 'a', bodyB: 'b', ...fields });
  const cases: Array<[string, unknown, string | RegExp]> = [
    [
      'a misspelt joints list',
      withJoints(undefined, { joint: [] }),
      "scene.joint: unknown field (the joints are listed in 'joints')",
    ],
    ['joints not an array', withJoints({}), 'scene.joints: expected an array, got an object'],
    ['a joint not an object', second(3 as never), `${j}: expected an object, got number 3`],
    [
      'an unknown kind',
      second({ kind: 'hinge', bodyA: 'a', bodyB: 'b' }),
      `${j}.kind: expected one of 'revolute', 'prismatic', 'distance', 'weld', 'wheel', 'motor', 'mouse', got string "hinge"`,
    ],
    [
      'no kind',
      second({ bodyA: 'a', bodyB: 'b' }),
      /^scene\.joints\[1\]\.kind: expected one of .*, got nothing$/,
    ],
    [
      'an unknown body',
      rev({ bodyB: 'wheel' }),
      `${j}.bodyB: unknown body 'wheel' (the named bodies are 'ground', 'a', 'b')`,
    ],
    ['a missing body', rev({ bodyA: undefined }), `${j}.bodyA: required (the name of a body)`],
    ['a body given by number', rev({ bodyA: 1 }), `${j}.bodyA: expected a string, got number 1`],
    [
      'a joint between a body and itself',
      rev({ bodyB: 'a' }),
      `${j}.bodyB: is bodyA ('a'): a joint needs two different bodies`,
    ],
    [
      'an unknown field',
      rev({ lowerTranslation: 0 }),
      /^scene\.joints\[1\]\.lowerTranslation: unknown field \(expected one of: kind, name, bodyA, bodyB, .*lowerAngle, upperAngle/,
    ],
    [
      'a field of another kind (a weld has no motor)',
      second({ kind: 'weld', bodyA: 'a', bodyB: 'b', enableMotor: true }),
      /^scene\.joints\[1\]\.enableMotor: unknown field/,
    ],
    [
      'an anchor not finite',
      rev({ localAnchorA: [0, Number.POSITIVE_INFINITY] }),
      `${j}.localAnchorA[1]: must be a finite number, got Infinity`,
    ],
    [
      'an anchor not a pair',
      rev({ localAnchorB: [0, 1, 2] }),
      `${j}.localAnchorB: expected [x, y], got an array`,
    ],
    [
      'an anchor given as a string',
      rev({ localAnchorB: ['0', 1] }),
      `${j}.localAnchorB[0]: expected a number, got string "0"`,
    ],
    [
      'lower angle above upper',
      rev({ lowerAngle: 1, upperAngle: -1 }),
      `${j}.lowerAngle: must be <= upperAngle (-1), got 1`,
    ],
    [
      'a lower angle above the default upper angle (0)',
      rev({ lowerAngle: 0.5 }),
      `${j}.lowerAngle: must be <= upperAngle (0, the default), got 0.5`,
    ],
    [
      'an upper angle below the default lower angle (0)',
      rev({ upperAngle: -0.5 }),
      `${j}.upperAngle: must be >= lowerAngle (0, the default), got -0.5`,
    ],
    [
      'lower translation above upper',
      second({ kind: 'prismatic', bodyA: 'a', bodyB: 'b', lowerTranslation: 2, upperTranslation: 1 }),
      `${j}.lowerTranslation: must be <= upperTranslation (1), got 2`,
    ],
    [
      'a wheel with lower translation above upper',
      second({ kind: 'wheel', bodyA: 'a', bodyB: 'b', lowerTranslation: 0.5, upperTranslation: 0 }),
      `${j}.lowerTranslation: must be <= upperTranslation (0), got 0.5`,
    ],
    [
      'a rope with min above max',
      second({ kind: 'distance', bodyA: 'a', bodyB: 'b', minLength: 2, maxLength: 1 }),
      `${j}.minLength: must be <= maxLength (1), got 2`,
    ],
    [
      'a negative minimum length',
      second({ kind: 'distance', bodyA: 'a', bodyB: 'b', minLength: -1 }),
      `${j}.minLength: must be >= 0, got -1`,
    ],
    [
      'a zero length',
      second({ kind: 'distance', bodyA: 'a', bodyB: 'b', length: 0 }),
      `${j}.length: must be > 0, got 0`,
    ],
    ['a negative frequency', rev({ hertz: -1 }), `${j}.hertz: must be >= 0, got -1`],
    ['a negative damping ratio', rev({ dampingRatio: -0.1 }), `${j}.dampingRatio: must be >= 0, got -0.1`],
    [
      'a negative weld frequency',
      second({ kind: 'weld', bodyA: 'a', bodyB: 'b', angularHertz: -2 }),
      `${j}.angularHertz: must be >= 0, got -2`,
    ],
    [
      'a negative weld damping',
      second({ kind: 'weld', bodyA: 'a', bodyB: 'b', linearDampingRatio: -2 }),
      `${j}.linearDampingRatio: must be >= 0, got -2`,
    ],
    ['a negative motor torque', rev({ maxMotorTorque: -5 }), `${j}.maxMotorTorque: must be >= 0, got -5`],
    [
      'a negative motor force',
      second({ kind: 'prismatic', bodyA: 'a', bodyB: 'b', maxMotorForce: -5 }),
      `${j}.maxMotorForce: must be >= 0, got -5`,
    ],
    [
      'a motor speed as a string',
      rev({ motorSpeed: 'fast' }),
      `${j}.motorSpeed: expected a number, got string "fast"`,
    ],
    ['a zero break force', rev({ breakForce: 0 }), `${j}.breakForce: must be > 0, got 0`],
    ['a negative break torque', rev({ breakTorque: -1 }), `${j}.breakTorque: must be > 0, got -1`],
    ['a flag as a number', rev({ enableLimit: 1 }), `${j}.enableLimit: expected true or false, got number 1`],
    [
      'collideConnected as a string',
      rev({ collideConnected: 'yes' }),
      `${j}.collideConnected: expected true or false, got string "yes"`,
    ],
    [
      'a zero axis',
      second({ kind: 'prismatic', bodyA: 'a', bodyB: 'b', localAxisA: [0, 0] }),
      `${j}.localAxisA: must not be the zero vector (it is normalised)`,
    ],
    [
      'a correction factor above 1',
      second({ kind: 'motor', bodyA: 'a', bodyB: 'b', correctionFactor: 1.5 }),
      `${j}.correctionFactor: must be <= 1, got 1.5`,
    ],
    [
      'a negative motor-joint force',
      second({ kind: 'motor', bodyA: 'a', bodyB: 'b', maxForce: -1 }),
      `${j}.maxForce: must be >= 0, got -1`,
    ],
    [
      'a mouse joint without a target',
      second({ kind: 'mouse', bodyA: 'ground', bodyB: 'b' }),
      `${j}.target: required for a mouse joint ([x, y])`,
    ],
    [
      'a mouse target not finite',
      second({ kind: 'mouse', bodyA: 'ground', bodyB: 'b', target: [Number.NaN, 0] }),
      `${j}.target[0]: must be a finite number, got NaN`,
    ],
    [
      'a mouse joint of frequency 0',
      second({ kind: 'mouse', bodyA: 'ground', bodyB: 'b', target: [1, 3], hertz: 0 }),
      `${j}.hertz: must be > 0 for a mouse joint, got 0`,
    ],
    [
      'a duplicate joint name',
      withJoints([
        { kind: 'revolute', name: 'x', bodyA: 'ground', bodyB: 'a' },
        { kind: 'weld', name: 'x', bodyA: 'a', bodyB: 'b' },
      ]),
      `${j}.name: 'x' is already the name of joints[0]`,
    ],
    ['a joint name not a string', rev({ name: 7 }), `${j}.name: expected a string, got number 7`],
  ];
  for (const [what, json, message] of cases) {
    it(what, () => {
      const m = messageOf(json);
      if (typeof message === 'string') expect(m).toBe(message);
      else expect(m).toMatch(message);
    });
  }

  it('a scene whose bodies have no names says so', () => {
    const scene = {
      format: 'rikigaku/rigid2d@1',
      bodies: [{ shapes: [] }, { shapes: [] }],
      joints: [{ kind: 'weld', bodyA: 'x', bodyB: 'y' }],
    };
    expect(messageOf(scene)).toBe("scene.joints[0].bodyA: unknown body 'x' (no body has a name)");
  });
});

describe('rikigaku/rigid2d@1 joints: building the world', () => {
  it('builds every kind, in file order and by name, between the named bodies, and steps finite', () => {
    const scene = parseRigid2dScene(withJoints(EVERY_JOINT));
    const built = buildRigid2dWorld(scene);
    const w = built.world;
    expect(built.joints.length).toBe(EVERY_JOINT.length);
    expect(w.jointCount).toBe(EVERY_JOINT.length);
    expect([...built.jointsByName.keys()]).toEqual(['hinge', 'slider', 'rope']);
    EVERY_JOINT.forEach((j, i) => {
      const id = built.joints[i]!;
      expect(w.getJointKind(id)).toBe(j.kind);
      expect(w.getJointBodies(id)).toEqual([built.byName.get(j.bodyA), built.byName.get(j.bodyB)]);
    });
    expect(built.jointsByName.get('slider')).toBe(built.joints[1]);
    for (let i = 0; i < 60; i++) w.step(1 / 60);
    for (const b of built.bodies) expect(w.getPosition(b).every(Number.isFinite)).toBe(true);
  });

  it('anchors are in the bodies’ frames: a hinge at the end of a rod holds it there', () => {
    const built = buildRigid2dWorld(
      parseRigid2dScene(
        withJoints([
          { kind: 'revolute', bodyA: 'ground', bodyB: 'a', localAnchorA: [-0.5, 3], localAnchorB: [-0.5, 0] },
        ]),
      ),
    );
    const w = built.world;
    const j = built.joints[0]!;
    const [ax, ay, bx, by] = w.getJointAnchors(j);
    expect([ax, ay, bx, by].map((x) => Math.round(x * 1e9) / 1e9)).toEqual([-0.5, 3, -0.5, 3]);
    let lowest = Infinity;
    let gap = 0;
    for (let i = 0; i < 120; i++) {
      w.step(1 / 60);
      const [px, py, qx, qy] = w.getJointAnchors(j);
      gap = Math.max(gap, Math.hypot(qx - px, qy - py));
      // the ground's anchor stays put
      expect(Math.hypot(px + 0.5, py - 3)).toBeLessThan(1e-9);
      lowest = Math.min(lowest, w.getPosition(built.byName.get('a')!)[1]);
    }
    expect(gap).toBeLessThan(0.01);
    // the rod swings down about the hinge: its centre goes below the hinge by nearly half its length
    expect(lowest).toBeLessThan(2.6);
  });

  it('examples/scenes/joints.json loads through loadScene, steps finite and holds its chain together', () => {
    const text = readFileSync(new URL('../../examples/scenes/joints.json', import.meta.url), 'utf8');
    const inst = loadScene(text, 'joints.json') as Rigid2dSceneInstance;
    const w = inst.world;
    expect(inst.built.joints.length).toBeGreaterThan(5);
    for (let i = 0; i < 180; i++) inst.step();
    for (const b of inst.built.bodies) expect(w.getPosition(b).every(Number.isFinite)).toBe(true);
    let gap = 0;
    for (const j of inst.built.joints) {
      if (!w.isValid(j) || w.getJointKind(j) !== 'revolute') continue;
      const [ax, ay, bx, by] = w.getJointAnchors(j);
      gap = Math.max(gap, Math.hypot(bx - ax, by - ay));
    }
    expect(gap).toBeLessThan(0.02);
    // the limited pendulum stays within its limits (±0.6 rad)
    const hinge = inst.built.jointsByName.get('limited-hinge')!;
    expect(Math.abs(w.getJointAngle(hinge))).toBeLessThan(0.65);
  });

  it("a body's bullet flag and the solver's continuous switch reach the world", () => {
    const json = withJoints([], { solver: { continuous: false } });
    (json.bodies[3] as Record<string, unknown>)['bullet'] = true;
    const scene = parseRigid2dScene(json);
    expect(parseRigid2dScene(JSON.parse(JSON.stringify(scene)))).toEqual(scene);
    const built = buildRigid2dWorld(scene);
    expect(built.world.continuous).toBe(false);
    expect(built.world.isBullet(built.bodies[3]!)).toBe(true);
    expect(built.world.isBullet(built.bodies[1]!)).toBe(false);
    expect(buildRigid2dWorld(parseRigid2dScene(withJoints([]))).world.continuous).toBe(true);
    (json.bodies[3] as Record<string, unknown>)['bullet'] = 'yes';
    expect(messageOf(json)).toBe('scene.bodies[3].bullet: expected true or false, got string "yes"');
    expect(messageOf(withJoints([], { solver: { continuous: 1 } }))).toBe(
      'scene.solver.continuous: expected true or false, got number 1',
    );
  });

  it("the engine's own checks are reported with the joint's path", () => {
    // no length given and the anchors coincide: the default length (the current distance) is 0
    const json = withJoints([
      { kind: 'distance', bodyA: 'a', bodyB: 'b', localAnchorA: [0.5, 0], localAnchorB: [-0.5, 0] },
    ]);
    const scene = parseRigid2dScene(json);
    expect(() => buildRigid2dWorld(scene)).toThrow(/^scene\.joints\[0\]: joint\.length: must be > 0/);
    try {
      buildRigid2dWorld(scene);
    } catch (e) {
      expect((e as PhysicsError).code).toBe('invalid-scene');
    }
    // only an upper rope length, above the default minimum 0: fine
    expect(
      parseRigid2dScene(withJoints([{ kind: 'distance', bodyA: 'a', bodyB: 'b', maxLength: 2 }])).joints[0],
    ).toMatchObject({ maxLength: 2 });
  });

  it('a loaded scene draws its joints', () => {
    const inst = loadRigid2dScene(
      withJoints([{ kind: 'weld', bodyA: 'a', bodyB: 'b', localAnchorA: [0.5, 0], localAnchorB: [-0.5, 0] }]),
    );
    const canvas = createCanvas(200, 150);
    const ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
    inst.draw(ctx, inst.view(200, 150));
    const px = ctx.getImageData(0, 0, 200, 150).data;
    let marked = 0;
    for (let i = 3; i < px.length; i += 4) if (px[i] !== 0) marked++;
    expect(marked).toBeGreaterThan(0);
  });
});
