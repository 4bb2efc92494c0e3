/** Lockstep over a lossy simulated network: identical states, and a desync caught at its tick. */
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/math/prng.js';
import { SimulatedNetwork } from '../../src/net/link.js';
import { LockstepPeer } from '../../src/net/lockstep.js';
import { PushBoxesGame, type PushInput } from '../../src/net/push-boxes.js';

function session(
  conditions: { latencyMs: number; jitterMs: number; loss: number },
  seed = 1,
  inputDelay = 8,
) {
  const net = new SimulatedNetwork(conditions, seed);
  const peers = [0, 1, 2].map(
    (player) => new LockstepPeer(new PushBoxesGame({ players: 3, crates: 9 }), { player, inputDelay }),
  );
  for (let a = 0; a < peers.length; a++) {
    for (let b = a + 1; b < peers.length; b++) {
      const [la, lb] = net.connect();
      peers[a]!.connect(la);
      peers[b]!.connect(lb);
    }
  }
  const rng = new Prng(seed);
  const input = (): PushInput => ({ x: rng.range(-1, 1), y: rng.range(-1, 1) });
  return { net, peers, input };
}

function frames(s: ReturnType<typeof session>, n: number, hook?: (frame: number) => void) {
  for (let f = 0; f < n; f++) {
    for (const p of s.peers) {
      if (f % 10 === 0) p.setInput(s.input());
      p.update();
    }
    hook?.(f);
    s.net.advance(1000 / 60);
  }
}

describe('lockstep', () => {
  it('three peers at 60 ms ± 30 ms and 10% loss end bit-identical, with no desync', () => {
    const s = session({ latencyMs: 60, jitterMs: 30, loss: 0.1 });
    frames(s, 600);
    // let the last inputs arrive and every peer catch up
    for (let k = 0; k < 60; k++) {
      for (const p of s.peers) p.update();
      s.net.advance(1000 / 60);
    }
    expect(s.net.lost).toBeGreaterThan(100);
    const ticks = s.peers.map((p) => p.game.tick);
    const t = Math.min(...ticks);
    expect(t).toBeGreaterThan(500);
    // compare at a common tick: every peer's recorded hash for it
    const hashes = s.peers.map((p) => (p as unknown as { hashes: Map<number, string> }).hashes.get(t - 1));
    expect(new Set(hashes).size).toBe(1);
    for (const p of s.peers) expect(p.desyncTick).toBeNull();
    // the simulation really moved
    const [x0, y0] = s.peers[0]!.game.getState().bodies;
    expect(Math.hypot(x0! - 5, y0!)).toBeGreaterThan(0.5);
  });

  it('a too short input delay stalls every peer alike (lockstep waits for the slowest input)', () => {
    const s = session({ latencyMs: 60, jitterMs: 30, loss: 0.1 }, 1, 2);
    frames(s, 300);
    const ticks = s.peers.map((p) => p.game.tick);
    expect(Math.max(...ticks)).toBeLessThan(250);
    expect(Math.max(...ticks) - Math.min(...ticks)).toBeLessThanOrEqual(8);
    for (const p of s.peers) expect(p.desyncTick).toBeNull();
  });

  it('an injected perturbation is reported at exactly its tick by the other peers', () => {
    const s = session({ latencyMs: 40, jitterMs: 20, loss: 0.1 }, 7);
    let injectedAt = -1;
    frames(s, 400, () => {
      const g = s.peers[2]!.game;
      if (injectedAt < 0 && g.tick >= 200) {
        // nudge one crate by 1e-9 m before tick g.tick is simulated
        const b = g.bodies[4]!;
        const [x, y] = g.world.getPosition(b);
        g.world.setTransform(b, [x + 1e-9, y], g.world.getAngle(b));
        injectedAt = g.tick;
      }
    });
    expect(injectedAt).toBeGreaterThanOrEqual(200);
    expect(s.peers[0]!.desyncTick).toBe(injectedAt);
    expect(s.peers[1]!.desyncTick).toBe(injectedAt);
    expect(s.peers[2]!.desyncTick).toBe(injectedAt);
  });

  it('ignores malformed and spoofed messages', () => {
    const net = new SimulatedNetwork();
    const peer = new LockstepPeer(new PushBoxesGame({ players: 2, crates: 0 }), { player: 0 });
    const [a, b] = net.connect();
    peer.connect(b);
    for (const junk of [
      'x',
      '{}',
      JSON.stringify({ t: 'ls', from: 0, tick: 5, inputs: [{ x: 0, y: 0 }], hashTick: 0, hashes: [] }),
      JSON.stringify({ t: 'ls', from: 1, tick: 5, inputs: [{ x: 9, y: 0 }], hashTick: 0, hashes: [] }),
      JSON.stringify({ t: 'ls', from: 1, tick: 5, inputs: [], hashTick: 0, hashes: [], extra: 1 }),
      'a'.repeat(100_000),
    ]) {
      a.send(junk);
    }
    net.advance(1);
    expect(peer.refused).toBe(6);
    peer.update();
    expect(peer.game.tick).toBe(3); // the neutral warm-up ticks only: player 1 sent nothing valid
  });
});
