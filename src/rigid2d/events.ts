/**
 * The events of a step (Box2D v3's contact, sensor and joint events): begin / end touch, hits (a begin
 * whose approach speed passed the threshold), sensor begin / end and joint breaks, each kind a pooled list
 * (dynamics/event-pool.ts): the k-th event of a kind is always the same object, so a warm step
 * allocates nothing. `lists` is what `world.events()` returns; its arrays are the pools' own.
 */
import { EventPool } from '../dynamics/event-pool.js';
import type {
  BodyId,
  ContactBeginEvent,
  ContactEndEvent,
  ContactHitEvent,
  JointBreakEvent,
  JointId,
  SensorEvent,
  ShapeId,
  WorldEvents,
} from './types.js';

const makePair = (): ContactBeginEvent => ({ shapeA: 0 as ShapeId, shapeB: 0 as ShapeId });
const makeSensor = (): SensorEvent => ({ sensorShape: 0 as ShapeId, visitorShape: 0 as ShapeId });
// doubles from the start, so V8 stores them in place
const makeHit = (): ContactHitEvent => ({
  shapeA: 0 as ShapeId,
  shapeB: 0 as ShapeId,
  x: 0.5,
  y: 0.5,
  normalX: 0.5,
  normalY: 0.5,
  approachSpeed: 0.5,
});

const makeBreak = (): JointBreakEvent => ({
  joint: 0 as JointId,
  bodyA: 0 as BodyId,
  bodyB: 0 as BodyId,
  force: 0.5,
  torque: 0.5,
});

/** The pooled event lists of one world. */
export class StepEvents {
  readonly begin = new EventPool<ContactBeginEvent>(makePair);
  readonly end = new EventPool<ContactEndEvent>(makePair);
  readonly hit = new EventPool<ContactHitEvent>(makeHit);
  readonly sensorBegin = new EventPool<SensorEvent>(makeSensor);
  readonly sensorEnd = new EventPool<SensorEvent>(makeSensor);
  readonly jointBreak = new EventPool<JointBreakEvent>(makeBreak);
  /** the lists as the user reads them (the same arrays, step after step) */
  readonly lists: WorldEvents = {
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

/** Appends a begin or end event of shapes `a`, `b`. */
export function pairEvent(list: EventPool<ContactBeginEvent>, a: ShapeId, b: ShapeId): void {
  const e = list.next();
  e.shapeA = a;
  e.shapeB = b;
}

/** Appends a sensor begin or end event. */
export function sensorEvent(list: EventPool<SensorEvent>, sensor: ShapeId, visitor: ShapeId): void {
  const e = list.next();
  e.sensorShape = sensor;
  e.visitorShape = visitor;
}
