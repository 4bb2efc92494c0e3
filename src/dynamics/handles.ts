/**
 * Handles of the rigid engines' stores (rigid2d and rigid3d alike): one number packing the slot index (low 20 bits), the handle kind (body,
 * shape or joint, 2 bits), a world tag (4 bits, from a per-world counter) and the slot's generation
 * (above), in the manner of Box2D v3's b2BodyId (index, world, generation). A handle of a destroyed
 * body (old generation), of another world (other tag) or of the other kind is refused with a
 * `PhysicsError('stale-handle', …)` that says which it was. Handles of one kind in one world sort
 * by (generation, index).
 */
import { PhysicsError } from '../core/errors.js';
import type { SlotStore } from './slot-store.js';

/** Slots per store (the index field of a handle). */
export const INDEX_SPAN = 1 << 20;
/** World tags cycle through this many values. */
export const TAG_SPAN = 16;
/** The kind field of a body handle. */
export const HANDLE_BODY = 0;
/** The kind field of a shape handle. */
export const HANDLE_SHAPE = 1;
/** The kind field of a joint handle. */
export const HANDLE_JOINT = 2;
/** Values of the kind field. */
export const KIND_SPAN = 4;
const KIND_NAMES = ['body', 'shape', 'joint', 'handle'];

/** Hands out world tags: a counter modulo {@link TAG_SPAN}, one per engine. */
export class WorldTags {
  private nextTag = 0;

  /** The tag of a new world. */
  next(): number {
    const t = this.nextTag;
    this.nextTag = (this.nextTag + 1) % TAG_SPAN;
    return t;
  }
}

/** The handle of slot `index` at `generation`, of `kind`, in the world tagged `tag`. */
export function encodeHandle(generation: number, tag: number, kind: number, index: number): number {
  return ((generation * TAG_SPAN + tag) * KIND_SPAN + kind) * INDEX_SPAN + index;
}

/** The fields above the index: kind, tag and generation, or −1 for a value that is no handle at all. */
function upper(id: unknown): number {
  return typeof id === 'number' && Number.isInteger(id) && id >= 0 ? Math.floor(id / INDEX_SPAN) : -1;
}

/** Is `id` a live handle of `kind` in `store` of the world tagged `tag`? */
export function isLiveHandle(store: SlotStore, tag: number, kind: number, id: unknown): boolean {
  const hi = upper(id);
  if (hi < 0 || hi % KIND_SPAN !== kind || Math.floor(hi / KIND_SPAN) % TAG_SPAN !== tag) return false;
  const i = (id as number) % INDEX_SPAN;
  return (
    i < store.count && store.alive[i] === 1 && store.generation[i] === Math.floor(hi / (KIND_SPAN * TAG_SPAN))
  );
}

/**
 * The slot of handle `id` of `kind` in `store` (world tag `tag`); throws `stale-handle` naming the
 * call (`where`) and why the handle was refused.
 */
export function slotOf(store: SlotStore, tag: number, kind: number, id: unknown, where: string): number {
  if (isLiveHandle(store, tag, kind, id)) return (id as number) % INDEX_SPAN;
  const what = KIND_NAMES[kind]!;
  const hi = upper(id);
  let why = '';
  if (hi >= 0 && Math.floor(hi / KIND_SPAN) % TAG_SPAN !== tag) why = ' (it is a handle of another world)';
  else if (hi >= 0 && hi % KIND_SPAN !== kind) why = ` (it is a ${KIND_NAMES[hi % KIND_SPAN]!} handle)`;
  throw new PhysicsError('stale-handle', `${where}: ${String(id)} is not a live ${what} of this world${why}`);
}
