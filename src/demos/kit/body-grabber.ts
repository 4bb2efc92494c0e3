/**
 * The rigid-body mouse grab: a soft spring (5 Hz, damping ratio 0.7) from a point of the grabbed
 * body to the pointer, applied as a force at that point before each step. The damper acts on the
 * velocity of the grabbed point itself (v + ω × r), as a real spring-damper hooked there would, so
 * it damps the point's motion without braking the body's swing about it: the soft mouse spring of
 * Catto ("Soft constraints", GDC 2011), here as a force.
 */
import type { DemoPointer } from '../../core/demo-instance.js';
import { applyView, type View } from '../../core/view.js';
import { Transform2 } from '../../geometry/shapes2d.js';
import { type BodyId, queryPoint, type World } from '../../rigid2d/index.js';

/** Drags dynamic bodies of a rigid2d world with the pointer. */
export class BodyGrabber {
  /** spring frequency in Hz */
  frequency = 5;
  /** damping ratio of the spring */
  dampingRatio = 0.7;
  /** the force is capped at this acceleration times the body's mass (m/s²) */
  maxAcceleration = 1000;
  private body: BodyId | null = null;
  private localX = 0;
  private localY = 0;
  private targetX = 0;
  private targetY = 0;
  private readonly xf = new Transform2();

  constructor(private readonly world: World) {}

  /** The grabbed body, or null. */
  get grabbed(): BodyId | null {
    return this.body;
  }

  /** Pointer input in world coordinates: down grabs the first dynamic body under it, up lets go. */
  pointer(e: DemoPointer): void {
    const w = this.world;
    if (e.kind === 'down') {
      this.body = null;
      const hits = queryPoint(w, e.x, e.y);
      for (const s of hits) {
        const b = w.getShapeBody(s);
        if (w.getBodyType(b) !== 'dynamic') continue;
        const xf = w.getTransform(b, this.xf);
        const dx = e.x - xf.px;
        const dy = e.y - xf.py;
        this.body = b;
        this.localX = xf.c * dx + xf.s * dy;
        this.localY = -xf.s * dx + xf.c * dy;
        break;
      }
    } else if (e.kind === 'up') {
      this.body = null;
    }
    this.targetX = e.x;
    this.targetY = e.y;
  }

  /** True while a live body is held (a destroyed body is let go). */
  private holding(): boolean {
    if (this.body === null) return false;
    if (this.world.isValid(this.body)) return true;
    this.body = null;
    return false;
  }

  /** Applies the spring force; call before each `world.step`. */
  apply(): void {
    const id = this.body;
    if (id === null || !this.holding()) return;
    const w = this.world;
    const xf = w.getTransform(id, this.xf);
    const ax = xf.px + xf.c * this.localX - xf.s * this.localY;
    const ay = xf.py + xf.s * this.localX + xf.c * this.localY;
    const m = w.getMass(id);
    const omega = 2 * Math.PI * this.frequency;
    const k = m * omega * omega;
    const c = 2 * m * this.dampingRatio * omega;
    const [vx, vy] = w.getLinearVelocity(id);
    const wv = w.getAngularVelocity(id);
    const [cx, cy] = w.getWorldCenter(id);
    // velocity of the grabbed point
    const pvx = vx - wv * (ay - cy);
    const pvy = vy + wv * (ax - cx);
    let fx = k * (this.targetX - ax) - c * pvx;
    let fy = k * (this.targetY - ay) - c * pvy;
    const maxF = this.maxAcceleration * m;
    const f = Math.hypot(fx, fy);
    if (f > maxF) {
      fx *= maxF / f;
      fy *= maxF / f;
    }
    w.applyForce(id, [fx, fy], [ax, ay]);
  }

  /** Draws the spring as a line from the grabbed point to the pointer. */
  draw(ctx: CanvasRenderingContext2D, view: View, color = '#2ca02c'): void {
    const id = this.body;
    if (id === null || !this.holding()) return;
    const xf = this.world.getTransform(id, this.xf);
    const ax = xf.px + xf.c * this.localX - xf.s * this.localY;
    const ay = xf.py + xf.s * this.localX + xf.c * this.localY;
    ctx.save();
    applyView(ctx, view);
    ctx.lineWidth = 2 / view.scale;
    ctx.strokeStyle = color;
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(this.targetX, this.targetY);
    ctx.stroke();
    ctx.restore();
  }
}
