/**
 * The Colyseus `Link`s (src/server/colyseus/links.ts) on stand-ins for a colyseus.js room and a
 * server-side Colyseus client: the ready handshake, messages kept until a reader is attached,
 * non-text refused as the empty string, seat checks, closing from either end; then a
 * `StateServer` and a `PredictingClient` talking through the pair.
 */
import { describe, expect, it } from 'vitest';
import { PushBoxesGame, type PushInput } from '../../src/net/push-boxes.js';
import { PredictingClient, StateServer } from '../../src/net/state-sync.js';
import {
  ColyseusClientLink,
  type ColyseusClientRoom,
  type ColyseusServerClient,
  ColyseusServerLink,
  RK_KICK_CODE,
  RK_MESSAGE,
  RK_READY,
  RK_SEAT,
} from '../../src/server/colyseus/links.js';

class FakeRoom implements ColyseusClientRoom {
  readonly sent: [string | number, unknown][] = [];
  readonly handlers = new Map<string | number, (m: unknown) => void>();
  leaveHandler: ((code: number) => void) | null = null;
  left = 0;
  send(type: string | number, message?: unknown): void {
    this.sent.push([type, message]);
  }
  onMessage(type: string | number, callback: (message: unknown) => void): void {
    this.handlers.set(type, callback);
  }
  onLeave(callback: (code: number) => void): void {
    this.leaveHandler = callback;
  }
  leave(): Promise<number> {
    this.left++;
    return Promise.resolve(1000);
  }
  /** a message from the server */
  push(type: string, message: unknown): void {
    this.handlers.get(type)?.(message);
  }
}

class FakeClient implements ColyseusServerClient {
  readonly sent: [string | number, unknown][] = [];
  leftWith: number | undefined;
  send(type: string | number, message?: unknown): void {
    this.sent.push([type, message]);
  }
  leave(code?: number): void {
    this.leftWith = code;
  }
}

describe('Links over Colyseus room messages', () => {
  it('the client end says it is ready, keeps early messages for its reader and refuses non-text', () => {
    const room = new FakeRoom();
    const link = new ColyseusClientLink(room);
    expect(room.sent).toEqual([[RK_READY, 1]]);
    room.push(RK_MESSAGE, 'a');
    room.push(RK_MESSAGE, { t: 'state' });
    room.push(RK_MESSAGE, 'c');
    const got: string[] = [];
    link.onMessage = (t) => got.push(t);
    expect(got).toEqual(['a', '', 'c']);
    room.push(RK_MESSAGE, 'd');
    expect(got).toEqual(['a', '', 'c', 'd']);
    expect(link.received).toBe(4);
    link.send('{"t":"input"}');
    expect(room.sent.at(-1)).toEqual([RK_MESSAGE, '{"t":"input"}']);
    // a reader that never comes: at most 64 messages are kept
    const r = new FakeRoom();
    const idle = new ColyseusClientLink(r);
    for (let k = 0; k < 100; k++) r.push(RK_MESSAGE, String(k));
    const late: string[] = [];
    idle.onMessage = (t) => late.push(t);
    expect(late.length).toBe(64);
    expect(late[0]).toBe('0');
  });

  it('the client end takes only a well-formed seat', () => {
    const room = new FakeRoom();
    const link = new ColyseusClientLink(room);
    const seats: number[] = [];
    link.onSeat = (p) => seats.push(p);
    for (const bad of [
      null,
      'x',
      { player: 2, players: 2 },
      { player: -1, players: 2 },
      { player: 0.5, players: 2 },
    ]) {
      room.push(RK_SEAT, bad);
    }
    expect(link.seat).toBeNull();
    room.push(RK_SEAT, { player: 1, players: 2 });
    expect(link.seat).toEqual({ player: 1, players: 2 });
    expect(seats).toEqual([1]);
  });

  it('either end closes once; a closed link sends and delivers nothing', () => {
    const room = new FakeRoom();
    const c = new ColyseusClientLink(room);
    let closes = 0;
    c.onClose = () => closes++;
    room.leaveHandler!(1006);
    room.leaveHandler!(1006);
    c.close();
    expect(closes).toBe(1);
    expect(c.closed).toBe(true);
    expect(room.left).toBe(0); // the room had already gone
    c.send('x');
    expect(room.sent.length).toBe(1); // only the ready signal

    const client = new FakeClient();
    const s = new ColyseusServerLink(client);
    let serverCloses = 0;
    const got: string[] = [];
    s.onClose = () => serverCloses++;
    s.onMessage = (t) => got.push(t);
    s.deliver('hello');
    s.deliver(42);
    expect(got).toEqual(['hello', '']);
    s.close();
    s.close();
    expect(client.leftWith).toBe(RK_KICK_CODE);
    expect(serverCloses).toBe(1);
    s.send('x');
    s.deliver('y');
    expect(client.sent.length).toBe(0);
    expect(got.length).toBe(2);

    const left = new ColyseusServerLink(new FakeClient());
    let detached = 0;
    left.onClose = () => detached++;
    left.detach();
    left.close();
    expect(detached).toBe(1);
  });

  it('a StateServer and a PredictingClient converge through the pair', () => {
    const room = new FakeRoom();
    const client = new FakeClient();
    const serverLink = new ColyseusServerLink(client);
    const clientLink = new ColyseusClientLink(room);
    const server = new StateServer(new PushBoxesGame({ players: 1, crates: 4 }));
    // the room hands the link to the server on the ready signal
    expect(room.sent[0]![0]).toBe(RK_READY);
    expect(server.accept(serverLink)).toBe(0);
    const player = new PredictingClient<PushInput, PushBoxesGame>(
      new PushBoxesGame({ players: 1, crates: 4 }),
      clientLink,
    );
    const pump = () => {
      for (const [type, m] of client.sent.splice(0)) room.push(type as string, m);
      for (const [type, m] of room.sent.splice(0)) if (type === RK_MESSAGE) serverLink.deliver(m);
    };
    for (let f = 0; f < 240; f++) {
      player.setInput(f < 60 ? { x: 1, y: 0.5 } : { x: 0, y: 0 });
      player.update();
      pump();
      server.update();
      pump();
    }
    expect(player.connected).toBe(true);
    expect(player.refused).toBe(0);
    expect(server.refused).toBe(0);
    const a = player.game.positions();
    const b = server.game.positions();
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
    expect(worst).toBeLessThan(1e-3);
    expect(b[0]! - 5).toBeGreaterThan(0.3); // the push reached the server's world
  });
});
