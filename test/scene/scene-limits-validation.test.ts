/**
 * Scene files are bounded (docs/scene-format.md, "Limits"): a small file cannot ask for gigabytes
 * or for a step that never ends, deep nesting cannot overflow the stack while the error message is
 * built, and a huge value is shortened in the message.
 */
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { FLUID_GRID_FORMAT, loadScene, parseRigid2dScene, RIGID2D_FORMAT } from '../../src/scene/index.js';

function sceneError(text: string): PhysicsError {
  try {
    loadScene(text, 'scene');
  } catch (e) {
    expect(e).toBeInstanceOf(PhysicsError);
    expect((e as PhysicsError).code).toBe('invalid-scene');
    return e as PhysicsError;
  }
  throw new Error('expected an invalid-scene PhysicsError');
}

const fluid = (fields: string) => `{"format":"${FLUID_GRID_FORMAT}","grid":{"nx":16,"ny":16}${fields}}`;

describe('fluid-grid scenes are bounded', () => {
  it('a 1e6 × 1e6 grid is refused with the cell count, not a RangeError', () => {
    const e = sceneError(`{"format":"${FLUID_GRID_FORMAT}","grid":{"nx":1000000,"ny":1000000}}`);
    expect(e.message).toMatch(
      /^scene\.grid: 1000000 × 1000000 = 1000000000000 cells is more than the limit of 4194304 cells/,
    );
  });

  it('a 63-byte file cannot ask for gigabytes', () => {
    const text = `{"format":"${FLUID_GRID_FORMAT}","grid":{"nx":9000,"ny":9000}}`;
    expect(text.length).toBeLessThanOrEqual(63);
    expect(sceneError(text).message).toMatch(
      /^scene\.grid: 9000 × 9000 = 81000000 cells is more than the limit/,
    );
    // a 3D grid counts all three sizes
    expect(
      sceneError(`{"format":"${FLUID_GRID_FORMAT}","grid":{"nx":200,"ny":200,"nz":200}}`).message,
    ).toMatch(/^scene\.grid: 200 × 200 × 200 = 8000000 cells/);
  });

  it('jacobi with tolerance 0 and 1e9 iterations is refused instead of hanging', () => {
    const e = sceneError(fluid(',"solver":"jacobi","tolerance":0,"pressureIterations":1e9'));
    expect(e.message).toBe('scene.pressureIterations: must be <= 10000, got 1000000000');
    // within the count but too much work per step when every iteration runs
    const big = `{"format":"${FLUID_GRID_FORMAT}","grid":{"nx":2048,"ny":2048},"solver":"jacobi","tolerance":0,"pressureIterations":100}`;
    expect(sceneError(big).message).toMatch(
      /^scene\.pressureIterations: 100 iterations on 4194304 cells with tolerance 0 \(every iteration runs\) is more than 268435456 cell-iterations per step/,
    );
  });

  it('the conservative scalar advection is selectable in the file', () => {
    const inst = loadScene(fluid(',"scalarAdvection":"conservative"'), 'scene') as unknown as {
      sim: { scalarAdvection: string; velocityAdvection: string };
    };
    expect(inst.sim.scalarAdvection).toBe('conservative');
    expect(inst.sim.velocityAdvection).toBe('semi-lagrangian');
    expect(sceneError(fluid(',"scalarAdvection":"magic"')).message).toMatch(
      /^scene\.scalarAdvection: expected one of 'semi-lagrangian', 'maccormack', 'bfecc', 'upwind', 'conservative', got string "magic"/,
    );
  });

  it('sources and obstacles are capped', () => {
    const sources = Array.from({ length: 1001 }, () => ({ x: 0.5, y: 0.5, radius: 0.1 }));
    expect(sceneError(fluid(`,"sources":${JSON.stringify(sources)}`)).message).toBe(
      'scene.sources: at most 1000 entries, got 1001',
    );
  });
});

describe('messages stay small and safe', () => {
  it('an array nested 100,000 deep gives an error, not a stack overflow', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(sceneError(`{"format":${deep}}`).message).toMatch(
      /^scene\.format: expected one of .*, got an array$/,
    );
    expect(sceneError(`{"format":"${RIGID2D_FORMAT}","bodies":[${deep}]}`).message).toBe(
      'scene.bodies[0]: expected an object, got an array',
    );
    expect(
      sceneError(`{"format":"${RIGID2D_FORMAT}","bodies":[{"shapes":[{"kind":"circle","radius":${deep}}]}]}`)
        .message,
    ).toBe('scene.bodies[0].shapes[0].radius: expected a number, got an array');
  });

  it('a 5 MB string is echoed as its first 80 characters and its length', () => {
    const huge = 'x'.repeat(5_000_000);
    const e = sceneError(`{"format":"${RIGID2D_FORMAT}","bodies":[{"type":"${huge}"}]}`);
    expect(e.message.length).toBeLessThan(300);
    expect(e.message).toContain(`string "${'x'.repeat(79)}… (5000002 characters)`);
    const f = sceneError(`{"format":"${huge}"}`);
    expect(f.message.length).toBeLessThan(400);
    const g = sceneError(`{"format":"${RIGID2D_FORMAT}","bodies":[],"${huge}":1}`);
    expect(g.message.length).toBeLessThan(600);
    expect(g.message).toMatch(/^scene\.x{80}… \(5000000 characters\): unknown field/);
  });
});

describe('rigid2d scenes are bounded', () => {
  it('bodies, joints and shapes are capped', () => {
    const bodies = Array.from({ length: 100_001 }, () => ({}));
    expect(() => parseRigid2dScene({ format: RIGID2D_FORMAT, bodies })).toThrow(
      'scene.bodies: at most 100000 entries, got 100001',
    );
    const points = Array.from({ length: 200_001 }, (_, i) => [i, 0]);
    expect(() =>
      parseRigid2dScene({
        format: RIGID2D_FORMAT,
        bodies: [{ type: 'static', shapes: [{ kind: 'chain', points }] }],
      }),
    ).toThrow(/^scene\.bodies: at most 200000 shapes in all \(a chain counts its points\), got 200001/);
  });

  it('magnitudes that can only overflow are refused with the scene path', () => {
    const one = (body: Record<string, unknown>) => () =>
      parseRigid2dScene({ format: RIGID2D_FORMAT, bodies: [body] });
    expect(one({ angularVelocity: 1e160 })).toThrow(
      'scene.bodies[0].angularVelocity: magnitude must be <= 1000000000000, got 1e+160',
    );
    expect(
      one({
        shapes: [
          {
            kind: 'polygon',
            vertices: [
              [0, 0],
              [1e300, 0],
              [0, 1e300],
            ],
          },
        ],
      }),
    ).toThrow('scene.bodies[0].shapes[0].vertices[1][0]: magnitude must be <= 1000000000000, got 1e+300');
    expect(one({ linearVelocity: [0, -1e13] })).toThrow('scene.bodies[0].linearVelocity[1]');
    expect(() =>
      parseRigid2dScene({
        format: RIGID2D_FORMAT,
        bodies: [{ name: 'a', type: 'static' }, { name: 'b' }],
        joints: [{ kind: 'revolute', bodyA: 'a', bodyB: 'b', enableMotor: true, motorSpeed: 1e200 }],
      }),
    ).toThrow('scene.joints[0].motorSpeed: magnitude must be <= 1000000000000, got 1e+200');
    expect(() => parseRigid2dScene({ format: RIGID2D_FORMAT, gravity: [0, 1e200], bodies: [] })).toThrow(
      'scene.gravity[1]: magnitude must be <= 1000000000000, got 1e+200',
    );
  });
});
