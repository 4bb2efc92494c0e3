#!/usr/bin/env node
// `npm run build:cli`: builds the command-line package `rikigaku-cli` (packages/cli) from
// src/cli and the Node renderers src/render/*-node.ts, bundled by esbuild into one file,
// packages/cli/dist/main.js. Everything else the CLI uses comes from the `rikigaku` package it
// depends on: a relative import of src/<folder>/<file> becomes an import of `rikigaku/<folder>`,
// which must export that file (checked here). The packages the CLI needs (commander, cli-progress,
// gifenc, @napi-rs/canvas) stay imports: they are the CLI package's dependencies, never the
// library's.
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');
const PKG = join(ROOT, 'packages/cli');

const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const cli = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8'));
const fail = (msg) => {
  console.error(`build:cli: ${msg}`);
  process.exit(1);
};
if (cli.version !== root.version)
  fail(`packages/cli version ${cli.version} differs from rikigaku ${root.version}`);
if (cli.dependencies?.rikigaku !== root.version) {
  fail(`packages/cli must depend on rikigaku ${root.version}, not ${cli.dependencies?.rikigaku}`);
}

/** Is this source file part of the CLI bundle (the CLI itself and the Node-only renderers)? */
const bundled = (rel) => rel.startsWith('cli/') || /^render\/[^/]+-node\.ts$/.test(rel);

/** Does src/<folder>/index.ts re-export ./<file>? */
function exportedBy(folder, file) {
  const index = join(SRC, folder, 'index.ts');
  if (!existsSync(index)) return false;
  if (file === 'index') return true;
  const text = readFileSync(index, 'utf8');
  return new RegExp(`^export [^;]*from '\\./${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.js';`, 'm').test(
    text,
  );
}

const toPackage = {
  name: 'rikigaku-subpaths',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const abs = resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts');
      const rel = relative(SRC, abs).split('\\').join('/');
      if (rel.startsWith('..')) return undefined;
      if (bundled(rel)) return undefined;
      const [folder, ...rest] = rel.replace(/\.ts$/, '').split('/');
      const file = rest.join('/');
      if (!exportedBy(folder, file)) {
        return {
          errors: [
            {
              text: `${relative(ROOT, args.importer)} imports src/${rel}, which rikigaku/${folder} does not export`,
            },
          ],
        };
      }
      return { path: `rikigaku/${folder}`, external: true };
    });
  },
};

rmSync(join(PKG, 'dist'), { recursive: true, force: true });
const result = await build({
  entryPoints: [join(SRC, 'cli/main.ts')],
  outfile: join(PKG, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  plugins: [toPackage],
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
copyFileSync(join(ROOT, 'LICENSE'), join(PKG, 'LICENSE'));

// every bare import of the bundle is a dependency of the CLI package or a Node built-in
const output = Object.values(result.metafile.outputs)[0];
const deps = new Set(Object.keys(cli.dependencies ?? {}));
for (const imp of output.imports) {
  if (!imp.external || imp.path.startsWith('node:')) continue;
  const name = imp.path.startsWith('@') ? imp.path.split('/').slice(0, 2).join('/') : imp.path.split('/')[0];
  if (!deps.has(name)) fail(`the bundle imports '${imp.path}', not a dependency of packages/cli`);
}
console.error(`build:cli: packages/cli/dist/main.js (${(output.bytes / 1024).toFixed(0)} kB)`);
