/** Delta-compressed snapshots: the client sees exactly the messages it would have seen in full, in fewer bytes. */
import { describe, expect, it } from 'vitest';
import { DeltaDecodingLink, DeltaEncodingLink } from '../../src/net/delta-link.js';
import { type Link, SimulatedNetwork } from '../../src/net/link.js';
import { PushBoxesGame, type PushInput } from '../../src/net/push-boxes.js';
import { PredictingClient, StateServer } from '../../src/net/state-sync.js';

/** Records every message delivered above `inner`. */
function recorder(inner: Link, seen: string[]): Link {
  const out: Link = {
    onMessage: null,
    onClose: null,
    send: (t) => inner.send(t),
    close: () => inner.close(),
    get closed() {
      return inner.closed;
    },
  };
  inner.onMessage = (t) => {
    seen.push(t);
    out.onMessage?.(t);
  };
  return out;
}

function run(delta: boolean) {
  // a WebSocket's path: late but ordered and lossless
  const net = new SimulatedNetwork({ latencyMs: 30 }, 4);
  const server = new StateServer(new PushBoxesGame({ players: 2, crates: 9 }));
  const [c, s] = net.connect();
  const enc = new DeltaEncodingLink(s);
  server.accept(delta ? enc : s);
  const dec = new DeltaDecodingLink(c);
  const seen: string[] = [];
  const client = new PredictingClient(
    new PushBoxesGame({ players: 2, crates: 9 }),
    recorder(delta ? dec : c, seen),
  );
  for (let f = 0; f < 400; f++) {
    client.setInput(f < 200 ? { x: f % 50 < 25 ? 1 : -1, y: 0.5 } : { x: 0, y: 0 });
    client.update();
    server.update();
    net.advance(1000 / 60);
  }
  return { client, seen, enc, dec };
}

describe('delta-compressed snapshots', () => {
  it('rebuild every state message exactly, in a fraction of the bytes', () => {
    const plain = run(false);
    const packed = run(true);
    expect(packed.seen).toEqual(plain.seen);
    expect(packed.client.game.hash()).toBe(plain.client.game.hash());
    expect(packed.dec.refused).toBe(0);
    expect(packed.enc.deltas).toBeGreaterThan(150);
    // playing, most crates rest asleep; after the inputs stop, everything does
    expect(packed.enc.charsAfter / packed.enc.charsBefore).toBeLessThan(0.6);
    // what the client received is what the server sent (less the last message or two in flight)
    expect(packed.dec.charsIn).toBeLessThanOrEqual(packed.enc.charsAfter);
    expect(packed.dec.charsIn).toBeGreaterThan(0.97 * packed.enc.charsAfter);
  });

  it('drops a delta without its baseline or with malformed changes', () => {
    const net = new SimulatedNetwork();
    const [c, s] = net.connect();
    const dec = new DeltaDecodingLink(c);
    const got: string[] = [];
    dec.onMessage = (t) => got.push(t);
    const state = (tick: number) =>
      JSON.stringify({ t: 'state', tick, ack: -1, inputs: [], state: { tick, bodies: [1, 2, 3] } });
    const delta = (o: object) =>
      JSON.stringify({ t: 'delta', tick: 3, ack: -1, inputs: [], base: 2, d: [0, 5], ...o });
    s.send(delta({})); // no baseline yet
    s.send(state(2));
    s.send(delta({ d: [9, 1] })); // index out of range
    s.send(delta({ d: [0] })); // odd length
    s.send(delta({ d: [1, { x: 1 }] })); // not a leaf
    s.send(delta({ base: 1 })); // another baseline
    s.send(delta({ d: [2, 7] })); // leaf 0 is state.tick: leaf 2 is bodies[1]
    net.advance(1);
    expect(dec.refused).toBe(5);
    expect(got).toEqual([
      state(2),
      JSON.stringify({ t: 'state', tick: 3, ack: -1, inputs: [], state: { tick: 2, bodies: [1, 7, 3] } }),
    ]);
  });
});
