/** The prismatic joint (being written). */
import type { JointKindSolver } from './joint-context.js';

const fail = (): never => {
  throw new Error('rigid2d: the prismatic joint solver is not yet implemented');
};
export const prismaticJointSolver: JointKindSolver = {
  prepare: fail,
  warmStart: fail,
  solve: fail,
  reaction: fail,
};
