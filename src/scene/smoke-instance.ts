/**
 * A running smoke / fire simulation as a demo instance (fixed dt, step, draw, pointer, stats),
 * shared by the fluid demos and the `rikigaku/fluid-grid@1` scene loader. The pointer adds
 * smoke, heat (and fuel for fire) where it is pressed and pushes the fluid along a drag.
 */
import type { DemoInstance, DemoPointer } from '../core/demo-instance.js';
import type { View } from '../core/view.js';
import { type SmokeOptions, SmokeSim } from '../fluid/smoke.js';
import { drawFire2D, drawSmoke2D, drawSmoke3D } from '../render/smoke-draw.js';

/**
 * How a {@link SmokeInstance} draws: 'smoke' (2D density), 'fire' (2D, each cell in the blackbody colour
 * of its temperature) or 'volume' (a 3D grid, an emission–absorption ray march along −z).
 */
export type SmokeDrawMode = 'smoke' | 'fire' | 'volume';

/**
 * A smoke or fire simulation run as a demo at a fixed step: the pointer adds smoke, heat (fuel for fire) and
 * pushes the fluid along a drag.
 */
export class SmokeInstance implements DemoInstance {
  /** the simulation being stepped */
  readonly sim: SmokeSim;
  readonly dt: number;
  /** how it is drawn ('smoke' becomes 'volume' for a 3D grid) */
  readonly mode: SmokeDrawMode;
  private pointerDown = false;
  private px = 0;
  private py = 0;
  private pvx = 0;
  private pvy = 0;

  /** `source`: the simulation's options, or an already built simulation (see fluid-grid-build.ts). */
  constructor(source: SmokeOptions | SmokeSim, dt: number, mode: SmokeDrawMode = 'smoke') {
    this.sim = source instanceof SmokeSim ? source : new SmokeSim(source);
    this.dt = dt;
    this.mode = mode === 'smoke' && this.sim.grid.dim === 3 ? 'volume' : mode;
  }

  get time(): number {
    return this.sim.time;
  }

  step(): void {
    if (this.pointerDown) {
      const g = this.sim.grid;
      const r = 4 * g.h;
      const fire = this.mode === 'fire';
      this.sim.splat(this.px, this.py, r, this.dt, {
        density: fire ? 0 : 30,
        temperature: fire ? 60 : 30,
        fuel: fire ? 60 : 0,
        vx: 20 * this.pvx,
        vy: 20 * this.pvy,
      });
      this.pvx *= 0.5;
      this.pvy *= 0.5;
    }
    this.sim.step(this.dt);
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    if (this.mode === 'fire') drawFire2D(ctx, view, this.sim);
    else if (this.mode === 'volume') drawSmoke3D(ctx, view, this.sim);
    else drawSmoke2D(ctx, view, this.sim);
  }

  pointer(e: DemoPointer): void {
    if (e.kind === 'down') {
      this.pointerDown = true;
      this.pvx = 0;
      this.pvy = 0;
    } else if (e.kind === 'move' && this.pointerDown) {
      this.pvx = e.x - this.px;
      this.pvy = e.y - this.py;
    } else if (e.kind === 'up') this.pointerDown = false;
    this.px = e.x;
    this.py = e.y;
  }

  series(): Record<string, number> {
    const p = this.sim.lastProjection;
    return {
      smoke: this.sim.totalSmoke(),
      relativeDivergence: p && p.initialNorm > 0 ? p.residualNorm / p.initialNorm : 0,
    };
  }

  stats(): Record<string, number> {
    const p = this.sim.lastProjection;
    return {
      steps: this.sim.steps,
      smoke: this.sim.totalSmoke(),
      pressureIterations: p ? p.iterations : 0,
      relativeDivergence: p && p.initialNorm > 0 ? p.residualNorm / p.initialNorm : 0,
      maxDivergence: this.sim.grid.maxDivergence(),
    };
  }
}
