/**
 * Demos of soft bodies, shape matching, FEM and implicit cloth (textbook §26.3 shape matching
 * and FEM, §26.1 implicit integration):
 *   - the 2D shape-matching square of §26.3 (the worked example, then a falling, dentable square);
 *   - a soft jelly cube: shape matching and FEM side by side;
 *   - 2D triangulated soft shapes with corotational or neo-Hookean FEM;
 *   - one cloth scene under PBD, XPBD and implicit (Baraff–Witkin) cloth, edges coloured by stretch.
 */
import {
  type ClothIntegrator,
  type ClothSimulation,
  createClothSimulation,
  edgeStretch,
  hangingLength,
  maxStructuralStretch,
} from '../fem/cloth-simulation.js';
import type { FemModel } from '../fem/fem-tetrahedra.js';
import { ImplicitFem } from '../fem/implicit-fem.js';
import { addFemBody2D, addFemBody3D, addShapeMatchingBody, type SoftBody } from '../fem/soft-body.js';
import { type TetMesh, tetrahedralizeBox, tetrahedralizeSphere } from '../fem/tetrahedralize.js';
import { type TriMesh, triangulateDisc, triangulateRectangle } from '../fem/triangulate.js';
import { pcos, psin } from '../math/portable.js';
import { type ClothMesh, clothMesh } from '../xpbd/cloth.js';
import { type Collider, CollisionSet, plane } from '../xpbd/collision.js';
import { ShapeMatching } from '../xpbd/shape-matching.js';
import { XpbdWorld } from '../xpbd/solver.js';
import { labelAt } from './kit/labels.js';
import { ParticleGrabber } from './kit/particle-grabber.js';
import { stretchColor } from './kit/stretch-color.js';
import {
  applyView,
  type Demo,
  type DemoInstance,
  type DemoParamValues,
  type DemoPointer,
  type SeriesStyle,
  type View,
} from './types.js';

/** The cantilever's two beams: one colour each on the canvas, in the live plot and in `series.png`. */
const CANTILEVER_LINEAR_COLOR = '#b23a48';
const CANTILEVER_COROTATIONAL_COLOR = '#2b7bb9';

const GROUND = '#8a8a8a';

function drawGround(ctx: CanvasRenderingContext2D, view: View, y = 0): void {
  applyView(ctx, view);
  ctx.fillStyle = '#e6e2da';
  const w = view.width / view.scale;
  ctx.fillRect(view.cx - w, y - 10, 2 * w, 10);
  ctx.strokeStyle = GROUND;
  ctx.lineWidth = 2 / view.scale;
  ctx.beginPath();
  ctx.moveTo(view.cx - w, y);
  ctx.lineTo(view.cx + w, y);
  ctx.stroke();
}

/** An XPBD world stepped at `dt` whose particles the pointer can drag: what the soft-body demos share. */
abstract class DraggableWorldDemo implements DemoInstance {
  time = 0;
  protected readonly dragger: ParticleGrabber;
  constructor(
    protected readonly world: XpbdWorld,
    readonly dt: number,
  ) {
    this.dragger = new ParticleGrabber(world, 0.3);
  }
  step(): void {
    this.world.step(this.dt);
    this.time += this.dt;
  }
  pointer(e: DemoPointer): void {
    this.dragger.pointer(e);
  }
  abstract draw(ctx: CanvasRenderingContext2D, view: View): void;
}

// ---------------------------------------------------------------------------------------------
// §26.3 the 2D shape-matching square
// ---------------------------------------------------------------------------------------------

class ShapeMatchingSquare extends DraggableWorldDemo {
  private readonly sm: ShapeMatching;
  private readonly example: boolean;
  private readonly boundary: number[];
  private readonly goals: Float64Array;

