/**
 * Sensors (Box2D v3's sensor.c): a sensor shape detects overlap but never collides. Its contacts
 * carry the CONTACT_SENSOR flag; the narrowphase manifold only says whether the shapes overlap
 * (some point of negative separation), and the change is reported as a sensor begin / end event
 * naming the sensor and the visiting shape. Sensor contacts keep no points and join no island.
 */
import type { Manifold2 } from '../geometry/manifold2d.js';
import { endContact } from './contact.js';
import { CONTACT_TOUCHING } from './contact-store.js';
import { sensorEvent } from './events.js';
import type { World } from './world.js';

/** Updates sensor contact `c` (shapes `sa`, `sb`; its `flags`) from the manifold `m` of this step. */
export function updateSensorContact(
  w: World,
  c: number,
  sa: number,
  sb: number,
  flags: number,
  m: Manifold2,
): void {
  const cs = w.contactStore;
  const was = (flags & CONTACT_TOUCHING) !== 0;
  let overlap = false;
  for (let k = 0; k < m.pointCount; k++) if (m.separation[k]! < 0) overlap = true;
  if (overlap && !was) {
    cs.flags[c] = flags | CONTACT_TOUCHING;
    const sensorA = w.shapes.sensor[sa] === 1;
    sensorEvent(w.stepEvents.sensorBegin, w.shapeId(sensorA ? sa : sb), w.shapeId(sensorA ? sb : sa));
  } else if (!overlap && was) {
    endContact(w, c);
  }
  cs.pointCount[c] = 0;
}

/** Reports the end of sensor contact `c` (its touching flag is already cleared by the caller). */
export function sensorEndEvent(w: World, c: number): void {
  const cs = w.contactStore;
  const sa = cs.shapeA[c]!;
  const sb = cs.shapeB[c]!;
  const sensorA = w.shapes.sensor[sa] === 1;
  sensorEvent(w.stepEvents.sensorEnd, w.shapeId(sensorA ? sa : sb), w.shapeId(sensorA ? sb : sa));
}
