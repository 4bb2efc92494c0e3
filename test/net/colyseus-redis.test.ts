/**
 * Scale-out on loopback: one Redis and two Colyseus game-server processes sharing it
 * (src/server/colyseus). Rooms created through one process's matchmaker land on both processes;
 * a room living on one process is joined by a client that asked the other; clients on both
 * processes play push-boxes with prediction and rollback and converge to their room's
 * authoritative state; two lockstep peers relayed across the processes stay bit-identical.
 *
 * The test starts its own redis-server on a free port (Debian `redis-server`; .ci/run installs
 * it). Without redis-server it is skipped, except under CI, where it fails.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { Client, type Room, type SeatReservation } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockstepPeer } from '../../src/net/lockstep.js';
import { PushBoxesGame, type PushInput } from '../../src/net/push-boxes.js';
import { PredictingClient } from '../../src/net/state-sync.js';
import { ColyseusClientLink } from '../../src/server/colyseus/links.js';
import { PUSH_BOXES_LOCKSTEP_ROOM, PUSH_BOXES_ROOM } from '../../src/server/colyseus/server.js';

const ROOT = join(import.meta.dirname, '..', '..');
const HAVE_REDIS = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
const IN_CI = Boolean(process.env.CI);
if (!HAVE_REDIS && !IN_CI) {
  console.warn(
    'colyseus-redis.test.ts skipped: redis-server is not installed (apt-get install -y redis-server); under CI it fails instead',
  );
}

const children: ChildProcess[] = [];
const killAll = (): void => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
};
process.once('exit', killAll);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    let got = '';
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(500, () => done(false));
    s.on('error', () => done(false));
    s.on('connect', () => s.write('PING\r\n'));
    s.on('data', (d) => {
      got += d.toString();
      if (got.includes('\r\n')) done(got.startsWith('+PONG'));
    });
  });
}

/**
 * Starts a child whose standard input is a pipe from this process: the game servers run with
 * `--stdin-watchdog` and redis-server under a shell that stops it when the pipe closes, so even
 * a test worker that is killed outright leaves no process behind.
 */
function start(command: string, args: string[]): ChildProcess {
  const c = spawn(command, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(c);
  return c;
}

/** redis-server "$@" until standard input closes */
const REDIS_UNDER_WATCHDOG = 'redis-server "$@" & pid=$!; cat >/dev/null; kill $pid; wait $pid';

/** Waits for a game-server process's `{"listening":…}` line. */
function listening(c: ChildProcess, what: string): Promise<{ processId: string; publicAddress: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(
      () => reject(new Error(`${what} did not start in 30 s: ${err.slice(-2000)}`)),
      30_000,
    );
    c.stderr!.on('data', (d) => {
      err += d.toString();
    });
    c.stdout!.on('data', (d) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"listening"'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line));
      }
    });
    c.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}: ${err.slice(-2000)}`));
    });
  });
}

/** A seat reservation as the matchmaker sends it (with the hosting process's id and address). */
interface Reservation extends SeatReservation {
  room: SeatReservation['room'] & { processId: string; publicAddress?: string };
}

/** A matchmaking request sent to one process's HTTP endpoint. */
async function matchmake(port: number, method: string, target: string): Promise<Reservation> {
  const r = await fetch(`http://127.0.0.1:${port}/matchmake/${method}/${target}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: '{}',
  });
  const body = (await r.json()) as Reservation & { error?: string };
  if (!r.ok || body.error) throw new Error(`matchmake ${method} ${target}: ${JSON.stringify(body)}`);
  return body;
}

const STEER: PushInput[] = [
  { x: 1, y: 0 },
  { x: 0, y: 1 },
  { x: -1, y: 0.5 },
  { x: 0.5, y: -1 },
];
const PUSH_TICKS = 60;
const REST_TICKS = 150;

interface Player {
  room: Room;
  link: ColyseusClientLink;
  client: PredictingClient<PushInput, PushBoxesGame>;
  steer: PushInput;
  updates: number;
  askedAt: number;
  joinMs: number;
  lastState: { tick: number; state: unknown; inputs: PushInput[] } | null;
}

/** The game with its state hash recorded after every tick (lockstep compares them). */
class HashedGame extends PushBoxesGame {
  /** hash after each tick */
  readonly hashes = new Map<number, string>();
  override step(inputs: readonly PushInput[]): void {
    super.step(inputs);
    this.hashes.set(this.tick, this.hash());
  }
}