  constructor(params: DemoParamValues, dt: number) {
    const example = params.scene === 'worked example';
    // the worked example: α per frame, no gravity; the scene: substeps and gravity
    super(new XpbdWorld(example ? { substeps: 1, gravity: [0, 0, 0] } : { substeps: 4 }), dt);
    this.example = example;
    const mode = String(params.mode);
    const alpha = Number(params.stiffness);
    if (this.example) {
      // the book's square: rest q = (±1, ±1), turned 90° and dented, α per frame, no gravity
      const p = this.world.particles;
      const rest = [-1, -1, 1, -1, 1, 1, -1, 1];
      for (let i = 0; i < 4; i++) p.add(rest[2 * i], rest[2 * i + 1], 0, 1);
      this.sm = ShapeMatching.fromParticles(p, [[0, 1, 2, 3]], { dim: 2, stiffness: alpha });
      const x = [1, -1, 1, 1, -0.4, 0.4, -1, -1];
      for (let i = 0; i < 4; i++) p.setPosition(i, x[2 * i], x[2 * i + 1], 0);
      this.boundary = [0, 1, 2, 3];
    } else {
      // a 6×6 particle square of 1 m, tilted, dropped on the ground; drag particles to dent it
      const p = this.world.particles;
      const n = 6;
      const c = pcos(0.5);
      const s = psin(0.5);
      for (let j = 0; j < n; j++) {
        for (let i = 0; i < n; i++) {
          const u = i / (n - 1) - 0.5;
          const v = j / (n - 1) - 0.5;
          p.add(c * u - s * v, 1.6 + s * u + c * v, 0, 1 / 0.05);
        }
      }
      const all = Array.from({ length: n * n }, (_, k) => k);
      let clusters: number[][] = [all];
      if (mode === 'clusters') {
        clusters = [];
        for (let j = 0; j + 2 < n; j += 2) {
          for (let i = 0; i + 2 < n; i += 2) {
            const cl: number[] = [];
            for (let b = 0; b <= 2; b++) for (let a = 0; a <= 2; a++) cl.push(i + a + (j + b) * n);
            clusters.push(cl);
          }
        }
      }
      this.sm = ShapeMatching.fromParticles(p, clusters, {
        dim: 2,
        mode: mode === 'linear' ? 'linear' : 'rigid',
        beta: 0.5,
        stiffness: alpha,
      });
      this.boundary = [];
      for (let i = 0; i < n; i++) this.boundary.push(i);
      for (let j = 1; j < n; j++) this.boundary.push(n - 1 + j * n);
      for (let i = n - 2; i >= 0; i--) this.boundary.push(i + (n - 1) * n);
      for (let j = n - 2; j >= 1; j--) this.boundary.push(j * n);
      const ground = this.world.add(new CollisionSet(p, { friction: 0.4 }));
      ground.addCollider(plane([0, 1, 0], 0));
    }
    this.world.add(this.sm);
    this.goals = new Float64Array(2 * this.world.particles.count);
  }

  series(): Record<string, number> {
    const p = this.world.particles;
    const k = this.boundary[this.example ? 2 : 0]!;
    return { 'corner x': p.x[3 * k], 'corner y': p.x[3 * k + 1] };
  }

  stats(): Record<string, number> {
    const theta = this.sm.clusterGoals(
      0,
      this.world.particles.x,
      false,
      this.goals.subarray(0, 2 * this.sm.size()),
    );
    return { 'θ of cluster 0 (deg)': (theta * 180) / Math.PI };
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    const p = this.world.particles;
    if (!this.example) drawGround(ctx, view);
    applyView(ctx, view);
    const lw = 1 / view.scale;
    // goals of the first cluster (the whole body in the rigid and linear modes): dashed outline
    const members = this.sm.clusterStart[1] - this.sm.clusterStart[0];
    this.sm.clusterGoals(0, p.x, false, this.goals);
    ctx.setLineDash([6 * lw, 4 * lw]);
    ctx.strokeStyle = '#2b7bb9';
    ctx.lineWidth = 1.5 * lw;
    ctx.beginPath();
    const goalOf = (k: number) => {
      for (let m = 0; m < members; m++) if (this.sm.members[this.sm.clusterStart[0] + m] === k) return m;
      return -1;
    };
    let started = false;
    for (const k of this.boundary) {
      const m = goalOf(k);
      if (m < 0) continue;
      if (!started) ctx.moveTo(this.goals[2 * m], this.goals[2 * m + 1]);
      else ctx.lineTo(this.goals[2 * m], this.goals[2 * m + 1]);
      started = true;
    }
    ctx.closePath();
    ctx.stroke();
    ctx.setLineDash([]);
    // the body
    ctx.fillStyle = 'rgba(240, 160, 60, 0.35)';
    ctx.strokeStyle = '#c0651a';
    ctx.lineWidth = 2 * lw;
    ctx.beginPath();
    this.boundary.forEach((k, idx) => {
      if (idx === 0) ctx.moveTo(p.x[3 * k], p.x[3 * k + 1]);
      else ctx.lineTo(p.x[3 * k], p.x[3 * k + 1]);
    });
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
    // arrows from particles to their goals (cluster 0)
    ctx.strokeStyle = '#2b7bb9';
    ctx.lineWidth = lw;
    for (let m = 0; m < members; m++) {
      const k = this.sm.members[this.sm.clusterStart[0] + m];
      ctx.beginPath();
      ctx.moveTo(p.x[3 * k], p.x[3 * k + 1]);
      ctx.lineTo(this.goals[2 * m], this.goals[2 * m + 1]);
      ctx.stroke();
    }
    ctx.fillStyle = '#222';
    for (let k = 0; k < p.count; k++) {
      ctx.beginPath();
      ctx.arc(p.x[3 * k], p.x[3 * k + 1], (this.example ? 5 : 3) * lw, 0, 2 * Math.PI);
      ctx.fill();
    }
    if (this.example) {
      labelAt(
        ctx,
        view,
        `t = ${this.time.toFixed(2)} s: x3 = (${p.x[6].toFixed(3)}, ${p.x[7].toFixed(3)})`,
        0,
        2.5,
      );
    }
  }
}

