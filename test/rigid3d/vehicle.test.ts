import { describe, expect, it } from 'vitest';
import { Heightfield3 } from '../../src/geometry/shapes3d.js';
import { type BodyId3, RaycastVehicle3, type WheelDef3, World3 } from '../../src/rigid3d/index.js';

const DT = 1 / 60;
const MASS = 1200; // chassis 4 × 1 × 2 m at 150 kg/m³
const K = 30000;
const G = 10;

/** A car: a 4 m × 2 m chassis, four wheels at (±0.8, 0, ±1.3), rear-wheel drive, front steering. */
function car(world: World3, position: [number, number, number], extra: Partial<WheelDef3> = {}) {
  const chassis = world.createBody({ position, sleepEnabled: false });
  world.createShape(chassis, { kind: 'box', halfExtents: [1, 0.25, 2], density: MASS / 4, friction: 0.5 });
  const wheels: WheelDef3[] = [];
  for (const z of [1.3, -1.3])
    for (const x of [0.8, -0.8])
      wheels.push({
        position: [x, -0.25, z],
        radius: 0.35,
        restLength: 0.4,
        stiffness: K,
        damping: 4000,
        friction: 1,
        steered: z > 0,
        driven: z < 0,
        ...extra,
      });
  const vehicle = new RaycastVehicle3(world, { chassis, wheels, engineTorque: 500, brakeTorque: 2000 });
  return { chassis, vehicle };
}

function flat(): World3 {
  const w = new World3({ gravity: [0, -G, 0] });
  const g = w.createBody({ type: 'static' });
  w.createShape(g, { kind: 'box', halfExtents: [500, 0.5, 500], position: [0, -0.5, 0], friction: 1 });
  return w;
}

function drive(w: World3, v: RaycastVehicle3, seconds: number, each?: () => void): void {
  for (let s = 0; s < seconds / DT; s++) {
    each?.();
    v.update(DT);
    w.step(DT);
  }
}

function yaw(w: World3, id: BodyId3): number {
  const [x, y, z, ww] = w.getOrientation(id);
  // heading of the chassis' +z axis in the x–z plane
  const fx = 2 * (x * z + ww * y);
  const fz = 1 - 2 * (x * x + y * y);
  return Math.atan2(fx, fz);
}

