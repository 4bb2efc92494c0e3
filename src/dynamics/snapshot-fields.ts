/**
 * Snapshot declarations of the stores the rigid engines share (determinism and rollback, textbook
 * §26.5): the slot stores' bookkeeping, the constraint edge lists (dynamics/edge-lists.ts), the
 * persistent islands (dynamics/islands.ts) and the broadphase tree (spatial/dynamic-tree.ts). Each
 * engine's snapshot file lists its own stores next to these; the same declaration writes the
 * snapshot sections, validates them on load and feeds the state hash (core/snapshot.ts).
 */
import type { StoreFields } from '../core/snapshot.js';

/** The scalars of every slot store (dynamics/slot-store.ts): slots allocated and slots in use. */
export const SLOT_SCALARS = ['capacity', 'count'] as const;

/** The per-body part of a constraint edge list (head and length of each body's list). */
export const EDGE_BODY_FIELDS: StoreFields = {
  capacity: 'bodyCapacity',
  scalars: ['bodyCapacity'],
  arrays: [
    ['head', 1],
    ['count', 1],
  ],
};

/** The per-edge part of a constraint edge list (two edges per constraint slot). */
export const EDGE_FIELDS: StoreFields = {
  capacity: 'edgeCapacity',
  scalars: ['edgeCapacity'],
  arrays: [
    ['prev', 1],
    ['next', 1],
  ],
};

/** The persistent islands, per island. */
export const ISLAND_FIELDS: StoreFields = {
  capacity: 'capacity',
  scalars: ['capacity', 'count', 'markStamp'],
  lists: ['freeList'],
  arrays: [
    ['alive', 1],
    ['head', 1],
    ['tail', 1],
    ['size', 1],
    ['removed', 1],
    ['minSleep', 1],
    ['maxSleep', 1],
    ['visit', 1],
  ],
};

/** The persistent islands, per body (the flood-fill buffers too: they are sized with the bodies). */
export const ISLAND_BODY_FIELDS: StoreFields = {
  capacity: 'bodyCapacity',
  scalars: ['bodyCapacity'],
  arrays: [
    ['islandOf', 1],
    ['next', 1],
    ['prev', 1],
    ['mark', 1],
    ['stack', 1],
    ['members', 1],
  ],
};

/** The broadphase tree's nodes in `dimensions` dimensions (2·dimensions bounds per node). */
export function treeFields(dimensions: 2 | 3): StoreFields {
  return {
    capacity: 'capacity',
    scalars: [
      'capacity',
      'qMask',
      'qLayers',
      'root',
      'freeList',
      'nodeCount',
      'leafCount',
      'moveCount',
      'pairCount',
    ],
    arrays: [
      ['bounds', 2 * dimensions],
      ['userData', 1],
      ['parent', 1],
      ['child1', 1],
      ['child2', 1],
      ['heights', 1],
      ['moved', 1],
      ['category', 1],
      ['layers', 1],
      ['pairMask', 1],
      ['pairLayers', 1],
    ],
    scratch: [
      'stack',
      'queryBox',
      'leaves',
      'scratchBox',
      'scratchDx',
      'scratchDy',
      'scratchDisp',
      'scratchFat',
      'pairKeys',
      // the top-down rebuild's proxy list and box centres (refilled by every rebuild)
      'rebuildIds',
      'rebuildCentres',
      // the put-off re-insertions (empty whenever the tree is read: DynamicTree.refit)
      'pendingIds',
      'pendingBoxes',
    ],
  };
}

/** The broadphase tree's buffers of any length: proxies moved since the last pair update, and the pairs. */
export const TREE_BUFFER_FIELDS: StoreFields = {
  capacity: '*',
  arrays: [
    ['moveBuffer', 1],
    ['pairs', 1],
  ],
};
