/**
 * rikigaku/net — networking above the engines (textbook §26.5): deterministic lockstep with desync
 * detection, state synchronisation with client-side prediction and rollback, a transport
 * interface (`Link`) with an in-process simulated network, a checked wire protocol, and a small
 * game on rigid2d (`PushBoxesGame`) that both modes can run.
 */
export { ConditionedLink, type ConditionedLinkOptions } from './conditioned-link.js';
export { DeltaDecodingLink, DeltaEncodingLink } from './delta-link.js';
export type { NetGame } from './game.js';
export { type JoinedClient, joinStateSync } from './join.js';
export { type Link, type NetworkConditions, SimulatedNetwork } from './link.js';
export { type LockstepOptions, LockstepPeer } from './lockstep.js';
export * from './protocol.js';
export { PushBoxesGame, type PushBoxesOptions, type PushInput } from './push-boxes.js';
export { type CheckMessage, checkMessage, parseCheckMessage, StateCheckLink } from './state-check.js';
export {
  PredictingClient,
  type PredictingClientOptions,
  StateServer,
  type StateServerOptions,
} from './state-sync.js';
export {
  utf8Length,
  type WebSocketLike,
  WebSocketLink,
  type WebSocketLinkOptions,
} from './websocket-link.js';
