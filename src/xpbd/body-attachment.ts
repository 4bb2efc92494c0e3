/** Two-way attachments of particles to 2D rigid bodies. */
import { assertFinite } from '../core/errors.js';
import { pcos, psin } from '../math/portable.js';
import { AttachmentSet } from './attachment.js';
import { checkIndex } from './distance.js';
import type { XpbdWorld } from './solver.js';

/**
 * What a two-way attachment needs from a 2D rigid-body world; rikigaku/rigid2d's `World` has it
 * (body ids are numbers there). Kept structural so that xpbd does not depend on rigid2d's internals.
 */
export interface RigidBodies2D {
  /** The body's position (m). */
  getPosition(id: number): [number, number];
  /** The body's angle (rad). */
  getAngle(id: number): number;
  /** Applies an impulse (N·s) at a world point (default: the centre of mass). */
  applyLinearImpulse(id: number, impulse: [number, number], point?: [number, number]): void;
}

/**
 * Attaches XPBD particles to points fixed on 2D rigid bodies (the "attachments to rigid
 * bodies of rigid2d"), coupled both ways with a staggered step: before the XPBD step every target is
 * moved to its body point (x = body origin + R(θ) anchor, z = 0); after it, the impulse the
 * attachment gave its particle is applied, reversed, to the body at that point (Newton's third law),
 * then the rigid world steps.
 *
 *   attachments.sync(); xpbd.step(dt); attachments.applyReactions(); rigid.step(dt);
 */
export class BodyAttachments2D {
  /** the attachment constraints, one per attached particle */
  readonly set: AttachmentSet;
  private readonly bodies: number[] = [];
  private readonly anchors: [number, number][] = [];

  constructor(
    private readonly world: XpbdWorld,
    private readonly rigid: RigidBodies2D,
  ) {
    this.set = world.add(new AttachmentSet());
  }

  /** Attaches particle i to the point `anchor` (body-local) of `body`, with compliance α (0 = rigid pin). */
  add(particle: number, body: number, anchor: [number, number], compliance = 0): number {
    checkIndex(this.world.particles, particle, 'bodyAttachment.particle');
    assertFinite(anchor[0], 'bodyAttachment.anchor[0]');
    assertFinite(anchor[1], 'bodyAttachment.anchor[1]');
    const c = this.set.add(this.world.particles, particle, this.targetOf(body, anchor), compliance);
    this.bodies.push(body);
    this.anchors.push([anchor[0], anchor[1]]);
    return c;
  }

  private targetOf(body: number, anchor: [number, number]): [number, number, number] {
    const [px, py] = this.rigid.getPosition(body);
    const a = this.rigid.getAngle(body);
    const c = pcos(a);
    const s = psin(a);
    return [px + c * anchor[0] - s * anchor[1], py + s * anchor[0] + c * anchor[1], 0];
  }

  /** Before the XPBD step: move every target to its body point and clear the impulses. */
  sync(): void {
    this.bodies.forEach((b, c) => {
      const [x, y, z] = this.targetOf(b, this.anchors[c]);
      this.set.setTarget(c, x, y, z);
    });
    this.set.clearImpulses();
  }

  /** After the XPBD step: apply to each body the opposite of the impulse its attachments gave. */
  applyReactions(): void {
    this.bodies.forEach((b, c) => {
      const t = this.set.target;
      this.rigid.applyLinearImpulse(
        b,
        [-this.set.impulse[3 * c], -this.set.impulse[3 * c + 1]],
        [t[3 * c], t[3 * c + 1]],
      );
    });
  }
}
