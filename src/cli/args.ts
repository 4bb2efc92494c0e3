/** Parsers for option values; each throws a CliError naming the option. */
import type { Demo, DemoParamValues } from '../demos/types.js';
import { CliError } from './context.js';

export function positiveNumber(option: string, text: string): number {
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || v <= 0) {
    throw new CliError(`${option}: expected a positive number, got '${text}'`);
  }
  return v;
}

export function positiveInteger(option: string, text: string): number {
  const v = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(v) || v <= 0) {
    throw new CliError(`${option}: expected a positive whole number, got '${text}'`);
  }
  return v;
}

/** `WxH`, e.g. `640x480`, each between 16 and 4096 pixels. */
export function parseSize(text: string): { width: number; height: number } {
  const m = /^(\d+)[x×](\d+)$/i.exec(text.trim());
  const w = m ? Number(m[1]) : Number.NaN;
  const h = m ? Number(m[2]) : Number.NaN;
  if (!(w >= 16 && w <= 4096 && h >= 16 && h <= 4096)) {
    throw new CliError(`--size: expected WxH with each side 16..4096 pixels, e.g. 640x480, got '${text}'`);
  }
  return { width: w, height: h };
}

/** `--param k=v` values, converted by the kind each parameter declares. */
export function parseParams(demo: Demo, pairs: string[]): DemoParamValues {
  const out: DemoParamValues = {};
  const params = demo.params ?? [];
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliError(`--param: expected key=value, got '${pair}'`);
    const key = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const p = params.find((q) => q.key === key);
    if (!p) {
      const known = params.map((q) => q.key).join(', ') || '(none)';
      throw new CliError(`--param: demo '${demo.id}' has no parameter '${key}' (known: ${known})`);
    }
    if (p.kind === 'number') {
      const v = Number(value);
      if (value === '' || !Number.isFinite(v)) {
        throw new CliError(`--param ${key}: expected a number, got '${value}'`);
      }
      if (v < p.min || v > p.max) {
        throw new CliError(`--param ${key}: must be within ${p.min}..${p.max}, got ${v}`);
      }
      out[key] = v;
    } else if (p.kind === 'boolean') {
      if (!['true', 'false', '1', '0', 'on', 'off'].includes(value)) {
        throw new CliError(`--param ${key}: expected true or false, got '${value}'`);
      }
      out[key] = value === 'true' || value === '1' || value === 'on';
    } else {
      if (!p.options.includes(value)) {
        throw new CliError(`--param ${key}: expected one of ${p.options.join(', ')}, got '${value}'`);
      }
      out[key] = value;
    }
  }
  return out;
}
