/**
 * `npm run bench [-- <suite> ...]`: runs our engine and the peer engines on the same scenes in
 * the same process and prints ratios. Each suite is a module `bench/<suite>.ts` exporting
 * `run(args: string[]): Promise<void>`. With no suite named, every suite in `suites` runs.
 */
const suites = [
  'rigid2d',
  'rigid3d',
  'rigid3d-joints',
  'cloth',
  'grid',
  'particles',
  'mpm',
  'flip',
  'flip3d',
  'snapshot',
  'quickhull',
];

const args = process.argv.slice(2);
const chosen = args.filter((a) => !a.startsWith('-'));
const list = chosen.length > 0 ? chosen : suites;
for (const name of list) {
  if (!suites.includes(name)) {
    console.error(`bench: unknown suite '${name}' (known: ${suites.join(', ')})`);
    process.exit(2);
  }
}
for (const name of list) {
  const mod = (await import(`./${name}.ts`)) as { run(args: string[]): Promise<void> };
  console.log(`\n=== bench: ${name} ===`);
  await mod.run(args.filter((a) => a.startsWith('-')));
}