const shapeMatchingSquare: Demo = {
  id: 'fem-shape-matching-square',
  title: 'Shape matching: the 2D square (§26.3)',
  domain: 'fem',
  series: [
    { key: 'corner x', unit: 'm', color: '#1f77b4' },
    { key: 'corner y', unit: 'm', color: '#d62728' },
  ],
  description:
    'Shape matching (Müller, Heidelberger, Teschner and Gross 2005; textbook §26.3): the worked example (a square turned 90° and dented pulled half-way to its goals each frame: the corner goes to (−0.625, 0.625)), or a 6×6 square falling on the ground that you can dent with the pointer; rigid, linear or overlapping clusters.',
  dt: 1 / 60,
  view: (width, height) => ({ width, height, cx: 0, cy: 0.7, scale: Math.min(width, height) / 4.2 }),
  params: [
    { key: 'scene', kind: 'choice', default: 'falling', options: ['falling', 'worked example'] },
    { key: 'mode', kind: 'choice', default: 'rigid', options: ['rigid', 'linear', 'clusters'] },
    { key: 'stiffness', label: 'α', kind: 'number', default: 0.5, min: 0.01, max: 1, step: 0.01 },
  ],
  create: (params = {}, options = {}) =>
    new ShapeMatchingSquare(
      { scene: 'falling', mode: 'rigid', stiffness: 0.5, ...params },
      options.dt ?? shapeMatchingSquare.dt,
    ),
};

// ---------------------------------------------------------------------------------------------
// jelly cube: shape matching and FEM side by side (3D, drawn in an oblique projection)
// ---------------------------------------------------------------------------------------------

/** Oblique projection of 3D points onto the canvas plane: depth z goes up and to the right. */
const projX = (x: number, z: number) => x + 0.45 * z;
const projY = (y: number, z: number) => y + 0.3 * z;

function drawTetSurface(
  ctx: CanvasRenderingContext2D,
  view: View,
  x: Float64Array,
  first: number,
  mesh: TetMesh,
  fill: string,
  stroke: string,
): void {
  applyView(ctx, view);
  ctx.lineWidth = 1 / view.scale;
  ctx.fillStyle = fill;
  ctx.strokeStyle = stroke;
  const s = mesh.surface;
  for (let t = 0; t < s.length; t += 3) {
    const a = 3 * (first + s[t]);
    const b = 3 * (first + s[t + 1]);
    const c = 3 * (first + s[t + 2]);
    const ax = projX(x[a], x[a + 2]);
    const ay = projY(x[a + 1], x[a + 2]);
    const bx = projX(x[b], x[b + 2]);
    const by = projY(x[b + 1], x[b + 2]);
    const cx = projX(x[c], x[c + 2]);
    const cy = projY(x[c + 1], x[c + 2]);
    // back-face culling in the projected plane (the surface is counter-clockwise from outside)
    if ((bx - ax) * (cy - ay) - (cx - ax) * (by - ay) <= 0) continue;
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
    ctx.lineTo(cx, cy);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
  }
}

