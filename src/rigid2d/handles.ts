/**
 * The rigid2d engine's handles: the packing shared by the rigid engines (dynamics/handles.ts) and this
 * engine's own counter of world tags.
 */
import { WorldTags } from '../dynamics/handles.js';

export * from '../dynamics/handles.js';

const tags = new WorldTags();

/** The tag of a new rigid2d world (a per-engine counter, modulo TAG_SPAN). */
export function newWorldTag(): number {
  return tags.next();
}
