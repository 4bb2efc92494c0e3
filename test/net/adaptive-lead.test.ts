/**
 * The predicting client's lead against the round trip (textbook §26.5, client-side prediction): a
 * client must send its input for tick t before the server simulates tick t, so its lead must cover
 * the round trip plus jitter. A fixed lead of 6 ticks at 100 ± 30 ms one way leaves most of its
 * inputs late (the server holds the previous input over); the adaptive lead grows to cover it.
 */
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/math/prng.js';
import { SimulatedNetwork } from '../../src/net/link.js';
import { PushBoxesGame, type PushInput } from '../../src/net/push-boxes.js';
import { PredictingClient, type PredictingClientOptions, StateServer } from '../../src/net/state-sync.js';

const TICK_MS = 1000 / 60;

function play(options: PredictingClientOptions, seconds = 12) {
  const net = new SimulatedNetwork({ latencyMs: 100, jitterMs: 30, loss: 0.1 }, 11);
  const server = new StateServer(new PushBoxesGame({ players: 2, crates: 4 }));
  const [c, s] = net.connect();
  const client = new PredictingClient<PushInput, PushBoxesGame>(
    new PushBoxesGame({ players: 2, crates: 4 }),
    c,
    options,
  );
  server.accept(s);
  const rng = new Prng(3);
  let lateBefore = 0;
  let ackedBefore = 0;
  const leads: number[] = [];
  for (let f = 0; f < seconds * 60; f++) {
    if (f % 20 === 0) client.setInput({ x: rng.range(-1, 1), y: rng.range(-1, 1) });
    client.update();
    server.update();
    net.advance(TICK_MS);
    if (f === 4 * 60) {
      lateBefore = client.lateStates;
      ackedBefore = client.ackedStates;
    }
    if (f >= 4 * 60) leads.push(client.lead);
  }
  const late = (client.lateStates - lateBefore) / (client.ackedStates - ackedBefore);
  return { client, late, leads };
}

describe('predicting client: the lead covers the round trip', () => {
  it('a fixed 6-tick lead at 100 ± 30 ms: most inputs reach the server too late', () => {
    const { late, client } = play({ leadTicks: 6 });
    expect(client.lead).toBe(6);
    expect(late).toBeGreaterThan(0.5);
  });

  it('the adaptive lead grows to cover the round trip: under 5% of states miss the input, the lead settles', () => {
    const { late, leads, client } = play({ leadTicks: 6, adaptiveLead: { margin: 2 } });
    expect(late).toBeLessThan(0.05);
    // a round trip of 200 ms is 12 ticks; with ±30 ms jitter on each way and the margin, 13–30 ticks
    const last = leads.slice(-120);
    expect(Math.min(...last)).toBeGreaterThanOrEqual(13);
    expect(Math.max(...last)).toBeLessThanOrEqual(30);
    // it settles: the lead changes by at most a few ticks over the last 2 s
    expect(Math.max(...last) - Math.min(...last)).toBeLessThanOrEqual(4);
    expect(client.rollbacks).toBeGreaterThan(100);
  });

  it('on a fast link the adaptive lead shrinks from a generous start', () => {
    const net = new SimulatedNetwork({ latencyMs: 10, jitterMs: 0, loss: 0 }, 2);
    const server = new StateServer(new PushBoxesGame({ players: 2, crates: 4 }));
    const [c, s] = net.connect();
    const client = new PredictingClient<PushInput, PushBoxesGame>(
      new PushBoxesGame({ players: 2, crates: 4 }),
      c,
      {
        leadTicks: 30,
        adaptiveLead: { margin: 2 },
      },
    );
    server.accept(s);
    for (let f = 0; f < 8 * 60; f++) {
      client.update();
      server.update();
      net.advance(TICK_MS);
    }
    expect(client.lead).toBeLessThan(10);
    expect(client.lateStates).toBe(0);
  });

  it('rejects bad adaptive-lead options with the field named', () => {
    const net = new SimulatedNetwork({ latencyMs: 0, jitterMs: 0, loss: 0 }, 1);
    const [c] = net.connect();
    expect(() => new PredictingClient(new PushBoxesGame(), c, { adaptiveLead: { max: -1 } })).toThrow(
      /adaptiveLead\.max/,
    );
    expect(() => new PredictingClient(new PushBoxesGame(), c, { adaptiveLead: { margin: 0.5 } })).toThrow(
      /adaptiveLead\.margin/,
    );
  });
});