function maxDiff(a: Float64Array, b: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

describe.skipIf(!HAVE_REDIS && !IN_CI)('Colyseus rooms with Redis presence over two processes', () => {
  const ports: number[] = [];
  let addresses: string[] = [];
  const rooms: Room[] = [];
  const startedAt = performance.now();

  beforeAll(async () => {
    if (!HAVE_REDIS) {
      throw new Error(
        'redis-server is not installed; CI must provide it (.ci/run installs Debian redis-server)',
      );
    }
    const redisPort = await freePort();
    start('sh', [
      '-c',
      REDIS_UNDER_WATCHDOG,
      'redis',
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    let up = false;
    for (let k = 0; k < 100 && !up; k++) {
      up = await ping(redisPort);
      if (!up) await sleep(50);
    }
    if (!up) throw new Error(`redis-server did not answer PING on port ${redisPort}`);
    ports.push(await freePort(), await freePort());
    const servers = ports.map((p, k) =>
      listening(
        start(process.execPath, [
          '--import',
          'tsx',
          'src/server/colyseus/main.ts',
          '--port',
          String(p),
          '--redis',
          `redis://127.0.0.1:${redisPort}`,
          '--stdin-watchdog',
        ]),
        `game server ${k + 1}`,
      ),
    );
    addresses = (await Promise.all(servers)).map((s) => s.publicAddress);
  });

  afterAll(async () => {
    await Promise.race([Promise.all(rooms.map((r) => r.leave(true).catch(() => {}))), sleep(2000)]);
    // game servers first (they leave the cluster through Redis), then Redis
    const stop = async (c: ChildProcess, signal: boolean) => {
      if (c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise<void>((r) => c.once('exit', () => r()));
      c.stdin?.end();
      if (signal) c.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (c.exitCode === null && c.signalCode === null) {
        c.kill('SIGKILL');
        await exited;
      }
    };
    await Promise.all(children.slice(1).map((c) => stop(c, true)));
    if (children[0]) await stop(children[0], false); // the shell stops redis-server when its input closes
    const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
    console.log(`colyseus-redis: whole test ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    if (alive.length > 0) throw new Error(`${alive.length} child processes still running`);
  });

  it('spreads rooms over both processes, joins across them, and clients converge to their room’s state', async () => {
    const colyseus = ports.map((p) => new Client(`http://127.0.0.1:${p}`));
    const players: Player[] = [];
    const join = async (asked: number, reservation: Reservation, askedAt: number, steer: PushInput) => {
      const room = await colyseus[asked]!.consumeSeatReservation(reservation);
      rooms.push(room);
      const link = new ColyseusClientLink(room);
      const client = new PredictingClient<PushInput, PushBoxesGame>(new PushBoxesGame(), link);
      const p: Player = { room, link, client, steer, updates: 0, askedAt, joinMs: -1, lastState: null };
      const read = link.onMessage!;
      link.onMessage = (text) => {
        read(text);
        if (p.joinMs < 0 && client.connected) p.joinMs = performance.now() - askedAt;
        if (text.startsWith('{"t":"state"')) {
          const m = JSON.parse(text) as { tick: number; state: unknown; inputs: PushInput[] };
          if (!p.lastState || m.tick > p.lastState.tick) p.lastState = m;
        }
      };
      players.push(p);
      return p;
    };

    // every room is created through process 1's matchmaker, which places it on the process with
    // the fewest rooms as Redis reports them; a process writes its count there at most once a
    // second, so the creations are a second apart
    const hosted = new Map<string, Reservation>();
    for (let k = 0; k < 4 && hosted.size < 2; k++) {
      await sleep(1100);
      const t = performance.now();
      const r = await matchmake(ports[0]!, 'create', PUSH_BOXES_ROOM);
      expect(addresses).toContain(r.room.publicAddress);
      // a room to spare (a count not yet in Redis) stays empty and is disposed when its seat expires
      if (!hosted.has(r.room.publicAddress!)) {
        hosted.set(r.room.publicAddress!, r);
        await join(0, r, t, STEER[hosted.size - 1]!);
      }
    }
    expect(hosted.size).toBe(2);
    const roomOn1 = hosted.get(addresses[0]!)!.room.roomId;
    const roomOn2 = hosted.get(addresses[1]!)!.room.roomId;

    // a second client per room, each asking the process that does NOT host its room
    for (const [roomId, asked, host, steer] of [
      [roomOn1, 1, addresses[0]!, STEER[2]!],
      [roomOn2, 0, addresses[1]!, STEER[3]!],
    ] as const) {
      const t = performance.now();
      const r = await matchmake(ports[asked]!, 'joinById', roomId);
      expect(r.room.roomId).toBe(roomId);
      expect(r.room.publicAddress).toBe(host);
      await join(asked, r, t, steer);
    }
    expect(new Set(players.map((p) => p.room.roomId))).toEqual(new Set([roomOn1, roomOn2]));

    // play: each client pushes its own direction for PUSH_TICKS updates, then rests
    const playStart = performance.now();
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        let done = true;
        for (const p of players) {
          if (!p.client.connected) {
            done = false;
            continue;
          }
          p.client.setInput(p.updates < PUSH_TICKS ? p.steer : { x: 0, y: 0 });
          p.client.update();
          p.updates++;
          if (p.updates < PUSH_TICKS + REST_TICKS) done = false;
        }
        if (done) {
          clearInterval(timer);
          resolve();
        }
      }, 1000 / 60);
    });
    // the rooms keep ticking: let the newest states arrive, until the rooms' boxes have come to rest
    // (a client's prediction past the last state starts from its own contact caches, so while
    // boxes still touch and move it may differ from a fresh world's by millimetres)
    await sleep(300);
    const resting = (p: Player) => {
      const list = (p.lastState?.state as { bodies?: number[] } | undefined)?.bodies ?? [];
      let v = 0;
      for (let o = 0; o + 6 < list.length; o += 7)
        v = Math.max(v, Math.abs(list[o + 3]!), Math.abs(list[o + 4]!), Math.abs(list[o + 5]!));
      return list.length > 0 && v < 1e-3;
    };
    for (let waited = 0; waited < 6000 && !players.every(resting); waited += 100) await sleep(100);
    const playSeconds = (performance.now() - playStart) / 1000;

    const byRoom = new Map<string, Player[]>();
    for (const p of players) byRoom.set(p.room.roomId, [...(byRoom.get(p.room.roomId) ?? []), p]);
    expect(byRoom.size).toBe(2);
    const rates: number[] = [];
    const finalPositions: Float64Array[] = [];
    for (const [roomId, members] of byRoom) {
      expect(members.length).toBe(2);
      expect(members.map((p) => p.client.player).sort()).toEqual([0, 1]);
      for (const p of members) {
        expect(p.client.refused).toBe(0);
        expect(p.client.rollbacks).toBeGreaterThan(20);
        expect(p.lastState).not.toBeNull();
        expect(p.client.serverTick).toBe(p.lastState!.tick);
        // the room's authoritative state, carried forward by the client's lead as the client
        // predicts it: its own (rest) inputs, and the input the state says the other player held
        // (on a loaded machine the other's rest inputs may not have reached the room yet)
        const reference = new PushBoxesGame();
        reference.setState(p.lastState!.state);
        const row = [0, 1].map((q) => (q === p.client.player ? { x: 0, y: 0 } : p.lastState!.inputs[q]!));
        while (reference.tick < p.client.game.tick) reference.step(row);
        expect(p.client.game.tick).toBeGreaterThanOrEqual(p.lastState!.tick + 6);
        expect(maxDiff(p.client.game.positions(), reference.positions())).toBeLessThan(1e-3);
        // both players' pushes reached the room's world: each player body left its start
        const start = new PushBoxesGame().positions();
        const now = reference.positions();
        for (let q = 0; q < 2; q++) {
          expect(
            Math.hypot(now[2 * q]! - start[2 * q]!, now[2 * q + 1]! - start[2 * q + 1]!),
          ).toBeGreaterThan(0.3);
        }
      }
      // the two clients of a room hold the same world
      expect(maxDiff(members[0]!.client.game.positions(), members[1]!.client.game.positions())).toBeLessThan(
        1e-3,
      );
      finalPositions.push(Float64Array.from(members[0]!.client.game.positions()));
      const messages = members.reduce((s, p) => s + p.link.sent + p.link.received, 0);
      rates.push(messages / playSeconds);
      console.log(
        `colyseus-redis: room ${roomId}: ${(messages / playSeconds).toFixed(0)} messages/s (inputs up, states down), ` +
          `joins ${members.map((p) => `${p.joinMs.toFixed(0)} ms`).join(', ')}`,
      );
    }
    // the two rooms are separate worlds (different pushes)
    expect(maxDiff(finalPositions[0]!, finalPositions[1]!)).toBeGreaterThan(0.1);
    for (const p of players) expect(p.joinMs).toBeGreaterThan(0);
  });

  it('relays lockstep between peers on different processes, bit-identically', async () => {
    const colyseus = ports.map((p) => new Client(`http://127.0.0.1:${p}`));
    const a = await colyseus[0]!.create(PUSH_BOXES_LOCKSTEP_ROOM);
    rooms.push(a);
    const r = await matchmake(ports[1]!, 'joinById', a.roomId);
    const b = await colyseus[1]!.consumeSeatReservation(r);
    rooms.push(b);
    const peers = await Promise.all(
      [a, b].map(
        (room) =>
          new Promise<{ peer: LockstepPeer<PushInput, HashedGame>; hashes: Map<number, string> }>(
            (resolve) => {
              const link = new ColyseusClientLink(room);
              link.onSeat = (player) => {
                const game = new HashedGame();
                const peer = new LockstepPeer<PushInput, HashedGame>(game, { player });
                peer.connect(link);
                resolve({ peer, hashes: game.hashes });
              };
            },
          ),
      ),
    );
    expect(peers.map((p) => p.peer.player).sort()).toEqual([0, 1]);
    await new Promise<void>((resolve) => {
      let frame = 0;
      const timer = setInterval(() => {
        frame++;
        for (const { peer } of peers) {
          peer.setInput(frame < 40 ? STEER[peer.player]! : { x: 0, y: 0 });
          peer.update();
        }
        if (peers.every((p) => p.peer.game.tick >= 90)) {
          clearInterval(timer);
          resolve();
        }
      }, 1000 / 60);
    });
    let compared = 0;
    for (const [tick, h] of peers[0]!.hashes) {
      const other = peers[1]!.hashes.get(tick);
      if (other === undefined) continue;
      expect(other).toBe(h);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(90);
    for (const { peer } of peers) {
      expect(peer.desyncTick).toBeNull();
      expect(peer.refused).toBe(0);
    }
    const p0 = peers[0]!.peer.game.positions();
    expect(Math.hypot(p0[0]! - 5, p0[1]!)).toBeGreaterThan(0.3);
  });

  it('disconnects a malformed, flooding or oversized client without touching the other player', async () => {
    const colyseus = ports.map((p) => new Client(`http://127.0.0.1:${p}`));
    const honestRoom = await colyseus[1]!.create(PUSH_BOXES_ROOM);
    rooms.push(honestRoom);
    const honestLink = new ColyseusClientLink(honestRoom);
    const honest = new PredictingClient(new PushBoxesGame(), honestLink);
    const left = (room: Room) => new Promise<number>((r) => room.onLeave((code) => r(code)));
    const play = setInterval(() => {
      honest.setInput({ x: 0, y: 1 });
      honest.update();
    }, 1000 / 60);
    try {
      // 1: well-formed Colyseus, malformed rikigaku: wrong types, bad inputs, a flood
      const r1 = await matchmake(ports[0]!, 'joinById', honestRoom.roomId);
      const bad = await colyseus[0]!.consumeSeatReservation(r1);
      rooms.push(bad);
      const badLeft = left(bad);
      const badLink = new ColyseusClientLink(bad);
      await sleep(200);
      badLink.send('{"t":"input","tick":0,"inputs":[{"x":99,"y":0}]}');
      bad.send('rk', { t: 'input' });
      bad.send('other', 'x');
      for (let k = 0; k < 200; k++) badLink.send('{"t":"input","tick":1,"inputs":[{"x":1,"y":0}]}');
      expect(await Promise.race([badLeft, sleep(5000).then(() => -1)])).toBe(4000);
      // 2: a frame over the transport's limit closes the connection before anything is decoded
      const r2 = await matchmake(ports[1]!, 'joinById', honestRoom.roomId);
      const big = await colyseus[1]!.consumeSeatReservation(r2);
      rooms.push(big);
      const bigLeft = left(big);
      new ColyseusClientLink(big).send('x'.repeat(64 * 1024));
      expect(await Promise.race([bigLeft, sleep(5000).then(() => -1)])).toBeGreaterThan(0);
      // the honest player kept playing: connected, states flowing, pushed along +y alone
      const before = honest.serverTick;
      await sleep(500);
      expect(honest.connected).toBe(true);
      expect(honest.refused).toBe(0);
      expect(honest.serverTick).toBeGreaterThan(before + 10);
      const p = honest.game.positions();
      expect(p[1]! - 0).toBeGreaterThan(0.3); // player 0 starts at (5, 0) and is pushed up
      expect(Math.abs(p[0]! - 5)).toBeLessThan(0.2); // nobody pushed it sideways
      // and both processes still serve matchmaking
      for (const port of ports)
        expect((await fetch(`http://127.0.0.1:${port}/matchmake/`)).status).toBeLessThan(500);
    } finally {
      clearInterval(play);
    }
  });
});
