#!/usr/bin/env node
/**
 * Writes the layer rules of docs/architecture.md into biome.json (`overrides`, one
 * `noRestrictedImports` rule per source folder). Edit LAYERS below, then run
 * `node scripts/layers.mjs` and commit both files. test/lint/layers.test.ts checks the result.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Bottom → top. Folders on one level may not import each other unless `also` says so. */
const LAYERS = [
  { name: 'core', folders: ['core'] },
  { name: 'math', folders: ['math'] },
  { name: 'geometry', folders: ['geometry'] },
  { name: 'integrators', folders: ['integrators'], sameLevelAs: 'geometry' },
  { name: 'spatial', folders: ['spatial'] },
  { name: 'dynamics', folders: ['dynamics'] },
  {
    name: 'engines',
    folders: ['rigid2d', 'rigid3d', 'xpbd', 'fem', 'particles', 'mpm', 'fluid', 'water'],
    engine: true,
    also: { fem: ['xpbd'], particles: ['xpbd'] },
  },
  { name: 'net', folders: ['sim', 'net'] },
  { name: 'render', folders: ['render'] },
  { name: 'demo-kit', folders: ['demos/kit'] },
  { name: 'scene', folders: ['scene', 'gltf'], also: { gltf: ['scene'] } },
  { name: 'labs', folders: ['labs'] },
  { name: 'demos', folders: ['demos', 'workbook'], also: { workbook: ['demos'], demos: ['workbook'] } },
  { name: 'cli', folders: ['cli', 'server'] },
];

const list = (xs) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);

// level index per folder; integrators shares geometry's level
const levels = [];
for (const layer of LAYERS) {
  if (layer.sameLevelAs) levels[levels.length - 1].push(layer);
  else levels.push([layer]);
}
const folderLevel = new Map();
levels.forEach((group, i) => {
  for (const layer of group) for (const f of layer.folders) folderLevel.set(f, { level: i, layer });
});
const allFolders = [...folderLevel.keys()];

const overrides = [];
for (const [folder, { level, layer }] of folderLevel) {
  const extra = layer.also?.[folder] ?? [];
  const allowed = allFolders.filter((f) => f !== folder && (folderLevel.get(f).level < level || extra.includes(f) || (folderLevel.get(f).layer !== layer && folderLevel.get(f).level === level && !layer.engine)));
  const banned = allFolders.filter((f) => f !== folder && !allowed.includes(f));
  const group = [];
  for (const f of banned) {
    if (f === 'demos' && allowed.includes('demos/kit')) group.push('**/demos/**', '!**/demos/kit/**');
    else if (f === 'demos' && folder === 'demos/kit') group.push('../*', '**/demos/**');
    else group.push(`**/${f}/**`);
  }
  const patterns = [];
  const may = allowed.length > 0 ? `may import only ${list(allowed)}` : 'may import nothing outside itself';
  if (group.length > 0) {
    patterns.push({
      group,
      message: `src/${folder} is in the ${layer.name} layer: it ${may} (docs/architecture.md).`,
    });
  }
  if (layer.engine || ['core', 'math', 'geometry', 'integrators', 'spatial', 'dynamics'].includes(folder)) {
    patterns.push({
      group: [':NODE:', ':PACKAGE:', ':PACKAGE_WITH_PROTOCOL:', ':BUN:', ':URL:', ':ALIAS:'],
      message: `src/${folder} is engine code: no packages or Node built-ins, only relative imports (docs/architecture.md).`,
    });
  }
  if (patterns.length === 0) continue;
  overrides.push({
    includes: folder === 'demos' ? ['src/demos/**', '!src/demos/kit/**'] : [`src/${folder}/**`],
    linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
  });
}

const path = join(import.meta.dirname, '..', 'biome.json');
const biome = JSON.parse(readFileSync(path, 'utf8'));
biome.overrides = overrides;
writeFileSync(path, `${JSON.stringify(biome, null, 2)}\n`);
console.log(`biome.json: ${overrides.length} layer overrides`);
