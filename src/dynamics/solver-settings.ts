/**
 * Solver settings shared by the rigid engines: how penetration is treated, how many substeps and
 * iterations, the soft-contact and joint coefficients (textbook §26.2; Catto, "Solver2D", 2024), and the
 * trace hook with its stage names. `resolveSolverSettings` fills in the defaults (they depend on
 * the position-correction mode) and validates every field once, never per step.
 */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { LINEAR_SLOP } from '../geometry/collide2d.js';

/**
 * How penetration (position error) is treated — the choices textbook §26.2 compares:
 * - 'soft-step' (default): Box2D v3 style — constraints prepared once per step; each substep
 *   integrates velocities, warm starts, solves with a soft (spring–damper) bias, integrates
 *   positions and relaxes without bias; restitution is applied once at the end.
 * - 'baumgarte': PGS / sequential impulses where the velocity target is vn ≥ (β/h)·max(d − slop, 0).
 * - 'split-impulse': PGS without bias in the velocities; the overlap is then removed by a separate
 *   position pass (correction = max(d − slop, 0)/(Σ inverse masses) × percent) that moves
 *   positions and never touches velocities.
 * - 'none': PGS with no position correction (the lab's "sinking" baseline).
 */
export type PositionCorrection = 'soft-step' | 'baumgarte' | 'split-impulse' | 'none';

/** The stages a solver trace reports, one name per pass kind of the substep loop. */
export const SolverStage = {
  /** a velocity iteration */
  solve: 'solve',
  /** a soft-step relax pass (velocities without bias) */
  relax: 'relax',
  /** a split-impulse position pass */
  position: 'position',
  /** the restitution pass at the end of the step */
  restitution: 'restitution',
} as const;
export type SolverStage = (typeof SolverStage)[keyof typeof SolverStage];

/** One trace event of the contact solver (see {@link SolverSettings.trace}). */
export interface SolverTraceEvent {
  /** 'solve' (a velocity iteration), 'relax' (soft-step relax pass), 'position' (split-impulse pass), 'restitution' */
  stage: SolverStage;
  /** 0-based substep */
  substep: number;
  /** 1-based iteration within the stage */
  iteration: number;
}

/** Solver settings; every field optional, defaults as listed. */
export interface SolverSettings {
  /** default 'soft-step' */
  positionCorrection?: PositionCorrection;
  /** substeps per step, default 4 for 'soft-step', 1 for the PGS modes */
  substeps?: number;
  /** velocity iterations per substep: default 1 for 'soft-step', 10 for the PGS modes */
  iterations?: number;
  /** soft-step relax passes per substep, default 1 */
  relaxIterations?: number;
  /** split-impulse position passes per substep, default 3 */
  positionIterations?: number;
  /** allowed penetration d_slop in metres, default 0.005 */
  slop?: number;
  /** Baumgarte β, default 0.2 */
  beta?: number;
  /** split-impulse fraction of the overlap removed per position pass, default 0.2 */
  percent?: number;
  /** apply last step's impulses first (§26.2 warm starting), default true */
  warmStarting?: boolean;
  /** soft-step contact stiffness in Hz, default 30 (capped at a quarter of the substep rate) */
  contactHertz?: number;
  /** soft-step contact damping ratio, default 10 */
  contactDampingRatio?: number;
  /** soft-step: contacts against static/kinematic bodies are this much stiffer, default 2 */
  staticStiffness?: number;
  /** the largest push-out speed of the position bias (m/s), default 3 */
  maxPushOutSpeed?: number;
  /** restitution is applied only above this approach speed (m/s), default 1 */
  restitutionThreshold?: number;
  /**
   * soft-step: stiffness of the joints' rigid parts in Hz, default 60 (Box2D v3; capped at a
   * quarter of the substep rate); the PGS modes use the Baumgarte β instead
   */
  jointHertz?: number;
  /** soft-step: damping ratio of the joints' rigid parts, default 2 (Box2D v3) */
  jointDampingRatio?: number;
  /**
   * solve the contacts with a static or kinematic body after the others in every pass (Box2D v3's
   * colour order: the ground has the final word), default true; false keeps the contacts' order
   */
  staticContactsLast?: boolean;
  /**
   * contact recycling (Catto, Box2D v3.2): a contact whose bodies moved less than this relative to
   * each other since its manifold was computed keeps the manifold — normal, anchors, ids — and only
   * updates the separations; 0 recomputes every manifold every step. Default 10 × slop (0.05 m)
   */
  recycleDistance?: number;
  /** called after every solver iteration (costs nothing when unset); read the state through the world */
  trace?: ((event: SolverTraceEvent) => void) | undefined;
}

/** The solver settings with every default filled in. */
export type ResolvedSolverSettings = Required<Omit<SolverSettings, 'trace'>> & {
  trace: SolverSettings['trace'];
};

/** Fills in the defaults of {@link SolverSettings} (they depend on the position-correction mode). */
export function resolveSolverSettings(s: SolverSettings = {}, where = 'solver'): ResolvedSolverSettings {
  const mode: PositionCorrection = s.positionCorrection ?? 'soft-step';
  if (!['soft-step', 'baumgarte', 'split-impulse', 'none'].includes(mode)) {
    throw new PhysicsError(
      'invalid-argument',
      `${where}.positionCorrection: expected 'soft-step' | 'baumgarte' | 'split-impulse' | 'none', got ${String(mode)}`,
    );
  }
  const soft = mode === 'soft-step';
  const r: ResolvedSolverSettings = {
    positionCorrection: mode,
    substeps: s.substeps ?? (soft ? 4 : 1),
    iterations: s.iterations ?? (soft ? 1 : 10),
    relaxIterations: s.relaxIterations ?? 1,
    positionIterations: s.positionIterations ?? 3,
    slop: s.slop ?? LINEAR_SLOP,
    beta: s.beta ?? 0.2,
    percent: s.percent ?? 0.2,
    warmStarting: s.warmStarting ?? true,
    contactHertz: s.contactHertz ?? 30,
    contactDampingRatio: s.contactDampingRatio ?? 10,
    staticStiffness: s.staticStiffness ?? 2,
    maxPushOutSpeed: s.maxPushOutSpeed ?? 3,
    restitutionThreshold: s.restitutionThreshold ?? 1,
    jointHertz: s.jointHertz ?? 60,
    jointDampingRatio: s.jointDampingRatio ?? 2,
    staticContactsLast: s.staticContactsLast ?? true,
    recycleDistance: s.recycleDistance ?? 10 * (s.slop ?? LINEAR_SLOP),
    trace: s.trace,
  };
  for (const key of ['substeps', 'iterations'] as const) {
    const v = r[key];
    if (!Number.isInteger(v) || v < 1) {
      throw new PhysicsError('invalid-argument', `${where}.${key}: must be an integer >= 1, got ${v}`);
    }
  }
  for (const key of ['relaxIterations', 'positionIterations'] as const) {
    const v = r[key];
    if (!Number.isInteger(v) || v < 0) {
      throw new PhysicsError('invalid-argument', `${where}.${key}: must be an integer >= 0, got ${v}`);
    }
  }
  for (const key of [
    'slop',
    'beta',
    'percent',
    'contactHertz',
    'contactDampingRatio',
    'staticStiffness',
    'maxPushOutSpeed',
    'restitutionThreshold',
    'jointHertz',
    'jointDampingRatio',
    'recycleDistance',
  ] as const) {
    assertFinite(r[key], `${where}.${key}`);
    if (r[key] < 0)
      throw new PhysicsError('invalid-argument', `${where}.${key}: must be >= 0, got ${r[key]}`);
  }
  return r;
}