function rotateBody(world: XpbdWorld, body: SoftBody, angle: number, cx: number, cy: number): void {
  const p = world.particles;
  const c = pcos(angle);
  const s = psin(angle);
  for (let i = body.first; i < body.first + body.count; i++) {
    const x = p.x[3 * i] - cx;
    const y = p.x[3 * i + 1] - cy;
    p.setPosition(i, cx + c * x - s * y, cy + s * x + c * y, p.x[3 * i + 2]);
  }
}

/** The jelly cubes' outline colours, shared with their plotted heights. */
const JELLY_SM_COLOR = '#3d7d2a';
const JELLY_FEM_COLOR = '#9b2345';

/** Two tetrahedral bodies side by side: shape matching (left) and FEM (right). */
export class JellyCube extends DraggableWorldDemo {
  private readonly mesh: TetMesh;
  private readonly left: SoftBody;
  private readonly right: SoftBody & { fem: { energy(x: Float64Array): number } };

  constructor(params: DemoParamValues, dt: number) {
    super(new XpbdWorld({ substeps: 10 }), dt);
    const size = 0.5;
    const n = 3;
    const mode = String(params.shapeMatching);
    this.mesh =
      params.shape === 'sphere'
        ? tetrahedralizeSphere(size / 2, 4)
        : tetrahedralizeBox([size, size, size], [n, n, n], [-size / 2, -size / 2, -size / 2]);
    const shift = (m: TetMesh, dx: number): TetMesh => {
      const v = Float64Array.from(m.vertices);
      for (let i = 0; i < v.length; i += 3) {
        v[i] += dx;
        v[i + 1] += 0.8;
      }
      return { ...m, vertices: v };
    };
    this.left = addShapeMatchingBody(this.world, shift(this.mesh, -0.6), {
      density: 1000,
      mode: mode === 'linear' ? 'linear' : 'rigid',
      beta: 0.6,
      stiffness: Number(params.smStiffness),
      clusterSize: mode === 'clusters' ? size / 2 : undefined,
    });
    this.right = addFemBody3D(this.world, shift(this.mesh, 0.6), {
      density: 1000,
      youngModulus: Number(params.youngModulus),
      poissonRatio: Number(params.poissonRatio),
      model: String(params.model) as FemModel,
    });
    rotateBody(this.world, this.left, 0.12, -0.6, 0.8);
    rotateBody(this.world, this.right, 0.12, 0.6, 0.8);
    const ground = this.world.add(new CollisionSet(this.world.particles, { friction: 0.8 }));
    ground.addCollider(plane([0, 1, 0], 0));
  }

  private height(body: SoftBody): number {
    const x = this.world.particles.x;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = body.first; i < body.first + body.count; i++) {
      lo = Math.min(lo, x[3 * i + 1]);
      hi = Math.max(hi, x[3 * i + 1]);
    }
    return hi - lo;
  }

  series(): Record<string, number> {
    return { 'shape matching height': this.height(this.left), 'FEM height': this.height(this.right) };
  }

  stats(): Record<string, number> {
    return { 'FEM elastic energy (J)': this.right.fem.energy(this.world.particles.x) };
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    drawGround(ctx, view);
    const x = this.world.particles.x;
    drawTetSurface(ctx, view, x, this.left.first, this.mesh, 'rgba(120, 200, 90, 0.35)', JELLY_SM_COLOR);
    drawTetSurface(ctx, view, x, this.right.first, this.mesh, 'rgba(220, 90, 120, 0.35)', JELLY_FEM_COLOR);
    // each name under its own body, wherever it has moved
    for (const [body, text] of [
      [this.left, 'shape matching'],
      [this.right, 'FEM'],
    ] as const) {
      const [lx, ly] = this.labelPoint(body);
      labelAt(ctx, view, text, lx, ly);
    }
  }

  /** Where a body's name goes: under the middle of its drawn (projected) outline. */
  labelPoint(body: SoftBody): [number, number] {
    const x = this.world.particles.x;
    let lo = Infinity;
    let hi = -Infinity;
    let bottom = Infinity;
    for (let i = body.first; i < body.first + body.count; i++) {
      const px = projX(x[3 * i], x[3 * i + 2]);
      lo = Math.min(lo, px);
      hi = Math.max(hi, px);
      bottom = Math.min(bottom, projY(x[3 * i + 1], x[3 * i + 2]));
    }
    return [0.5 * (lo + hi), bottom - 0.15];
  }

  /** The particle positions, x y z per particle (for tests). */
  get positions(): Float64Array {
    return this.world.particles.x;
  }

  /** The two bodies (for tests): shape matching on the left, FEM on the right. */
  get bodies(): readonly [SoftBody, SoftBody] {
    return [this.left, this.right];
  }
}

