/**
 * The getting-started pages (docs/getting-started-*.md) show code that works with the real API:
 * every `ts` block is type-checked against the sources (the three.js blocks against three's own
 * types, the PixiJS blocks against declarations of the calls they use), and the `ts run` block,
 * the simulation itself, is run.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const DOCS = join(ROOT, 'docs');
const pages = readdirSync(DOCS).filter((f) => /^getting-started-.*\.md$/.test(f));

/** The PixiJS v8 calls the pages use, with their real signatures (a subset): PixiJS is not installed. */
const PIXI_STUBS = `
declare module 'pixi.js' {
  export class ObservablePoint { x: number; y: number; set(x: number, y?: number): void; }
  export class Container {
    position: ObservablePoint; scale: ObservablePoint; rotation: number;
    addChild<T extends Container>(child: T): T;
  }
  export class Graphics extends Container {
    clear(): this; rect(x: number, y: number, w: number, h: number): this;
    circle(x: number, y: number, r: number): this; poly(points: number[], close?: boolean): this;
    moveTo(x: number, y: number): this; lineTo(x: number, y: number): this;
    fill(style?: number | string): this; stroke(style?: { width?: number; color?: number }): this;
  }
  export class Texture {
    static from(source: HTMLCanvasElement): Texture;
    source: { scaleMode: 'nearest' | 'linear'; update(): void };
  }
  export class Sprite extends Container { constructor(texture?: Texture); }
  export class Application {
    init(options?: { width?: number; height?: number; background?: string }): Promise<void>;
    canvas: HTMLCanvasElement; stage: Container; ticker: { add(fn: () => void): void };
  }
}
`;

/** The same for three.js, used only where its types (@types/three) are not installed. */
const THREE_STUBS = `
declare module 'three' {
  export class Vector2 { constructor(x?: number, y?: number); }
  export class Vector3 { set(x: number, y: number, z: number): this; }
  export class Euler { x: number; y: number; z: number; }
  export class Object3D { position: Vector3; rotation: Euler; add(...objects: Object3D[]): this; }
  export class Scene extends Object3D {}
  export class Group extends Object3D {}
  export class Camera extends Object3D {}
  export class PerspectiveCamera extends Camera { constructor(fov?: number, aspect?: number, near?: number, far?: number); }
  export class OrthographicCamera extends Camera {
    constructor(left?: number, right?: number, top?: number, bottom?: number, near?: number, far?: number);
  }
  export class Light extends Object3D { constructor(color?: number, intensity?: number); }
  export class AmbientLight extends Light {}
  export class DirectionalLight extends Light {}
  export class BufferAttribute { constructor(array: ArrayLike<number>, itemSize: number); set needsUpdate(value: boolean); }
  export class BufferGeometry {
    attributes: Record<string, BufferAttribute>;
    setAttribute(name: string, attribute: BufferAttribute): this;
    setIndex(index: BufferAttribute | number[] | null): this;
    computeVertexNormals(): void;
  }
  export class PlaneGeometry extends BufferGeometry { constructor(width?: number, height?: number); }
  export class Path { absarc(x: number, y: number, r: number, a0: number, a1: number, clockwise?: boolean): this; }
  export class Shape extends Path { constructor(points?: Vector2[]); }
  export class ShapeGeometry extends BufferGeometry { constructor(shapes?: Shape | Shape[]); }
  export const DoubleSide: 2;
  export const RGBAFormat: 1023;
  export const LinearFilter: 1006;
  export class Texture { set needsUpdate(value: boolean); magFilter: number; }
  export class DataTexture extends Texture { constructor(data: ArrayBufferView | null, width: number, height: number, format?: number); }
  export class Material {}
  export class MeshBasicMaterial extends Material { constructor(p?: { color?: number; map?: Texture | null }); }
  export class MeshStandardMaterial extends Material { constructor(p?: { color?: number; side?: number }); }
  export class Mesh extends Object3D { constructor(geometry?: BufferGeometry, material?: Material); }
  export class WebGLRenderer {
    constructor(p?: { antialias?: boolean });
    domElement: HTMLCanvasElement;
    setSize(width: number, height: number): void;
    render(scene: Object3D, camera: Camera): void;
    setAnimationLoop(callback: (() => void) | null): void;
  }
}
`;

