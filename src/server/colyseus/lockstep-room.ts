/**
 * A Colyseus room that relays deterministic lockstep (textbook §26.5, lockstep): the room runs no
 * simulation; it seats each client in a player slot (told with an `rk:seat` message), and
 * forwards every peer's `ls` message (its inputs and state hashes, net/protocol.ts) to the other
 * peers of the room. Each `LockstepPeer` connects one `ColyseusClientLink` to the room and
 * receives everybody's messages through it.
 *
 * The relay checks what it forwards: a message must parse as `ls` for the room's slot count with
 * inputs the game accepts, and its `from` must be the sender's own slot (no peer can speak for
 * another); each client has a token bucket of messages per second, and malformed or over-rate
 * messages collect strikes until the client is disconnected.
 */
import { type Client, Room } from '@colyseus/core';
import { PhysicsError } from '../../core/errors.js';
import { parseLockstepMessage } from '../../net/index.js';
import { RK_KICK_CODE, RK_MESSAGE, RK_READY, RK_SEAT } from './links.js';

/** What a lockstep relay room needs to know about the game. */
export interface LockstepRelayConfig<I> {
  /** player slots per room */
  players: number;
  /** the game's input check (`NetGame.validateInput`) */
  validateInput: (raw: unknown) => I | null;
  /** messages a client may send per second on average, default 240 */
  messagesPerSecond?: number;
  /** the token bucket's size, default 64 */
  burst?: number;
  /** strikes before a client is disconnected, default 16 */
  maxStrikes?: number;
}

interface Seat {
  client: Client;
  slot: number;
  tokens: number;
  /** when the bucket was last refilled, ms */
  refilled: number;
  strikes: number;
}

/**
 * Makes a Colyseus room class relaying lockstep messages among `players` peers (define it with
 * `server.define(name, lockstepRelayRoom(config))`). Client options are ignored.
 */
export function lockstepRelayRoom<I>(config: LockstepRelayConfig<I>): new () => Room {
  const players = config.players;
  if (!Number.isInteger(players) || players < 1 || players > 1024) {
    throw new PhysicsError('invalid-argument', `players: must be an integer in [1, 1024], got ${players}`);
  }
  const rate = config.messagesPerSecond ?? 240;
  const burst = config.burst ?? 64;
  const maxStrikes = config.maxStrikes ?? 16;
  return class LockstepRelayRoom extends Room {
    private readonly seats: (Seat | null)[] = new Array(players).fill(null);
    private readonly waiting = new Set<string>();

    override onCreate(): void {
      this.maxClients = players;
      this.setPatchRate(null);
      this.onMessage('*', (client: Client, type: string | number, message: unknown) =>
        this.receive(client, type, message),
      );
    }

    override onJoin(client: Client): void {
      this.waiting.add(client.sessionId);
    }

    override onLeave(client: Client): void {
      this.waiting.delete(client.sessionId);
      const k = this.seats.findIndex((s) => s?.client.sessionId === client.sessionId);
      if (k >= 0) this.seats[k] = null;
    }

    override onUncaughtException(error: Error, method: string): void {
      console.error(`rikigaku lockstep relay ${this.roomId}: ${method}: ${error.message}`);
    }

    private receive(client: Client, type: string | number, message: unknown): void {
      if (this.waiting.has(client.sessionId)) {
        if (type !== RK_READY) {
          client.leave(RK_KICK_CODE);
          return;
        }
        this.waiting.delete(client.sessionId);
        const slot = this.seats.indexOf(null);
        if (slot < 0) {
          client.leave(RK_KICK_CODE);
          return;
        }
        this.seats[slot] = { client, slot, tokens: burst, refilled: performance.now(), strikes: 0 };
        client.send(RK_SEAT, { player: slot, players });
        return;
      }
      const seat = this.seats.find((s) => s?.client.sessionId === client.sessionId);
      if (!seat) return;
      const now = performance.now();
      seat.tokens = Math.min(burst, seat.tokens + ((now - seat.refilled) * rate) / 1000) - 1;
      seat.refilled = now;
      const p =
        seat.tokens >= 0 && type === RK_MESSAGE
          ? parseLockstepMessage(message, players, config.validateInput)
          : null;
      if (p === null || !p.ok || p.msg.from !== seat.slot) {
        seat.strikes++;
        if (seat.strikes > maxStrikes) {
          this.seats[seat.slot] = null;
          client.leave(RK_KICK_CODE);
        }
        return;
      }
      for (const other of this.seats) {
        if (other !== null && other !== seat) other.client.send(RK_MESSAGE, message);
      }
    }
  };
}
