/**
 * Joining a state-synchronisation server over any `Link`: the client learns the number of player
 * slots and the world's size only from the server's `welcome` (protocol.ts), so the game is built
 * from that message. `joinStateSync` waits for the welcome, builds the client's game and a mirror
 * game for the desync check (state-check.ts), chains `StateCheckLink` → `PredictingClient`, and
 * hands every message that arrived meanwhile to them in order.
 */
import { PhysicsError } from '../core/errors.js';
import type { NetGame } from './game.js';
import type { Link } from './link.js';
import { parseServerMessage, type WelcomeMessage } from './protocol.js';
import { StateCheckLink } from './state-check.js';
import { PredictingClient, type PredictingClientOptions } from './state-sync.js';

/** A joined client: the predicting client and the desync check in front of it. */
export interface JoinedClient<I, G extends NetGame<I>> {
  /** the predicting client (its `game` is the predicted world) */
  client: PredictingClient<I, G>;
  /** the desync check on the server's snapshots */
  check: StateCheckLink<I>;
  /** the server's welcome */
  welcome: WelcomeMessage;
}

/**
 * Waits for the server's welcome on `link`, then builds the client (see the file comment).
 * `makeGame(welcome)` builds a game of the server's kind (called twice: the client's and the mirror).
 * Rejects if the link closes first or the welcome does not arrive within `timeoutMs`.
 */
export function joinStateSync<I, G extends NetGame<I> & { positions?(): Float64Array }>(
  link: Link,
  makeGame: (welcome: WelcomeMessage) => G,
  options: PredictingClientOptions & { timeoutMs?: number } = {},
): Promise<JoinedClient<I, G>> {
  return new Promise((resolve, reject) => {
    const early: string[] = [];
    let done = false;
    const fail = (why: string) => {
      if (done) return;
      done = true;
      reject(new PhysicsError('invalid-argument', `joinStateSync: ${why}`));
    };
    const timer = setTimeout(() => fail('no welcome from the server'), options.timeoutMs ?? 10_000);
    link.onClose = () => {
      clearTimeout(timer);
      fail('the link closed before the welcome');
    };
    link.onMessage = (text) => {
      if (done) return;
      early.push(text);
      const p = parseServerMessage(text, () => null);
      if (!p.ok || p.msg.t !== 'welcome') return;
      done = true;
      clearTimeout(timer);
      const welcome = p.msg;
      let joined: JoinedClient<I, G>;
      try {
        const check = new StateCheckLink<I>(link, makeGame(welcome));
        const client = new PredictingClient<I, G>(makeGame(welcome), check, options);
        joined = { client, check, welcome };
      } catch (e) {
        reject(e);
        return;
      }
      const deliver = link.onMessage!;
      for (const t of early.splice(early.indexOf(text))) deliver(t);
      resolve(joined);
    };
  });
}
