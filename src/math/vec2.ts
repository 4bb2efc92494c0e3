/**
 * 2D vector helpers working in place on typed arrays with offsets: a vector is the pair
 * `a[ao], a[ao+1]`. Every function writes into `out` at offset `o` and returns nothing, so
 * structure-of-arrays storage (one Float64Array of all positions) needs no temporary objects.
 * `out` may alias an input. Use as `vec2.add(pos, 2 * i, pos, 2 * i, vel, 2 * i)`.
 */
export type Arr = Float64Array | number[];

export function set(out: Arr, o: number, x: number, y: number): void {
  out[o] = x;
  out[o + 1] = y;
}
export function copy(out: Arr, o: number, a: Arr, ao: number): void {
  out[o] = a[ao]!;
  out[o + 1] = a[ao + 1]!;
}
export function add(out: Arr, o: number, a: Arr, ao: number, b: Arr, bo: number): void {
  out[o] = a[ao]! + b[bo]!;
  out[o + 1] = a[ao + 1]! + b[bo + 1]!;
}
export function sub(out: Arr, o: number, a: Arr, ao: number, b: Arr, bo: number): void {
  out[o] = a[ao]! - b[bo]!;
  out[o + 1] = a[ao + 1]! - b[bo + 1]!;
}
export function scale(out: Arr, o: number, a: Arr, ao: number, s: number): void {
  out[o] = a[ao]! * s;
  out[o + 1] = a[ao + 1]! * s;
}
/** out = a + s·b */
export function addScaled(out: Arr, o: number, a: Arr, ao: number, b: Arr, bo: number, s: number): void {
  out[o] = a[ao]! + s * b[bo]!;
  out[o + 1] = a[ao + 1]! + s * b[bo + 1]!;
}
export function dot(a: Arr, ao: number, b: Arr, bo: number): number {
  return a[ao]! * b[bo]! + a[ao + 1]! * b[bo + 1]!;
}
/** The scalar 2D cross product a × b = ax·by − ay·bx. */
export function cross(a: Arr, ao: number, b: Arr, bo: number): number {
  return a[ao]! * b[bo + 1]! - a[ao + 1]! * b[bo]!;
}
export function lengthSq(a: Arr, ao: number): number {
  return a[ao]! * a[ao]! + a[ao + 1]! * a[ao + 1]!;
}
export function length(a: Arr, ao: number): number {
  return Math.sqrt(lengthSq(a, ao));
}
export function distance(a: Arr, ao: number, b: Arr, bo: number): number {
  const dx = a[ao]! - b[bo]!;
  const dy = a[ao + 1]! - b[bo + 1]!;
  return Math.sqrt(dx * dx + dy * dy);
}
/** out = a/|a|; returns |a|. A zero vector stays zero. */
export function normalize(out: Arr, o: number, a: Arr, ao: number): number {
  const l = length(a, ao);
  const inv = l > 0 ? 1 / l : 0;
  out[o] = a[ao]! * inv;
  out[o + 1] = a[ao + 1]! * inv;
  return l;
}
/** out = a rotated by +90°: (−ay, ax). */
export function perp(out: Arr, o: number, a: Arr, ao: number): void {
  const x = a[ao]!;
  out[o] = -a[ao + 1]!;
  out[o + 1] = x;
}
/** out = a rotated by the angle whose cosine and sine are c, s. */
export function rotate(out: Arr, o: number, a: Arr, ao: number, c: number, s: number): void {
  const x = a[ao]!;
  const y = a[ao + 1]!;
  out[o] = c * x - s * y;
  out[o + 1] = s * x + c * y;
}
