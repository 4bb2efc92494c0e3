// `npm run docs`: the API reference of every entry point of the package (package.json
// "exports", mapped to their sources) into docs/api/, with the getting-started pages.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** The source file of each subpath export: ./dist/rigid2d/index.js → src/rigid2d/index.ts. */
export const entryPoints = Object.values(pkg.exports).map((t) =>
  t.import.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'),
);

/** @type {Partial<import('typedoc').TypeDocOptions>} */
const config = {
  $schema: 'https://typedoc.org/schema.json',
  name: 'rikigaku',
  entryPoints,
  out: 'docs/api',
  tsconfig: 'tsconfig.build.json',
  readme: 'README.md',
  projectDocuments: [
    'docs/getting-started-rigid2d.md',
    'docs/getting-started-cloth.md',
    'docs/getting-started-smoke.md',
    'docs/scene-format.md',
  ],
  excludePrivate: true,
  excludeProtected: true,
  excludeInternal: true,
  sort: ['source-order'],
  hideGenerator: true,
  disableSources: true,
  // tsc checks the types (npm run typecheck); a half-finished file elsewhere must not stop the docs
  skipErrorChecking: true,
  validation: { notExported: false, invalidLink: true, notDocumented: false },
};

export default config;
