/**
 * The shared rigid-dynamics pieces: typed-array growth, the slot store's handles and deterministic
 * reuse, persistent islands (merge at once, split lazily), soft-constraint coefficients, contact
 * edge lists against a plain model under random add / swap-remove, and pooled event lists.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grow } from '../../src/core/grow.js';
import { EdgeLists } from '../../src/dynamics/edge-lists.js';
import { EventPool } from '../../src/dynamics/event-pool.js';
import { IslandStore, makeSoftness, SlotStore } from '../../src/dynamics/index.js';

describe('grow', () => {
  it('copies into a longer array of the same type', () => {
    const a = Int32Array.of(3, -1, 4);
    const b = grow(a, 8);
    expect(b).toBeInstanceOf(Int32Array);
    expect(Array.from(b)).toEqual([3, -1, 4, 0, 0, 0, 0, 0]);
    expect(grow(new Float64Array([0.5]), 2)).toBeInstanceOf(Float64Array);
  });
});

describe('SlotStore', () => {
  it('hands out slots in order, bumps the generation on free and reuses the lowest freed slot first', () => {
    const s = new SlotStore();
    const ids = Array.from({ length: 20 }, () => s.allocate());
    expect(ids).toEqual([...Array(20).keys()]);
    expect(s.capacity).toBe(32);
    s.free(7);
    s.free(3);
    s.free(12);
    expect(s.alive[3]).toBe(0);
    expect(s.generation[3]).toBe(1);
    expect([s.allocate(), s.allocate(), s.allocate(), s.allocate()]).toEqual([3, 7, 12, 20]);
    expect(s.alive[7]).toBe(1);
    expect(s.generation[7]).toBe(1);
  });
});

describe('IslandStore', () => {
  it('merges islands when contacts begin and splits them lazily into their connected parts', () => {
    const isl = new IslandStore();
    isl.ensureBodies(6);
    for (let b = 0; b < 5; b++) isl.addBody(b);
    isl.noIsland(5);
    // chain 0–1–2 and 3–4
    const edges = new Set(['0,1', '1,2', '3,4']);
    for (const e of edges) {
      const [a, b] = e.split(',').map(Number) as [number, number];
      isl.link(a, b);
    }
    expect(isl.islandOf[0]).toBe(isl.islandOf[2]);
    expect(isl.islandOf[3]).toBe(isl.islandOf[4]);
    expect(isl.islandOf[0]).not.toBe(isl.islandOf[3]);
    expect(isl.islandOf[5]).toBe(-1);
    const k = isl.islandOf[1]!;
    expect(isl.size[k]).toBe(3);
    // the 1–2 contact ends: the island is only marked, then split on demand
    edges.delete('1,2');
    isl.unlink(1, 2);
    expect(isl.removed[k]).toBe(1);
    const parts = isl.split(k, (body, visit) => {
      for (const e of edges) {
        const [a, b] = e.split(',').map(Number) as [number, number];
        if (a === body) visit(b);
        else if (b === body) visit(a);
      }
    });
    expect(parts).toBe(2);
    expect(isl.islandOf[0]).toBe(isl.islandOf[1]);
    expect(isl.islandOf[2]).not.toBe(isl.islandOf[0]);
    expect(isl.removed[isl.islandOf[0]!]).toBe(0);
    isl.removeBody(2);
    expect(isl.islandOf[2]).toBe(-1);
  });
});

describe('makeSoftness', () => {
  it('is rigid at 0 Hz and follows the implicit spring–damper coefficients otherwise', () => {
    const s = { biasRate: 9, massScale: 9, impulseScale: 9 };
    expect(makeSoftness(0, 10, 1 / 60, s)).toEqual({ biasRate: 0, massScale: 1, impulseScale: 0 });
    const hertz = 30;
    const zeta = 10;
    const h = 1 / 240;
    makeSoftness(hertz, zeta, h, s);
    const omega = 2 * Math.PI * hertz;
    const a1 = 2 * zeta + h * omega;
    const a2 = h * omega * a1;
    expect(s.biasRate).toBe(omega / a1);
    expect(s.massScale).toBe(a2 * (1 / (1 + a2)));
    expect(s.impulseScale).toBe(1 / (1 + a2));
    expect(s.massScale + s.impulseScale).toBeCloseTo(1, 15);
  });
});

describe('EdgeLists', () => {
  it('matches a plain model of each body’s contacts under random adds and swap-removes', () => {
    const B = 8;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.nat(B - 1), fc.nat(B - 1), fc.nat()), { maxLength: 200 }),
        (ops) => {
          const edges = new EdgeLists();
          edges.ensureBodies(B);
          // a dense contact store: contact c joins bodyA[c] and bodyB[c]
          const bodyA: number[] = [];
          const bodyB: number[] = [];
          for (const [add, a, b, pick] of ops) {
            if (add || bodyA.length === 0) {
              if (a === b) continue;
              const c = bodyA.length;
              edges.ensureConstraints(c + 1);
              bodyA.push(a);
              bodyB.push(b);
              edges.linkPair(c, a, b);
            } else {
              const c = pick % bodyA.length;
              const last = bodyA.length - 1;
              edges.unlinkPair(c, bodyA[c]!, bodyB[c]!);
              if (c !== last) {
                edges.movePair(last, c, bodyA[last]!, bodyB[last]!);
                bodyA[c] = bodyA[last]!;
                bodyB[c] = bodyB[last]!;
              }
              bodyA.pop();
              bodyB.pop();
            }
          }
          for (let body = 0; body < B; body++) {
            const expected: number[] = [];
            for (let c = 0; c < bodyA.length; c++) {
              if (bodyA[c] === body) expected.push(2 * c);
              if (bodyB[c] === body) expected.push(2 * c + 1);
            }
            const got: number[] = [];
            let prev = -1;
            for (let e = edges.head[body]!; e !== -1; e = edges.next[e]!) {
              expect(edges.prev[e]).toBe(prev);
              prev = e;
              got.push(e);
              const other = (e & 1) === 0 ? bodyB[e >> 1] : bodyA[e >> 1];
              expect(other).not.toBe(body);
            }
            expect(got.sort((x, y) => x - y)).toEqual(expected);
            expect(edges.count[body]).toBe(expected.length);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('walks a body’s newest contact first', () => {
    const edges = new EdgeLists();
    edges.ensureBodies(3);
    edges.ensureConstraints(2);
    edges.linkPair(0, 0, 1);
    edges.linkPair(1, 0, 2);
    const walk: number[] = [];
    for (let e = edges.head[0]!; e !== -1; e = edges.next[e]!) walk.push(e);
    expect(walk).toEqual([2, 0]);
    edges.resetBody(0);
    expect(edges.head[0]).toBe(-1);
    expect(edges.count[0]).toBe(0);
  });
});

describe('EventPool', () => {
  it('reuses the k-th object of the list across steps and makes new ones only to grow', () => {
    let made = 0;
    const pool = new EventPool(() => {
      made++;
      return { a: 0, speed: 0.5 };
    });
    const first = pool.next();
    first.a = 1;
    pool.next().a = 2;
    expect(pool.length).toBe(2);
    expect(pool.events.map((e) => e.a)).toEqual([1, 2]);
    pool.clear();
    expect(pool.length).toBe(0);
    expect(pool.next()).toBe(first);
    pool.next();
    pool.next();
    expect(made).toBe(3);
    expect(pool.events).toHaveLength(3);
  });
});
