/**
 * Closest points of a segment and a solid box in the box's frame (textbook §26.2 "接触の生成"; the
 * segment–box distance of Ericson, Real-Time Collision Detection §5.1.9 and Eberly, "Distance
 * between a line segment and a rectangular box", solved here as one convex minimisation):
 * with p(t) = a + t (b − a), the squared distance to the box [−h, h]
 *   f(t) = Σᵢ max(0, |pᵢ(t)| − hᵢ)²
 * is convex and piecewise quadratic in t, its pieces bounded by the parameters where the segment
 * crosses a slab plane pᵢ = ±hᵢ (at most six). On each piece the axes outside their slab are fixed,
 * so the piece's minimiser is closed-form, t = −Σ (aᵢ ∓ hᵢ) dᵢ / Σ dᵢ² over those axes, clamped to
 * the piece; the least of the (at most seven) candidates is the minimum. A piece on which f is
 * constant (the segment runs parallel to a face, or lies inside) takes its midpoint.
 */

const breaks = new Float64Array(8);

/**
 * Segment `q[0..2]`–`q[3..5]` against the box of half extents `q[6..8]` centred at the origin and
 * axis-aligned (the box's own frame). Writes the closest point on the segment to `out[0..2]`, the
 * closest point of the box to `out[3..5]`, their squared distance to `out[6]` (0 when the segment
 * meets the box) and the segment parameter t ∈ [0, 1] to `out[7]`. Arrays in and out, no doubles
 * through the call: nothing is boxed when the optimiser does not inline it.
 */
export function segmentBoxClosest3(q: Float64Array, out: Float64Array): void {
  const ax = q[0]!;
  const ay = q[1]!;
  const az = q[2]!;
  const dx = q[3]! - ax;
  const dy = q[4]! - ay;
  const dz = q[5]! - az;
  const hx = q[6]!;
  const hy = q[7]!;
  const hz = q[8]!;
  // the slab crossings inside (0, 1), sorted by insertion
  const br = breaks;
  let n = 0;
  for (let axis = 0; axis < 3; axis++) {
    const a = axis === 0 ? ax : axis === 1 ? ay : az;
    const d = axis === 0 ? dx : axis === 1 ? dy : dz;
    const h = axis === 0 ? hx : axis === 1 ? hy : hz;
    if (d === 0) continue;
    for (let side = 0; side < 2; side++) {
      const t = ((side === 0 ? h : -h) - a) / d;
      if (!(t > 0 && t < 1)) continue;
      let k = n++;
      while (k > 0 && br[k - 1]! > t) {
        br[k] = br[k - 1]!;
        k--;
      }
      br[k] = t;
    }
  }
  let best = -1;
  let bestT = 0;
  let lo = 0;
  for (let piece = 0; piece <= n; piece++) {
    const hi = piece < n ? br[piece]! : 1;
    const mid = 0.5 * (lo + hi);
    // the axes outside their slab on this piece: f = Σ (aᵢ − sᵢhᵢ + t dᵢ)²
    let num = 0;
    let den = 0;
    const mx = ax + mid * dx;
    const my = ay + mid * dy;
    const mz = az + mid * dz;
    if (mx > hx) {
      num += (ax - hx) * dx;
      den += dx * dx;
    } else if (mx < -hx) {
      num += (ax + hx) * dx;
      den += dx * dx;
    }
    if (my > hy) {
      num += (ay - hy) * dy;
      den += dy * dy;
    } else if (my < -hy) {
      num += (ay + hy) * dy;
      den += dy * dy;
    }
    if (mz > hz) {
      num += (az - hz) * dz;
      den += dz * dz;
    } else if (mz < -hz) {
      num += (az + hz) * dz;
      den += dz * dz;
    }
    let t = den > 0 ? -num / den : mid;
    t = t < lo ? lo : Math.min(t, hi);
    const px = ax + t * dx;
    const py = ay + t * dy;
    const pz = az + t * dz;
    const ex = px > hx ? px - hx : px < -hx ? px + hx : 0;
    const ey = py > hy ? py - hy : py < -hy ? py + hy : 0;
    const ez = pz > hz ? pz - hz : pz < -hz ? pz + hz : 0;
    const f = ex * ex + ey * ey + ez * ez;
    if (best < 0 || f < best) {
      best = f;
      bestT = t;
    }
    lo = hi;
  }
  const px = ax + bestT * dx;
  const py = ay + bestT * dy;
  const pz = az + bestT * dz;
  out[0] = px;
  out[1] = py;
  out[2] = pz;
  out[3] = px > hx ? hx : Math.max(px, -hx);
  out[4] = py > hy ? hy : Math.max(py, -hy);
  out[5] = pz > hz ? hz : Math.max(pz, -hz);
  out[6] = best;
  out[7] = bestT;
}
