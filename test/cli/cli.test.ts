import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { PhysicsError } from '../../src/core/errors.js';
import { demos } from '../../src/demos/index.js';
import { toPxX, toPxY, type View } from '../../src/demos/types.js';
import { labs } from '../../src/labs/registry.js';
import { sceneLoaders } from '../../src/scene/loaders.js';
import { workbookSections } from '../../src/workbook/index.js';
import { parseGif } from '../render/gif-parse.js';
import { capture, failingSectionFixture, labFixture, sectionFixture, springFixture } from './fixtures.js';

const ROOT = join(import.meta.dirname, '../..');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rikigaku-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI in-process against the fixture registries. */
async function cli(argv: string[], real = false) {
  const stdout = capture();
  const stderr = capture();
  const fixtures = real
    ? {}
    : { demos: [springFixture], labs: [labFixture], sections: [sectionFixture, failingSectionFixture] };
  const code = await main(argv, { stdout, stderr, cwd: dir, ...fixtures });
  return { code, out: stdout.text(), err: stderr.text() };
}

/** A failure is one line on stderr, without a stack trace, and a non-zero exit. */
function expectOneLineError(r: { code: number; err: string }, pattern: RegExp) {
  expect(r.code).not.toBe(0);
  expect(r.err.trimEnd().split('\n')).toHaveLength(1);
  expect(r.err).toMatch(/^rikigaku: /);
  expect(r.err).not.toMatch(/\n\s+at /);
  expect(r.err).toMatch(pattern);
}

function readPng(path: string) {
  return PNG.sync.read(readFileSync(path));
}

describe('help and version', () => {
  it('--help, no arguments and --version print to stdout and exit 0', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/Usage: rikigaku/);
    expect(help.out).toMatch(/rikigaku workbook 26\.1/);
    expect((await cli([])).out).toMatch(/Commands:/);
    const v = await cli(['--version']);
    expect(v.code).toBe(0);
    expect(v.out.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    const runHelp = await cli(['run', '--help']);
    expect(runHelp.code).toBe(0);
    expect(runHelp.out).toMatch(/--png-every <N>/);
  });
});

describe('rikigaku list', () => {
  it('lists demos by domain, labs and workbook sections', async () => {
    const r = await cli(['list']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/demos \(1\)/);
    expect(r.out).toMatch(/^ {2}test$/m);
    expect(r.out).toMatch(/fixture-spring\s+Fixture spring/);
    expect(r.out).toMatch(/fixture-lab/);
    expect(r.out).toMatch(/99\.1\s+Fixture section/);
  });
  it('--json is machine readable', async () => {
    const r = await cli(['list', '--json']);
    const data = JSON.parse(r.out);
    expect(data.demos.map((d: { id: string }) => d.id)).toEqual(['fixture-spring']);
    expect(data.labs[0].id).toBe('fixture-lab');
    expect(data.workbook.map((s: { id: string }) => s.id)).toEqual(['99.1', '99.2']);
  });
  it('with the real registries lists every demo id', async () => {
    const r = await cli(['list', '--json'], true);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.out);
    expect(data.demos.map((d: { id: string }) => d.id)).toEqual(demos.map((d) => d.id));
    expect(data.labs.map((l: { id: string }) => l.id)).toEqual(labs.map((l) => l.id));
    expect(data.workbook.map((s: { id: string }) => s.id)).toEqual(workbookSections.map((s) => s.id));
  });
});

