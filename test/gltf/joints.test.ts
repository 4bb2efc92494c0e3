/**
 * glTF physics joints as rigid3d six-dof joints: a pendulum (linear axes locked, angular free)
 * keeps its length, a velocity drive turns a wheel at its target speed, limits hold.
 */
import { describe, expect, it } from 'vitest';
import { buildGltfPhysicsWorld, importGltfPhysics } from '../../src/gltf/index.js';
import { documentPhysics, nodePhysics, writeGltf } from './make-gltf.js';

/** A pivot (no motion) at (0, 2, 0) and a bob whose child node "top" sits on the pivot. */
async function pendulum(joint: Record<string, unknown>, motion: Record<string, unknown>) {
  const g = await writeGltf((doc) => {
    const scene = doc.createScene();
    scene.addChild(doc.createNode('pivot').setTranslation([0, 2, 0])); // 0
    const bob = doc.createNode('bob').setTranslation([0, 1, 0]); // 1
    bob.addChild(doc.createNode('top').setTranslation([0, 1, 0])); // 2
    scene.addChild(bob);
  });
  documentPhysics(g, [{ type: 'sphere', sphere: { radius: 0.2 } }], { physicsJoints: [joint] });
  nodePhysics(g, 1, { motion: { mass: 2, ...motion }, collider: { geometry: { shape: 0 } } });
  nodePhysics(g, 2, { joint: { connectedNode: 0, joint: 0 } });
  const imp = await importGltfPhysics(g.json);
  return { imp, built: buildGltfPhysicsWorld(imp) };
}

describe('glTF joints', () => {
  it('a ball joint (three linear axes locked) holds a swinging bob 1 m below the pivot', async () => {
    const { built } = await pendulum(
      { limits: [{ linearAxes: [0, 1, 2], min: 0, max: 0 }] },
      { linearVelocity: [2, 0, 0] },
    );
    expect(built.joints.length).toBe(1);
    expect(built.warnings).toEqual([]);
    const w = built.world;
    const bob = built.bodies[0]!;
    let maxX = 0;
    let worst = 0;
    for (let i = 0; i < 120; i++) {
      w.step(1 / 60);
      const p = w.getPosition(bob);
      maxX = Math.max(maxX, p[0]);
      worst = Math.max(worst, Math.abs(Math.hypot(p[0], p[1] - 2, p[2]) - 1));
    }
    // it swings: a 2 m/s push at the bottom lifts it to an angle of about 37°
    expect(maxX).toBeGreaterThan(0.5);
    expect(worst).toBeLessThan(0.01);
  });

  it('an angular velocity drive is the axis motor: the bob spins at the 3 rad/s target about the joint x axis', async () => {
    const { built } = await pendulum(
      {
        limits: [
          { linearAxes: [0, 1, 2], min: 0, max: 0 },
          { angularAxes: [1, 2], min: 0, max: 0 },
        ],
        drives: [{ type: 'angular', mode: 'force', axis: 0, velocityTarget: 3, damping: 1, maxForce: 1000 }],
      },
      {},
    );
    expect(built.warnings).toEqual([]);
    const w = built.world;
    for (let i = 0; i < 90; i++) w.step(1 / 60);
    const om = w.getAngularVelocity(built.bodies[0]!);
    expect(Math.abs(om[0])).toBeCloseTo(3, 1);
    expect(Math.abs(om[1])).toBeLessThan(0.05);
  });

  it('an angular limit holds: the bob swings no further than 0.3 rad about z', async () => {
    const { built } = await pendulum(
      {
        limits: [
          { linearAxes: [0, 1, 2], min: 0, max: 0 },
          { angularAxes: [0, 1], min: 0, max: 0 },
          { angularAxes: [2], min: -0.3, max: 0.3 },
        ],
      },
      { linearVelocity: [1.5, 0, 0] },
    );
    const w = built.world;
    let maxAngle = 0;
    for (let i = 0; i < 120; i++) {
      w.step(1 / 60);
      const p = w.getPosition(built.bodies[0]!);
      maxAngle = Math.max(maxAngle, Math.abs(Math.atan2(p[0], 2 - p[1])));
    }
    expect(maxAngle).toBeGreaterThan(0.25);
    // free, the push would lift it to 0.48 rad
    expect(maxAngle).toBeLessThan(0.3 + 0.03);
  });

  it('what a six-dof joint cannot carry is warned about, naming the node', async () => {
    const { built } = await pendulum(
      {
        limits: [{ linearAxes: [0, 1, 2], max: 0.5 }],
        drives: [{ type: 'linear', mode: 'acceleration', axis: 1, positionTarget: 0, stiffness: 10 }],
      },
      {},
    );
    expect(built.warnings).toEqual([
      'gltf.nodes[2]: joint: a 3-axis linear limit is approximated axis by axis',
      'gltf.nodes[2]: joint: the linear drive on axis 1 is left out (only force-mode velocity drives become motors)',
    ]);
  });
});