const jellyCube: Demo = {
  id: 'fem-jelly-cube',
  title: 'Jelly cube (or ball): shape matching vs FEM',
  domain: 'fem',
  description:
    'Two tetrahedralised 0.5 m cubes (or balls) dropped on the floor (textbook §26.3): left, meshless shape matching (rigid, linear or overlapping clusters); right, corotational or stable neo-Hookean FEM with Young’s modulus and Poisson’s ratio as inputs, both as XPBD constraints.',
  dt: 1 / 60,
  view: (width, height) => ({ width, height, cx: 0.1, cy: 0.6, scale: Math.min(width / 2.6, height / 1.8) }),
  series: [
    { key: 'shape matching height', unit: 'm', color: JELLY_SM_COLOR },
    { key: 'FEM height', unit: 'm', color: JELLY_FEM_COLOR },
  ],
  params: [
    { key: 'shape', kind: 'choice', default: 'cube', options: ['cube', 'sphere'] },
    {
      key: 'shapeMatching',
      label: 'shape matching',
      kind: 'choice',
      default: 'rigid',
      options: ['rigid', 'linear', 'clusters'],
    },
    {
      key: 'smStiffness',
      label: 'shape matching α',
      kind: 'number',
      default: 0.1,
      min: 0.01,
      max: 1,
      step: 0.01,
    },
    {
      key: 'model',
      label: 'FEM model',
      kind: 'choice',
      default: 'corotational',
      options: ['corotational', 'neo-hookean'],
    },
    { key: 'youngModulus', label: 'E (Pa)', kind: 'number', default: 6e4, min: 5e3, max: 5e5, step: 1e3 },
    { key: 'poissonRatio', label: 'ν', kind: 'number', default: 0.3, min: 0, max: 0.45, step: 0.05 },
  ],
  create: (params = {}, options = {}) =>
    new JellyCube(
      {
        shape: 'cube',
        shapeMatching: 'rigid',
        smStiffness: 0.3,
        model: 'corotational',
        youngModulus: 6e4,
        poissonRatio: 0.3,
        ...params,
      },
      options.dt ?? jellyCube.dt,
    ),
};

// ---------------------------------------------------------------------------------------------
// 2D triangulated soft shapes (FEM)
// ---------------------------------------------------------------------------------------------

class SoftShapes2D extends DraggableWorldDemo {
  private readonly bodies: { body: SoftBody; mesh: TriMesh; color: string }[] = [];

  constructor(params: DemoParamValues, dt: number) {
    super(new XpbdWorld({ substeps: 10 }), dt);
    const material = {
      density: 100,
      youngModulus: Number(params.youngModulus),
      poissonRatio: Number(params.poissonRatio),
      model: String(params.model) as FemModel,
    };
    const shapes: [TriMesh, string][] = [
      [triangulateRectangle(1, 0.3, 10, 3, [-1.6, 0.6]), '#c0651a'],
      [triangulateDisc(0.35, 6, [0, 1.2]), '#2b7bb9'],
      [triangulateRectangle(0.5, 0.5, 5, 5, [0.9, 0.9]), '#3d7d2a'],
    ];
    for (const [mesh, color] of shapes) {
      const b = addFemBody2D(this.world, mesh, material);
      this.bodies.push({ body: b, mesh, color });
    }
    rotateBody(this.world, this.bodies[2]!.body, 0.6, 1.15, 1.15);
    const ground = this.world.add(new CollisionSet(this.world.particles, { friction: 0.5 }));
    ground.addCollider(plane([0, 1, 0], 0));
    ground.addCollider({ kind: 'sphere', center: [-1.1, 0, 0], radius: 0.3 });
  }

