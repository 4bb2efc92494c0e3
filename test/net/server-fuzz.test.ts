/**
 * Bounded, seeded fuzzing of the game server over real sockets on 127.0.0.1: while an honest
 * client plays, attackers connect and send random bytes (raw TCP, and raw bytes inside an open
 * WebSocket), malformed JSON, messages of the wrong schema, oversized messages, floods above the
 * rate limit, binary frames and invalid UTF-8, spoofed message types, and more connections than
 * the room holds. The server must not crash, every attacker must be disconnected or ignored, and
 * the honest client's world — and the server's — must hash exactly as in the same run without
 * attackers. The server runs on a test clock and the test ticks it, waiting for each of the honest
 * client's messages to arrive, so both runs see the same inputs at the same ticks.
 */
import { connect as tcpConnect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Prng } from '../../src/math/prng.js';
import { joinStateSync } from '../../src/net/join.js';
import type { WelcomeMessage } from '../../src/net/protocol.js';
import { PushBoxesGame, type PushInput } from '../../src/net/push-boxes.js';
import { WebSocketLink } from '../../src/net/websocket-link.js';
import { GameServer } from '../../src/server/game-server.js';
import { parseSeatMessage } from '../../src/server/lockstep-relay.js';
import type { StateRoom } from '../../src/server/state-room.js';

const TICK_MS = 1000 / 60;
const TICKS = 300;

function gameFor(w: WelcomeMessage): PushBoxesGame {
  const bodies = (w.state as { bodies: number[] }).bodies.length / 7;
  return new PushBoxesGame({ players: w.players, crates: bodies - w.players });
}

/** Waits (on the event loop, bounded) until `cond` holds. */
async function until(cond: () => boolean, what: string, limitMs = 10_000): Promise<void> {
  const t0 = performance.now();
  while (!cond()) {
    if (performance.now() - t0 > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

interface Attacker {
  kind: string;
  ws: WebSocket | null;
  closeCode: number;
  closed: boolean;
}

async function run(attack: boolean, seed: number) {
  let clock = 0;
  const { server, http, url } = await GameServer.listen({
    port: 0,
    autoTick: false,
    now: () => clock,
    maxClientsPerRoom: 4,
    maxRooms: 4,
    heartbeatMs: 100,
    idleTimeoutMs: 1000,
  });
  cleanups.push(async () => {
    await server.close();
    await new Promise((r) => http.close(r));
  });
  const port = Number(new URL(url).port);
  const link = new WebSocketLink(new WebSocket(`${url}?room=arena`));
  const { client } = await joinStateSync<PushInput, PushBoxesGame>(link, gameFor);
  const honest = server.connections()[0]!;
  const room = server.room('arena') as StateRoom;
  const rng = new Prng(seed);
  const attackers: Attacker[] = [];
  let rawClosed = 0;
  let rawOpened = 0;

  const open = (kind: string, room = 'arena'): Attacker => {
    const ws = new WebSocket(`${url}?room=${room}`);
    const a: Attacker = { kind, ws, closeCode: 0, closed: false };
    ws.on('error', () => {});
    ws.on('close', (code) => {
      a.closed = true;
      a.closeCode = code;
    });
    attackers.push(a);
    return a;
  };
  const whenOpen = (a: Attacker, fn: (ws: WebSocket) => void) => {
    if (a.ws!.readyState === 1) fn(a.ws!);
    else a.ws!.once('open', () => fn(a.ws!));
  };
  const randomBytes = (n: number) => {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) b[i] = rng.int(256);
    return b;
  };
  const idle = (tick: number) => JSON.stringify({ t: 'input', tick, inputs: [{ x: 0, y: 0 }] });
  const junk = [
    'not json',
    '{"t":"input"',
    '[]',
    'null',
    '{"t":"input","tick":-1,"inputs":[{"x":0,"y":0}]}',
    '{"t":"input","tick":3.5,"inputs":[{"x":0,"y":0}]}',
    '{"t":"input","tick":10,"inputs":[{"x":1e308,"y":0}]}',
    '{"t":"input","tick":10,"inputs":[{"x":"1","y":0}]}',
    '{"t":"input","tick":10,"inputs":[{"x":1,"y":0,"player":0}]}',
    '{"t":"input","tick":10,"inputs":[],"player":0}',
    '{"t":"welcome","player":0,"players":4,"tick":0,"dt":0.1,"state":{}}',
    '{"t":"state","tick":99,"ack":0,"inputs":[],"state":{"tick":99,"bodies":[]}}',
    '{"t":"ls","from":0,"tick":5,"inputs":[{"x":1,"y":1}],"hashTick":0,"hashes":[]}',
    '{"__proto__":{"polluted":1},"t":"input","tick":5,"inputs":[{"x":0,"y":0}]}',
    `{"t":"input","tick":10,"inputs":${JSON.stringify(new Array(40).fill({ x: 0, y: 0 }))}}`,
    '['.repeat(4000),
  ];
  const attacks: ((tick: number) => void)[] = [
    // random bytes on a raw TCP connection (not even HTTP)
    () => {
      rawOpened++;
      const s = tcpConnect(port, '127.0.0.1', () => s.write(randomBytes(1 + rng.int(2000))));
      s.on('error', () => {});
      s.on('close', () => rawClosed++);
      s.setTimeout(3000, () => s.destroy());
    },
    // a handshake, then random bytes straight onto the socket (invalid frames)
    () =>
      whenOpen(open('raw frames'), (ws) => {
        (ws as unknown as { _socket: { write(b: Buffer): void } })._socket.write(
          randomBytes(64 + rng.int(512)),
        );
      }),
    // malformed JSON and wrong schemas, more than the strike limit
    () =>
      whenOpen(open('malformed'), (ws) => {
        for (let k = 0; k < 40; k++) ws.send(junk[rng.int(junk.length)]!);
      }),
    // oversized text (over maxPayload)
    () => whenOpen(open('oversized'), (ws) => ws.send('x'.repeat(9000 + rng.int(100_000)))),
    // a flood of well-formed idle inputs far above the rate limit
    (tick) =>
      whenOpen(open('flood'), (ws) => {
        for (let k = 0; k < 600; k++) ws.send(idle(tick + 1));
      }),
    // binary frames
    () => whenOpen(open('binary'), (ws) => ws.send(randomBytes(32), { binary: true })),
    // invalid UTF-8 in a text frame
    () =>
      whenOpen(open('bad utf-8'), (ws) => ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false })),
    // bad room names, unknown modes, a full room, too many rooms
    () => {
      const bad = [
        '?room=../../etc',
        '?room=a&mode=chaos',
        `?room=${'r'.repeat(40)}`,
        '?room=arena&mode=lockstep',
      ];
      for (const q of [...bad, `?room=side${rng.int(8)}`]) {
        const ws = new WebSocket(`${url}${q}`);
        const a: Attacker = { kind: 'bad upgrade', ws, closeCode: 0, closed: false };
        ws.on('error', () => {});
        ws.on('close', (code) => {
          a.closed = true;
          a.closeCode = code;
        });
        attackers.push(a);
      }
    },
  ];

  for (let f = 0; f < TICKS; f++) {
    client.setInput(f < 220 ? { x: f % 60 < 30 ? 1 : -1, y: f % 45 < 20 ? 0.5 : -0.3 } : { x: 0, y: 0 });
    client.update();
    await until(() => honest.messagesIn === link.messagesSent, 'the honest input');
    if (attack && f >= 10 && f < 200 && f % 4 === 0) attacks[rng.int(attacks.length)]!(f);
    if (attack && f % 4 === 2) await new Promise((r) => setTimeout(r, 2)); // let the attacks land
    server.tick();
    clock += TICK_MS;
    await until(() => link.messagesReceived === honest.messagesOut, 'the honest client’s state');
  }
  // the last attackers get answered before we look
  if (attack)
    await until(
      () => attackers.every((a) => a.closed) && rawClosed === rawOpened,
      'every attacker to end',
      10_000,
    );
  return { server, room, client, attackers, rawOpened, link, url };
}

