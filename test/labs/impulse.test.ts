import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { nodeDeflate } from '../../src/labs/files.js';
import { impulseLabFiles } from '../../src/labs/impulse-lab.js';
import {
  BALLS_INITIAL,
  BallBox,
  bounce_with_friction,
  bounceExperiment,
  conserveExperiment,
  frictionExperiment,
  localMaxima,
  resolve,
  type Vec2,
} from '../../src/labs/index.js';
import { findLab, labs, runLab } from '../../src/labs/registry.js';
import { decodePNG } from '../../src/render/png.js';

const finite = fc.double({ min: -50, max: 50, noNaN: true });
const vec = fc.tuple(finite, finite) as fc.Arbitrary<Vec2>;
const unit = fc
  .double({ min: 0, max: 2 * Math.PI, noNaN: true })
  .map((a) => [Math.cos(a), Math.sin(a)] as Vec2);
/** Pixels of a decoded image that differ from `want(x, y)`, as 'x,y: got → want' strings (empty = all exact). */
function pixelMismatches(
  img: { width: number; height: number; data: ArrayLike<number> },
  want: (x: number, y: number) => readonly number[],
): string[] {
  const bad: string[] = [];
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      const w = want(x, y);
      if (img.data[i] !== w[0] || img.data[i + 1] !== w[1] || img.data[i + 2] !== w[2]) {
        bad.push(`${x},${y}: ${img.data[i]},${img.data[i + 1]},${img.data[i + 2]} → ${w.join(',')}`);
      }
    }
  }
  return bad;
}
const close = (a: number, b: number, tol = 1e-9): boolean =>
  Math.abs(a - b) <= tol * (1 + Math.abs(a) + Math.abs(b));

