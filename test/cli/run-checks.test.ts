/**
 * `rikigaku run` refuses what it cannot do well: a frame step longer than the run or than the
 * scene format allows, an `--out` that is a file or a folder of someone else's files; a rerun into
 * its own folder leaves no stale frames; a scene file's JSON syntax error names line and column.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { RUN_MANIFEST } from '../../src/cli/out-dir.js';
import { PhysicsError } from '../../src/core/errors.js';
import { loadScene } from '../../src/scene/index.js';
import { lineColumn, parseJsonText } from '../../src/scene/json-text.js';
import { capture, springFixture } from './fixtures.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rikigaku-run-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(argv: string[], real = false) {
  const stdout = capture();
  const stderr = capture();
  const code = await main(argv, { stdout, stderr, cwd: dir, ...(real ? {} : { demos: [springFixture] }) });
  return { code, out: stdout.text(), err: stderr.text() };
}

function expectOneLineError(r: { code: number; err: string; out: string }, pattern: RegExp) {
  expect(r.code).not.toBe(0);
  expect(r.err.trimEnd().split('\n')).toHaveLength(1);
  expect(r.err).toMatch(pattern);
  expect(r.out).toBe('');
}

describe('--dt and --seconds', () => {
  it('--dt longer than --seconds, or longer than the scene format allows, is an error', async () => {
    expectOneLineError(
      await cli(['run', 'fixture-spring', '--dt', '5', '--seconds', '0.1', '--out', 'dt1']),
      /^rikigaku: --dt: 5 s is longer than --seconds 0\.1 s\n$/,
    );
    expectOneLineError(
      await cli(['run', 'fixture-spring', '--dt', '2', '--seconds', '10', '--out', 'dt2']),
      /--dt: must be at most 1 s/,
    );
    // the demo's own step against a too short run
    expectOneLineError(
      await cli(['run', 'fixture-spring', '--seconds', '0.001', '--out', 'dt3']),
      /--seconds: 0\.001 s is shorter than one frame of fixture-spring \(dt = 0\.02 s\)/,
    );
    // nothing was written
    for (const d of ['dt1', 'dt2', 'dt3']) expect(existsSync(join(dir, d))).toBe(false);
    // equal is fine: one frame
    const ok = await cli(['run', 'fixture-spring', '--dt', '0.1', '--seconds', '0.1', '--out', 'dt4']);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/1 frames of dt = 0\.1 s/);
  });
});

describe('--out', () => {
  it('a rerun into the same folder replaces the earlier run: no stale frames', async () => {
    const first = await cli([
      'run',
      'fixture-spring',
      '--seconds',
      '1',
      '--png-every',
      '5',
      '--out',
      'again',
    ]);
    expect(first.code).toBe(0);
    expect(readdirSync(join(dir, 'again/frames'))).toHaveLength(11);
    writeFileSync(join(dir, 'again', 'notes.txt'), 'mine');
    const second = await cli([
      'run',
      'fixture-spring',
      '--seconds',
      '0.2',
      '--png-every',
      '5',
      '--out',
      'again',
    ]);
    expect(second.err).toBe('');
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/frames\/ \(3 PNG/);
    expect(readdirSync(join(dir, 'again/frames')).sort()).toEqual([
      'frame-000000.png',
      'frame-000005.png',
      'frame-000010.png',
    ]);
    // a file the run did not write stays
    expect(readdirSync(join(dir, 'again')).sort()).toEqual([
      RUN_MANIFEST,
      'final.png',
      'frames',
      'notes.txt',
      'series.png',
    ]);
    // without frames the frames/ folder goes too
    const third = await cli(['run', 'fixture-spring', '--seconds', '0.2', '--out', 'again']);
    expect(third.code).toBe(0);
    expect(existsSync(join(dir, 'again/frames'))).toBe(false);
  });

  it('refuses a non-empty folder not written by a run, and a file', async () => {
    mkdirSync(join(dir, 'theirs'));
    writeFileSync(join(dir, 'theirs', 'thesis.tex'), 'x');
    expectOneLineError(
      await cli(['run', 'fixture-spring', '--seconds', '0.1', '--out', 'theirs']),
      /^rikigaku: run: --out 'theirs' is not empty and was not written by 'rikigaku run'/,
    );
    expect(readdirSync(join(dir, 'theirs'))).toEqual(['thesis.tex']);
    writeFileSync(join(dir, 'plain'), 'x');
    expectOneLineError(
      await cli(['run', 'fixture-spring', '--seconds', '0.1', '--out', 'plain']),
      /^rikigaku: run: --out 'plain' is a file, not a folder\n$/,
    );
    // an empty folder is fine
    mkdirSync(join(dir, 'empty'));
    expect((await cli(['run', 'fixture-spring', '--seconds', '0.1', '--out', 'empty'])).code).toBe(0);
  });

  it('a manifest entry outside the folder is never removed', async () => {
    mkdirSync(join(dir, 'evil'));
    writeFileSync(join(dir, 'precious.txt'), 'keep');
    writeFileSync(
      join(dir, 'evil', RUN_MANIFEST),
      JSON.stringify({ files: ['../precious.txt', '/etc/hosts'] }),
    );
    expect((await cli(['run', 'fixture-spring', '--seconds', '0.1', '--out', 'evil'])).code).toBe(0);
    expect(existsSync(join(dir, 'precious.txt'))).toBe(true);
  });
});

describe('JSON syntax errors', () => {
  it('name the line and the column', async () => {
    writeFileSync(join(dir, 'typo.json'), '{\n  "format": "rikigaku/rigid2d@1",\n  bodies: []\n}\n');
    expectOneLineError(
      await cli(['run', 'typo.json'], true),
      /^rikigaku: typo\.json: not valid JSON at line 3, column 3: /,
    );
    writeFileSync(join(dir, 'cut.json'), '{\n  "format": "rikigaku/rigid2d@1",\n');
    expectOneLineError(
      await cli(['run', 'cut.json'], true),
      /cut\.json: not valid JSON at line 3, column 1: /,
    );
  });

  it('lineColumn counts from 1; parseJsonText throws PhysicsError', () => {
    expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(() => parseJsonText('[1,]', 'x.json')).toThrow(PhysicsError);
    expect(() => parseJsonText('[1,]', 'x.json')).toThrow(/^x\.json: not valid JSON at line 1, column 4: /);
    expect(() => loadScene('{"a":\n\n  tru}', 's.json')).toThrow(/s\.json: not valid JSON at line 3, column/);
    expect(parseJsonText('{"a": [1, 2]}')).toEqual({ a: [1, 2] });
  });
});
