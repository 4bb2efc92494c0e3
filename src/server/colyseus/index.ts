/**
 * Scale-out of rikigaku's netcode on Colyseus 0.16 (Node only): rooms hosting state
 * synchronisation or relaying lockstep, `Link`s over Colyseus room messages for both ends, and
 * a game-server process that joins a cluster through Colyseus' Redis presence and driver.
 */
export {
  ColyseusClientLink,
  type ColyseusClientRoom,
  type ColyseusServerClient,
  ColyseusServerLink,
  RK_KICK_CODE,
  RK_MESSAGE,
  RK_READY,
  RK_SEAT,
} from './links.js';
export { type LockstepRelayConfig, lockstepRelayRoom } from './lockstep-room.js';
export {
  type ColyseusServerHandle,
  type ColyseusServerOptions,
  PUSH_BOXES_LOCKSTEP_ROOM,
  PUSH_BOXES_ROOM,
  startColyseusServer,
} from './server.js';
export { type StateSyncRoomConfig, stateSyncRoom } from './state-room.js';
