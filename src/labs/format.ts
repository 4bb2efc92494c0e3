/**
 * Number formatting exactly as the labs' reference Python prints it (the impulse and stacking
 * labs describe Python tooling): `repr(float)` for plain values and `'%.Nf'` for fixed decimals.
 * JavaScript's own `String(x)` differs (`5` vs `5.0`, `1e-7` vs `1e-07`), and `toFixed` rounds
 * exact ties up where Python rounds them to even, so both are adjusted here.
 */

/** Python's `repr(x)` for a float: shortest round-trip digits, `5.0`, `1e-05`, `1e+16`. */
export function pyRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Number.POSITIVE_INFINITY) return 'inf';
  if (x === Number.NEGATIVE_INFINITY) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  // toExponential() without an argument gives the shortest digits that round-trip
  const [mant, expStr] = Math.abs(x).toExponential().split('e') as [string, string];
  const digits = mant.replace('.', '');
  const exp = Number(expStr);
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp).toString().padStart(2, '0');
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
  const frac = digits.slice(exp + 1);
  return `${sign}${intPart}.${frac.length > 0 ? frac : '0'}`;
}

/** Python's `f'{x:.{d}f}'`: correctly rounded, exact ties to even, `-0.000000` kept. */
export function pyFixed(x: number, d: number): string {
  if (!Number.isFinite(x)) return pyRepr(x);
  const neg = x < 0 || Object.is(x, -0);
  const a = Math.abs(x);
  let s = a.toFixed(d);
  // exact decimal expansion (a double with |x| < 1e21 has at most ~1074 fraction digits, but any
  // exact tie at digit d+1 has a short expansion, so 100 digits decide it)
  const long = a.toFixed(100);
  const dot = long.indexOf('.');
  const tail = long.slice(dot + 1 + d);
  if (/^50*$/.test(tail)) {
    const down = d > 0 ? long.slice(0, dot + 1 + d) : long.slice(0, dot);
    const last = Number(down[down.length - 1]);
    if (last % 2 === 0) s = down; // Python keeps the even neighbour; toFixed took the larger
  }
  return (neg ? '-' : '') + s;
}
