/**
 * rikigaku/sim — running simulations: the fixed-step runner (accumulator, interpolation alpha,
 * catch-up cap, pause and single step) that the playground, the CLI and the demos share.
 */
export { type FixedStepOptions, FixedStepRunner } from './fixed-step.js';
