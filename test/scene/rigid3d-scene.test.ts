/**
 * The `rikigaku/rigid3d@1` scene format: the example loads through `loadScene`, runs, and its
 * stack stands; bad input is refused with `invalid-scene` naming the path of the bad field.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { createNodeCanvas } from '../../src/render/canvas-node.js';
import { loadScene } from '../../src/scene/index.js';
import { loadRigid3dScene, type Rigid3dSceneInstance } from '../../src/scene/rigid3d-build.js';
import { parseRigid3dScene } from '../../src/scene/rigid3d-format.js';

const EXAMPLE = join(import.meta.dirname, '../../examples/scenes/rigid3d-stack.json');

function base(bodies: unknown[] = [], extra: Record<string, unknown> = {}) {
  return { format: 'rikigaku/rigid3d@1', bodies, ...extra };
}
function errorOf(json: unknown): string {
  try {
    loadRigid3dScene(json);
  } catch (e) {
    expect(e).toBeInstanceOf(PhysicsError);
    expect((e as PhysicsError).code).toBe('invalid-scene');
    return (e as Error).message;
  }
  throw new Error('expected an error');
}

describe('rikigaku/rigid3d@1 scenes', () => {
  it('the example loads through loadScene, its stack stands for 3 s, and it draws', () => {
    const inst = loadScene(readFileSync(EXAMPLE, 'utf8'), 'rigid3d-stack.json') as Rigid3dSceneInstance;
    expect(inst.dt).toBeCloseTo(1 / 60, 12);
    const top = inst.built.bodyByName.box4!;
    for (let i = 0; i < 180; i++) inst.step();
    const p = inst.world3.getPosition(top);
    expect(Math.abs(p[1] - 4.5)).toBeLessThan(0.05);
    expect(Math.hypot(p[0], p[2])).toBeLessThan(0.05);
    expect(inst.stats!().bodies).toBe(10);
    const ball = inst.world3.getPosition(inst.built.bodyByName.ball!);
    expect(ball[1]).toBeGreaterThan(0.3);
    const c = createNodeCanvas(200, 150);
    c.clear('#ffffff');
    inst.draw(c.ctx, inst.view(200, 150));
    const px = c.rgba();
    let marked = 0;
    for (let i = 0; i < px.length; i += 4)
      if (px[i] !== 255 || px[i + 1] !== 255 || px[i + 2] !== 255) marked++;
    expect(marked).toBeGreaterThan(1000);
  });

  it('materials are defaults for their shapes; a shape field wins over its material', () => {
    const s = parseRigid3dScene(
      base(
        [
          { shapes: [{ kind: 'sphere', radius: 1, material: 'm' }] },
          { position: [5, 0, 0], shapes: [{ kind: 'sphere', radius: 1, material: 'm', density: 10 }] },
        ],
        { materials: { m: { density: 2000, friction: 0.2 } }, gravity: [0, 0, 0] },
      ),
    );
    const inst = loadRigid3dScene(s);
    const [a, b] = inst.built.bodies;
    expect(inst.world3.getMass(a!)).toBeCloseTo((2000 * 4 * Math.PI) / 3, 6);
    expect(inst.world3.getMass(b!)).toBeCloseTo((10 * 4 * Math.PI) / 3, 9);
  });

  it('refuses bad input naming the path', () => {
    const box = (extra: Record<string, unknown>) =>
      base([{ shapes: [{ kind: 'box', halfExtents: [1, 1, 1], ...extra }] }]);
    expect(errorOf({ ...base(), format: 'rikigaku/rigid3d@2' })).toMatch(
      /^scene\.format: expected 'rikigaku\/rigid3d@1'/,
    );
    expect(errorOf(base([{ orientation: [0, 0, 0, 2], shapes: [] }]))).toMatch(
      /^scene\.bodies\[0\]\.orientation: must be a unit quaternion/,
    );
    expect(errorOf(box({ density: -1 }))).toMatch(
      /^scene\.bodies\[0\]\.shapes\[0\]\.density: must be >= 0, got -1/,
    );
    expect(errorOf(base([{ shapes: [{ kind: 'box', halfExtents: [1, 0, 1] }] }]))).toMatch(
      /^scene\.bodies\[0\]\.shapes\[0\]\.halfExtents\[1\]: must be > 0, got 0/,
    );
    expect(
      errorOf(JSON.parse('{"format":"rikigaku/rigid3d@1","bodies":[{"position":[0,1e999,0],"shapes":[]}]}')),
    ).toMatch(/^scene\.bodies\[0\]\.position\[1\]: must be a finite number/);
    expect(errorOf(base([{ shapes: [{ kind: 'sphere', radius: Number.NaN }] }]))).toMatch(
      /^scene\.bodies\[0\]\.shapes\[0\]\.radius: must be a finite number/,
    );
    // a hull whose points are all coplanar: the engine's error, re-labelled with the scene's path
    expect(
      errorOf(
        base([{ shapes: [{ kind: 'hull', points: [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0.5, 0.5, 0] }] }]),
      ),
    ).toMatch(/^scene\.bodies\[0\]\.shapes\[0\]: /);
    expect(
      errorOf(base([{ shapes: [{ kind: 'hull', points: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }] }])),
    ).toMatch(/^scene\.bodies\[0\]\.shapes\[0\]: /);
    expect(
      errorOf(
        base([{ shapes: [{ kind: 'mesh', vertices: [0, 0, 0, 1, 0, 0, 0, 0, 1], indices: [0, 2, 1] }] }]),
      ),
    ).toMatch(/^scene\.bodies\[0\]\.shapes\[0\]\.kind: a mesh may only sit on a static or kinematic body/);
    expect(
      errorOf(
        base([
          {
            type: 'static',
            shapes: [{ kind: 'mesh', vertices: [0, 0, 0, 1, 0, 0, 0, 0, 1], indices: [0, 2, 3] }],
          },
        ]),
      ),
    ).toMatch(/^scene\.bodies\[0\]\.shapes\[0\]\.indices\[2\]: must be <= 2, got 3/);
    expect(
      errorOf(
        base([
          {
            type: 'static',
            shapes: [{ kind: 'heightfield', rows: 2, cols: 3, heights: [0, 0, 0, 0], spacingX: 1 }],
          },
        ]),
      ),
    ).toMatch(/^scene\.bodies\[0\]\.shapes\[0\]\.heights: needs rows × cols = 6 numbers, got 4/);
    expect(errorOf(box({ material: 'steel' }))).toMatch(
      /^scene\.bodies\[0\]\.shapes\[0\]\.material: unknown material 'steel'/,
    );
    expect(errorOf(box({ radius: 1 }))).toMatch(/^scene\.bodies\[0\]\.shapes\[0\]\.radius: unknown field/);
    expect(errorOf(base([{ positon: [0, 0, 0], shapes: [] }]))).toMatch(
      /^scene\.bodies\[0\]\.positon: unknown field/,
    );
    expect(errorOf(base([], { camera: { eye: [1, 1, 1], target: [1, 1, 1] } }))).toMatch(
      /^scene\.camera\.eye: must differ from the target/,
    );
    expect(
      errorOf(
        base([
          { name: 'a', shapes: [] },
          { name: 'a', shapes: [] },
        ]),
      ),
    ).toMatch(/^scene\.bodies\[1\]\.name: duplicate body name 'a'/);
    expect(errorOf(base([], { substeps: 0 }))).toMatch(/^scene\.substeps: must be >= 1, got 0/);
  });
});
