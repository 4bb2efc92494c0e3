import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { fluidDemos } from '../../src/demos/fluid.js';
import { FLUID_GRID_FORMAT, loadScene, parseFluidGridScene, SmokeInstance } from '../../src/scene/index.js';

const scene = {
  format: FLUID_GRID_FORMAT,
  grid: { nx: 24, ny: 32, open: { yMax: true } },
  dt: 1 / 60,
  solver: 'mgpcg',
  advection: 'maccormack',
  buoyancy: { density: 0.05, temperature: 0.5 },
  vorticity: 2,
  sources: [{ x: 0.35, y: 0.08, radius: 0.06, density: 1, temperature: 1 }],
  obstacles: [
    {
      shape: 'circle',
      x: 0.4,
      y: 0.55,
      radius: 0.08,
      motion: { kind: 'oscillate', amplitude: [0.1, 0], period: 2 },
    },
    { shape: 'box', x: 0.2, y: 0.3, halfWidth: 0.05, halfHeight: 0.02 },
  ],
};

describe('scene format rikigaku/fluid-grid@1', () => {
  it('loads through the scene registry and runs: smoke rises, obstacles are solid', () => {
    const inst = loadScene(JSON.stringify(scene), 'plume.json') as SmokeInstance;
    expect(inst).toBeInstanceOf(SmokeInstance);
    for (let s = 0; s < 30; s++) inst.step();
    const st = inst.stats();
    expect(st.smoke!).toBeGreaterThan(0);
    expect(st.relativeDivergence!).toBeLessThanOrEqual(1e-5);
    expect(inst.sim.grid.solid.some((x) => x === 1)).toBe(true);
  });

  const broken: [string, (s: Record<string, unknown>) => void, RegExp][] = [
    [
      'grid size < 2',
      (s) => ((s.grid as Record<string, unknown>).nx = 1),
      /scene\.grid\.nx: must be an integer >= 2, got 1/,
    ],
    ['non-finite parameter', (s) => (s.vorticity = 'lots'), /scene\.vorticity: expected a finite number/],
    ['negative viscosity', (s) => (s.viscosity = -1), /scene\.viscosity: must be >= 0/],
    ['unknown solver', (s) => (s.solver = 'magic'), /scene\.solver: expected one of/],
    [
      'source outside the grid',
      (s) => ((s.sources as Record<string, unknown>[])[0]!.x = 5),
      /scene\.sources\[0\]: centre \(5, 0\.08\) lies outside the grid/,
    ],
    [
      'source without radius',
      (s) => delete (s.sources as Record<string, unknown>[])[0]!.radius,
      /scene\.sources\[0\]\.radius: required/,
    ],
    [
      'bad obstacle shape',
      (s) => ((s.obstacles as Record<string, unknown>[])[0]!.shape = 'star'),
      /scene\.obstacles\[0\]\.shape/,
    ],
    [
      'bad motion period',
      (s) => (((s.obstacles as Record<string, unknown>[])[0]!.motion as Record<string, unknown>).period = 0),
      /scene\.obstacles\[0\]\.motion\.period: must be > 0/,
    ],
    ['unknown field', (s) => (s.colour = 'red'), /scene\.colour: unknown field/],
  ];
  for (const [name, breakIt, re] of broken) {
    it(`rejects: ${name}`, () => {
      const s = structuredClone(scene) as Record<string, unknown>;
      breakIt(s);
      const f = () => loadScene(JSON.stringify(s), 'plume.json');
      expect(f).toThrow(PhysicsError);
      expect(f).toThrow(re);
      try {
        f();
      } catch (e) {
        expect((e as PhysicsError).code).toBe('invalid-scene');
      }
    });
  }

  it('parses fire and open sides', () => {
    const { options, fire } = parseFluidGridScene({
      ...scene,
      fire: { ignition: 0.2 },
      grid: { nx: 8, ny: 8, open: { xMin: true } },
    });
    expect(fire).toBe(true);
    expect(options.open).toEqual({
      xMin: true,
      xMax: false,
      yMin: false,
      yMax: false,
      zMin: false,
      zMax: false,
    });
  });
});

describe('fluid demos', () => {
  for (const demo of fluidDemos) {
    it(`${demo.id}: creates, steps, draws and reports finite stats`, () => {
      const inst = demo.create(demo.id === 'fluid-smoke-3d' ? { n: 16 } : {});
      const steps = demo.id === 'fluid-projection-2x2' || demo.id === 'fluid-advection-row' ? 8 : 3;
      inst.pointer?.({ kind: 'down', x: 0.3, y: 0.3 });
      inst.pointer?.({ kind: 'move', x: 0.32, y: 0.35 });
      for (let s = 0; s < steps; s++) inst.step();
      inst.pointer?.({ kind: 'up', x: 0.32, y: 0.35 });
      const canvas = createCanvas(200, 160);
      const ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
      inst.draw(ctx, demo.view(200, 160));
      for (const [k, v] of Object.entries(inst.stats?.() ?? {})) expect(Number.isFinite(v), k).toBe(true);
      expect(inst.time).toBeGreaterThan(0);
    });
  }

  it('fluid-projection-2x2 ends on the §26.4 answer: faces 0.25, −0.25, −0.25, 0.25', () => {
    const demo = fluidDemos.find((d) => d.id === 'fluid-projection-2x2')!;
    const inst = demo.create();
    for (let s = 0; s < 20; s++) inst.step();
    expect(inst.stats!()).toMatchObject({ bottom: 0.25, top: -0.25, left: -0.25, right: 0.25 });
  });

  it('fluid-advection-row at uh = 2.6: semi-Lagrangian stays in [0, 1], upwind goes negative', () => {
    const demo = fluidDemos.find((d) => d.id === 'fluid-advection-row')!;
    const inst = demo.create({ uh: 2.6 });
    inst.step();
    const st = inst.stats!();
    expect(st.slMin!).toBeGreaterThanOrEqual(0);
    expect(st.slMax!).toBeLessThanOrEqual(1);
    expect(st.upwindMin!).toBeCloseTo(-1.6, 12);
    expect(st.upwindMax!).toBeCloseTo(2.6, 12);
  });
});
