/**
 * The step profile (Box2D v3's b2Profile): wall-clock milliseconds of the last step and of each of
 * its stages, measured with `performance.now()`. Reading the clock changes no simulation state, so
 * results stay deterministic; the figures themselves vary from run to run. Each clock read returns
 * a fresh double (about 16 bytes of short-lived garbage, some 100 bytes per step): set
 * `world.profiling = false` to skip the reads (the figures then stay 0).
 */

/** Milliseconds of the last step, by stage. */
export class StepProfile {
  /** the whole step */
  step = 0.5;
  /** broadphase: new pairs become contacts */
  pairs = 0.5;
  /** narrowphase: manifolds, feature-id matching, begin/end and sensor events */
  collide = 0.5;
  /** the contact solver: prepare, substeps, restitution */
  solve = 0.5;
  /** forces cleared, shape boxes and broadphase proxies updated, sleep timers */
  finalize = 0.5;
  /** the continuous stage (continuous.ts) — a part of `finalize`, which covers it, so the stages still sum to `step` */
  continuous = 0.5;
  /** islands split and put to sleep */
  sleep = 0.5;

  /** All figures back to 0. */
  clear(): void {
    this.step = 0;
    this.pairs = 0;
    this.collide = 0;
    this.solve = 0;
    this.finalize = 0;
    this.continuous = 0;
    this.sleep = 0;
  }
}
