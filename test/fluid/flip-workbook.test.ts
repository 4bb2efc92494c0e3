import { describe, expect, it } from 'vitest';
import { findSection } from '../../src/workbook/index.js';

describe('workbook §26.4 PIC / FLIP / APIC (computed by the transfer code)', () => {
  it('is registered and every self-check passes', () => {
    const s = findSection('26.4-flip');
    expect(s).toBeDefined();
    const examples = s!.examples();
    expect(examples.map((e) => e.id)).toEqual(['26.4-pic-flip', '26.4-apic-rotation']);
    for (const e of examples)
      for (const c of e.checks ?? []) expect(c.pass, `${e.id}: ${c.label}`).toBe(true);
  });
  it('prints the textbook numbers: PIC 1.5, FLIP 1.9, blend 1.88', () => {
    const e = findSection('26.4-flip')!.examples()[0]!;
    const rows = e.steps[2]!.table!.rows;
    expect(rows.map((r) => r[2])).toEqual([1.5, 1.9, 1.88, 1.5]);
  });
});
