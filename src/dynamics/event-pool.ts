/**
 * A pooled event list: the events a step reports (contact begin / end, hits, sensor events) as a
 * plain array the user reads, whose objects are reused across steps — the k-th event of the list
 * is always the same object — so a warm step allocates nothing (the same scheme as Box2D v3's
 * event arrays, with objects instead of structs). The objects are made by `make` only when the
 * list grows past its longest length so far; `make` should give every number field a non-integer
 * double (e.g. 0.5) so the engine stores them unboxed from the start. Dimension-free: shared by
 * the 2D and 3D engines.
 *
 * ```ts
 * const hits = new EventPool(() => ({ shapeA: 0, shapeB: 0, approachSpeed: 0.5 }));
 * hits.clear();                 // at the start of a step
 * const e = hits.next();        // for each event: fill in the pooled object
 * e.shapeA = a; e.shapeB = b; e.approachSpeed = v;
 * hits.events;                  // what the step reports
 * ```
 */
export class EventPool<T> {
  /** this step's events, in the order they were reported */
  readonly events: T[] = [];
  /** every object made so far; events[k] === pool[k] */
  private readonly pool: T[] = [];
  private readonly make: () => T;

  constructor(make: () => T) {
    this.make = make;
  }

  /** Number of events this step. */
  get length(): number {
    return this.events.length;
  }

  /** Appends the next pooled event object and returns it; the caller fills it in. */
  next(): T {
    const k = this.events.length;
    let e = this.pool[k];
    if (e === undefined) {
      e = this.make();
      this.pool.push(e);
    }
    this.events.push(e);
    return e;
  }

  /** Empties the list; the objects stay pooled for the next step. */
  clear(): void {
    this.events.length = 0;
  }
}