interface Block {
  run: boolean;
  code: string;
}

function blocks(md: string): Block[] {
  return [...md.matchAll(/^```ts( run)?\n([\s\S]*?)^```$/gm)].map((m) => ({
    run: m[1] !== undefined,
    code: m[2]!,
  }));
}

/** `rikigaku/<x>` → the source entry point, as an absolute path. */
function toSource(code: string): string {
  return code.replace(/from '(rikigaku(?:\/[a-z0-9]+)?)'/g, (_, spec: string) => {
    const sub = spec === 'rikigaku' ? '' : `${spec.slice('rikigaku/'.length)}/`;
    return `from '${join(ROOT, 'src', sub, 'index.js')}'`;
  });
}

/** One module: the imports of every block first, the run block at top level, each drawing block in its own scope. */
function assemble(bs: Block[]): string {
  const imports = new Set<string>();
  const bodies: string[] = [];
  for (const b of bs) {
    const lines = b.code.split('\n');
    for (const l of lines) if (l.startsWith('import ')) imports.add(l);
    const body = lines.filter((l) => !l.startsWith('import ')).join('\n');
    bodies.push(b.run ? body : `{\n${body}\n}`);
  }
  return toSource([...imports, ...bodies].join('\n'));
}

const realThree = existsSync(join(ROOT, 'node_modules/@types/three/package.json'));
let dir: string;
beforeAll(() => {
  // inside the repository, so that `three` resolves to the installed package and its real types
  const cache = join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(join(existsSync(join(ROOT, 'node_modules')) ? cache : tmpdir(), 'rikigaku-snippets-'));
  writeFileSync(join(dir, 'stubs.d.ts'), realThree ? PIXI_STUBS : PIXI_STUBS + THREE_STUBS);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('getting started pages', () => {
  it('there is one per domain: 2D rigid bodies, cloth, smoke', () => {
    expect(pages.sort()).toEqual(
      expect.arrayContaining([
        'getting-started-cloth.md',
        'getting-started-rigid2d.md',
        'getting-started-smoke.md',
      ]),
    );
  });

  it('every code block type-checks against the sources (canvas, PixiJS, three.js)', () => {
    const files = pages.map((p) => {
      const bs = blocks(readFileSync(join(DOCS, p), 'utf8'));
      expect(
        bs.filter((b) => b.run),
        `${p}: one 'ts run' block`,
      ).toHaveLength(1);
      expect(bs.length, `${p}: a run block and three drawing blocks`).toBeGreaterThanOrEqual(4);
      const file = join(dir, p.replace(/\.md$/, '.mts'));
      writeFileSync(file, assemble(bs));
      return file;
    });
    const program = ts.createProgram([...files, join(dir, 'stubs.d.ts')], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      strict: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file === undefined || d.file.fileName.startsWith(dir))
      .map((d) => {
        const where = d.file
          ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
          : '';
        return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      });
    expect(errors).toEqual([]);
  }, 180_000);

  for (const page of pages) {
    it(`${page}: the simulation block runs`, async () => {
      const run = blocks(readFileSync(join(DOCS, page), 'utf8')).find((b) => b.run)!;
      const file = join(dir, page.replace(/\.md$/, '-run.mts'));
      const logged: unknown[][] = [];
      const log = console.log;
      console.log = (...args: unknown[]) => logged.push(args);
      try {
        writeFileSync(file, toSource(run.code));
        await import(file);
      } finally {
        console.log = log;
      }
      expect(logged.length).toBeGreaterThan(0);
      for (const line of logged) {
        for (const v of line) if (typeof v === 'number') expect(Number.isFinite(v), String(line)).toBe(true);
      }
    }, 30_000);
  }
});