describe('resolve (the impulse lab, 力積の公式)', () => {
  it('the impulse lab: equal masses head-on — e = 1 swaps the velocities, e = 0 leaves them equal', () => {
    const [a, b] = resolve([2, 0], 1, [-1, 0], 1, [1, 0], 1);
    expect(a).toEqual([-1, 0]);
    expect(b).toEqual([2, 0]);
    const [c, d] = resolve([2, 0], 1, [-1, 0], 1, [1, 0], 0);
    expect(c[0]).toBeCloseTo(0.5, 12);
    expect(c[0]).toBe(d[0]);
  });

  it('leaves a separating pair untouched and conserves momentum otherwise (any masses, normal, e)', () => {
    fc.assert(
      fc.property(
        vec,
        vec,
        fc.double({ min: 0.01, max: 10, noNaN: true }),
        fc.double({ min: 0.01, max: 10, noNaN: true }),
        unit,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (v1, v2, m1, m2, n, e) => {
          const [a, b] = resolve(v1, 1 / m1, v2, 1 / m2, n, e);
          const vRel = (v2[0] - v1[0]) * n[0] + (v2[1] - v1[1]) * n[1];
          if (vRel >= 0) {
            expect(a).toEqual(v1);
            expect(b).toEqual(v2);
            return;
          }
          for (const k of [0, 1])
            expect(close(m1 * a[k]! + m2 * b[k]!, m1 * v1[k]! + m2 * v2[k]!)).toBe(true);
          // Newton's law of restitution along n, and tangential velocities unchanged
          const after = (b[0] - a[0]) * n[0] + (b[1] - a[1]) * n[1];
          expect(close(after, -e * vRel, 1e-8)).toBe(true);
          const t = [-n[1], n[0]];
          expect(close(a[0] * t[0]! + a[1] * t[1]!, v1[0] * t[0]! + v1[1] * t[1]!, 1e-8)).toBe(true);
          // kinetic energy never grows
          const ke = (p: Vec2, q: Vec2) =>
            0.5 * m1 * (p[0] ** 2 + p[1] ** 2) + 0.5 * m2 * (q[0] ** 2 + q[1] ** 2);
          expect(ke(a, b)).toBeLessThanOrEqual(ke(v1, v2) * (1 + 1e-12) + 1e-12);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a static body (inv_m = 0) is not moved and reflects the other with e', () => {
    const [a, wall] = resolve([0, -4], 1, [0, 0], 0, [0, -1], 0.5);
    expect(wall).toEqual([0, 0]);
    expect(a).toEqual([0, 2]);
  });

  it('rejects bad input with a message naming the field', () => {
    expect(() => resolve([1, 0], -1, [0, 0], 1, [1, 0], 1)).toThrow(/resolve.inv_m1: must be >= 0/);
    expect(() => resolve([1, 0], 1, [0, 0], 1, [2, 0], 1)).toThrow(/resolve.n: must be a unit vector/);
    expect(() => resolve([Number.NaN, 0], 1, [0, 0], 1, [1, 0], 1)).toThrow(PhysicsError);
  });
});

describe('03-conserve (the impulse lab, 何が保存され、何が失われるか)', () => {
  const c = conserveExperiment();
  it('momentum is identical in the three cases and equals the momentum before', () => {
    for (const k of [c.e1, c.e05, c.e0]) expect(k.p.toFixed(6)).toBe(c.before.p.toFixed(6));
    expect(c.before.p).toBe(5);
  });
  it('kinetic energy is conserved only for e = 1 and falls as e falls', () => {
    expect(close(c.e1.ke, c.before.ke, 1e-14)).toBe(true);
    expect(c.e05.ke).toBeLessThan(c.before.ke - 1);
    expect(c.e0.ke).toBeLessThan(c.e05.ke - 1);
  });
  it('e = 0: both bodies move with the same velocity', () => {
    expect(c.e0.v1[0]).toBeCloseTo(c.e0.v2[0], 12);
    expect(c.e0.v1[0]).toBeCloseTo(5 / 3, 12);
  });
});

describe('bounce_with_friction (the impulse lab, 摩擦も力積である)', () => {
  it('the impulse lab: v=(3,-3), inv_m=1, n=(0,1), e=0.5, mu=0.4 → vout=(1.2,1.5), jn=4.5, jt=-1.8 exactly', () => {
    const [v, jn, jt] = bounce_with_friction([3, -3], 1, [0, 1], 0.5, 0.4);
    expect(v).toEqual([1.2, 1.5]);
    expect(jn).toBe(4.5);
    expect(jt).toBe(-1.8);
  });
  it('static friction: when mu·jn covers the tangential impulse the slide stops', () => {
    const [v, jn, jt] = bounce_with_friction([1, -3], 1, [0, 1], 0, 0.5);
    expect(jn).toBe(3);
    expect(jt).toBe(-1); // below the limit 1.5
    expect(v[0]).toBe(0);
  });
  it('head-on: no tangent, so no friction; leaving the surface: untouched', () => {
    expect(bounce_with_friction([0, -2], 2, [0, 1], 1, 1)).toEqual([[0, 2], 2, 0]);
    expect(bounce_with_friction([1, 2], 1, [0, 1], 1, 1)).toEqual([[1, 2], 0, 0]);
  });
  it('friction never reverses the tangential velocity and never adds energy', () => {
    fc.assert(
      fc.property(
        vec,
        unit,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (v, n, e, mu) => {
          const [out, jn, jt] = bounce_with_friction(v, 1, n, e, mu);
          expect(Math.abs(jt)).toBeLessThanOrEqual(mu * jn + 1e-12);
          const t = [-n[1], n[0]];
          const before = v[0] * t[0]! + v[1] * t[1]!;
          const after = out[0] * t[0]! + out[1] * t[1]!;
          expect(before * after).toBeGreaterThanOrEqual(-1e-9);
          expect(out[0] ** 2 + out[1] ** 2).toBeLessThanOrEqual(
            (v[0] ** 2 + v[1] ** 2) * (1 + 1e-12) + 1e-12,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('bounce and friction experiments', () => {
  it('a flat top of equal samples counts as one apex', () => {
    expect(localMaxima([0, 1, 1, 0, 2, 0])).toEqual([1, 4]);
  });
  it('the impulse lab, 跳ねる高さ: apex ratios ≈ e² = 0.49 for e = 0.7 and ≈ 0.25 for e = 0.5', () => {
    for (const e of [0.7, 0.5]) {
      const b = bounceExperiment({ e });
      const p = b.peakSteps.slice(0, 3).map((i) => b.y[i]!);
      expect(p[1]! / p[0]!).toBeCloseTo(e * e, 1);
      expect(p[2]! / p[1]!).toBeCloseTo(e * e, 1);
      // each apex is the energy of the bounce: g·h grows like v²/2 of the launch speed
      expect(p[0]!).toBeCloseTo(5 * e * e, 1);
    }
  });
  it('the impulse lab, 滑る箱: stop time 1.7007 s and distance 4.2517 m within 1%, never sliding backwards', () => {
    const f = frictionExperiment();
    expect(f.velocity).toBe(0);
    expect(Math.abs(f.stopTime - 1.7007) / 1.7007).toBeLessThan(0.01);
    expect(Math.abs(f.distance - 4.2517) / 4.2517).toBeLessThan(0.01);
    // a smaller step comes closer to the analytic values
    const fine = frictionExperiment({ dt: 1 / 2400 });
    expect(Math.abs(fine.distance - 25 / 5.88)).toBeLessThan(Math.abs(f.distance - 25 / 5.88));
  });
  it('five balls: energy falls, the balls stay inside the box', () => {
    const box = new BallBox();
    const e0 = box.energy();
    for (let s = 0; s < 1800; s++) {
      box.step();
      for (let i = 0; i < box.count; i++) {
        expect(box.x[i]! >= 0.5 && box.x[i]! <= 9.5 && box.y[i]! >= 0.5 && box.y[i]! <= 9.5).toBe(true);
      }
    }
    expect(box.energy()).toBeLessThan(e0 * 0.8);
  });
});

describe('rikigaku lab impulse: the files', () => {
  let dir: string;
  let files: string[];
  const read = (f: string) => readFile(join(dir, f), 'utf8');
  const png = async (f: string) =>
    decodePNG(new Uint8Array(await readFile(join(dir, f))), { inflate: inflateSync });
  const kv = (text: string): Record<string, string> =>
    Object.fromEntries(
      text
        .trimEnd()
        .split('\n')
        .map((l) => l.split('=') as [string, string]),
    );

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rikigaku-impulse-'));
    files = (await runLab('impulse', dir)).files;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes every file the lab names', () => {
    expect([...files].sort()).toEqual(
      [
        '00-check.png',
        '03-conserve.txt',
        '04-bounce.txt',
        '05-friction.txt',
        '06-tangent.txt',
        '07-balls.txt',
        'balls.png',
        'bounce.csv',
        'bounce.png',
        'index.html',
      ].sort(),
    );
  });

  it('00-check.png: 64×64 black, white diagonal, red row 32 on top', async () => {
    const img = await png('00-check.png');
    expect([img.width, img.height]).toEqual([64, 64]);
    expect(
      pixelMismatches(img, (x, y) => (y === 32 ? [255, 0, 0] : x === y ? [255, 255, 255] : [0, 0, 0])),
    ).toEqual([]);
  });

  it('03-conserve.txt: 8 lines, 6 decimals, momentum identical, KE kept only for e = 1', async () => {
    const text = await read('03-conserve.txt');
    const lines = text.trimEnd().split('\n');
    expect(lines.map((l) => l.split('=')[0])).toEqual([
      'p_before',
      'ke_before',
      'p_e1',
      'ke_e1',
      'p_e05',
      'ke_e05',
      'p_e0',
      'ke_e0',
    ]);
    for (const l of lines) expect(l).toMatch(/^[a-z0-9_]+=-?\d+\.\d{6}$/);
    const v = kv(text);
    expect(v.p_e1).toBe(v.p_before);
    expect(v.p_e05).toBe(v.p_before);
    expect(v.p_e0).toBe(v.p_before);
    expect(v.ke_e1).toBe(v.ke_before);
    expect(Number(v.ke_e05)).toBeLessThan(Number(v.ke_before));
    expect(Number(v.ke_e0)).toBeLessThan(Number(v.ke_e05));
  });

  it('bounce.csv: header step,y,v and 2,401 rows of the lab step; 04-bounce.txt its first three apexes', async () => {
    const lines = (await read('bounce.csv')).trimEnd().split('\n');
    expect(lines[0]).toBe('step,y,v');
    expect(lines.length).toBe(2402);
    const rows = lines.slice(1).map((l) => l.split(',').map(Number) as [number, number, number]);
    for (const [i, r] of rows.entries()) expect(r[0]).toBe(i);
    expect(rows[0]).toEqual([0, 5, 0]);
    // every row follows from the previous one by the lab's step (values round-trip exactly)
    const dt = 1 / 240;
    for (let i = 1; i < rows.length; i++) {
      let v = rows[i - 1]![2] + -9.8 * dt;
      let y = rows[i - 1]![1] + v * dt;
      if (y < 0) {
        y = -y;
        v = -0.7 * v;
      }
      expect([rows[i]![1], rows[i]![2]]).toEqual([y, v]);
    }
    const peaks = kv(await read('04-bounce.txt'));
    expect(Object.keys(peaks)).toEqual(['peak1', 'peak2', 'peak3']);
    const ys = rows.map((r) => r[1]);
    const maxima = ys.filter((y, i) => i > 0 && i < ys.length - 1 && y >= ys[i - 1]! && y >= ys[i + 1]!);
    expect(new Set(maxima.slice(0, 4)).size).toBe(4); // no flat tops among the first apexes
    expect([peaks.peak1, peaks.peak2, peaks.peak3].map(Number)).toEqual(maxima.slice(0, 3));
    const [p1, p2, p3] = maxima as [number, number, number];
    expect(Math.abs(p2 / p1 - 0.49)).toBeLessThan(0.02);
    expect(Math.abs(p3 / p2 - 0.49)).toBeLessThan(0.02);
  });

  it('bounce.png: 256×256 black with exactly the points int(step·255/2400), 255 − int(y/5·255)', async () => {
    const rows = (await read('bounce.csv'))
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',').map(Number));
    const want = new Set(
      rows.map(([s, y]) => `${Math.trunc((s! * 255) / 2400)},${255 - Math.trunc((y! / 5.0) * 255)}`),
    );
    const img = await png('bounce.png');
    expect([img.width, img.height]).toEqual([256, 256]);
    expect(pixelMismatches(img, (x, y) => (want.has(`${x},${y}`) ? [120, 200, 255] : [0, 0, 0]))).toEqual([]);
    expect(want.size).toBeGreaterThan(500);
  });

  it('05-friction.txt: steps, stop_time = steps·dt and distance within 1% of 1.7007 s / 4.2517 m', async () => {
    const text = await read('05-friction.txt');
    const v = kv(text);
    expect(Object.keys(v)).toEqual(['steps', 'stop_time', 'distance']);
    expect(v.steps).toMatch(/^\d+$/);
    expect(Number(v.stop_time)).toBe(Number(v.steps) * (1 / 240));
    expect(Math.abs(Number(v.stop_time) - 1.7007) / 1.7007).toBeLessThan(0.01);
    expect(Math.abs(Number(v.distance) - 4.2517) / 4.2517).toBeLessThan(0.01);
  });

  it('06-tangent.txt: exactly the values the impulse lab prints', async () => {
    expect(await read('06-tangent.txt')).toBe('vout=1.2,1.5\njn=4.5\njt=-1.8\n');
  });

  it('07-balls.txt and balls.png: five balls, energy falling, points at sx = int(x·25.6), sy = int(255 − y·25.6)', async () => {
    const v = kv(await read('07-balls.txt'));
    expect(Object.keys(v)).toEqual(['b1', 'b2', 'b3', 'b4', 'b5', 'energy_start', 'energy_end']);
    // energy_start from the lab's initial state, by the lab's formula
    const e0 = BALLS_INITIAL.reduce((s, b) => s + 0.5 * (b.v[0] ** 2 + b.v[1] ** 2) + 9.8 * b.p[1], 0);
    expect(Number(v.energy_start)).toBe(e0);
    expect(Number(v.energy_end)).toBeLessThan(e0);
    const box = new BallBox();
    const want = new Map<string, number[]>();
    for (let s = 0; s < 1800; s++) {
      box.step();
      if (s % 10 === 0) {
        for (let i = 0; i < 5; i++) {
          want.set(`${Math.trunc(box.x[i]! * 25.6)},${Math.trunc(255 - box.y[i]! * 25.6)}`, [
            ...BALLS_INITIAL[i]!.color,
          ]);
        }
      }
    }
    for (let i = 0; i < 5; i++) {
      const b = v[`b${i + 1}`]!.split(',').map(Number);
      expect(b).toEqual([box.x[i], box.y[i], box.vx[i], box.vy[i]]);
      expect(b[0]! >= 0.5 && b[0]! <= 9.5 && b[1]! >= 0.5 && b[1]! <= 9.5).toBe(true);
    }
    expect(Number(v.energy_end)).toBe(box.energy());
    const img = await png('balls.png');
    expect([img.width, img.height]).toEqual([256, 256]);
    expect(pixelMismatches(img, (x, y) => want.get(`${x},${y}`) ?? [0, 0, 0])).toEqual([]);
    expect(want.size).toBeGreaterThan(300);
  });

  it('is deterministic: a second run produces byte-identical files', async () => {
    const again = impulseLabFiles({ deflate: await nodeDeflate() });
    for (const f of again) {
      const bytes = typeof f.content === 'string' ? Buffer.from(f.content) : Buffer.from(f.content);
      expect(bytes.equals(await readFile(join(dir, f.name))), f.name).toBe(true);
    }
  });

  it('index.html shows every image and every value', async () => {
    const html = await read('index.html');
    for (const f of files.filter((f) => f.endsWith('.png'))) expect(html).toContain(`<img src="${f}"`);
    expect(html).toContain('jn=4.5');
    expect(html).toContain('bounce.csv');
  });
});

describe('bad arguments', () => {
  it('an unknown lab is one clear line naming the labs', () => {
    expect(() => findLab('nope')).toThrow(/^unknown lab 'nope' \(available: impulse, stacking\)$/);
    expect(labs.map((l) => l.id)).toEqual(['impulse', 'stacking']);
  });
  it.each(['impulse', 'stacking'])(
    'an unwritable output folder is a one-line PhysicsError("io") (lab %s)',
    async (id) => {
      const base = await mkdtemp(join(tmpdir(), 'rikigaku-bad-'));
      const blocker = join(base, 'a-file');
      await writeFile(blocker, 'x');
      try {
        await runLab(id, join(blocker, 'out'));
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(PhysicsError);
        expect((err as PhysicsError).code).toBe('io');
        expect((err as PhysicsError).message).not.toContain('\n');
        expect((err as PhysicsError).message).toMatch(/^cannot write lab output to '.*a-file\/out': ENOTDIR/);
      } finally {
        await rm(base, { recursive: true, force: true });
      }
    },
  );
  it('an empty output path is refused', async () => {
    await expect(runLab('impulse', '')).rejects.toThrow(/lab output folder: must be a non-empty path/);
  });
});
