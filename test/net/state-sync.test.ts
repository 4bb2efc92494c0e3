/** State synchronisation with prediction and rollback over a lossy simulated network; a hostile client. */
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/math/prng.js';
import { SimulatedNetwork } from '../../src/net/link.js';
import { PushBoxesGame, type PushInput } from '../../src/net/push-boxes.js';
import { PredictingClient, StateServer } from '../../src/net/state-sync.js';

const TICK_MS = 1000 / 60;

function setup(seed: number, conditions = { latencyMs: 50, jitterMs: 25, loss: 0.1 }) {
  const net = new SimulatedNetwork(conditions, seed);
  const server = new StateServer(new PushBoxesGame({ players: 3, crates: 9 }));
  const clients: PredictingClient<PushInput, PushBoxesGame>[] = [];
  for (let k = 0; k < 2; k++) {
    const [c, s] = net.connect();
    clients.push(new PredictingClient(new PushBoxesGame({ players: 3, crates: 9 }), c, { leadTicks: 8 }));
    expect(server.accept(s)).toBe(k);
  }
  return { net, server, clients };
}

function maxDiff(a: Float64Array, b: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

describe('state synchronisation with client-side prediction and rollback', () => {
  it('two clients at 50 ± 25 ms and 10% loss converge to the server state once inputs stop and the boxes come to rest', () => {
    const { net, server, clients } = setup(3);
    const rng = new Prng(5);
    const corrections: number[] = [];
    for (let f = 0; f < 10 * 60; f++) {
      const active = f < 5 * 60;
      clients.forEach((c, k) => {
        if (f % 15 === 0) c.setInput(active ? { x: rng.range(-1, 1), y: rng.range(-1, 1) } : { x: 0, y: 0 });
        c.update();
        if (k === 0 && f > 60 && active) corrections.push(c.lastCorrection);
      });
      server.update();
      net.advance(TICK_MS);
    }
    expect(net.lost).toBeGreaterThan(50);
    for (const c of clients) {
      expect(c.connected).toBe(true);
      expect(c.rollbacks).toBeGreaterThan(100);
      expect(c.resimulated).toBeGreaterThan(c.rollbacks);
      // the client is ahead of the server by its lead; compare with the server at rest
      expect(maxDiff(c.game.positions(), server.game.positions())).toBeLessThan(1e-3);
    }
    // prediction errors while playing: another player's push changes unseen for latency + lead
    // (≈ 14 ticks): at a = F/m ≈ 38 m/s² that is up to ½·a·t² ≈ 1 m; most ticks need far less
    corrections.sort((a, b) => a - b);
    expect(corrections.at(-1)!).toBeLessThan(2);
    expect(corrections[corrections.length >> 1]!).toBeLessThan(0.05);
    // the server's world really moved
    expect(Math.hypot(server.game.positions()[0]! - 5, server.game.positions()[1]!)).toBeGreaterThan(0.3);
  });

  it('a client sees its own input at once, before any server round trip', () => {
    const { net, server, clients } = setup(4, { latencyMs: 100, jitterMs: 0, loss: 0 });
    for (let f = 0; f < 20; f++) {
      for (const c of clients) c.update();
      server.update();
      net.advance(TICK_MS);
    }
    const c = clients[1]!;
    const before = c.game.positions()[2]!;
    c.setInput({ x: 1, y: 0 });
    c.update();
    c.update();
    expect(c.game.positions()[2]!).toBeGreaterThan(before);
    // the server has not heard of it yet (100 ms one way)
    const serverX = server.game.positions()[2]!;
    expect(Math.abs(serverX - before)).toBeLessThan(1e-9);
  });

  it('smoothing spreads a correction over a few ticks', () => {
    const { net, server, clients } = setup(6);
    for (let f = 0; f < 120; f++) {
      clients[0]!.setInput({ x: f % 40 < 20 ? 1 : -1, y: 0 });
      clients[1]!.setInput({ x: 0, y: f % 30 < 15 ? 1 : -1 });
      for (const c of clients) c.update();
      server.update();
      net.advance(TICK_MS);
    }
    const c = clients[0]!;
    const drawn = c.renderPositions();
    expect(drawn.length).toBe(c.game.positions().length);
    expect(maxDiff(drawn, c.game.positions())).toBeLessThan(1);
  });

  it('a hostile client cannot crash the server or change the other players’ world', () => {
    const run = (hostile: boolean) => {
      const net = new SimulatedNetwork({ latencyMs: 20, jitterMs: 10, loss: 0 }, 9);
      const server = new StateServer(new PushBoxesGame({ players: 3, crates: 9 }));
      const [c0, s0] = net.connect();
      const honest = new PredictingClient(new PushBoxesGame({ players: 3, crates: 9 }), c0);
      server.accept(s0);
      const [bad, s1] = net.connect();
      server.accept(s1);
      const rng = new Prng(13);
      const junk = [
        'not json',
        '[]',
        '{"t":"input"}',
        '{"t":"input","tick":-1,"inputs":[{"x":0,"y":0}]}',
        '{"t":"input","tick":1.5,"inputs":[{"x":0,"y":0}]}',
        '{"t":"input","tick":10,"inputs":[{"x":1e9,"y":0}]}',
        '{"t":"input","tick":10,"inputs":[{"x":"1","y":0}]}',
        '{"t":"input","tick":10,"inputs":[{"x":1,"y":0,"player":0}]}',
        '{"t":"input","tick":10,"inputs":[],"player":0}',
        '{"t":"welcome","player":0,"players":3,"tick":0,"dt":0.1,"state":{}}',
        `{"t":"input","tick":10,"inputs":${JSON.stringify(new Array(40).fill({ x: 0, y: 0 }))}}`,
        `{"t":"input","tick":99999999,"inputs":[{"x":1,"y":1}]}`,
        '['.repeat(50_000),
        'x'.repeat(1_000_000),
      ];
      for (let f = 0; f < 300; f++) {
        honest.setInput({ x: f % 60 < 30 ? 1 : -1, y: 0.3 });
        honest.update();
        if (hostile && !bad.closed) {
          for (let k = 0; k < 3; k++) bad.send(junk[rng.int(junk.length)]!);
          // a flood of well-formed, idle inputs
          if (f > 100)
            for (let k = 0; k < 50; k++)
              bad.send(JSON.stringify({ t: 'input', tick: f, inputs: [{ x: 0, y: 0 }] }));
        }
        server.update();
        net.advance(TICK_MS);
      }
      return { server, honest, bad };
    };
    const calm = run(false);
    const attacked = run(true);
    expect(attacked.server.refused).toBeGreaterThan(10);
    expect(attacked.server.kicked).toBe(1);
    expect(attacked.bad.closed).toBe(true);
    expect(attacked.server.game.hash()).toBe(calm.server.game.hash());
    expect(attacked.honest.game.hash()).toBe(calm.honest.game.hash());
  });

  it('a full server turns a connection away', () => {
    const net = new SimulatedNetwork();
    const server = new StateServer(new PushBoxesGame({ players: 1, crates: 0 }));
    const [, a] = net.connect();
    const [cb, b] = net.connect();
    expect(server.accept(a)).toBe(0);
    expect(server.accept(b)).toBe(-1);
    expect(cb.closed).toBe(true);
  });
});
