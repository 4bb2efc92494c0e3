/**
 * The constraint graph colouring (constraint-graph.ts; Box2D v3's constraint_graph.c): no colour
 * holds two constraints that share a dynamic body, static bodies never block a colour, what fits no
 * colour overflows, colours persist while a constraint stays active, and the colouring (and the
 * state) is the same run after run through creation, destruction, sleep and waking, and after a
 * snapshot restore.
 */
import { describe, expect, it } from 'vitest';
import type { World } from '../../src/rigid2d/index.js';
import { ground, jointScene, pyramidScene, sleepScene } from './scenes-threads.js';

/** For each colour group of the last solve: the list of (bodyA, bodyB) slots of its contacts, then of its joints. */
function groups(world: World): { contacts: number[][][]; joints: number[][][] } {
  const s = world.scratch;
  const g = s.graph;
  const cs = world.contactStore;
  const js = world.joints;
  const out = { contacts: [] as number[][][], joints: [] as number[][][] };
  for (let k = 0; k <= g.colors; k++) {
    const c: number[][] = [];
    for (let i = g.contactStart[k]!; i < g.contactStart[k + 1]!; i++) {
      const slot = s.active[i]!;
      c.push([cs.bodyA[slot]!, cs.bodyB[slot]!]);
    }
    out.contacts.push(c);
    const j: number[][] = [];
    for (let i = g.jointStart[k]!; i < g.jointStart[k + 1]!; i++) {
      const slot = s.jointList[i]!;
      j.push([js.bodyA[slot]!, js.bodyB[slot]!]);
    }
    out.joints.push(j);
  }
  return out;
}

/** Throws unless no colour (groups 1 …; group 0 is the overflow) uses a dynamic body twice. */
function expectProperColouring(world: World): void {
  const dynamic = (b: number) => world.bodies.invMass[b]! > 0;
  const gr = groups(world);
  for (const kind of [gr.contacts, gr.joints]) {
    for (let k = 1; k < kind.length; k++) {
      const seen = new Set<number>();
      for (const [a, b] of kind[k]!) {
        for (const body of [a!, b!]) {
          if (!dynamic(body)) continue;
          expect(seen.has(body), `colour ${k - 1} uses body ${body} twice`).toBe(false);
          seen.add(body);
        }
      }
    }
  }
}

/** Each active contact's colour group by its shape pair. */
function colourByPair(world: World): Map<string, number> {
  const s = world.scratch;
  const g = s.graph;
  const cs = world.contactStore;
  const m = new Map<string, number>();
  for (let k = 0; k <= g.colors; k++) {
    for (let i = g.contactStart[k]!; i < g.contactStart[k + 1]!; i++) {
      const c = s.active[i]!;
      m.set(`${cs.shapeA[c]}:${cs.shapeB[c]}`, k);
    }
  }
  return m;
}

describe('rigid2d constraint graph colouring', () => {
  it('no colour holds two constraints on one dynamic body (pyramid, chain and joint grid)', () => {
    for (const world of [pyramidScene({ workerCount: 1 }), jointScene({ workerCount: 1 })]) {
      for (let s = 0; s < 60; s++) {
        world.step(1 / 60);
        expectProperColouring(world);
      }
      const g = world.scratch.graph;
      // everything fits the 24 colours: the overflow is empty
      expect(g.contactStart[1]).toBe(0);
      expect(g.jointStart[1]).toBe(0);
    }
  });

  it('static bodies never block a colour: boxes resting side by side on the ground share one colour', () => {
    const world = ground({ workerCount: 1, enableSleep: false });
    for (let i = 0; i < 20; i++) {
      const b = world.createBody({ position: [i * 2, 0.5] });
      world.createShape(b, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5 });
    }
    for (let s = 0; s < 10; s++) world.step(1 / 60);
    const gr = groups(world);
    const used = gr.contacts.map((c, k) => [k, c.length]).filter(([, n]) => n! > 0);
    // the 20 ground contacts are all in the last colour (constraints with a static body take the
    // colours from the last down, and the shared ground blocks none of them)
    expect(used).toEqual([[world.scratch.graph.colors, 20]]);
  });

  it('constraints that fit no colour go to the overflow, solved first; the rest stays properly coloured', () => {
    const world = pyramidScene({ workerCount: 1 }, 10);
    world.scratch.graph.colors = 2;
    for (let s = 0; s < 30; s++) {
      world.step(1 / 60);
      expectProperColouring(world);
    }
    const g = world.scratch.graph;
    expect(g.contactStart[1]).toBeGreaterThan(0); // overflow in use
    expect(g.contactStart[3]).toBe(world.lastStep.activeContacts);
    // the pyramid still stands
    let top = 0;
    for (let i = 0; i < world.bodies.count; i++) top = Math.max(top, world.bodies.cy[i]!);
    expect(top).toBeGreaterThan(9);
  });

  it('colours persist: a contact still touching keeps its colour the next step', () => {
    const world = pyramidScene({ workerCount: 1 }, 12);
    world.step(1 / 60);
    world.step(1 / 60);
    let before = colourByPair(world);
    let kept = 0;
    let total = 0;
    for (let s = 0; s < 60; s++) {
      world.step(1 / 60);
      const now = colourByPair(world);
      for (const [pair, k] of now) {
        const was = before.get(pair);
        if (was === undefined) continue;
        total++;
        if (was === k) kept++;
      }
      before = now;
    }
    expect(total).toBeGreaterThan(60 * 200);
    expect(kept).toBe(total);
  });

  it('is deterministic through creation, destruction, sleep and waking, and after a snapshot restore', () => {
    // restoreAt: the state is saved there and restored into a fresh world built the same way
    const run = (restoreAt: number) => {
      let { world, script } = sleepScene({ workerCount: 1 });
      const hashes: string[] = [];
      const colours: string[] = [];
      for (let s = 0; s < 320; s++) {
        if (s === restoreAt) {
          const bytes = world.snapshot();
          const fresh = sleepScene({ workerCount: 1 });
          fresh.world.restore(bytes);
          world = fresh.world;
          script = fresh.script; // its handles are the same slots in the fresh world
        }
        script(s);
        world.step(1 / 60);
        hashes.push(world.stateHash());
        colours.push(JSON.stringify(groups(world).contacts.map((c) => c.length)));
      }
      const awake = Array.from(world.bodies.awake.subarray(0, world.bodies.count));
      return { hashes, colours, asleep: awake.filter((a) => a === 0).length };
    };
    const a = run(-1);
    const b = run(-1);
    expect(b.hashes).toEqual(a.hashes);
    expect(b.colours).toEqual(a.colours);
    expect(a.asleep).toBeGreaterThan(0);
    // restored after the joint's life (steps 190–230), before the stack is put to sleep (260)
    const c = run(240);
    expect(c.hashes.slice(240)).toEqual(a.hashes.slice(240));
    expect(c.colours).toEqual(a.colours);
  });
});
