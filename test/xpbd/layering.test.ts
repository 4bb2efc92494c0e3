/**
 * The engine layering of rikigaku/xpbd: xpbd builds on core, math and geometry only; fem builds on
 * xpbd (its particles and solver), never the other way round.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../src/xpbd');

describe('xpbd layering', () => {
  it('no file of src/xpbd imports fem (or any other engine)', () => {
    const offenders: string[] = [];
    for (const f of readdirSync(dir)) {
      if (!f.endsWith('.ts')) continue;
      const src = readFileSync(join(dir, f), 'utf8');
      for (const m of src.matchAll(/from '\.\.\/([a-z0-9-]+)\//g)) {
        if (!['core', 'math', 'geometry', 'integrators', 'spatial', 'dynamics'].includes(m[1]!)) {
          offenders.push(`${f} → ${m[1]}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
