/**
 * The API reference (`npm run docs`, typedoc) covers every entry point of the package, and the
 * public API carries doc comments: the exports of the entry points and the public members of the
 * exported classes and interfaces (the options a user passes). The counts may only go down.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countByFile, entryPoints, undocumented } from './undocumented.js';

const ROOT = join(import.meta.dirname, '../..');

/**
 * Ceilings on the undocumented public API. Lower them as doc comments are written; they must
 * never rise. Files with the most left: `node --import tsx test/docs/undocumented.ts --names`.
 */
const MAX_UNDOCUMENTED_EXPORTS = 0;
const MAX_UNDOCUMENTED_MEMBERS = 0;

const tmp: string[] = [];
afterAll(() => {
  for (const d of tmp) rmSync(d, { recursive: true, force: true });
});

describe('the API reference', () => {
  it('`npm run docs` runs typedoc over every entry point of package.json into docs/api/', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts.docs).toBe('typedoc');
    expect(pkg.devDependencies.typedoc).toBeDefined();
    const config = (await import(join(ROOT, 'typedoc.config.mjs'))).default;
    expect(config.out).toBe('docs/api');
    const entries = entryPoints().map((e) => e.file.slice(ROOT.length + 1));
    expect([...config.entryPoints].sort()).toEqual([...entries].sort());
    for (const doc of config.projectDocuments) expect(existsSync(join(ROOT, doc)), doc).toBe(true);
    expect(readFileSync(join(ROOT, '.gitignore'), 'utf8')).toMatch(/^docs\/api\/$/m);
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toMatch(/npm run docs/);
  });

  it('the counter finds an undocumented export and an undocumented option', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rikigaku-undoc-'));
    tmp.push(dir);
    mkdirSync(join(dir, 'src'));
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } } }),
    );
    writeFileSync(
      join(dir, 'src/index.ts'),
      [
        '/** documented */',
        'export function a(): void {}',
        'export function b(): void {}',
        '/** options */',
        'export interface Options {',
        '  /** documented */',
        '  x?: number;',
        '  y?: number;',
        '}',
        "export * from './more.js';",
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'src/more.ts'),
      '/** c */\nexport const c = 1;\nexport class D {\n  private p = 1;\n  q = 2;\n}\n',
    );
    const u = undocumented(dir);
    expect(u.exports.map((x) => x.name).sort()).toEqual(['D', 'b']);
    expect(u.members.map((x) => x.name).sort()).toEqual(['D.q', 'Options.y']);
    expect(countByFile(u.exports)).toEqual([
      ['src/index.ts', 1],
      ['src/more.ts', 1],
    ]);
  });

  it('undocumented public exports and members stay under their ceilings', () => {
    const u = undocumented();
    const report = (list: typeof u.exports) =>
      countByFile(list)
        .map(([f, n]) => `${n} ${f}`)
        .join('\n');
    expect(u.exports.length, `undocumented exports:\n${report(u.exports)}`).toBeLessThanOrEqual(
      MAX_UNDOCUMENTED_EXPORTS,
    );
    expect(u.members.length, `undocumented members:\n${report(u.members)}`).toBeLessThanOrEqual(
      MAX_UNDOCUMENTED_MEMBERS,
    );
  }, 120_000);
});
