/**
 * The netcode over real WebSockets on loopback: the game server (src/server, on `ws`) on
 * 127.0.0.1 with a free port, and clients in the same process on `ws` sockets wrapped in
 * `WebSocketLink`, with simulated latency, jitter and 10% loss applied client-side
 * (`ConditionedLink`). Both state-sync clients converge to the server's world; the server's hash
 * checks agree; two lockstep peers through the relay end bit-identical. Real time runs here (the
 * server ticks on its clock), so the bounds are generous: convergence within 12 s of the last input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Prng } from '../../src/math/prng.js';
import { ConditionedLink } from '../../src/net/conditioned-link.js';
import { DeltaDecodingLink } from '../../src/net/delta-link.js';
import { joinStateSync } from '../../src/net/join.js';
import { LockstepPeer } from '../../src/net/lockstep.js';
import type { WelcomeMessage } from '../../src/net/protocol.js';
import { PushBoxesGame, type PushInput } from '../../src/net/push-boxes.js';
import { WebSocketLink } from '../../src/net/websocket-link.js';
import { GameServer } from '../../src/server/game-server.js';
import { parseSeatMessage } from '../../src/server/lockstep-relay.js';
import type { StateRoom } from '../../src/server/state-room.js';

const TICK_MS = 1000 / 60;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A push-boxes game like the server's, from its welcome (players, and crates from the state's size). */
function gameFor(w: WelcomeMessage): PushBoxesGame {
  const bodies = (w.state as { bodies: number[] }).bodies.length / 7;
  return new PushBoxesGame({ players: w.players, crates: bodies - w.players });
}

function maxDiff(a: Float64Array, b: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

/** Runs `fn` once per due 1/60 s tick on the wall clock until stopped. */
function ticker(fn: () => void): () => void {
  const t0 = performance.now();
  let done = 0;
  const h = setInterval(() => {
    const due = Math.floor((performance.now() - t0) / TICK_MS);
    if (due - done > 8) done = due - 8;
    while (done < due) {
      fn();
      done++;
    }
  }, 5);
  return () => clearInterval(h);
}

let server: GameServer;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const s = await GameServer.listen({ port: 0, maxClientsPerRoom: 2 });
  server = s.server;
  url = s.url;
  close = async () => {
    await server.close();
    await new Promise((r) => s.http.close(r));
  };
});
afterAll(async () => close?.());