describe('rikigaku run', () => {
  it('writes the last frame, PNG frames, a GIF, the CSV and the plot of a demo, all consistent with the state', async () => {
    const r = await cli([
      'run',
      'fixture-spring',
      '--seconds',
      '2',
      '--gif',
      '--csv',
      '--png-every',
      '25',
      '--size',
      '200x100',
      '--out',
      'spring',
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/fixture-spring: 100 frames of dt = 0.02 s, t = 2.0000 s/);
    const out = join(dir, 'spring');

    // CSV: header, the initial state and one row per frame, equal to stepping the demo ourselves
    const rows = readFileSync(join(out, 'series.csv'), 'utf8').trimEnd().split('\n');
    expect(rows[0]).toBe('time,x,energy,v');
    expect(rows).toHaveLength(102);
    const ref = springFixture.create({ k: 4, x0: 1, damped: false, color: 'red' });
    for (let i = 0; i < 100; i++) ref.step();
    const last = rows[101]!.split(',').map(Number);
    expect(last[0]).toBeCloseTo(2, 12);
    expect(last[1]).toBe(ref.series!().x);
    expect(last[3]).toBe(ref.stats!().v);

    // frames every 25 frames: 0, 25, 50, 75, 100
    expect(r.out).toMatch(/frames\/ \(5 PNG: frames\/frame-000000\.png … frames\/frame-000100\.png\)/);
    const f0 = readPng(join(out, 'frames/frame-000000.png'));
    expect([f0.width, f0.height]).toEqual([200, 100]);
    // the disc is drawn where the state says: x0 = 1 at t = 0, the CSV's x at the end
    const view = springFixture.view(200, 100);
    const at = (png: PNG, x: number, y: number) => {
      const i = (Math.round(y) * png.width + Math.round(x)) * 4;
      return [png.data[i], png.data[i + 1], png.data[i + 2]];
    };
    expect(at(f0, toPxX(view, 1), toPxY(view, 0))).toEqual([255, 0, 0]);
    expect(at(f0, toPxX(view, -1), toPxY(view, 0.3))).toEqual([255, 255, 255]);
    const fin = readPng(join(out, 'final.png'));
    expect(at(fin, toPxX(view, last[1]!), toPxY(view, 0))).toEqual([255, 0, 0]);
    expect(readFileSync(join(out, 'frames/frame-000100.png'))).toEqual(readFileSync(join(out, 'final.png')));

    // GIF: 25 frames per simulated second (every 2nd frame of 0.02 s), 40 ms each, looping
    const gif = parseGif(readFileSync(join(out, 'fixture-spring.gif')));
    expect([gif.width, gif.height, gif.loops]).toEqual([200, 100, true]);
    expect(gif.frames).toHaveLength(51);
    expect(gif.frames.every((f) => f.delayCs === 4)).toBe(true);

    // the plot of the series
    const plot = readPng(join(out, 'series.png'));
    expect([plot.width, plot.height]).toEqual([900, 320]); // x and energy share one panel
  });

  it('passes --param and --dt to the demo', async () => {
    const r = await cli([
      'run',
      'fixture-spring',
      '--seconds',
      '0.5',
      '--dt',
      '0.01',
      '--param',
      'k=9',
      '--param',
      'color=blue',
      '--csv',
      '--no-plot',
      '--out',
      'p',
    ]);
    expect(r.code).toBe(0);
    const rows = readFileSync(join(dir, 'p', 'series.csv'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(rows).toHaveLength(52);
    const ref = springFixture.create({ k: 9, x0: 1, damped: false, color: 'blue' }, { dt: 0.01 });
    for (let i = 0; i < 50; i++) ref.step();
    expect(Number(rows[51]!.split(',')[1])).toBe(ref.series!().x);
    expect(r.out).not.toMatch(/series\.png/);
  });

  it('runs a scene file through its loader and finds a camera that shows it', async () => {
    // a test-only loader: a blue disc of radius 2 m at (100, 50)
    sceneLoaders['test/disc@1'] = (json, options) => {
      const j = json as { x: number; y: number };
      if (typeof j.x !== 'number') throw new PhysicsError('invalid-scene', 'disc.json.x: must be a number');
      let time = 0;
      return {
        get time() {
          return time;
        },
        dt: options?.dt ?? 0.05,
        step() {
          time += this.dt;
        },
        draw(ctx, view) {
          ctx.fillStyle = '#0000ff';
          ctx.beginPath();
          ctx.arc(toPxX(view, j.x), toPxY(view, j.y), 2 * view.scale, 0, 2 * Math.PI);
          ctx.fill();
        },
      };
    };
    try {
      writeFileSync(join(dir, 'disc.json'), JSON.stringify({ format: 'test/disc@1', x: 100, y: 50 }));
      const r = await cli(['run', 'disc.json', '--seconds', '0.1', '--size', '120x80', '--out', 'scene']);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const png = readPng(join(dir, 'scene', 'final.png'));
      let blue = 0;
      let x0 = 1e9;
      let x1 = -1;
      for (let y = 0; y < 80; y++) {
        for (let x = 0; x < 120; x++) {
          const i = (y * 120 + x) * 4;
          if (png.data[i + 2]! > 200 && png.data[i]! < 60) {
            blue++;
            x0 = Math.min(x0, x);
            x1 = Math.max(x1, x);
          }
        }
      }
      // the disc is centred and fills most of the 80 px height
      expect(blue).toBeGreaterThan(0.5 * Math.PI * 30 * 30);
      expect(Math.abs((x0 + x1) / 2 - 60)).toBeLessThan(3);

      writeFileSync(join(dir, 'bad.json'), JSON.stringify({ format: 'test/disc@1', x: 'no' }));
      expectOneLineError(await cli(['run', 'bad.json']), /^rikigaku: disc\.json\.x: must be a number\n$/);
    } finally {
      delete sceneLoaders['test/disc@1'];
    }
  });

  it("uses a scene instance's own suggested camera when it has one", async () => {
    sceneLoaders['test/viewed@1'] = () => ({
      time: 0,
      dt: 0.1,
      step() {},
      // suggest a camera centred 1 m to the right of the disc, 20 px per metre
      view: (width: number, height: number) => ({ width, height, cx: 1, cy: 0, scale: 20 }),
      draw(ctx: CanvasRenderingContext2D, view: View) {
        ctx.fillStyle = '#0000ff';
        ctx.fillRect(toPxX(view, 0) - 2, toPxY(view, 0) - 2, 4, 4);
      },
    });
    try {
      writeFileSync(join(dir, 'viewed.json'), JSON.stringify({ format: 'test/viewed@1' }));
      const r = await cli(['run', 'viewed.json', '--seconds', '0.1', '--size', '100x60', '--out', 'viewed']);
      expect(r.code).toBe(0);
      const png = readPng(join(dir, 'viewed', 'final.png'));
      const at = (x: number, y: number) => png.data[(y * 100 + x) * 4 + 2];
      // world (0, 0) is 20 px left of the centre (50, 30)
      expect(at(30, 30)).toBe(255);
      expect(at(50, 30)).toBe(255);
      expect(png.data[(30 * 100 + 50) * 4]).toBe(255); // white background there, not the blue square
      expect(png.data[(30 * 100 + 30) * 4]).toBe(0);
    } finally {
      delete sceneLoaders['test/viewed@1'];
    }
  });

  const exampleScenes = existsSync(join(ROOT, 'examples/scenes'))
    ? readdirSync(join(ROOT, 'examples/scenes')).filter((f) => f.endsWith('.json'))
    : [];
  it.runIf(exampleScenes.length > 0)('runs every example scene file of the repository', async () => {
    for (const f of exampleScenes) {
      const r = await cli(
        [
          'run',
          join(ROOT, 'examples/scenes', f),
          '--seconds',
          '0.25',
          '--size',
          '160x120',
          '--out',
          `ex-${f}`,
        ],
        true,
      );
      expect(r.err, f).toBe('');
      expect(r.code, f).toBe(0);
      const png = readPng(join(dir, `ex-${f}`, 'final.png'));
      const first = png.data.readUInt32BE(0);
      let differing = 0;
      for (let i = 0; i < png.data.length; i += 4) if (png.data.readUInt32BE(i) !== first) differing++;
      expect(differing, `${f}: the final frame is blank`).toBeGreaterThan(50);
    }
  });

  it('bad arguments and bad files: one clear line and a non-zero exit', async () => {
    expectOneLineError(await cli(['run', 'nope']), /unknown demo 'nope'/);
    expectOneLineError(await cli(['run']), /missing required argument 'target'/);
    expectOneLineError(await cli(['frobnicate']), /unknown command 'frobnicate'/);
    expectOneLineError(await cli(['run', 'fixture-spring', '--bogus']), /unknown option '--bogus'/);
    expectOneLineError(
      await cli(['run', 'fixture-spring', '--seconds', '-1']),
      /--seconds: expected a positive number/,
    );
    expectOneLineError(await cli(['run', 'fixture-spring', '--seconds', 'abc']), /--seconds/);
    expectOneLineError(await cli(['run', 'fixture-spring', '--dt', '0']), /--dt: expected a positive number/);
    expectOneLineError(await cli(['run', 'fixture-spring', '--png-every', '1.5']), /--png-every/);
    expectOneLineError(await cli(['run', 'fixture-spring', '--size', '10']), /--size: expected WxH/);
    expectOneLineError(
      await cli(['run', 'fixture-spring', '--param', 'q=1']),
      /no parameter 'q' \(known: k, x0/,
    );
    expectOneLineError(await cli(['run', 'fixture-spring', '--param', 'k']), /expected key=value/);
    expectOneLineError(await cli(['run', 'fixture-spring', '--param', 'k=1000']), /within 0.1..100/);
    expectOneLineError(await cli(['run', 'fixture-spring', '--param', 'damped=maybe']), /true or false/);
    expectOneLineError(await cli(['run', 'fixture-spring', '--param', 'color=green']), /one of red, blue/);
    expectOneLineError(
      await cli(['run', 'missing.json']),
      /cannot read scene file 'missing.json': no such file/,
    );
    writeFileSync(join(dir, 'broken.json'), '{ not json');
    expectOneLineError(await cli(['run', 'broken.json']), /^rikigaku: broken\.json: not valid JSON/);
    writeFileSync(join(dir, 'unknown.json'), '{"format":"nobody/knows@1"}');
    expectOneLineError(await cli(['run', 'unknown.json']), /unknown format 'nobody\/knows@1'/);
    writeFileSync(join(dir, 'a-file'), 'x');
    expectOneLineError(
      await cli(['run', 'fixture-spring', '--seconds', '0.1', '--out', 'a-file/sub']),
      /cannot mkdir '.*a-file\/sub'/,
    );
  });
});

describe('rikigaku workbook', () => {
  it('prints each example step by step: values with 5 significant digits, aligned tables, checks', async () => {
    const r = await cli(['workbook', '99.1']);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe('§99.1 Fixture section');
    expect(r.out).toContain('99.1-table — a table and values (worked example)');
    expect(r.out).toContain('    v1   = -3.4483\n');
    expect(r.out).toContain('    x1   = 0.13793\n');
    expect(r.out).toContain('    list = [1, 2.5]\n');
    expect(r.out).toContain('    iter   lambda\n    ----  -------\n       1      0.5\n      10  -12.346\n');
    expect(r.out).toContain('[ok] x1 = x0 + h v1');
    expect(r.out).toContain('99.1-task — a task (hand-computation task)');
  });
  it('selects a single example by id and prints JSON', async () => {
    const r = await cli(['workbook', '99.1-task', '--json']);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.out);
    expect(data.id).toBe('99.1');
    expect(data.examples.map((e: { id: string }) => e.id)).toEqual(['99.1-task']);
  });
  it('exits 1 when a self-check fails, and rejects unknown sections', async () => {
    const r = await cli(['workbook', '99.2']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('[FAIL] nope');
    expect(r.err).toBe('rikigaku: workbook: 1 self-check(s) failed\n');
    expectOneLineError(
      await cli(['workbook', '42']),
      /no section or example '42' \(sections: 99\.1, 99\.2\)/,
    );
  });
  it('the real workbook prints every section as text and as JSON with all checks passing', async () => {
    const text = await cli(['workbook'], true);
    expect(text.err).toBe('');
    expect(text.code).toBe(0);
    for (const s of workbookSections) expect(text.out).toContain(`§${s.id}`);
    const json = await cli(['workbook', '--json'], true);
    const data = JSON.parse(json.out) as { id: string; examples: { id: string }[] }[];
    expect(data.map((s) => s.id)).toEqual(workbookSections.map((s) => s.id));
  });
});

describe('rikigaku lab', () => {
  it('runs a lab into the folder and lists what it wrote', async () => {
    const r = await cli(['lab', 'fixture-lab', '--out', 'lab/out']);
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'lab/out/result.txt'), 'utf8')).toBe('value=1.000000\n');
    expect(r.out).toMatch(/wrote 1 file\(s\) to lab\/out:\n {2}result\.txt/);
  });
  it('unknown lab and unwritable folder give one clear line', async () => {
    expectOneLineError(await cli(['lab', 'nope']), /unknown lab 'nope' \(known: fixture-lab\)/);
    writeFileSync(join(dir, 'plain-file'), 'x');
    expectOneLineError(
      await cli(['lab', 'fixture-lab', '--out', 'plain-file']),
      /exists and is not a folder/,
    );
    expectOneLineError(
      await cli(['lab', 'fixture-lab', '--out', 'plain-file/sub']),
      /cannot write to --out 'plain-file\/sub'/,
    );
  });
});

describe('the command as a process', () => {
  it('runs from source with node and exits with the code main returns', () => {
    const entry = join(import.meta.dirname, '../../src/cli/entry.ts');
    const ok = spawnSync(process.execPath, ['--import', 'tsx', entry, 'list'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/^demos \(\d+\)/);
    const bad = spawnSync(process.execPath, ['--import', 'tsx', entry, 'run', 'no-such-demo'], {
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^rikigaku: run: unknown demo/)]);
    expect(bad.stdout).toBe('');
  });
});
