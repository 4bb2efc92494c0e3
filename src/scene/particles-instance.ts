/**
 * A running `rikigaku/particles@1` scene: `loadParticlesScene` (registered for
 * `rikigaku run scene.json`) validates, builds and returns an instance that steps the liquid and draws
 * it as a surface (marching squares over the splatted particle density) in its tank, with the obstacles.
 */
import type { DemoInstance } from '../core/demo-instance.js';
import { toPxX, toPxY, type View } from '../core/view.js';
import { LiquidSurface2D } from '../render/liquid-surface.js';
import { buildParticleLiquid, type ParticleLiquid } from './particles-build.js';
import { type ParticlesScene, parseParticlesScene } from './particles-format.js';

/** The running particle scene. */
export class ParticlesInstance implements DemoInstance {
  /** the frame step */
  readonly dt: number;
  /** the liquid */
  readonly liquid: ParticleLiquid;
  private readonly surface: LiquidSurface2D;
  private readonly clock = new Float64Array(1);

  constructor(
    readonly scene: ParticlesScene,
    dt?: number,
  ) {
    this.dt = dt ?? scene.dt;
    this.liquid = buildParticleLiquid(scene);
    const [ox, oy] = this.liquid.offset;
    this.surface = new LiquidSurface2D({
      min: [scene.domain.min[0] - ox, scene.domain.min[1] - oy],
      max: [scene.domain.max[0] - ox, scene.domain.max[1] - oy],
      spacing: scene.spacing,
      cell: 0.75 * scene.spacing,
    });
  }

  /** the view that fits the tank with a margin */
  view(width: number, height: number): View {
    const [x0, y0] = this.scene.domain.min;
    const [x1, y1] = this.scene.domain.max;
    const w = 1.1 * (x1 - x0);
    const h = 1.2 * (y1 - y0);
    return {
      width,
      height,
      cx: 0.5 * (x0 + x1),
      cy: 0.5 * (y0 + y1),
      scale: Math.min(width / w, height / h),
    };
  }

  /** simulated time, s */
  get time(): number {
    return this.clock[0];
  }

  /** one frame */
  step(): void {
    this.liquid.step(this.dt);
    this.clock[0] += this.dt;
  }

  /** the tank, the obstacles and the liquid's surface */
  draw(ctx: CanvasRenderingContext2D, view: View): void {
    ctx.fillStyle = '#f4f1ea';
    ctx.fillRect(0, 0, view.width, view.height);
    const s = this.scene;
    const [x0, y0] = s.domain.min;
    const [x1, y1] = s.domain.max;
    const l = this.liquid;
    const p = l.positions();
    if (p.y !== null) this.surface.updateXY(p.x, p.y, l.count());
    else this.surface.update(p.x, p.stride, p.first, l.count());
    this.surface.draw(ctx, view, l.offset[0], l.offset[1]);
    ctx.fillStyle = '#8a6a3b';
    for (const o of s.obstacles) {
      ctx.fillRect(
        toPxX(view, o.min[0]),
        toPxY(view, o.max[1]),
        (o.max[0] - o.min[0]) * view.scale,
        (o.max[1] - o.min[1]) * view.scale,
      );
    }
    ctx.strokeStyle = '#555';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(toPxX(view, x0), toPxY(view, y1));
    ctx.lineTo(toPxX(view, x0), toPxY(view, y0));
    ctx.lineTo(toPxX(view, x1), toPxY(view, y0));
    ctx.lineTo(toPxX(view, x1), toPxY(view, y1));
    if (!s.domain.openTop) ctx.closePath();
    ctx.stroke();
  }

  /** the method's quality figure */
  series(): Record<string, number> {
    return this.liquid.stats();
  }

  /** time, particles and the method's numbers */
  stats(): Record<string, number> {
    return { time: this.time, particles: this.liquid.count(), ...this.liquid.stats() };
  }
}

/** The `rikigaku/particles@1` scene loader: validate, build, and run. */
export function loadParticlesScene(json: unknown, loadOptions?: { dt?: number }): ParticlesInstance {
  return new ParticlesInstance(parseParticlesScene(json), loadOptions?.dt);
}