  stats(): Record<string, number> {
    let e = 0;
    for (const set of this.world.sets) if (set.energy) e += set.energy(this.world.particles.x);
    return { 'elastic energy (J)': e };
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    drawGround(ctx, view);
    applyView(ctx, view);
    ctx.fillStyle = '#e6e2da';
    ctx.beginPath();
    ctx.arc(-1.1, 0, 0.3, 0, Math.PI);
    ctx.fill();
    const x = this.world.particles.x;
    ctx.lineWidth = 1 / view.scale;
    for (const { body, mesh, color } of this.bodies) {
      ctx.strokeStyle = color;
      ctx.fillStyle = `${color}33`;
      const t = mesh.triangles;
      for (let k = 0; k < t.length; k += 3) {
        const a = 3 * (body.first + t[k]);
        const b = 3 * (body.first + t[k + 1]);
        const c = 3 * (body.first + t[k + 2]);
        ctx.beginPath();
        ctx.moveTo(x[a], x[a + 1]);
        ctx.lineTo(x[b], x[b + 1]);
        ctx.lineTo(x[c], x[c + 1]);
        ctx.closePath();
        ctx.fill();
        ctx.stroke();
      }
    }
  }
}

const softShapes2D: Demo = {
  id: 'fem-soft-2d',
  title: '2D FEM soft shapes',
  domain: 'fem',
  description:
    'Triangulated 2D soft bodies (a beam, a disc, a square) with corotational or stable neo-Hookean triangle elements (finite elements, textbook §26.3), E and ν as inputs, falling on the ground and a bump; drag them with the pointer.',
  dt: 1 / 60,
  view: (width, height) => ({ width, height, cx: 0, cy: 0.8, scale: Math.min(width / 4, height / 2.2) }),
  params: [
    { key: 'model', kind: 'choice', default: 'neo-hookean', options: ['corotational', 'neo-hookean'] },
    { key: 'youngModulus', label: 'E (Pa)', kind: 'number', default: 5e3, min: 500, max: 5e4, step: 500 },
    { key: 'poissonRatio', label: 'ν', kind: 'number', default: 0.3, min: 0, max: 0.45, step: 0.05 },
  ],
  create: (params = {}, options = {}) =>
    new SoftShapes2D(
      { model: 'neo-hookean', youngModulus: 5e3, poissonRatio: 0.3, ...params },
      options.dt ?? softShapes2D.dt,
    ),
};

// ---------------------------------------------------------------------------------------------
// implicit FEM cantilever: linear vs corotational (§26.3 計算例: linear strain is not rotation invariant)
// ---------------------------------------------------------------------------------------------

class CantileverCompare implements DemoInstance {
  readonly dt: number;
  time = 0;
  private readonly beams: ImplicitFem[] = [];
  private readonly mesh: TriMesh;

  constructor(params: DemoParamValues, dt: number) {
    this.dt = dt;
    this.mesh = triangulateRectangle(1.2, 0.12, 24, 3, [0, -0.06]);
    for (const corotational of [false, true]) {
      const fem = new ImplicitFem({
        dim: 2,
        vertices: this.mesh.vertices,
        elements: this.mesh.triangles,
        density: 100,
        youngModulus: Number(params.youngModulus),
        poissonRatio: 0.3,
        planeStress: true,
        corotational,
        massDamping: 0.5,
        cgTolerance: 1e-6,
      });
      for (let i = 0; i < fem.nodes; i++) if (this.mesh.vertices[2 * i] < 1e-9) fem.pin(i);
      this.beams.push(fem);
    }
  }

  step(): void {
    for (const b of this.beams) b.step(this.dt);
    this.time += this.dt;
  }

  private tip(b: ImplicitFem): [number, number] {
    const v = this.mesh.vertices;
    let x = 0;
    let y = 0;
    let n = 0;
    for (let i = 0; i < b.nodes; i++) {
      if (Math.abs(v[2 * i] - 1.2) < 1e-9) {
        x += b.x[2 * i];
        y += b.x[2 * i + 1];
        n++;
      }
    }
    return [x / n, y / n];
  }

  series(): Record<string, number> {
    return { 'linear tip y': this.tip(this.beams[0]!)[1], 'corotational tip y': this.tip(this.beams[1]!)[1] };
  }