describe('the game server under attack', () => {
  it('survives random bytes, malformed, oversized, flooding and binary clients; the honest world is unchanged', async () => {
    const calm = await run(false, 11);
    const calmServer = calm.room.game.hash();
    const calmClient = calm.client.game.hash();
    const attacked = await run(true, 11);
    // the honest client's world and the server's are exactly those of the calm run
    expect(attacked.room.game.hash()).toBe(calmServer);
    expect(attacked.client.game.hash()).toBe(calmClient);
    expect(attacked.client.refused).toBe(0);
    expect(attacked.link.closed).toBe(false);
    // every attacker was disconnected (or turned away at the upgrade), each for its reason
    const byKind = new Map<string, number[]>();
    for (const a of attacked.attackers) byKind.set(a.kind, [...(byKind.get(a.kind) ?? []), a.closeCode]);
    expect(attacked.attackers.length).toBeGreaterThan(30);
    for (const a of attacked.attackers) expect(a.closed).toBe(true);
    const codes = (k: string) => new Set(byKind.get(k) ?? []);
    if (byKind.has('oversized')) expect(codes('oversized')).toEqual(new Set([1009]));
    if (byKind.has('binary')) expect(codes('binary')).toEqual(new Set([1003]));
    if (byKind.has('bad utf-8')) expect(codes('bad utf-8')).toEqual(new Set([1007]));
    if (byKind.has('flood')) expect(codes('flood')).toEqual(new Set([1008]));
    if (byKind.has('malformed')) expect(codes('malformed')).toEqual(new Set([1008]));
    if (byKind.has('raw frames'))
      for (const c of codes('raw frames')) expect([1002, 1006, 1009]).toContain(c);
    expect(byKind.size).toBeGreaterThanOrEqual(7);
    const stats = attacked.server.stats();
    expect(stats.kicked).toBeGreaterThan(10);
    expect(stats.timedOut).toBeGreaterThan(0); // the silent ones (a room of their own, a half frame)
    expect(stats.rejected).toBeGreaterThan(3);
    expect(stats.connections).toBe(1);
    expect(attacked.rawOpened).toBeGreaterThan(0); // and each raw TCP connection was dropped (waited for above)
    // and it still serves: a new client joins and is welcomed
    const fresh = new WebSocketLink(new WebSocket(`${attacked.url}?room=arena`));
    const joined = await joinStateSync<PushInput, PushBoxesGame>(fresh, gameFor);
    expect(joined.client.player).toBeGreaterThan(0);
    fresh.close();
  }, 90_000);
});

