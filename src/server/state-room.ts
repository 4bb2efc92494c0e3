/**
 * A state-synchronisation room (textbook §26.5, server-authoritative state sync): one
 * `StateServer` (src/net/state-sync.ts) running the room's authoritative world, one player slot
 * per client up to the room's capacity, and every `checkEvery` ticks a `check` message with the
 * hash of the world rebuilt from that tick's snapshot (src/net/state-check.ts), so that clients can
 * detect a desync. The rebuilt world, not the live one: JSON has no −0, so a velocity of −0 comes
 * back as +0 and the live world's bit-exact hash could never be matched by any client. Each client's inputs drive only its own slot; what a client sends can never reach
 * another slot (the `StateServer` validates and rate-limits per client).
 */
import { DeltaEncodingLink } from '../net/delta-link.js';
import type { NetGame } from '../net/game.js';
import { checkMessage } from '../net/state-check.js';
import { StateServer } from '../net/state-sync.js';
import type { ClientLink } from './client-link.js';

/** Options of {@link StateRoom}. */
export interface StateRoomOptions {
  /** send the state every this many ticks, default 2 */
  snapshotEvery?: number;
  /** send a hash check every this many ticks (rounded up to a multiple of snapshotEvery), default 30; 0: never */
  checkEvery?: number;
}

/** A room hosting a `StateServer` (see the file comment). */
export class StateRoom {
  /** the room's mode */
  readonly mode = 'state';
  /** the authoritative server */
  readonly server: StateServer<unknown>;
  private readonly links = new Set<ClientLink>();
  private readonly checkEvery: number;

  constructor(
    /** the room's name */
    readonly name: string,
    /** the authoritative game (its `players` is the room's capacity) */
    readonly game: NetGame<unknown>,
    /** a second game of the same kind, for the hash of the rebuilt snapshot */
    private readonly mirror: NetGame<unknown>,
    options: StateRoomOptions = {},
  ) {
    const every = options.snapshotEvery ?? 2;
    this.server = new StateServer(game, { snapshotEvery: every });
    const check = options.checkEvery ?? 30;
    this.checkEvery = check <= 0 ? 0 : Math.ceil(check / every) * every;
  }

  /** Clients in the room. */
  get size(): number {
    return this.links.size;
  }

  /** The most clients the room takes. */
  get capacity(): number {
    return this.game.players;
  }

  /**
   * Takes a client into a free slot; false when the room is full. With `delta`, its snapshots
   * are delta-compressed (src/net/delta-link.ts; the client decodes them with `DeltaDecodingLink`).
   */
  join(link: ClientLink, delta = false): boolean {
    if (this.links.size >= this.capacity) return false;
    if (this.server.accept(delta ? new DeltaEncodingLink(link) : link) < 0) return false;
    this.links.add(link);
    const prev = link.onEnd;
    link.onEnd = () => {
      this.links.delete(link);
      prev?.();
    };
    return true;
  }

  /** One tick of the authoritative world: inputs in, state (and now and then a check) out. */
  tick(): void {
    this.server.update();
    const t = this.game.tick;
    if (this.checkEvery > 0 && t % this.checkEvery === 0) {
      this.mirror.setState(JSON.parse(JSON.stringify(this.game.getState())));
      const text = checkMessage(t, this.mirror.hash());
      for (const l of this.links) l.send(text);
    }
  }

  /** Ends the room: every client is closed (code 1001, going away). */
  close(): void {
    for (const l of [...this.links]) l.end(1001, 'room closed');
  }
}
