/**
 * 3D vector helpers working in place on typed arrays with offsets: a vector is
 * `a[ao], a[ao+1], a[ao+2]`. Every function writes into `out` at offset `o`; `out` may alias an
 * input (cross products read their inputs first). Use as `vec3.add(x, 3 * i, x, 3 * i, v, 3 * i)`.
 */
import type { Arr } from './vec2.js';

export function set(out: Arr, o: number, x: number, y: number, z: number): void {
  out[o] = x;
  out[o + 1] = y;
  out[o + 2] = z;
}
export function copy(out: Arr, o: number, a: Arr, ao: number): void {
  out[o] = a[ao]!;
  out[o + 1] = a[ao + 1]!;
  out[o + 2] = a[ao + 2]!;
}
export function add(out: Arr, o: number, a: Arr, ao: number, b: Arr, bo: number): void {
  out[o] = a[ao]! + b[bo]!;
  out[o + 1] = a[ao + 1]! + b[bo + 1]!;
  out[o + 2] = a[ao + 2]! + b[bo + 2]!;
}
export function sub(out: Arr, o: number, a: Arr, ao: number, b: Arr, bo: number): void {
  out[o] = a[ao]! - b[bo]!;
  out[o + 1] = a[ao + 1]! - b[bo + 1]!;
  out[o + 2] = a[ao + 2]! - b[bo + 2]!;
}
export function scale(out: Arr, o: number, a: Arr, ao: number, s: number): void {
  out[o] = a[ao]! * s;
  out[o + 1] = a[ao + 1]! * s;
  out[o + 2] = a[ao + 2]! * s;
}
/** out = a + s·b */
export function addScaled(out: Arr, o: number, a: Arr, ao: number, b: Arr, bo: number, s: number): void {
  out[o] = a[ao]! + s * b[bo]!;
  out[o + 1] = a[ao + 1]! + s * b[bo + 1]!;
  out[o + 2] = a[ao + 2]! + s * b[bo + 2]!;
}
export function dot(a: Arr, ao: number, b: Arr, bo: number): number {
  return a[ao]! * b[bo]! + a[ao + 1]! * b[bo + 1]! + a[ao + 2]! * b[bo + 2]!;
}
export function cross(out: Arr, o: number, a: Arr, ao: number, b: Arr, bo: number): void {
  const ax = a[ao]!;
  const ay = a[ao + 1]!;
  const az = a[ao + 2]!;
  const bx = b[bo]!;
  const by = b[bo + 1]!;
  const bz = b[bo + 2]!;
  out[o] = ay * bz - az * by;
  out[o + 1] = az * bx - ax * bz;
  out[o + 2] = ax * by - ay * bx;
}
export function lengthSq(a: Arr, ao: number): number {
  return dot(a, ao, a, ao);
}
export function length(a: Arr, ao: number): number {
  return Math.sqrt(dot(a, ao, a, ao));
}
export function distance(a: Arr, ao: number, b: Arr, bo: number): number {
  const dx = a[ao]! - b[bo]!;
  const dy = a[ao + 1]! - b[bo + 1]!;
  const dz = a[ao + 2]! - b[bo + 2]!;
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}
/** out = a/|a|; returns |a|. A zero vector stays zero. */
export function normalize(out: Arr, o: number, a: Arr, ao: number): number {
  const l = length(a, ao);
  const inv = l > 0 ? 1 / l : 0;
  scale(out, o, a, ao, inv);
  return l;
}
