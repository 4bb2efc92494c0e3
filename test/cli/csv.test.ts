/**
 * `rikigaku run <demo> --csv` over every demo of the registry: one column per name (the clock
 * `time` once, even where a demo's stats carry a `time` of their own), one row per frame with a
 * finite number in every cell, and the time column advancing by exactly one frame step per row.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { demos } from '../../src/demos/index.js';
import { record } from '../../src/render/record-node.js';
import { capture } from './fixtures.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rikigaku-csv-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FRAMES = 3;

function readCsv(path: string): { head: string[]; rows: number[][]; raw: string[][] } {
  const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
  const head = lines[0]!.split(',');
  const raw = lines.slice(1).map((l) => l.split(','));
  return { head, rows: raw.map((r) => r.map(Number)), raw };
}

describe('the CSV of every demo', () => {
  for (const demo of demos) {
    it(`${demo.id}: unique columns, one row per frame, finite cells, time advancing by dt`, async () => {
      const out = join(dir, demo.id);
      const stdout = capture();
      const stderr = capture();
      const seconds = FRAMES * demo.dt;
      const code = await main(
        ['run', demo.id, '--seconds', String(seconds), '--csv', '--no-plot', '--size', '48x32', '--out', out],
        { stdout, stderr, cwd: dir },
      );
      expect(stderr.text()).toBe('');
      expect(code).toBe(0);
      const { head, rows, raw } = readCsv(join(out, 'series.csv'));
      expect(head[0]).toBe('time');
      expect(new Set(head).size, `duplicate column in ${head.join(',')}`).toBe(head.length);
      expect(rows).toHaveLength(FRAMES + 1);
      rows.forEach((r, i) => {
        expect(r, `row ${i}: ${raw[i]!.join(',')}`).toHaveLength(head.length);
        expect(
          r.every((x) => Number.isFinite(x)),
          `row ${i}: ${raw[i]!.join(',')}`,
        ).toBe(true);
        if (i > 0) {
          expect(r[0]!).toBeGreaterThan(rows[i - 1]![0]!);
          expect(r[0]! - rows[0]![0]!).toBeCloseTo(i * demo.dt, 9);
        }
      });
    });
  }
});

describe('record', () => {
  it('a stat named time is the clock: one time column, series.png plotted against it', async () => {
    let time = 0;
    const instance = {
      dt: 0.1,
      get time() {
        return time;
      },
      step() {
        time += 0.1;
      },
      draw() {},
      series: () => ({ y: 2 * time }),
      stats: () => ({ time: time, y: -1, n: 7 }),
    };
    const r = await record(instance, {
      seconds: 1,
      view: { width: 32, height: 32, cx: 0, cy: 0, scale: 1 },
      outDir: join(dir, 'clock'),
      name: 'clock',
      csv: true,
    });
    expect(Object.keys(r.columns)).toEqual(['time', 'y', 'n']);
    expect(r.columns.time).toHaveLength(11);
    expect(r.columns.time![10]).toBeCloseTo(1, 12);
    // the series wins over a stat of the same name
    expect(r.columns.y![10]).toBeCloseTo(2, 12);
    const { head, rows } = readCsv(join(dir, 'clock', 'series.csv'));
    expect(head).toEqual(['time', 'y', 'n']);
    expect(rows).toHaveLength(11);
    expect(rows.every((row) => row.length === 3 && row[2] === 7)).toBe(true);
    expect(r.files).toEqual(['final.png', 'series.csv', 'series.png']);
  });
});
