/**
 * The events of a 3D step: begin / end touch, hits (a begin whose approach speed passed the
 * threshold), sensor begin / end — each kind a pooled list (dynamics/event-pool.ts): the k-th
 * event of a kind is always the same object, so a warm step allocates nothing.
 */
import { EventPool } from '../dynamics/event-pool.js';
import type { JointBreakEvent3, JointId3 } from './joints/joint-types.js';
import type {
  BodyId3,
  ContactEvent3,
  ContactHitEvent3,
  SensorEvent3,
  ShapeId3,
  WorldEvents3,
} from './types.js';

const makePair = (): ContactEvent3 => ({ shapeA: 0 as ShapeId3, shapeB: 0 as ShapeId3 });
const makeSensor = (): SensorEvent3 => ({ sensorShape: 0 as ShapeId3, visitorShape: 0 as ShapeId3 });
const makeHit = (): ContactHitEvent3 => ({
  shapeA: 0 as ShapeId3,
  shapeB: 0 as ShapeId3,
  x: 0.5,
  y: 0.5,
  z: 0.5,
  normalX: 0.5,
  normalY: 0.5,
  normalZ: 0.5,
  approachSpeed: 0.5,
});

const makeBreak = (): JointBreakEvent3 => ({
  joint: 0 as JointId3,
  bodyA: 0 as BodyId3,
  bodyB: 0 as BodyId3,
  force: 0.5,
  torque: 0.5,
});

/** The pooled event lists of one world. */
export class StepEvents3 {
  /** begin touch */
  readonly begin = new EventPool<ContactEvent3>(makePair);
  /** end touch */
  readonly end = new EventPool<ContactEvent3>(makePair);
  /** hits */
  readonly hit = new EventPool<ContactHitEvent3>(makeHit);
  /** sensor begin */
  readonly sensorBegin = new EventPool<SensorEvent3>(makeSensor);
  /** sensor end */
  readonly sensorEnd = new EventPool<SensorEvent3>(makeSensor);
  /** joints that broke */
  readonly jointBreak = new EventPool<JointBreakEvent3>(makeBreak);
  /** the lists as the user reads them (the same arrays, step after step) */
  readonly lists: WorldEvents3 = {
    begin: this.begin.events,
    end: this.end.events,
    hit: this.hit.events,
    sensorBegin: this.sensorBegin.events,
    sensorEnd: this.sensorEnd.events,
    jointBreak: this.jointBreak.events,
  };

  /** Empties every list (at the start of a step). */
  clear(): void {
    this.begin.clear();
    this.end.clear();
    this.hit.clear();
    this.sensorBegin.clear();
    this.sensorEnd.clear();
    this.jointBreak.clear();
  }
}