  stats(): Record<string, number> {
    const [lx, ly] = this.tip(this.beams[0]!);
    const [cx, cy] = this.tip(this.beams[1]!);
    // distance from the clamp to the tip: a bending beam should not get longer
    return {
      'linear tip distance (m)': Math.hypot(lx, ly),
      'corotational tip distance (m)': Math.hypot(cx, cy),
    };
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    const colors = [CANTILEVER_LINEAR_COLOR, CANTILEVER_COROTATIONAL_COLOR];
    this.beams.forEach((b, k) => {
      applyView(ctx, view);
      ctx.lineWidth = 1 / view.scale;
      ctx.strokeStyle = colors[k]!;
      ctx.fillStyle = `${colors[k]!}33`;
      const t = this.mesh.triangles;
      for (let e = 0; e < t.length; e += 3) {
        ctx.beginPath();
        ctx.moveTo(b.x[2 * t[e]], b.x[2 * t[e] + 1]);
        ctx.lineTo(b.x[2 * t[e + 1]], b.x[2 * t[e + 1] + 1]);
        ctx.lineTo(b.x[2 * t[e + 2]], b.x[2 * t[e + 2] + 1]);
        ctx.closePath();
        ctx.fill();
        ctx.stroke();
      }
    });
    applyView(ctx, view);
    ctx.fillStyle = GROUND;
    ctx.fillRect(-0.1, -0.3, 0.1, 0.6);
    labelAt(ctx, view, 'red: linear FEM (stretches as it bends)   blue: corotational FEM', 0.6, 0.3);
  }
}

const cantileverCompare: Demo = {
  series: [
    { key: 'linear tip y', unit: 'm', color: CANTILEVER_LINEAR_COLOR },
    { key: 'corotational tip y', unit: 'm', color: CANTILEVER_COROTATIONAL_COLOR },
  ],
  id: 'fem-cantilever',
  title: 'Implicit FEM cantilever: linear vs corotational',
  domain: 'fem',
  description:
    'A soft 2D cantilever under gravity, integrated implicitly (textbook §26.3: element stiffness assembled and solved by CG, one Newton step per frame). Linear FEM (red) reads the large rotation as strain and its tip runs away from the clamp; corotational FEM (blue) removes the rotation first (F = R S).',
  dt: 1 / 60,
  view: (width, height) => ({
    width,
    height,
    cx: 0.6,
    cy: -0.45,
    scale: Math.min(width / 1.9, height / 1.7),
  }),
  params: [
    { key: 'youngModulus', label: 'E (Pa)', kind: 'number', default: 2e5, min: 5e4, max: 5e6, step: 5e4 },
  ],
  create: (params = {}, options = {}) =>
    new CantileverCompare({ youngModulus: 2e5, ...params }, options.dt ?? cantileverCompare.dt),
};

// ---------------------------------------------------------------------------------------------
// PBD vs XPBD vs implicit cloth on one scene
// ---------------------------------------------------------------------------------------------

const INTEGRATORS: ClothIntegrator[] = ['pbd', 'xpbd', 'implicit'];
const NAMES: Record<ClothIntegrator, string> = { pbd: 'PBD', xpbd: 'XPBD', implicit: 'implicit (B–W)' };
/** Each integrator's largest stretch, in percent. */
const CLOTH_SERIES: readonly SeriesStyle[] = [
  { key: 'PBD max stretch %', unit: '%', color: '#1f77b4' },
  { key: 'XPBD max stretch %', unit: '%', color: '#ff7f0e' },
  { key: 'implicit (B–W) max stretch %', unit: '%', color: '#2ca02c' },
];
const SPACING = 1.6;

class ClothCompare implements DemoInstance {
  readonly dt: number;
  time = 0;
  private readonly sims: ClothSimulation[] = [];
  private readonly drape: boolean;
  private readonly meshes: ClothMesh[] = [];

  constructor(params: DemoParamValues, dt: number) {
    this.dt = dt;
    this.drape = params.scene === 'drape on sphere';
    const k = Number(params.stiffness);
    INTEGRATORS.forEach((integrator, idx) => {
      const ox = (idx - 1) * SPACING - 0.6;
      const colliders: Collider[] = this.drape
        ? [{ kind: 'sphere', center: [ox + 0.6, 0.5, 0.6], radius: 0.35 }]
        : [];
      const mesh = this.drape
        ? clothMesh({ nx: 13, ny: 13, width: 1.2, height: 1.2, plane: 'xz', origin: [ox, 1.2, 0], mass: 1 })
        : clothMesh({ nx: 13, ny: 13, width: 1.2, height: 1.2, origin: [ox, 1.2, 0], mass: 1 });
      if (this.drape) colliders.push(plane([0, 1, 0], 0));
      this.meshes.push(mesh);
      this.sims.push(
        createClothSimulation(mesh, {
          integrator,
          iterations: Number(params.iterations),
          substeps: integrator === 'xpbd' ? Number(params.substeps) : 1,
          stiffness: k,
          pin: this.drape ? 'none' : 'top-corners',
          colliders,
          thickness: 0.02,
          friction: 0.4,
        }),
      );
    });
  }

