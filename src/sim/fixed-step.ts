/**
 * The fixed-step runner (textbook §26.5 on determinism; the "fix your timestep" accumulator):
 * the simulation always advances by the same dt, whatever the display's frame rate, so 60, 120 and
 * 144 Hz displays see the same sequence of states — only how many steps fall into each frame
 * differs. Drawing interpolates between the last two states with `alpha` ∈ [0, 1).
 *
 * Time is counted in whole steps: the runner keeps the total elapsed time and takes
 * floor(total / dt) − stepsTaken steps, so round-off never accumulates into an extra or missing
 * step. A frame that would need more than `maxStepsPerFrame` steps (a stalled tab, a breakpoint)
 * drops the excess time instead of trying to catch up (no "spiral of death"); `droppedSteps`
 * counts what was dropped. `pause()` stops time, `singleStep()` advances exactly one step.
 *
 * ```ts
 * const runner = new FixedStepRunner({ dt: 1 / 60, step: () => world.step(1 / 60) });
 * function frame(now: number) {
 *   runner.advance((now - last) / 1000);
 *   draw(lerp(previous, current, runner.alpha));
 * }
 * ```
 */
import { PhysicsError } from '../core/errors.js';

/** Options of {@link FixedStepRunner}. */
export interface FixedStepOptions {
  /** the fixed step in seconds, in (0, 1] */
  dt: number;
  /** advances the simulation by one dt */
  step: () => void;
  /** the most steps one `advance` call takes, default 8; the rest of the time is dropped */
  maxStepsPerFrame?: number;
  /** called before each step, e.g. to keep the previous state for interpolation */
  beforeStep?: () => void;
}

/** Advances a simulation at a fixed dt from variable frame times (see the file comment). */
export class FixedStepRunner {
  /** the fixed step, seconds */
  readonly dt: number;
  /** the most steps one frame takes */
  readonly maxStepsPerFrame: number;
  /** steps taken so far */
  stepsTaken = 0;
  /** steps skipped because a frame asked for more than `maxStepsPerFrame` */
  droppedSteps = 0;
  /** fraction of a step elapsed since the last step, for drawing: lerp(previous, current, alpha) */
  alpha = 0;
  private total = 0;
  /** whole steps of the elapsed total already accounted for: taken by `advance` or dropped */
  private credited = 0;
  private isPaused = false;
  private readonly stepFn: () => void;
  private readonly before: (() => void) | undefined;

  constructor(options: FixedStepOptions) {
    const { dt, step } = options;
    if (typeof dt !== 'number' || !(dt > 0 && dt <= 1)) {
      throw new PhysicsError('invalid-argument', `dt: must be a number in (0, 1] seconds, got ${String(dt)}`);
    }
    if (typeof step !== 'function') throw new PhysicsError('invalid-argument', 'step: must be a function');
    const cap = options.maxStepsPerFrame ?? 8;
    if (!Number.isInteger(cap) || cap < 1 || cap > 1000) {
      throw new PhysicsError(
        'invalid-argument',
        `maxStepsPerFrame: must be an integer in [1, 1000], got ${cap}`,
      );
    }
    this.dt = dt;
    this.maxStepsPerFrame = cap;
    this.stepFn = step;
    this.before = options.beforeStep;
  }

  /** Simulated time, seconds (stepsTaken · dt). */
  get time(): number {
    return this.stepsTaken * this.dt;
  }

  /** true while paused */
  get paused(): boolean {
    return this.isPaused;
  }

  /** Stops time: `advance` takes no steps until `resume`. */
  pause(): void {
    this.isPaused = true;
  }

  /** Lets time run again (the paused time is not caught up). */
  resume(): void {
    this.isPaused = false;
  }

  /**
   * Adds `elapsed` seconds of real time and takes the steps that fall into it (at most
   * `maxStepsPerFrame`). Returns the number of steps taken. Paused: takes none.
   */
  advance(elapsed: number): number {
    if (typeof elapsed !== 'number' || !(elapsed >= 0) || !Number.isFinite(elapsed)) {
      throw new PhysicsError(
        'invalid-argument',
        `elapsed: must be a finite number ≥ 0, got ${String(elapsed)}`,
      );
    }
    if (this.isPaused) return 0;
    this.total += elapsed;
    // steps due: whole steps in the elapsed total, with a tolerance of 1e-9 step for round-off
    let n = Math.floor(this.total / this.dt + 1e-9) - this.credited;
    if (n > this.maxStepsPerFrame) {
      this.droppedSteps += n - this.maxStepsPerFrame;
      this.credited += n - this.maxStepsPerFrame;
      n = this.maxStepsPerFrame;
    }
    this.credited += n;
    for (let i = 0; i < n; i++) this.takeStep();
    const frac = this.total / this.dt - this.credited;
    this.alpha = frac <= 0 ? 0 : frac >= 1 ? 1 - Number.EPSILON : frac;
    return n;
  }

  /** Takes exactly one step, paused or not (the playground's "step" button). */
  singleStep(): void {
    // not credited against the elapsed time: the clock keeps its own count
    this.takeStep();
    this.alpha = 0;
  }

  private takeStep(): void {
    this.before?.();
    this.stepFn();
    this.stepsTaken++;
  }
}
