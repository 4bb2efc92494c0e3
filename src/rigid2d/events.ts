/**
 * The events of a step (Box2D v3's contact and sensor events): begin / end touch, hits (a begin
 * whose approach speed passed the threshold) and sensor begin / end. The event objects are pooled:
 * the k-th event of a kind is always the same object, so a warm step allocates nothing.
 */
import type { ContactBeginEvent, ContactHitEvent, SensorEvent, ShapeId, WorldEvents } from './types.js';

/** Empty lists of every event kind. */
export function makeEventLists(): WorldEvents {
  return { begin: [], end: [], hit: [], sensorBegin: [], sensorEnd: [] };
}

/** Empties the lists (the pooled objects stay in the pool). */
export function clearEvents(ev: WorldEvents): void {
  ev.begin.length = 0;
  ev.end.length = 0;
  ev.hit.length = 0;
  ev.sensorBegin.length = 0;
  ev.sensorEnd.length = 0;
}

/** Appends a begin/end event, reusing the pooled object of its index. */
export function pairEvent(
  list: ContactBeginEvent[],
  pool: ContactBeginEvent[],
  a: ShapeId,
  b: ShapeId,
): void {
  const k = list.length;
  let e = pool[k];
  if (e === undefined) {
    e = { shapeA: 0 as ShapeId, shapeB: 0 as ShapeId };
    pool.push(e);
  }
  e.shapeA = a;
  e.shapeB = b;
  list.push(e);
}

/** Appends a sensor event, reusing the pooled object of its index. */
export function sensorEvent(
  list: SensorEvent[],
  pool: SensorEvent[],
  sensor: ShapeId,
  visitor: ShapeId,
): void {
  const k = list.length;
  let e = pool[k];
  if (e === undefined) {
    e = { sensorShape: 0 as ShapeId, visitorShape: 0 as ShapeId };
    pool.push(e);
  }
  e.sensorShape = sensor;
  e.visitorShape = visitor;
  list.push(e);
}

/** The next pooled hit event object (appended to `list`); the caller fills it in. */
export function nextHitEvent(list: ContactHitEvent[], pool: ContactHitEvent[]): ContactHitEvent {
  let e = pool[list.length];
  if (e === undefined) {
    // doubles from the start, so V8 stores them in place
    e = {
      shapeA: 0 as ShapeId,
      shapeB: 0 as ShapeId,
      x: 0.5,
      y: 0.5,
      normalX: 0.5,
      normalY: 0.5,
      approachSpeed: 0.5,
    };
    pool.push(e);
  }
  list.push(e);
  return e;
}