  step(): void {
    for (const s of this.sims) s.step(this.dt);
    this.time += this.dt;
  }

  series(): Record<string, number> {
    const out: Record<string, number> = {};
    this.sims.forEach((s, i) => {
      out[`${NAMES[s.integrator]} max stretch %`] =
        100 * maxStructuralStretch(this.meshes[i]!, s.positions());
    });
    return out;
  }

  stats(): Record<string, number> {
    const out: Record<string, number> = {};
    this.sims.forEach((s) => {
      out[`${s.integrator} hanging length (m)`] = hangingLength(s.positions());
    });
    return out;
  }

  draw(ctx: CanvasRenderingContext2D, view: View): void {
    if (this.drape) drawGround(ctx, view);
    this.sims.forEach((sim, i) => {
      applyView(ctx, view); // (labelAt() below resets the transform)
      ctx.lineWidth = 1.5 / view.scale;
      const mesh = this.meshes[i]!;
      const x = sim.positions();
      if (this.drape) {
        const ox = (i - 1) * SPACING;
        ctx.fillStyle = '#d8d4cc';
        ctx.beginPath();
        ctx.arc(projX(ox, 0.6), projY(0.5, 0.6), 0.35, 0, 2 * Math.PI);
        ctx.fill();
      }
      for (const edges of [mesh.structural]) {
        for (let e = 0; e < edges.length / 2; e++) {
          const a = 3 * edges[2 * e];
          const b = 3 * edges[2 * e + 1];
          ctx.strokeStyle = stretchColor(edgeStretch(mesh, edges, e, x));
          ctx.beginPath();
          ctx.moveTo(projX(x[a], x[a + 2]), projY(x[a + 1], x[a + 2]));
          ctx.lineTo(projX(x[b], x[b + 2]), projY(x[b + 1], x[b + 2]));
          ctx.stroke();
        }
      }
      const stretch = maxStructuralStretch(mesh, x);
      labelAt(
        ctx,
        view,
        `${NAMES[sim.integrator]}: max ${(100 * stretch).toFixed(0)}%`,
        (i - 1) * SPACING,
        1.45,
      );
    });
  }
}

const clothCompare: Demo = {
  id: 'fem-cloth-integrators',
  title: 'Cloth: PBD vs XPBD vs implicit',
  domain: 'fem',
  description:
    'The cloth of textbook §26.3 (13×13 particles, 1.2 m) on one scene under three integrators: PBD with n iterations, XPBD with substeps (α = 1/k), and Baraff–Witkin implicit cloth (Baraff and Witkin 1998, textbook §26.1: one Newton step per frame solved by CG); edges coloured by stretch, green 0% → red ≥ 15%. Hanging by two corners or draped over a sphere.',
  dt: 1 / 60,
  view: (width, height) => ({ width, height, cx: 0, cy: 0.55, scale: Math.min(width / 5, height / 2) }),
  series: CLOTH_SERIES,
  params: [
    { key: 'scene', kind: 'choice', default: 'hanging', options: ['hanging', 'drape on sphere'] },
    { key: 'iterations', label: 'PBD iterations', kind: 'number', default: 4, min: 1, max: 32, step: 1 },
    { key: 'substeps', label: 'XPBD substeps', kind: 'number', default: 20, min: 1, max: 40, step: 1 },
    {
      key: 'stiffness',
      label: 'k (N/m), XPBD and implicit',
      kind: 'number',
      default: 3000,
      min: 100,
      max: 30000,
      step: 100,
    },
  ],
  create: (params = {}, options = {}) =>
    new ClothCompare(
      { scene: 'hanging', iterations: 4, substeps: 20, stiffness: 3000, ...params },
      options.dt ?? clothCompare.dt,
    ),
};

/** Demos of soft bodies, shape matching, FEM and implicit cloth, in the order the playground lists them. */
export const femDemos: Demo[] = [
  shapeMatchingSquare,
  jellyCube,
  softShapes2D,
  cantileverCompare,
  clothCompare,
];
