/**
 * The rigid-body mouse grab: a mouse joint (the engine's soft point-to-target constraint, 5 Hz,
 * damping ratio 0.7 — the soft mouse spring of Catto, "Soft constraints", GDC 2011, as Box2D v3
 * builds it) from the grabbed point of a body to the pointer. The joint is solved with the
 * contacts in every substep, so the drag is as stiff at any time step and never overshoots; its
 * force is capped at `maxAcceleration` times the body's mass. The joint's other body is a static
 * body of the world (one is added, without shapes, if the world has none).
 */
import type { DemoPointer } from '../../core/demo-instance.js';
import { applyView, type View } from '../../core/view.js';
import { Transform2 } from '../../geometry/shapes2d.js';
import { type BodyId, type JointId, queryPoint, type World } from '../../rigid2d/index.js';

/** Drags dynamic bodies of a rigid2d world with the pointer. */
export class BodyGrabber {
  /** spring frequency in Hz (read when a body is grabbed) */
  frequency = 5;
  /** damping ratio of the spring (read when a body is grabbed) */
  dampingRatio = 0.7;
  /** the force is capped at this acceleration times the body's mass (m/s²) */
  maxAcceleration = 1000;
  private body: BodyId | null = null;
  private joint: JointId | null = null;
  private anchorBody: BodyId | null = null;
  private localX = 0;
  private localY = 0;
  private targetX = 0;
  private targetY = 0;
  private readonly xf = new Transform2();
  private readonly target: [number, number] = [0, 0];

  constructor(private readonly world: World) {}

  /** The grabbed body, or null. */
  get grabbed(): BodyId | null {
    return this.body;
  }

  /** Pointer input in world coordinates: down grabs the first dynamic body under it, up lets go. */
  pointer(e: DemoPointer): void {
    const w = this.world;
    this.targetX = e.x;
    this.targetY = e.y;
    if (e.kind === 'down') {
      this.release();
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
        w.setAwake(b, true);
        this.joint = w.createJoint({
          kind: 'mouse',
          bodyA: this.staticBody(),
          bodyB: b,
          target: [e.x, e.y],
          hertz: this.frequency,
          dampingRatio: this.dampingRatio,
          maxForce: this.maxAcceleration * w.getMass(b),
        });
        break;
      }
    } else if (e.kind === 'up') {
      this.release();
    } else if (this.holding()) {
      this.target[0] = e.x;
      this.target[1] = e.y;
      w.setMouseTarget(this.joint!, this.target);
    }
  }

  /** A static body for the joint's other end: the world's first, else one added without shapes. */
  private staticBody(): BodyId {
    const w = this.world;
    if (this.anchorBody !== null && w.isValid(this.anchorBody)) return this.anchorBody;
    for (const b of w.bodyIds()) {
      if (w.getBodyType(b) === 'static') return (this.anchorBody = b);
    }
    return (this.anchorBody = w.createBody({ type: 'static' }));
  }

  /** Destroys the joint (if it still lives) and lets go. */
  private release(): void {
    if (this.joint !== null && this.world.isValid(this.joint)) this.world.destroyJoint(this.joint);
    this.joint = null;
    this.body = null;
  }

  /** True while a live body is held (a destroyed body or joint is let go). */
  private holding(): boolean {
    if (this.body === null) return false;
    if (this.world.isValid(this.body) && this.joint !== null && this.world.isValid(this.joint)) return true;
    this.release();
    return false;
  }

  /** Keeps the grab alive; call before each `world.step` (the joint itself is solved in the step). */
  apply(): void {
    this.holding();
  }

  /** Draws the grab as a line from the grabbed point to the pointer. */
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
