/**
 * A Colyseus room that hosts rikigaku's authoritative state synchronisation (textbook §26.5,
 * state synchronisation with client-side prediction and rollback): the room owns one
 * `StateServer` over a `NetGame`, ticks it at the game's fixed step (a fixed-step runner on the
 * room clock: late timer callbacks take the steps they owe, up to 8 at once), and
 * joins each Colyseus client to it through a `ColyseusServerLink` (links.ts). The rikigaku
 * messages (`input` from clients, `welcome` and `state` from the server) ride on Colyseus room
 * messages of type `rk` and are checked by the parsers of net/protocol.ts, so the server's size
 * limits, rate limits and strikes hold on Colyseus exactly as on any other transport.
 *
 * Colyseus adds the scale-out: with its Redis presence and driver, the matchmaker of any server
 * process can create a room on the least loaded process and reserve a seat in a room that lives
 * on another one (server.ts). The room keeps no Colyseus schema state: the game's state is
 * rikigaku's own JSON, sent by the StateServer.
 */
import { type Client, Room } from '@colyseus/core';
import type { NetGame, StateServerOptions } from '../../net/index.js';
import { StateServer } from '../../net/index.js';
import { FixedStepRunner } from '../../sim/index.js';
import { ColyseusServerLink, RK_KICK_CODE, RK_MESSAGE, RK_READY } from './links.js';

/** What a state-synchronisation room runs. */
export interface StateSyncRoomConfig<I> {
  /** builds the game of a new room (called once per room; the room's seats are its player slots) */
  createGame: () => NetGame<I>;
  /** options of the room's `StateServer` (snapshot interval, rate limits, strikes) */
  server?: StateServerOptions;
}

/**
 * Makes a Colyseus room class hosting a `StateServer` for the given game (define it with
 * `server.define(name, stateSyncRoom(config))`). The configuration is fixed on the server side;
 * options a client passes when it creates or joins are ignored, so no client can choose the
 * size of a world.
 */
export function stateSyncRoom<I>(config: StateSyncRoomConfig<I>): new () => Room {
  return class StateSyncRoom extends Room {
    private rk!: StateServer<I>;
    private readonly links = new Map<string, { link: ColyseusServerLink; ready: boolean }>();

    override onCreate(): void {
      const game = config.createGame();
      this.rk = new StateServer<I>(game, config.server);
      this.maxClients = game.players;
      this.setPatchRate(null);
      this.onMessage('*', (client: Client, type: string | number, message: unknown) =>
        this.receive(client, type, message),
      );
      const runner = new FixedStepRunner({ dt: game.dt, step: () => this.rk.update() });
      this.setSimulationInterval((elapsedMs) => runner.advance(elapsedMs / 1000), game.dt * 1000);
    }

    override onJoin(client: Client): void {
      this.links.set(client.sessionId, { link: new ColyseusServerLink(client), ready: false });
    }

    override onLeave(client: Client): void {
      const entry = this.links.get(client.sessionId);
      if (!entry) return;
      this.links.delete(client.sessionId);
      entry.link.detach();
    }

    override onUncaughtException(error: Error, method: string): void {
      console.error(`rikigaku state room ${this.roomId}: ${method}: ${error.message}`);
    }

    private receive(client: Client, type: string | number, message: unknown): void {
      const entry = this.links.get(client.sessionId);
      if (!entry) return;
      if (!entry.ready) {
        // the first message must be the ready signal; anything else breaks the protocol
        if (type !== RK_READY) {
          client.leave(RK_KICK_CODE);
          return;
        }
        entry.ready = true;
        this.rk.accept(entry.link);
        return;
      }
      entry.link.deliver(type === RK_MESSAGE ? message : null);
    }
  };
}
