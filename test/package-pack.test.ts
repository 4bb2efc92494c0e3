/**
 * The packed packages as a user gets them: `npm pack` of the library (`rikigaku`) and of the
 * command line (`rikigaku-cli`, packages/cli), installed offline into a fresh project.
 * The library installs nothing but itself, ships a LICENSE and no source maps, types check
 * without Node's types, and `import 'rikigaku'` gives the engines; the command line brings the
 * canvas, GIF and argument packages and runs out of the box.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const rootPkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const cliPkg = JSON.parse(readFileSync(join(ROOT, 'packages/cli/package.json'), 'utf8'));
/** The engine namespaces the package root re-exports (`export * as rigid2d from …`). */
const NAMESPACES = [
  ...readFileSync(join(ROOT, 'src/index.ts'), 'utf8').matchAll(/^export \* as (\w+) from/gm),
].map((m) => m[1]!);

interface Packed {
  filename: string;
  files: { path: string }[];
}

let dir: string;
let lib: Packed;
let cli: Packed;
let consumer: string;
let libOnly: string[];

/** Runs npm; a failure reports the end of its output (e.g. the build's type errors). */
function npm(args: string[], cwd: string): string {
  try {
    return npmRaw(args, cwd);
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    const tail = `${err.stdout ?? ''}\n${err.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`npm ${args.join(' ')} failed:\n${tail}`);
  }
}

function npmRaw(args: string[], cwd: string): string {
  return execFileSync(NPM, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    },
  });
}

function node(args: string[], cwd: string) {
  return spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rikigaku-pack-'));
  // `npm pack` runs `prepack`: the library builds dist/, the CLI bundles packages/cli/dist
  [lib] = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], ROOT)) as Packed[];
  [cli] = JSON.parse(npm(['pack', './packages/cli', '--json', '--pack-destination', dir], ROOT)) as Packed[];
  consumer = join(dir, 'consumer');
  mkdirSync(consumer);
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  // offline: from npm's cache only, as after `npm ci`
  npm(['install', '--offline', join(dir, lib!.filename)], consumer);
  libOnly = readdirSync(join(consumer, 'node_modules')).filter((f) => !f.startsWith('.'));
  npm(['install', '--offline', join(dir, cli!.filename)], consumer);
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the library package', () => {
  it('has no dependencies: installing it installs nothing else', () => {
    expect(rootPkg.dependencies ?? {}).toEqual({});
    expect(rootPkg.bin).toBeUndefined();
    expect(libOnly).toEqual(['rikigaku']);
  });

  it('ships a LICENSE (MIT), the README, no source maps and neither the CLI nor the Node renderers', () => {
    const paths = lib.files.map((f) => f.path);
    expect(paths).toContain('LICENSE');
    expect(paths).toContain('README.md');
    expect(readFileSync(join(consumer, 'node_modules/rikigaku/LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) \d{4} rikigaku contributors\n/,
    );
    expect(paths.filter((p) => p.endsWith('.map'))).toEqual([]);
    expect(paths.filter((p) => p.startsWith('dist/cli/') || /-node\.(js|d\.ts)$/.test(p))).toEqual([]);
    const js = paths.filter((p) => p.endsWith('.js'));
    for (const p of js) {
      const text = readFileSync(join(consumer, 'node_modules/rikigaku', p), 'utf8');
      expect(text, p).not.toMatch(/sourceMappingURL/);
      // no static import of a package or a node: module (labs load node: modules lazily, in Node only)
      expect(text, p).not.toMatch(/^\s*(?:import|export)\b[^'"\n]*\bfrom\s*['"](?!\.)/m);
    }
  });

  it("`import 'rikigaku'` gives the engines; a world steps; a scene file loads with its handles by name", () => {
    const script = `
      import * as root from 'rikigaku';
      import { loadRigid2dWorld } from 'rikigaku/scene';
      const engines = ${JSON.stringify(NAMESPACES)}.filter((k) => Object.keys(root[k] ?? {}).length > 0);
      const world = new root.rigid2d.World({ gravity: [0, -10] });
      const box = world.createBody({ type: 'dynamic', position: [0, 4] });
      world.createShape(box, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, density: 1 });
      for (let i = 0; i < 60; i++) world.step(1 / 60);
      const scene = loadRigid2dWorld(JSON.stringify({ format: 'rikigaku/rigid2d@1', dt: 0.01, bodies: [
        { name: 'ground', type: 'static', shapes: [{ kind: 'box', halfWidth: 5, halfHeight: 0.5, center: [0, -0.5] }] },
        { name: 'ball', position: [0, 1], shapes: [{ kind: 'circle', radius: 0.25 }] } ] }));
      for (let i = 0; i < 200; i++) scene.world.step(scene.dt);
      let error = '';
      try { loadRigid2dWorld('{"format": 1,}', 'bad.json'); } catch (e) { error = e.constructor.name + ': ' + e.message; }
      console.log(JSON.stringify({ engines, y: world.getPosition(box)[1], names: Object.keys(scene.bodies),
        ball: scene.world.getPosition(scene.bodies.ball)[1], error }));`;
    writeFileSync(join(consumer, 'use.mjs'), script);
    const r = node(['use.mjs'], consumer);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(NAMESPACES).toEqual(
      expect.arrayContaining(['math', 'geometry', 'rigid2d', 'xpbd', 'fem', 'fluid', 'water']),
    );
    expect(out.engines).toEqual(NAMESPACES);
    expect(out.y).toBeLessThan(4);
    expect(out.names).toEqual(['ground', 'ball']);
    expect(out.ball).toBeCloseTo(0.25, 1); // resting on the ground
    expect(out.error).toMatch(/^PhysicsError: bad\.json: not valid JSON at line 1, column 14/);
  });

  it('its types check in a TypeScript project without Node types', () => {
    writeFileSync(
      join(consumer, 'check.ts'),
      [
        "import { PhysicsError, rigid2d, xpbd } from 'rikigaku';",
        "import * as demos from 'rikigaku/demos';",
        "import * as labs from 'rikigaku/labs';",
        "import * as render from 'rikigaku/render';",
        "import { World } from 'rikigaku/rigid2d';",
        "import { loadRigid2dWorld, type Rigid2dSceneWorld } from 'rikigaku/scene';",
        'const w: rigid2d.World = new World({});',
        "const s: Rigid2dSceneWorld = loadRigid2dWorld('{}');",
        'const n: number = s.dt;',
        'console.log(w, n, xpbd, PhysicsError, render, labs, demos);',
      ].join('\n'),
    );
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          strict: true,
          noEmit: true,
          types: [],
          skipLibCheck: false,
        },
        files: ['check.ts'],
      }),
    );
    const r = node([join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], consumer);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 180_000);
});

describe('the command-line package', () => {
  it('has the version of the library and depends on exactly it and its own packages', () => {
    expect(cliPkg.version).toBe(rootPkg.version);
    expect(cliPkg.dependencies.rikigaku).toBe(rootPkg.version);
    expect(Object.keys(cliPkg.dependencies).sort()).toEqual(
      ['@napi-rs/canvas', 'cli-progress', 'commander', 'gifenc', 'rikigaku'].sort(),
    );
    expect(cli.files.map((f) => f.path).sort()).toEqual([
      'LICENSE',
      'bin/rikigaku.js',
      'dist/main.js',
      'package.json',
    ]);
  });

  it('`rikigaku` runs from the installed packages: version, list, a demo with CSV, a lab', () => {
    const bin = join(consumer, 'node_modules/rikigaku-cli/bin/rikigaku.js');
    const version = node([bin, '--version'], consumer);
    expect(version.stdout.trim()).toBe(rootPkg.version);
    const list = node([bin, 'list'], consumer);
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/rigid2d-card-house/);
    const run = node(
      [bin, 'run', 'rigid2d-card-house', '--seconds', '0.1', '--csv', '--gif', '--out', 'card'],
      consumer,
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const csv = readFileSync(join(consumer, 'card/series.csv'), 'utf8').trimEnd().split('\n');
    expect(csv[0]!.split(',').filter((c) => c === 'time')).toHaveLength(1);
    expect(csv).toHaveLength(8); // the header, the initial state and 6 frames of 1/60 s
    expect(readdirSync(join(consumer, 'card')).sort()).toEqual([
      '.rikigaku-run.json',
      'final.png',
      'rigid2d-card-house.gif',
      'series.csv',
      'series.png',
    ]);
    const lab = node([bin, 'lab', 'stacking', '--out', 'stacking'], consumer);
    expect(lab.stderr).toBe('');
    expect(lab.status).toBe(0);
    expect(readdirSync(join(consumer, 'stacking')).filter((f) => f.endsWith('.png')).length).toBeGreaterThan(
      0,
    );
    const bad = node([bin, 'run', 'nope'], consumer);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^rikigaku: run: unknown demo 'nope'/);
    // the bin is linked under its command name
    expect(readdirSync(join(consumer, 'node_modules/.bin'))).toContain('rikigaku');
  }, 180_000);
});
