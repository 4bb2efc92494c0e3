/**
 * A 2D contact manifold (§26.2): up to 2 points sharing one normal. Filled by collide2d.ts
 * into a caller-owned object, so the narrowphase allocates nothing per step.
 */
export class Manifold2 {
  /** 0, 1 or 2 */
  pointCount = 0;
  /** world contact normal, unit, pointing from shape A to shape B */
  normalX = 0;
  /** (see normalX) the normal's y */
  normalY = 0;
  /** world contact points midway between the two surfaces */
  readonly px = new Float64Array(2);
  /** (see px) the contact points' y */
  readonly py = new Float64Array(2);
  /** the clipped point on the incident shape's core (the book's (2, 1) and (2, 0.5)) */
  readonly ix = new Float64Array(2);
  /** (see ix) the clipped points' y */
  readonly iy = new Float64Array(2);
  /** signed separation: negative = penetration depth, positive = gap (speculative point) */
  readonly separation = new Float64Array(2);
  /** feature ids ("vertex 2 of B against face 1 of A") used to match points across steps */
  readonly id = new Int32Array(2);
  /** true when the reference face came from shape B */
  flip = false;
  /** reference edge index and incident edge index (polygon pairs) */
  referenceEdge = -1;
  /** (see referenceEdge) the incident edge index */
  incidentEdge = -1;

  /** Empties the manifold (no points); returns this. */
  clear(): this {
    this.pointCount = 0;
    this.flip = false;
    this.referenceEdge = -1;
    this.incidentEdge = -1;
    return this;
  }
}
