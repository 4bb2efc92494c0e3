/**
 * The layer rules of biome.json (docs/architecture.md): each `src/<folder>` may import only the
 * folders below it, engines import no other engine (except fem → xpbd) and no packages.
 * The test copies the repository's biome.json into a temporary directory, writes small files
 * that import across the layers there, lints them with the installed Biome and checks which
 * imports `lint/style/noRestrictedImports` reports. Nothing is written into the repository.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');

/** Fixture files: path under the temporary root → an import line. */
const FIXTURES: Record<string, string> = {
  // upward or sideways imports the rules must catch
  'src/rigid2d/up-demos.ts': "import type { DemoInstance } from '../demos/types.js';",
  'src/xpbd/up-fem.ts': "import { FemBody } from '../fem/fem-body.js';",
  'src/fluid/up-render.ts': "import { drawSmoke2D } from '../render/smoke-draw.js';",
  'src/fluid/package.ts': "import { createCanvas } from '@napi-rs/canvas';",
  'src/math/node-builtin.ts': "import { readFileSync } from 'node:fs';",
  'src/core/up-math.ts': "import { Vec2 } from '../math/vec2.js';",
  'src/scene/up-demo.ts': "import { rigid2dDemos } from '../demos/rigid2d.js';",
  'src/render/up-scene.ts': "import { loadScene } from '../scene/index.js';",
  'src/demos/kit/up-demo.ts': "import { fluidDemos } from '../fluid.js';",
  'src/scene/builders/up-labs.ts': "import { stackingLab } from '../../labs/stacking.js';",
  // imports the rules allow
  'src/rigid2d/ok-down.ts':
    "import { PhysicsError } from '../core/errors.js';\nimport { Vec2 } from '../math/vec2.js';",
  'src/fem/ok-xpbd.ts': "import { XpbdSolver } from '../xpbd/solver.js';",
  'src/scene/ok-kit.ts': "import { BodyGrabber } from '../demos/kit/grabber.js';",
  'src/scene/builders/ok-engine.ts': "import { World } from '../../rigid2d/world.js';",
  'src/render/ok-engine.ts': "import type { World } from '../rigid2d/world.js';",
  'src/demos/kit/ok-down.ts':
    "import { applyView } from '../../core/view.js';\nimport { drawWorld } from '../../rigid2d/debug-draw.js';",
  'src/demos/ok-scene.ts': "import { loadScene } from '../scene/index.js';",
  'src/cli/ok-package.ts': "import { Command } from 'commander';",
};

interface Diagnostic {
  category: string;
  location: { path: string };
}

let dir = '';
let reported = new Set<string>();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rikigaku-layers-'));
  copyFileSync(join(ROOT, 'biome.json'), join(dir, 'biome.json'));
  for (const [path, line] of Object.entries(FIXTURES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${line}\n`);
  }
  let out: string;
  try {
    out = execFileSync(
      BIOME,
      ['lint', '--only=style/noRestrictedImports', '--reporter=json', '--max-diagnostics=none', 'src'],
      { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
  } catch (e) {
    // Biome exits non-zero when it reports errors; the report is still on stdout.
    out = (e as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as { diagnostics: Diagnostic[] };
  reported = new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => d.location.path.replaceAll('\\', '/')),
  );
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('biome enforces the layers', () => {
  for (const path of Object.keys(FIXTURES)) {
    const forbidden = !/\/ok-[^/]*$/.test(path);
    it(`${forbidden ? 'reports' : 'allows'} ${path}: ${FIXTURES[path]!.split('\n').at(-1)}`, () => {
      expect(reported.has(path)).toBe(forbidden);
    });
  }
});
