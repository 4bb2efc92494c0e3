/**
 * Counts the public API without a doc comment: every export of the package's entry points
 * (package.json "exports", mapped back to src/), and the public members (properties, methods,
 * accessors) of the exported classes and interfaces — options included. Uses the TypeScript
 * compiler API. `node --import tsx test/docs/undocumented.ts [--names]` prints the count per
 * file (and every name); api-docs.test.ts asserts the counts.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** An undocumented declaration: where it is and its name (`Class.member` for members). */
export interface Undocumented {
  file: string;
  line: number;
  name: string;
}

/** The source file of every subpath export of package.json, e.g. `./rigid2d` → src/rigid2d/index.ts. */
export function entryPoints(root = ROOT): { subpath: string; file: string }[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const exports = pkg.exports as Record<string, { import: string }>;
  return Object.entries(exports).map(([subpath, target]) => ({
    subpath,
    file: join(root, target.import.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')),
  }));
}

function documented(checker: ts.TypeChecker, symbol: ts.Symbol, decl: ts.Node): boolean {
  if (symbol.getDocumentationComment(checker).some((p) => p.text.trim() !== '')) return true;
  // a doc comment made only of tags (`/** @internal */`, `@deprecated`) still documents
  return ts.getJSDocCommentsAndTags(decl).length > 0 && symbol.getJsDocTags(checker).length > 0;
}

const MEMBER_KINDS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.PropertySignature,
  ts.SyntaxKind.PropertyDeclaration,
  ts.SyntaxKind.MethodSignature,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
]);

function isPublicMember(decl: ts.ClassElement | ts.TypeElement): boolean {
  if (!MEMBER_KINDS.has(decl.kind)) return false;
  const flags = ts.getCombinedModifierFlags(decl as ts.Declaration);
  if (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) return false;
  const name = decl.name;
  if (!name || ts.isPrivateIdentifier(name)) return false;
  return !name.getText().startsWith('_');
}

/**
 * The undocumented public API: `{ exports, members }`, each a list of
 * `{ file, name, line }` (file relative to the repository), every declaration once.
 */
export function undocumented(root = ROOT): { exports: Undocumented[]; members: Undocumented[] } {
  const entries = entryPoints(root);
  const program = ts.createProgram(
    entries.map((e) => e.file),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    },
  );
  const checker = program.getTypeChecker();
  const seen = new Set<string>();
  const exports: Undocumented[] = [];
  const members: Undocumented[] = [];
  const where = (decl: ts.Node) => {
    const sf = decl.getSourceFile();
    return {
      file: relative(root, sf.fileName).split('\\').join('/'),
      line: sf.getLineAndCharacterOfPosition(decl.getStart()).line + 1,
    };
  };
  for (const entry of entries) {
    const sf = program.getSourceFile(entry.file);
    if (!sf) continue;
    const moduleSymbol = checker.getSymbolAtLocation(sf);
    if (!moduleSymbol) continue;
    for (const exp of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exp.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exp) : exp;
      const decl = symbol.declarations?.[0];
      if (!decl) continue;
      // `export * as rigid2d from …`: a namespace of another entry point, counted there
      if (ts.isSourceFile(decl)) continue;
      if (!where(decl).file.startsWith('src/')) continue;
      const key = `${where(decl).file}:${decl.pos}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (!documented(checker, symbol, decl)) exports.push({ ...where(decl), name: exp.getName() });
      // public members of exported classes and interfaces (an option bag's fields)
      if (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) {
        for (const d of symbol.declarations ?? []) {
          if (!ts.isClassDeclaration(d) && !ts.isInterfaceDeclaration(d)) continue;
          for (const m of d.members) {
            if (!isPublicMember(m)) continue;
            const ms = m.name && checker.getSymbolAtLocation(m.name);
            if (!ms) continue;
            const mkey = `${where(m).file}:${m.pos}`;
            if (seen.has(mkey)) continue;
            seen.add(mkey);
            if (!documented(checker, ms, m))
              members.push({ ...where(m), name: `${exp.getName()}.${m.name!.getText()}` });
          }
        }
      }
    }
  }
  return { exports, members };
}

/** Counts per file, largest first. */
export function countByFile(list: readonly Undocumented[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const u of list) counts.set(u.file, (counts.get(u.file) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { exports, members } = undocumented();
  const names = process.argv.includes('--names');
  for (const [title, list] of [
    ['exports', exports],
    ['members', members],
  ] as const) {
    console.log(`undocumented ${title}: ${list.length}`);
    for (const [file, n] of countByFile(list)) {
      console.log(`  ${String(n).padStart(4)}  ${file}`);
      if (names)
        for (const u of list.filter((x) => x.file === file)) console.log(`          ${u.line}: ${u.name}`);
    }
  }
}
