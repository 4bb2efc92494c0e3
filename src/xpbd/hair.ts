/** Builder for straight hair strands solved by follow-the-leader (textbook §26.5). */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { apiChecks as v } from '../core/validate.js';
import { FollowTheLeaderSet } from './follow-the-leader.js';
import { MAX_PARTICLES } from './particles.js';
import type { XpbdWorld } from './solver.js';

type V3 = [number, number, number];

/** Roots, growth directions and segments of hair strands for follow-the-leader simulation. */
export interface HairOptions {
  /** root positions (pinned particles that the caller moves with the head) */
  roots: V3[];
  /** growth direction of each strand (normalised here) */
  directions: V3[];
  /** particles per strand after the root */
  segments: number;
  /** strand length, m */
  length: number;
  /** mass of each particle, kg */
  particleMass?: number;
  /** DFTL velocity correction factor (default 0.9) */
  velocityCorrection?: number;
}

/** Hair strands in an XPBD world: the follow-the-leader set and each strand's particles. */
export interface Hair {
  /** the follow-the-leader constraints of every strand */
  set: FollowTheLeaderSet;
  /** world particle ids of each strand, root first */
  strands: number[][];
}

/** Straight hair strands solved by follow-the-leader (textbook §26.5). */
export function addHair(world: XpbdWorld, o: HairOptions): Hair {
  const h = v.object(o, 'hair', [
    'roots',
    'directions',
    'segments',
    'length',
    'particleMass',
    'velocityCorrection',
  ]);
  v.array(h.roots, 'hair.roots');
  v.array(h.directions, 'hair.directions');
  v.optNumber(h, 'particleMass', 'hair', { above: 0 });
  v.optNumber(h, 'velocityCorrection', 'hair', { min: 0, max: 1 });
  if (Number.isInteger(o.segments) && o.roots.length * (o.segments + 1) > MAX_PARTICLES)
    throw new PhysicsError(
      'invalid-argument',
      `hair.segments: ${o.roots.length} strands × ${o.segments + 1} particles is more than the limit of ${MAX_PARTICLES}`,
    );
  if (o.roots.length !== o.directions.length) {
    throw new PhysicsError(
      'invalid-argument',
      `hair: ${o.roots.length} roots but ${o.directions.length} directions`,
    );
  }
  if (!Number.isInteger(o.segments) || o.segments < 1) {
    throw new PhysicsError('invalid-argument', `hair.segments: must be an integer >= 1, got ${o.segments}`);
  }
  assertFinite(o.length, 'hair.length');
  if (o.length <= 0) throw new PhysicsError('degenerate-shape', `hair.length: must be > 0, got ${o.length}`);
  const w = 1 / (o.particleMass ?? 0.001);
  const p = world.particles;
  const set = new FollowTheLeaderSet({ velocityCorrection: o.velocityCorrection });
  const strands: number[][] = [];
  o.roots.forEach((r, s) => {
    const d = o.directions[s];
    const l = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    if (!(l > 0)) throw new PhysicsError('degenerate-shape', `hair.directions[${s}]: must be non-zero`);
    const seg = o.length / o.segments / l;
    const ids: number[] = [];
    for (let k = 0; k <= o.segments; k++) {
      ids.push(p.add(r[0] + k * seg * d[0], r[1] + k * seg * d[1], r[2] + k * seg * d[2], k === 0 ? 0 : w));
    }
    set.addStrand(p, ids);
    strands.push(ids);
  });
  world.add(set);
  return { set, strands };
}
