/**
 * The package's shape: every subpath export points at a domain index that exists and imports,
 * the engine core imports no runtime dependency and no node: module (it must run in browsers).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, { types: string; import: string }>;
  sideEffects: boolean;
  type: string;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

function sourceOf(distPath: string): string {
  return join(ROOT, distPath.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('package', () => {
  it('is ESM and side-effect free', () => {
    expect(pkg.type).toBe('module');
    expect(pkg.sideEffects).toBe(false);
  });

  for (const [subpath, target] of Object.entries(pkg.exports)) {
    it(`export '${subpath}' maps to an existing module that imports`, async () => {
      const src = sourceOf(target.import);
      expect(existsSync(src), `${src} missing`).toBe(true);
      expect(target.types).toBe(target.import.replace(/\.js$/, '.d.ts'));
      const mod = await import(src);
      expect(Object.keys(mod).length).toBeGreaterThan(0);
    });
  }

  it('the engine core imports no node: module and no package (browser-safe, zero runtime dependencies)', () => {
    // the CLI and the game servers are Node programs outside the package (tsconfig.build.json
    // excludes them); a type-only import is erased from the built code
    const nodeOnly = /(^|\/)(cli|server)\/|-node\.ts$/;
    const offenders: string[] = [];
    for (const file of walk(join(ROOT, 'src'))) {
      const rel = relative(join(ROOT, 'src'), file);
      if (nodeOnly.test(rel)) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^\s*(?:import|export)(?!\s+type\s)[^'"]*from\s+['"]([^'"]+)['"]/gm)) {
        const spec = m[1]!;
        if (!spec.startsWith('.')) offenders.push(`${rel}: ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
    // the glTF import's container library is an optional peer dependency, loaded on first use
    const gltf = readFileSync(join(ROOT, 'src/gltf/import.ts'), 'utf8');
    expect(gltf).toMatch(/await import\('@gltf-transform\/core'\)/);
    expect(pkg.peerDependenciesMeta?.['@gltf-transform/core']?.optional).toBe(true);
    // and the server folder really is left out of the package build
    const build = JSON.parse(readFileSync(join(ROOT, 'tsconfig.build.json'), 'utf8')) as {
      exclude: string[];
    };
    expect(build.exclude).toContain('src/server');
  });
});
