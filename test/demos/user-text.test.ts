/**
 * The text a user reads speaks of what they have: every demo's title, description, parameter and
 * series labels, the example scene files the playground lists, and the pages in docs/ name the
 * method, its authors and the textbook section — never internal working documents ("Seed 000",
 * "seed toy") — and use no CJK characters, which the playground's fonts may not have (they would
 * render as boxes).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { femDemos } from '../../src/demos/fem.js';
import { fluidDemos } from '../../src/demos/fluid.js';
import { demos } from '../../src/demos/index.js';
import { integratorsDemos } from '../../src/demos/integrators.js';
import { labsDemos } from '../../src/demos/labs.js';
import { rigid2dDemos } from '../../src/demos/rigid2d.js';
import { rigid2dJointDemos } from '../../src/demos/rigid2d-joints.js';
import { waterDemos } from '../../src/demos/water.js';
import { xpbdDemos } from '../../src/demos/xpbd.js';

/** The demos of the toolkit's first domains (newer demo files check their own texts). */
const core = [
  ...integratorsDemos,
  ...rigid2dDemos,
  ...rigid2dJointDemos,
  ...xpbdDemos,
  ...femDemos,
  ...fluidDemos,
  ...waterDemos,
  ...labsDemos,
];

const ROOT = join(import.meta.dirname, '../..');
/** References to documents a user does not have. */
const INTERNAL =
  /\bseed\s*0\d\d\b|\bseed[- ]toy\b|\bseed(?:'s|’s)?\s*§|\bthe seed\b(?!ed)|\btoy solver\b|\bbrief\b/i;
/** Chinese/Japanese/Korean characters and full-width forms. */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]/;

function texts(): [string, string][] {
  const out: [string, string][] = [];
  for (const d of demos) {
    out.push([`${d.id}.title`, d.title], [`${d.id}.description`, d.description]);
    for (const p of d.params ?? []) out.push([`${d.id}.params.${p.key}`, p.label ?? p.key]);
    for (const s of d.series ?? [])
      out.push([`${d.id}.series.${s.key}`, `${s.key} ${s.label ?? ''} ${s.unit ?? ''}`]);
  }
  const scenes = join(ROOT, 'examples/scenes');
  for (const f of readdirSync(scenes).filter((n) => n.endsWith('.json'))) {
    const j = JSON.parse(readFileSync(join(scenes, f), 'utf8')) as { title?: string; description?: string };
    out.push([`examples/scenes/${f}`, `${j.title ?? ''} ${j.description ?? ''}`]);
  }
  return out;
}

describe('user-facing text', () => {
  it('demo and scene texts cite no internal documents and have no CJK characters', () => {
    const bad = texts().filter(([, t]) => INTERNAL.test(t) || CJK.test(t));
    expect(bad.map(([where, t]) => `${where}: ${t.slice(0, 120)}`)).toEqual([]);
  });

  it('docs/*.md cite no internal documents', () => {
    const dir = join(ROOT, 'docs');
    const bad: string[] = [];
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.md'))) {
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (INTERNAL.test(line)) bad.push(`docs/${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(bad).toEqual([]);
  });

  it('every demo description names a method or a textbook section', () => {
    const vague = core.filter(
      (d) => !/§\d|\b(19|20)\d\d\b|Catto|Müller|Stam|Newton|Coulomb|Box2D|lab\b/i.test(d.description),
    );
    expect(vague.map((d) => `${d.id}: ${d.description}`)).toEqual([]);
  });
});
