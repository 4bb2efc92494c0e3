/**
 * The threaded solve's blocks (solver-threads.ts): each stage's range — a colour's contacts or
 * joints, the awake bodies, the contacts to prepare and store — is cut into fixed blocks that the
 * threads take in turn, and the narrowphase's listed pairs are taken one by one while the collide
 * loop runs. The small scenes of threads.test.ts fit a colour in one block; this one is large
 * enough for many blocks per stage at the default thresholds: a base-30 pyramid (about 1,300
 * contacts) with a 10×10 net of discs joined by revolute joints dropped on it (180 joints, and
 * contacts that begin while it lands). The state is the same bit for bit on 1, 2 and 4 threads,
 * and the workers really take part (blocks done, manifolds handed to the loop); the calling
 * thread's profile of the threaded jobs (`world.threads.timing`) times every threaded step.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type BodyId, World, type WorldDef } from '../../src/rigid2d/index.js';
import { nodeSolverThreads } from '../../src/sim/node-threads.js';
import { pyramid } from './helpers.js';

const threads = nodeSolverThreads();
const live: World[] = [];

afterAll(() => {
  for (const w of live) w.dispose();
});

/** The pyramid on the ground and the net of discs above it (sleeping off). */
function scene(def: WorldDef): World {
  const world = new World({ enableSleep: false, ...def });
  const g = world.createBody({ type: 'static' });
  world.createShape(g, { kind: 'box', halfWidth: 100, halfHeight: 0.5, center: [0, -0.5] });
  pyramid(world, 30);
  const net: BodyId[][] = [];
  for (let i = 0; i < 10; i++) {
    net.push([]);
    for (let j = 0; j < 10; j++) {
      const b = world.createBody({ position: [-5 + i, 33 + j] });
      world.createShape(b, { kind: 'circle', radius: 0.4 });
      net[i]!.push(b);
      if (i > 0)
        world.createJoint({
          kind: 'revolute',
          bodyA: net[i - 1]![j]!,
          bodyB: b,
          localAnchorA: [0.5, 0],
          localAnchorB: [-0.5, 0],
        });
      if (j > 0)
        world.createJoint({
          kind: 'revolute',
          bodyA: net[i]![j - 1]!,
          bodyB: b,
          localAnchorA: [0, 0.5],
          localAnchorB: [0, -0.5],
        });
    }
  }
  return world;
}

interface Pool {
  minPairs: number;
  workerBlocks: number;
  narrowphase: { handed: number };
}

/** Waits (at most 60 s: a worker compiles the sources first) until the world's workers hold its arrays. */
async function ready(world: World): Promise<void> {
  if (!live.includes(world)) live.push(world);
  const until = Date.now() + 60_000;
  while (world.threads.readyWorkers < world.threads.requested - 1 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(world.threads.readyWorkers).toBe(world.threads.requested - 1);
}

const STEPS = 90;

async function run(workerCount: number): Promise<{ hashes: string[]; blocks: number; handed: number }> {
  const world = scene({ workerCount, threads });
  const pool = world.scratch.threads as unknown as Pool | null;
  // the narrowphase job at every step (a settled pyramid keeps most manifolds and lists few pairs)
  if (pool !== null) pool.minPairs = 0;
  world.step(1 / 60);
  if (workerCount > 1) await ready(world);
  // the calling thread's profile of the threaded jobs (it reads the clock: the state is the same)
  if (workerCount > 1) world.threads.timing = true;
  const timedFrom = world.threads.parallelSteps;
  const hashes = [world.stateHash()];
  for (let s = 1; s < STEPS; s++) {
    world.step(1 / 60);
    // a step whose arrays grew runs on the calling thread while the workers take the new ones
    if (workerCount > 1 && world.threads.readyWorkers < workerCount - 1) await ready(world);
    if (s % 10 === 0) hashes.push(world.stateHash());
  }
  hashes.push(world.stateHash());
  const out = { hashes, blocks: pool?.workerBlocks ?? 0, handed: pool?.narrowphase.handed ?? 0 };
  if (workerCount > 1) {
    expect(world.threads.parallelSteps).toBeGreaterThan(STEPS / 2);
    // every threaded step's solve job was timed, and the waits are a part of the jobs' time
    const profile = world.threads.profile!;
    expect(profile.jobs).toBe(world.threads.parallelSteps - timedFrom);
    expect(profile.solveJob).toBeGreaterThan(0);
    expect(profile.waits).toBeLessThanOrEqual(profile.solveJob + profile.narrowphaseJob);
  }
  world.dispose();
  return out;
}

describe('rigid2d threaded solve in blocks', () => {
  it('a base-30 pyramid with a jointed net landing on it: the same state bit for bit on 1, 2 and 4 threads, the workers taking part', async () => {
    const one = await run(1);
    // the scene is past the default threshold of the threaded solve (contacts and joints)
    expect(one.blocks).toBe(0);
    for (const n of [2, 4]) {
      const many = await run(n);
      expect(many.hashes).toEqual(one.hashes);
      expect(many.blocks).toBeGreaterThan(0);
      expect(many.handed).toBeGreaterThan(0);
    }
  }, 240_000);
});
