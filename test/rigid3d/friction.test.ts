import { describe, expect, it } from 'vitest';
import { type FrictionModel, World3 } from '../../src/rigid3d/index.js';

/**
 * A box on a fixed slope of angle θ tilted about the axis (cos φ, 0, sin φ)·… : the downhill
 * direction is turned by φ about the vertical. Returns the measured acceleration along the slope.
 */
function slide(theta: number, mu: number, phi: number, friction: FrictionModel): number {
  const world = new World3({ friction, enableSleep: false });
  // slope orientation: first tilt by θ about z, then turn by φ about y
  const qz = [0, 0, Math.sin(theta / 2), Math.cos(theta / 2)];
  const qy = [0, Math.sin(phi / 2), 0, Math.cos(phi / 2)];
  const q = mul(qy, qz) as [number, number, number, number];
  const slope = world.createBody({ type: 'static', orientation: q });
  world.createShape(slope, { kind: 'box', halfExtents: [30, 0.5, 30], position: [0, -0.5, 0], friction: mu });
  // the box sits on the slope's top face, turned with it
  const up = rotate(q, [0, 1, 0]);
  const box = world.createBody({ position: [0.5 * up[0], 0.5 * up[1], 0.5 * up[2]], orientation: q });
  world.createShape(box, { kind: 'box', halfExtents: [0.5, 0.5, 0.5], friction: mu });
  const downhill = rotate(q, [-1, 0, 0]);
  for (let s = 0; s < 30; s++) world.step(1 / 60); // settle into sliding
  const v0 = dot(world.getLinearVelocity(box), downhill);
  const steps = 60;
  for (let s = 0; s < steps; s++) world.step(1 / 60);
  const v1 = dot(world.getLinearVelocity(box), downhill);
  return (v1 - v0) / (steps / 60);
}

function mul(a: number[], b: number[]): number[] {
  const [ax, ay, az, aw] = a as [number, number, number, number];
  const [bx, by, bz, bw] = b as [number, number, number, number];
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}
function rotate(q: number[], v: number[]): number[] {
  const r = mul(mul(q, [v[0]!, v[1]!, v[2]!, 0]), [-q[0]!, -q[1]!, -q[2]!, q[3]!]);
  return [r[0]!, r[1]!, r[2]!];
}
function dot(a: readonly number[], b: readonly number[]): number {
  return a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
}

describe('rigid3d friction: a box slides down a slope with a = g(sin θ − μ cos θ)', () => {
  const theta = Math.PI / 6;
  const mu = 0.2;
  const analytic = 10 * (Math.sin(theta) - mu * Math.cos(theta)); // 3.268 m/s²

  it.each([0, Math.PI / 5, Math.PI / 4])(
    'cone (default), downhill turned %f rad: the analytic acceleration within 1 %',
    (phi) => {
      const a = slide(theta, mu, phi, 'cone');
      expect(Math.abs(a - analytic) / analytic).toBeLessThan(0.01);
    },
  );

  it('a box on a slope steeper than its friction angle slides; below it, it sticks', () => {
    // tan θ = 0.577 > μ = 0.2 slides (above); μ = 0.8 > tan 30° holds it
    const a = slide(theta, 0.8, 0.3, 'cone');
    expect(Math.abs(a)).toBeLessThan(0.01);
  });

  it('the pyramid clamps each tangent on its own: downhill along a tangent it matches the cone', () => {
    const a = slide(theta, mu, 0, 'pyramid');
    expect(Math.abs(a - analytic) / analytic).toBeLessThan(0.01);
    // …but diagonal to the basis it holds up to √2 μλn: the box slides slower (why the cone is the default)
    const diagonal = slide(theta, mu, Math.PI / 4, 'pyramid');
    expect(analytic - diagonal).toBeGreaterThan(0.1 * analytic);
  });
});
