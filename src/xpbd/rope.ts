/** Builder for ropes and chains of distance-linked particles. */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { apiChecks as v } from '../core/validate.js';
import { DistanceSet } from './distance.js';
import { MAX_PARTICLES } from './particles.js';
import type { XpbdWorld } from './solver.js';

type V3 = [number, number, number];

/** End points, links, particle mass, compliance and pinning of a rope. */
export interface RopeOptions {
  /** first and last particle positions */
  start: V3;
  /** (see start) the last particle's position */
  end: V3;
  /** number of links (particles = links + 1) */
  links: number;
  /** mass of each particle, kg (default 1) */
  particleMass?: number;
  /** compliance α of every link, m/N (e.g. 0.0001, slightly compliant steel) */
  compliance?: number;
  /** constraint damping β of the links (see DistanceSetOptions) */
  damping?: number;
  /** pin the first / last particle (default: first only) */
  pinFirst?: boolean;
  /** (see pinFirst) pin the last particle */
  pinLast?: boolean;
  /** also add skip-one distance constraints for bending stiffness with this compliance */
  bendCompliance?: number;
}

/** A rope in an XPBD world: its particles and link constraints. */
export interface Rope {
  /** the rope's first particle in the world */
  first: number;
  /** its number of particles */
  count: number;
  /** the distance constraints between neighbours */
  links: DistanceSet;
  /** the skip-one bending constraints, if any */
  bend: DistanceSet | null;
}

/** A rope / chain of particles linked by distance constraints (e.g. a 12-link chain). */
export function addRope(world: XpbdWorld, o: RopeOptions): Rope {
  const r = v.object(o, 'rope', [
    'start',
    'end',
    'links',
    'particleMass',
    'compliance',
    'damping',
    'pinFirst',
    'pinLast',
    'bendCompliance',
  ]);
  for (const key of ['start', 'end']) {
    if (!Array.isArray(r[key]) || (r[key] as unknown[]).length !== 3)
      v.failGot(`rope.${key}`, 'expected [x, y, z]', r[key]);
  }
  v.optBool(r, 'pinFirst', 'rope');
  v.optBool(r, 'pinLast', 'rope');
  for (const key of ['compliance', 'damping', 'bendCompliance']) v.optNumber(r, key, 'rope', { min: 0 });
  const n = o.links;
  if (!Number.isInteger(n) || n < 1)
    throw new PhysicsError('invalid-argument', `rope.links: must be an integer >= 1, got ${n}`);
  if (n >= MAX_PARTICLES)
    throw new PhysicsError('invalid-argument', `rope.links: must be < ${MAX_PARTICLES}, got ${n}`);
  const m = o.particleMass ?? 1;
  assertFinite(m, 'rope.particleMass');
  if (m <= 0) throw new PhysicsError('invalid-argument', `rope.particleMass: must be > 0, got ${m}`);
  const p = world.particles;
  const first = p.count;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const pinned = (i === 0 && (o.pinFirst ?? true)) || (i === n && (o.pinLast ?? false));
    p.add(
      o.start[0] + t * (o.end[0] - o.start[0]),
      o.start[1] + t * (o.end[1] - o.start[1]),
      o.start[2] + t * (o.end[2] - o.start[2]),
      pinned ? 0 : 1 / m,
    );
  }
  const links = world.add(
    new DistanceSet({ kind: 'rope', compliance: o.compliance ?? 0, damping: o.damping ?? 0 }),
  );
  for (let i = 0; i < n; i++) links.add(p, first + i, first + i + 1);
  let bend: DistanceSet | null = null;
  if (o.bendCompliance !== undefined) {
    bend = world.add(new DistanceSet({ kind: 'rope-bend', compliance: o.bendCompliance }));
    for (let i = 0; i + 2 <= n; i++) bend.add(p, first + i, first + i + 2);
  }
  return { first, count: n + 1, links, bend };
}