describe('netcode over loopback WebSockets', () => {
  it('two state-sync clients at 50 ± 25 ms with 10% loss converge to the server state', async () => {
    const conditions = { latencyMs: 50, jitterMs: 25, loss: 0.1 };
    const joined = await Promise.all(
      [1, 2].map(async (seed) => {
        // the second client asks for delta-compressed snapshots (decoded below the simulated loss)
        const delta = seed === 2;
        const link = new WebSocketLink(new WebSocket(`${url}?room=converge${delta ? '&delta=1' : ''}`));
        const decoder = delta ? new DeltaDecodingLink(link) : null;
        // the join itself is reliable (as over TCP); the simulated conditions start after it
        const cond = new ConditionedLink(decoder ?? link, { seed });
        const j = await joinStateSync<PushInput, PushBoxesGame>(cond, gameFor, { leadTicks: 8 });
        cond.setConditions(conditions);
        return { ...j, link, cond, decoder };
      }),
    );
    expect(joined.map((j) => j.client.player).sort()).toEqual([0, 1]);
    expect(joined[0]!.welcome.players).toBe(2);
    const room = server.room('converge') as StateRoom;
    expect(room.mode).toBe('state');
    const rng = new Prng(5);
    let frame = 0;
    const stop = ticker(() => {
      frame++;
      for (const j of joined) {
        if (frame % 15 === 0)
          j.client.setInput(frame < 120 ? { x: rng.range(-1, 1), y: rng.range(-1, 1) } : { x: 0, y: 0 });
        j.client.update();
      }
    });
    // play for 2 s, then wait (bounded) until both clients hold the server's world
    while (frame < 120) await sleep(50);
    const t0 = performance.now();
    let converged = false;
    while (!converged && performance.now() - t0 < 12_000) {
      await sleep(100);
      converged = joined.every(
        (j) => maxDiff(j.client.game.positions(), (room.game as PushBoxesGame).positions()) < 1e-3,
      );
    }
    stop();
    expect(converged).toBe(true);
    // the server's world really moved, the links were lossy, the clients rolled back
    const p = (room.game as PushBoxesGame).positions();
    expect(Math.hypot(p[0]! - 5, p[1]!) + Math.hypot(p[2]! + 2.5, p[3]! - 4.33)).toBeGreaterThan(0.3);
    for (const j of joined) {
      expect(j.cond.lost).toBeGreaterThan(10);
      expect(j.client.rollbacks).toBeGreaterThan(30);
      expect(j.client.refused).toBe(0);
      // the hash checks: every snapshot that was checked rebuilt the server's world bit for bit
      expect(j.check.checked).toBeGreaterThanOrEqual(2);
      expect(j.check.desyncTick).toBeNull();
      expect(j.link.bytesReceived).toBeGreaterThan(0);
      j.link.close();
    }
    // the delta-compressed client received its snapshots in far fewer bytes, all applied
    const d = joined[1]!.decoder!;
    expect(d.refused).toBe(0);
    expect(d.states).toBeGreaterThan(30);
    expect(d.charsIn / d.charsOut).toBeLessThan(0.8);
    await sleep(100);
    expect(server.room('converge')).toBeUndefined();
  }, 40_000);

  it('two lockstep peers through the relay at 50 ± 25 ms with 10% loss end bit-identical', async () => {
    const peers = await Promise.all(
      [3, 4].map(async (seed) => {
        const link = new WebSocketLink(new WebSocket(`${url}?room=ls&mode=lockstep`));
        const seat = await new Promise<{ player: number; players: number }>((resolve, reject) => {
          link.onMessage = (text) => {
            const p = parseSeatMessage(text);
            if (p.ok) resolve(p.msg);
            else reject(new Error(p.reason));
          };
        });
        const cond = new ConditionedLink(link, { latencyMs: 50, jitterMs: 25, loss: 0.1, seed });
        const peer = new LockstepPeer(new PushBoxesGame({ players: seat.players, crates: 9 }), {
          player: seat.player,
          inputDelay: 10,
        });
        peer.connect(cond);
        return { peer, link };
      }),
    );
    expect(peers[0]!.peer.game.players).toBe(2);
    const rng = new Prng(9);
    let frame = 0;
    const stop = ticker(() => {
      frame++;
      for (const { peer } of peers) {
        if (frame % 10 === 0 && frame < 150) peer.setInput({ x: rng.range(-1, 1), y: rng.range(-1, 1) });
        if (frame === 150) peer.setInput({ x: 0, y: 0 });
        peer.update();
      }
    });
    while (Math.min(...peers.map((p) => p.peer.game.tick)) < 200) await sleep(50);
    stop();
    const all = peers.map((p) => p.peer);
    const t = Math.min(...all.map((p) => p.game.tick));
    const hashes = all.map((p) => (p as unknown as { hashes: Map<number, string> }).hashes.get(t - 1));
    expect(new Set(hashes).size).toBe(1);
    for (const p of all) expect(p.desyncTick).toBeNull();
    const room = server.room('ls');
    expect(room?.mode).toBe('lockstep');
    // one peer leaving ends the session for the others
    peers[0]!.link.close();
    await sleep(200);
    expect(peers[1]!.link.closed).toBe(true);
    expect(peers[1]!.link.closeCode).toBe(4000);
    expect(server.room('ls')).toBeUndefined();
  }, 40_000);
});
