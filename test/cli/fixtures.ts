/**
 * Test-only fixtures for the CLI and render tests, independent of what the real registries hold:
 * a demo (a mass on a spring, stepped with semi-implicit Euler), a lab and a workbook section.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Demo, type DemoParamValues, toPxX, toPxY, type View } from '../../src/demos/types.js';
import type { Lab } from '../../src/labs/registry.js';
import type { WorkbookSection } from '../../src/workbook/types.js';

/** x'' = -k/m x, semi-implicit Euler, drawn as a red disc on a grey line. */
export const springFixture: Demo = {
  id: 'fixture-spring',
  title: 'Fixture spring',
  domain: 'test',
  description: 'A unit mass on a spring (test fixture).',
  dt: 1 / 50,
  view: (width: number, height: number): View => ({ width, height, cx: 0, cy: 0, scale: width / 4 }),
  params: [
    { key: 'k', kind: 'number', default: 4, min: 0.1, max: 100 },
    { key: 'x0', kind: 'number', default: 1, min: -1.5, max: 1.5 },
    { key: 'damped', kind: 'boolean', default: false },
    { key: 'color', kind: 'choice', default: 'red', options: ['red', 'blue'] },
  ],
  create(params: DemoParamValues = {}, options: { dt?: number } = {}) {
    const k = Number(params.k ?? 4);
    const c = params.damped ? 0.5 : 0;
    const color = params.color === 'blue' ? '#0000ff' : '#ff0000';
    const dt = options.dt ?? 1 / 50;
    let x = Number(params.x0 ?? 1);
    let v = 0;
    let time = 0;
    return {
      get time() {
        return time;
      },
      dt,
      step() {
        v += dt * (-k * x - c * v);
        x += dt * v;
        time += dt;
      },
      draw(ctx: CanvasRenderingContext2D, view: View) {
        ctx.strokeStyle = '#888888';
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.moveTo(toPxX(view, -2), toPxY(view, 0));
        ctx.lineTo(toPxX(view, 2), toPxY(view, 0));
        ctx.stroke();
        ctx.fillStyle = color;
        ctx.beginPath();
        ctx.arc(toPxX(view, x), toPxY(view, 0), 0.15 * view.scale, 0, 2 * Math.PI);
        ctx.fill();
      },
      series: () => ({ x, energy: 0.5 * v * v + 0.5 * k * x * x }),
      stats: () => ({ v }),
    };
  },
};

export const labFixture: Lab = {
  id: 'fixture-lab',
  title: 'Fixture lab',
  async run(outDir: string) {
    await writeFile(join(outDir, 'result.txt'), 'value=1.000000\n');
    return { files: ['result.txt'] };
  },
};

export const sectionFixture: WorkbookSection = {
  id: '99.1',
  title: 'Fixture section',
  examples: () => [
    {
      id: '99.1-table',
      title: 'a table and values',
      kind: 'example',
      steps: [
        { title: 'values', values: { v1: -3.448275862, x1: 0.137931034, name: 'ok', list: [1, 2.5] } },
        {
          title: 'table',
          lines: ['an explanatory line'],
          table: {
            columns: ['iter', 'lambda'],
            rows: [
              [1, 0.5],
              [10, -12.345678],
            ],
          },
        },
      ],
      checks: [{ label: 'x1 = x0 + h v1', pass: true }],
      conclusion: 'the answer',
    },
    { id: '99.1-task', title: 'a task', kind: 'task', steps: [{ title: 'only' }], checks: [] },
  ],
};

export const failingSectionFixture: WorkbookSection = {
  id: '99.2',
  title: 'Failing',
  examples: () => [
    { id: '99.2-bad', title: 'bad', kind: 'exercise', steps: [], checks: [{ label: 'nope', pass: false }] },
  ],
};

/** A stream that keeps what is written. */
export function capture(isTTY = false): { write(s: string): boolean; text(): string; isTTY: boolean } {
  let buf = '';
  return {
    isTTY,
    write(s: string) {
      buf += s;
      return true;
    },
    text: () => buf,
  };
}
