/**
 * Text output helpers shared by the CLI and the playground: numbers with a fixed number of
 * significant digits (the workbook prints 5) and column-aligned plain-text tables.
 * Browser-safe: no Node imports.
 */

/** Formats `x` with `digits` significant digits, dropping trailing zeros (`-3.4483`, `0.23`, `1.2346e-7`). */
export function formatSig(x: number, digits = 5): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  if (x === 0) return '0';
  const ax = Math.abs(x);
  if (Number.isInteger(x) && ax < 1e15 && String(ax).replace(/0+$/, '').length <= digits) return String(x);
  if (ax >= 1e-4 && ax < 10 ** digits) {
    const s = x.toPrecision(digits);
    return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
  }
  const [mant, exp] = x.toExponential(digits - 1).split('e');
  const m = mant!.includes('.') ? mant!.replace(/0+$/, '').replace(/\.$/, '') : mant!;
  return `${m}e${exp!.replace('+', '')}`;
}

/** Formats any workbook value: numbers via `formatSig`, arrays as `[a, b]`, the rest with String. */
export function formatValue(v: unknown, digits = 5): string {
  if (typeof v === 'number') return formatSig(v, digits);
  if (Array.isArray(v)) return `[${v.map((e) => formatValue(e, digits)).join(', ')}]`;
  return String(v);
}

/**
 * A plain-text table: a header, a rule, then the rows. Numeric columns are right-aligned,
 * text columns left-aligned (a numeric column may have blank or dash cells). Returns the lines (without trailing newlines).
 */
export function formatTable(columns: string[], rows: (string | number)[][], digits = 5): string[] {
  const cells = rows.map((r) => columns.map((_, i) => (i < r.length ? formatValue(r[i], digits) : '')));
  // a column is numeric when it has numbers and otherwise only blanks or dashes
  const blank = (v: unknown) =>
    v === undefined || v === null || v === '' || v === '-' || v === '—' || v === '–';
  const numeric = columns.map(
    (_, i) =>
      rows.some((r) => typeof r[i] === 'number') &&
      rows.every((r) => typeof r[i] === 'number' || blank(r[i])),
  );
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const pad = (s: string, i: number) => (numeric[i] ? s.padStart(widths[i]!) : s.padEnd(widths[i]!));
  const line = (r: string[]) => r.map(pad).join('  ').trimEnd();
  return [line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)];
}
