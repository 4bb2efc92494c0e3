/**
 * The stretch colour map of cloth and soft-body edges: green at 0% stretch through yellow at 7.5%
 * to red at 15% or more (textbook §26.3).
 */

/** Stretch (|x_i − x_j| / rest − 1) → a CSS colour: 0 → green, 0.075 → yellow, ≥ 0.15 → red. */
export function stretchColor(stretch: number): string {
  const t = Math.min(Math.max(stretch / 0.15, 0), 1);
  const r = Math.round(255 * Math.min(1, 2 * t));
  const g = Math.round(200 * Math.min(1, 2 * (1 - t)));
  return `rgb(${r},${g},40)`;
}
