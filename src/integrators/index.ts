/**
 * rikigaku/integrators — the 26.1 toolbox: ODE steppers over a generic state, closed forms for the
 * linear spring–damper, stability functions R(z), and the Baraff–Witkin implicit Newton step for
 * spring networks.
 */
export { explicitEuler } from './explicit-euler.js';
export { implicitEuler, type NewtonOptions } from './implicit-euler.js';
export { implicitMidpoint } from './implicit-midpoint.js';
export {
  assemble,
  createSpringNetwork,
  implicitEulerNewtonStep,
  type NewtonStepOptions,
  type SpringNetwork,
  type SpringNetworkOptions,
  setSpring,
  springNetworkEnergy,
} from './implicit-spring-network.js';
export {
  INTEGRATOR_NAMES,
  INTEGRATORS,
  type IntegratorId,
  springEnergy,
  springStep,
  springStepMatrix,
} from './linear-spring.js';
export { createOdeScratch, type OdeAccel, type OdeJacobian, type OdeRhs, type OdeScratch } from './ode.js';
export { rk4 } from './rk4.js';
export { semiImplicitEuler } from './semi-implicit-euler.js';
export { amplification, stabilityFunction } from './stability.js';
export { positionVerlet, velocityVerlet } from './verlet.js';
