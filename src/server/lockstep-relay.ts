/**
 * A lockstep relay room (textbook §26.5, deterministic lockstep through a server): the server
 * runs no simulation; it seats each peer in a player slot, tells it the slot with a `seat`
 * message { t: 'seat', player, players }, and forwards every valid `ls` message
 * (src/net/protocol.ts) to the other peers. A message is forwarded only if it parses and its
 * `from` is the sender's own seat, so no peer can speak for another; anything else counts a
 * strike against the sender. Lockstep cannot go on without a player, so when a peer leaves, the
 * room ends and the others are closed (code 4000).
 */
import type { NetGame } from '../net/game.js';
import { type Parsed, parseJson, parseLockstepMessage } from '../net/protocol.js';
import type { ClientLink } from './client-link.js';

/** The relay's first message to a peer: its slot and the number of slots. */
export interface SeatMessage {
  /** message type */
  t: 'seat';
  /** the peer's player slot */
  player: number;
  /** player slots in the session */
  players: number;
}

/** Parses a `seat` message (for clients of the relay). */
export function parseSeatMessage(text: unknown): Parsed<SeatMessage> {
  const p = parseJson(text, 256);
  if (!p.ok) return p;
  const { t, player, players } = p.msg;
  if (t !== 'seat' || Object.keys(p.msg).length !== 3) return { ok: false, reason: "not a 'seat' message" };
  if (!(typeof players === 'number' && Number.isInteger(players) && players >= 1 && players <= 1024))
    return { ok: false, reason: "'players' must be an integer in [1, 1024]" };
  if (!(typeof player === 'number' && Number.isInteger(player) && player >= 0 && player < players))
    return { ok: false, reason: "'player' must be a slot index" };
  return { ok: true, msg: { t: 'seat', player, players } };
}

/** A lockstep relay room (see the file comment). */
export class LockstepRelay {
  /** the room's mode */
  readonly mode = 'lockstep';
  /** messages forwarded */
  relayed = 0;
  /** messages refused (malformed or spoofed) */
  refused = 0;
  private readonly seats: (ClientLink | null)[];
  private ended = false;

  constructor(
    /** the room's name */
    readonly name: string,
    /** a game of the session's kind: only its `players` and `validateInput` are used */
    readonly game: NetGame<unknown>,
  ) {
    this.seats = new Array(game.players).fill(null);
  }

  /** Peers in the room. */
  get size(): number {
    return this.seats.filter((s) => s !== null).length;
  }

  /** The most peers the room takes (the game's players). */
  get capacity(): number {
    return this.seats.length;
  }

  /** Seats a peer; false when every seat is taken or the room has ended. */
  join(link: ClientLink): boolean {
    const seat = this.seats.indexOf(null);
    if (seat < 0 || this.ended) return false;
    this.seats[seat] = link;
    link.onMessage = (text) => this.receive(seat, link, text);
    const prev = link.onEnd;
    link.onEnd = () => {
      if (this.seats[seat] === link) this.seats[seat] = null;
      this.close();
      prev?.();
    };
    link.send(JSON.stringify({ t: 'seat', player: seat, players: this.seats.length }));
    return true;
  }

  /** The relay keeps no clock. */
  tick(): void {}

  /** Ends the room: every peer is closed (code 4000). */
  close(): void {
    if (this.ended) return;
    this.ended = true;
    for (const l of this.seats) l?.end(4000, 'a peer left: the lockstep session is over');
  }

  private receive(seat: number, link: ClientLink, text: string): void {
    if (this.seats[seat] !== link) return;
    const p = parseLockstepMessage(text, this.seats.length, (x) => this.game.validateInput(x));
    if (!p.ok || p.msg.from !== seat) {
      this.refused++;
      link.strike(p.ok ? 'spoofed seat' : p.reason);
      return;
    }
    this.relayed++;
    for (const other of this.seats) if (other !== null && other !== link) other.send(text);
  }
}
