/**
 * Portable deterministic elementary functions: identical bits in every JavaScript engine
 * (Math.sin/cos/atan2/exp may differ in the last bits between engines).
 * PLACEHOLDER until the math work lands: these delegate to Math and are replaced by
 * argument-reduction + polynomial implementations using only + − × ÷ and Math.sqrt.
 */
export function psin(x: number): number {
  return Math.sin(x);
}
export function pcos(x: number): number {
  return Math.cos(x);
}
export function patan2(y: number, x: number): number {
  return Math.atan2(y, x);
}
export function pexp(x: number): number {
  return Math.exp(x);
}