describe('ray-cast vehicle', () => {
  it('at rest each spring is compressed by m·g/(4k) (within 2%)', () => {
    const w = flat();
    const { vehicle } = car(w, [0, 1, 0]);
    expect(w.getMass(vehicle.chassis)).toBeCloseTo(MASS, 6);
    drive(w, vehicle, 5);
    const expected = (MASS * G) / (4 * K);
    for (const wh of vehicle.wheels) {
      expect(wh.contact).toBe(true);
      expect(Math.abs(wh.compression - expected) / expected).toBeLessThan(0.02);
    }
    expect(Math.abs(vehicle.forwardSpeed())).toBeLessThan(1e-3);
  });

  it('accelerates with the engine torque: a = 2·T/(r·m) on two driven wheels', () => {
    const w = flat();
    const { vehicle } = car(w, [0, 0.9, 0]);
    drive(w, vehicle, 2);
    vehicle.setInput({ throttle: 1 });
    drive(w, vehicle, 2);
    const a = (2 * 500) / (0.35 * MASS);
    const rolling = 0.01 * G;
    // two seconds of full throttle (rolling resistance and pitch settle take a little)
    expect(vehicle.forwardSpeed()).toBeGreaterThan(0.9 * 2 * (a - rolling));
    expect(vehicle.forwardSpeed()).toBeLessThan(1.02 * 2 * a);
  });

  it('brakes to a stop and stays stopped', () => {
    const w = flat();
    const { vehicle, chassis } = car(w, [0, 0.9, 0]);
    drive(w, vehicle, 1);
    w.setLinearVelocity(chassis, [0, 0, 15]);
    vehicle.setInput({ brake: 1 });
    const z0 = w.getPosition(chassis)[2];
    drive(w, vehicle, 4);
    expect(Math.abs(vehicle.forwardSpeed())).toBeLessThan(0.02);
    // four braked wheels: 4·2000/0.35 N ≫ μ m g, so friction limits: distance ≥ v²/(2 μ g)
    const d = w.getPosition(chassis)[2] - z0;
    expect(d).toBeGreaterThan((15 * 15) / (2 * 1 * G) - 0.5);
    expect(d).toBeLessThan(((15 * 15) / (2 * 1 * G)) * 1.6);
    drive(w, vehicle, 1);
    expect(Math.abs(w.getPosition(chassis)[2] - z0 - d)).toBeLessThan(0.05);
  });

  it('turns with the steering: positive steer turns the heading towards +x, negative towards −x', () => {
    for (const steer of [1, -1]) {
      const w = flat();
      const { vehicle, chassis } = car(w, [0, 0.9, 0]);
      drive(w, vehicle, 1);
      vehicle.setInput({ throttle: 0.5, steer });
      drive(w, vehicle, 3);
      const h = yaw(w, chassis);
      expect(Math.sign(h)).toBe(steer);
      expect(Math.abs(h)).toBeGreaterThan(0.3);
      const p = w.getPosition(chassis);
      expect(Math.sign(p[0])).toBe(steer);
    }
  });

  it('drives over a heightfield: wheels keep the ground, the chassis stays above it and upright', () => {
    const w = new World3({ gravity: [0, -G, 0] });
    const n = 41;
    const spacing = 2;
    const heights: number[] = [];
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++)
        heights.push(0.5 * Math.sin(0.25 * c) * Math.cos(0.3 * r) + 0.1 * Math.sin(0.9 * c + 0.4 * r));
    const ground = w.createBody({ type: 'static' });
    const hf = new Heightfield3(n, n, heights, spacing);
    w.createShape(ground, { kind: 'geometry', shape: hf, friction: 1 });
    const { vehicle, chassis } = car(w, [0, 2.5, -20]);
    let lowest = Number.POSITIVE_INFINITY;
    let contacts = 0;
    let frames = 0;
    drive(w, vehicle, 8, () => {
      // a cruise at about 8 m/s
      vehicle.setInput({ throttle: vehicle.forwardSpeed() < 8 ? 0.6 : 0, steer: 0.3 * Math.sin(w.time) });
      const p = w.getWorldCenter(chassis);
      const hit = w.rayCast([p[0], p[1] + 5, p[2]], [p[0], p[1] - 10, p[2]], {
        predicate: (s) => w.getShapeBody(s) === ground,
      });
      if (hit) lowest = Math.min(lowest, p[1] - hit.point[1]);
      for (const wh of vehicle.wheels) if (wh.contact) contacts++;
      frames++;
    });
    // the chassis centre stayed above the ground by more than its half-height
    expect(lowest).toBeGreaterThan(0.25);
    // the wheels touched the ground nearly all the time
    expect(contacts / (4 * frames)).toBeGreaterThan(0.9);
    const q = w.getOrientation(chassis);
    const upY = 1 - 2 * (q[0] * q[0] + q[2] * q[2]);
    expect(upY).toBeGreaterThan(0.8);
    // and it got somewhere
    const p = w.getPosition(chassis);
    expect(Math.hypot(p[0], p[2] + 20)).toBeGreaterThan(15);
  });

  it('refuses bad definitions, naming the field', () => {
    const w = flat();
    const chassis = w.createBody({ position: [0, 1, 0] });
    w.createShape(chassis, { kind: 'box', halfExtents: [1, 0.25, 2] });
    expect(() => new RaycastVehicle3(w, { chassis, wheels: [] })).toThrow(/vehicle\.wheels/);
    expect(
      () => new RaycastVehicle3(w, { chassis, wheels: [{ position: [0, 0, 0], stiffness: -1 }] }),
    ).toThrow(/vehicle\.wheels\[0\]\.stiffness: must be > 0/);
    expect(() => new RaycastVehicle3(w, { chassis, wheels: [{ position: [0, Number.NaN, 0] }] })).toThrow(
      /vehicle\.wheels\[0\]\.position\[1\]/,
    );
    expect(
      () => new RaycastVehicle3(w, { chassis, wheels: [{ position: [0, 0, 0] }], forward: [1, 1, 0] }),
    ).toThrow(/vehicle\.forward: must be a unit vector/);
    const ground = w.createBody({ type: 'static' });
    expect(() => new RaycastVehicle3(w, { chassis: ground, wheels: [{ position: [0, 0, 0] }] })).toThrow(
      /vehicle\.chassis/,
    );
    const v = new RaycastVehicle3(w, { chassis, wheels: [{ position: [0, 0, 0] }] });
    expect(() => v.setInput({ throttle: Number.NaN })).toThrow(/input\.throttle/);
    expect(() => v.update(0)).toThrow(/update\(dt\)/);
  });
});
