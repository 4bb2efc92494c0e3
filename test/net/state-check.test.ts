/** The desync check of state sync: the server's hashes agree with the rebuilt snapshots, and a tampered snapshot is caught at its tick. */
import { describe, expect, it } from 'vitest';
import { type Link, SimulatedNetwork } from '../../src/net/link.js';
import { PushBoxesGame, type PushInput } from '../../src/net/push-boxes.js';
import { checkMessage, parseCheckMessage, StateCheckLink } from '../../src/net/state-check.js';
import { PredictingClient, StateServer } from '../../src/net/state-sync.js';

/** Passes messages through, changing the last digit of one body coordinate in the state of `tick`. */
function tamper(inner: Link, tick: number): Link {
  const out: Link = {
    onMessage: null,
    onClose: null,
    send: (t) => inner.send(t),
    close: () => inner.close(),
    get closed() {
      return inner.closed;
    },
  };
  inner.onMessage = (text) => {
    let t = text;
    if (t.startsWith(`{"t":"state","tick":${tick},`))
      t = t.replace(
        /"bodies":\[(-?\d+\.\d*?)(\d)([,\]])/,
        (_m, a, d, c) => `"bodies":[${a}${(Number(d) + 1) % 10}${c}`,
      );
    out.onMessage?.(t);
  };
  return out;
}

function run(tamperAt: number | null) {
  const net = new SimulatedNetwork({ latencyMs: 40, jitterMs: 30, loss: 0 }, 2);
  const server = new StateServer(new PushBoxesGame({ players: 2, crates: 4 }));
  const [c, s] = net.connect();
  server.accept(s);
  const check = new StateCheckLink<PushInput>(
    tamperAt === null ? c : tamper(c, tamperAt),
    new PushBoxesGame({ players: 2, crates: 4 }),
  );
  const mirror = new PushBoxesGame({ players: 2, crates: 4 });
  const client = new PredictingClient(new PushBoxesGame({ players: 2, crates: 4 }), check);
  for (let f = 0; f < 200; f++) {
    client.setInput({ x: f % 50 < 25 ? 1 : -0.5, y: 0.4 });
    client.update();
    server.update();
    if (server.game.tick % 30 === 0) {
      mirror.setState(JSON.parse(JSON.stringify(server.game.getState())));
      s.send(checkMessage(server.game.tick, mirror.hash()));
    }
    net.advance(1000 / 60);
  }
  return { check, client };
}

describe('state-sync desync check', () => {
  it('every check agrees when the snapshots arrive intact (jitter reorders states and checks)', () => {
    const { check, client } = run(null);
    expect(check.checked).toBe(6);
    expect(check.lastGoodTick).toBe(180);
    expect(check.desyncTick).toBeNull();
    expect(client.refused).toBe(0); // the check messages never reach the client
  });

  it('a snapshot with one changed digit is reported at its tick', () => {
    const { check } = run(90);
    expect(check.desyncTick).toBe(90);
    expect(check.checked).toBe(5);
  });

  it('parses only well-formed check messages', () => {
    expect(parseCheckMessage(checkMessage(30, '0123456789abcdef')).ok).toBe(true);
    for (const bad of [
      '{"t":"check","tick":30}',
      '{"t":"check","tick":-1,"hash":"0123456789abcdef"}',
      '{"t":"check","tick":30,"hash":"xyz"}',
      '{"t":"check","tick":30,"hash":"0123456789abcdef","x":1}',
      `{"t":"check","tick":30,"hash":"${'0'.repeat(300)}"}`,
    ])
      expect(parseCheckMessage(bad).ok).toBe(false);
  });
});