describe('the game server’s limits', () => {
  it('drops a client that answers no heartbeat, turns away what is over a cap, and keeps rooms apart', async () => {
    const { server, http, url } = await GameServer.listen({
      port: 0,
      maxClientsPerRoom: 2,
      maxConnectionsPerAddress: 4,
      maxRooms: 2,
      heartbeatMs: 150,
    });
    cleanups.push(async () => {
      await server.close();
      await new Promise((r) => http.close(r));
    });
    const outcome = (ws: WebSocket) =>
      new Promise<string>((resolve) => {
        ws.on('unexpected-response', (_req, res) => resolve(`http ${res.statusCode}`));
        ws.on('error', () => {});
        ws.on('close', (code) => resolve(`closed ${code}`));
      });
    const opened = (ws: WebSocket) => new Promise<void>((r) => ws.once('open', () => r()));
    // a client that never answers pings is cut off after at most three heartbeats
    const deaf = new WebSocket(`${url}?room=r1`, { autoPong: false });
    const deafEnd = outcome(deaf);
    await opened(deaf);
    const live = new WebSocket(`${url}?room=r1`);
    await opened(live);
    expect(await deafEnd).toBe('closed 1006');
    expect(server.stats().timedOut).toBe(1);
    // a full room, a third room, and one connection more than an address may hold
    const second = new WebSocket(`${url}?room=r1`);
    await opened(second);
    expect(await outcome(new WebSocket(`${url}?room=r1`))).toBe('http 409');
    const other = new WebSocket(`${url}?room=r2`);
    await opened(other);
    expect(await outcome(new WebSocket(`${url}?room=r3`))).toBe('http 503');
    const fourth = new WebSocket(`${url}?room=r2`);
    await opened(fourth);
    expect(await outcome(new WebSocket(`${url}?room=r2`))).toBe('http 429');
    // the answering clients are still there, each in its own room's world
    expect(server.stats().connections).toBe(4);
    expect((server.room('r1') as StateRoom).server.clients).toBe(2);
    expect((server.room('r2') as StateRoom).server.clients).toBe(2);
    for (const ws of [live, second, other, fourth]) ws.close();
  }, 30_000);
});

describe('the lockstep relay', () => {
  it('forwards a peer’s own messages only: spoofed and malformed ones are refused and their sender cut off', async () => {
    const { server, http, url } = await GameServer.listen({ port: 0, maxClientsPerRoom: 2, heartbeatMs: 0 });
    cleanups.push(async () => {
      await server.close();
      await new Promise((r) => http.close(r));
    });
    const seatOf = (link: WebSocketLink) =>
      new Promise<number>((resolve) => {
        link.onMessage = (text) => {
          const p = parseSeatMessage(text);
          if (p.ok) resolve(p.msg.player);
        };
      });
    const honest = new WebSocketLink(new WebSocket(`${url}?room=ls&mode=lockstep`));
    const seat = await seatOf(honest);
    const received: string[] = [];
    honest.onMessage = (t) => received.push(t);
    const bad = new WebSocketLink(new WebSocket(`${url}?room=ls&mode=lockstep`));
    const badSeat = await seatOf(bad);
    expect(badSeat).not.toBe(seat);
    const msg = (from: number, tick: number) =>
      JSON.stringify({ t: 'ls', from, tick, inputs: [{ x: 1, y: 0 }], hashTick: 0, hashes: [] });
    bad.send(msg(badSeat, 3)); // its own: forwarded
    for (let k = 0; k < 40; k++) bad.send(k % 2 ? msg(seat, 3 + k) : '{"t":"ls"}'); // spoofed / malformed
    await until(() => bad.closed, 'the spoofing peer to be cut off');
    expect(bad.closeCode).toBe(1008);
    await until(() => honest.closed, 'the session to end'); // lockstep cannot go on without a player
    expect(received).toEqual([msg(badSeat, 3)]);
    expect(honest.closeCode).toBe(4000);
  }, 30_000);
});
