import { World } from '../../src/rigid2d/index.js';

/**
 * The joint allocation tests' scene: a hanging chain of 100 revolute links (limits on, a holding
 * motor at the top) plus a prismatic slider and a weld — 102 joints — sleeping off, at rest.
 */
export function hangingJointChain(): World {
  const world = new World({ gravity: [0, -10], enableSleep: false });
  const ground = world.createBody({ type: 'static' });
  let prev = ground;
  for (let i = 0; i < 100; i++) {
    const link = world.createBody({ position: [0, -0.5 * i - 0.25], angle: -Math.PI / 2 });
    world.createShape(link, { kind: 'box', halfWidth: 0.25, halfHeight: 0.05, density: 1 });
    world.createJoint({
      kind: 'revolute',
      bodyA: prev,
      bodyB: link,
      localAnchorA: i === 0 ? [0, 0] : [0.25, 0],
      localAnchorB: [-0.25, 0],
      referenceAngle: i === 0 ? -Math.PI / 2 : 0,
      enableLimit: i > 0,
      lowerAngle: -1,
      upperAngle: 1,
      enableMotor: i === 0,
      motorSpeed: 0,
      maxMotorTorque: 10,
    });
    prev = link;
  }
  const slider = world.createBody({ position: [-3, 0] });
  world.createShape(slider, { kind: 'box', halfWidth: 0.2, halfHeight: 0.2, density: 1 });
  world.createJoint({
    kind: 'prismatic',
    bodyA: ground,
    bodyB: slider,
    localAxisA: [0, 1],
    localAnchorA: [-3, 0],
    enableLimit: true,
    lowerTranslation: -0.5,
    upperTranslation: 0,
  });
  const welded = world.createBody({ position: [-3, 1] });
  world.createShape(welded, { kind: 'circle', radius: 0.2, density: 1 });
  world.createJoint({ kind: 'weld', bodyA: slider, bodyB: welded, localAnchorA: [0, 1] });
  return world;
}
