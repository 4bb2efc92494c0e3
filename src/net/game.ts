/**
 * What the networking layer needs from a simulation (textbook §26.5, lockstep and state
 * synchronisation): a deterministic step from the players' inputs, a state that can be read and
 * written as JSON data (for the server's snapshots and the client's rollback), a state hash (for
 * lockstep's desync check), and a validator for the inputs that come off the wire.
 *
 * The networking code never looks inside inputs or states; an engine adapter such as
 * `PushBoxesGame` (push-boxes.ts) maps them onto a world.
 */

/** A simulation the networking layer can drive. `I` is one player's input for one tick. */
export interface NetGame<I> {
  /** number of player slots (fixed for the session) */
  readonly players: number;
  /** the fixed step, seconds */
  readonly dt: number;
  /** ticks simulated so far */
  readonly tick: number;
  /** advances one tick; `inputs[p]` is player p's input (the neutral input when absent) */
  step(inputs: readonly I[]): void;
  /** the full state as JSON-compatible data (numbers, arrays, plain objects), including `tick` */
  getState(): unknown;
  /** replaces the state by one from `getState` (validated: bad data throws `PhysicsError`) */
  setState(state: unknown): void;
  /** a digest of the state (bit-exact; see core/hash.ts) */
  hash(): string;
  /** the input of an idle player */
  neutralInput(): I;
  /** checks an input from the network: returns it in canonical form, or null if malformed */
  validateInput(raw: unknown): I | null;
}
