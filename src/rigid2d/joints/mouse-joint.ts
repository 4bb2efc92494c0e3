/** The mouse joint (being written). */
import type { JointKindSolver } from './joint-context.js';

const fail = (): never => {
  throw new Error('rigid2d: the mouse joint solver is not yet implemented');
};
export const mouseJointSolver: JointKindSolver = {
  prepare: fail,
  warmStart: fail,
  solve: fail,
  reaction: fail,
};
