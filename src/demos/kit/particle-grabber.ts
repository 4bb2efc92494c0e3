/**
 * The particle mouse grab for XPBD worlds: the pointer holds the nearest movable particle through
 * an attachment constraint C = |x − t| of compliance α (0 = rigid), solved with the world's other
 * constraints (Macklin, Müller and Chentanez 2016, "XPBD"). The particle keeps its depth and moves
 * in the view plane (x, y). The attachment set is added to the world on the first grab, so a world
 * nobody touches steps exactly as if there were no grabber.
 */
import type { DemoPointer } from '../../core/demo-instance.js';
import { AttachmentSet } from '../../xpbd/attachment.js';
import type { XpbdWorld } from '../../xpbd/solver.js';

/** Drags particles of an XPBD world with the pointer. */
export class ParticleGrabber {
  private att: AttachmentSet | null = null;
  private active = false;

  /**
   * @param radius how far (m, in the x–y plane) from the pointer a particle may be picked
   * @param compliance of the attachment (m/N); 0 holds the particle rigidly at the pointer
   */
  constructor(
    private readonly world: XpbdWorld,
    private readonly radius = 0.15,
    private readonly compliance = 0,
  ) {}

  /** The held particle, or −1. */
  get grabbed(): number {
    return this.active && this.att ? this.att.ids[0]! : -1;
  }

  /** Pointer input in world coordinates: down picks, move drags, up lets go. */
  pointer(e: DemoPointer): void {
    const p = this.world.particles;
    if (e.kind === 'down') {
      let best = -1;
      let bestD = this.radius * this.radius;
      for (let i = 0; i < p.count; i++) {
        if (p.invMass[i] === 0) continue;
        const k = 3 * i;
        const d = (p.x[k]! - e.x) ** 2 + (p.x[k + 1]! - e.y) ** 2;
        if (d < bestD) {
          bestD = d;
          best = i;
        }
      }
      if (best < 0) return;
      if (this.att === null) {
        this.att = this.world.add(new AttachmentSet());
        this.att.add(p, best, undefined, this.compliance);
      } else {
        this.att.setParticle(p, 0, best);
      }
      this.active = true;
    }
    const att = this.att;
    if (!this.active || att === null) return;
    if (e.kind === 'up') {
      att.active[0] = 0;
      this.active = false;
      return;
    }
    // keep the particle's depth; move it in the view plane
    const i = att.ids[0]!;
    att.setTarget(0, e.x, e.y, p.x[3 * i + 2]!);
  }
}
