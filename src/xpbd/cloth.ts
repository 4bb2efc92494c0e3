/** Rectangular cloth meshes and the builder that adds them to an XPBD world (textbook §26.3). */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { apiChecks as v } from '../core/validate.js';
import { DihedralBendingSet } from './bending.js';
import { coloringFromColors } from './coloring.js';
import { DistanceSet } from './distance.js';
import { dihedralQuads } from './mesh.js';
import { MAX_PARTICLES, type Particles } from './particles.js';
import type { XpbdWorld } from './solver.js';

/**
 * A rectangular cloth (textbook §26.3 "PBDの布"): a grid of nx × ny particles with structural
 * (horizontal, vertical), shear (both diagonals) and bending (skip-one distance, or dihedral angle)
 * constraints. `clothMesh` is the pure mesh (shared with implicit cloth); `addCloth` puts it into a world.
 */
export interface ClothOptions {
  /** particles along the width (columns), ≥ 2 */
  nx: number;
  /** particles along the height (rows), ≥ 2 */
  ny: number;
  /** size in metres along the columns and rows */
  width: number;
  /** (see width) size along the rows, m */
  height: number;
  /** position of particle (0, 0), the top-left corner */
  origin?: [number, number, number];
  /** 'xy': hangs vertically, rows go down −y; 'xz': lies horizontally, rows go +z */
  plane?: 'xy' | 'xz';
  /** total mass, kg (default 1) */
  mass?: number;
}

/** The cloth mesh: row-major particles (index i + j·nx), triangles and the constraint edge lists. */
export interface ClothMesh {
  /** particles along the width (columns) */
  nx: number;
  /** particles along the height (rows) */
  ny: number;
  /** 3 per particle */
  positions: Float64Array;
  /** mass of every particle, kg */
  particleMass: number;
  /** 3 per triangle, counter-clockwise seen from +z ('xy') or +y ('xz') */
  triangles: Uint32Array;
  /** structural edges (pairs): horizontal then vertical */
  structural: Uint32Array;
  /** shear edges (pairs): both diagonals of every quad */
  shear: Uint32Array;
  /** skip-one bending edges (pairs) */
  bend: Uint32Array;
}

/** Builds the particles, triangles and constraint edges of a rectangular cloth grid (not yet in a world: see {@link addCloth}). */
export function clothMesh(o: ClothOptions): ClothMesh {
  v.object(o, 'cloth', ['nx', 'ny', 'width', 'height', 'origin', 'plane', 'mass']);
  const { nx, ny, width, height } = o;
  if (!Number.isInteger(nx) || nx < 2)
    throw new PhysicsError('invalid-argument', `cloth.nx: must be an integer >= 2, got ${nx}`);
  if (!Number.isInteger(ny) || ny < 2)
    throw new PhysicsError('invalid-argument', `cloth.ny: must be an integer >= 2, got ${ny}`);
  for (const [k, v] of [
    ['width', width],
    ['height', height],
  ] as const) {
    assertFinite(v, `cloth.${k}`);
    if (v <= 0) throw new PhysicsError('degenerate-shape', `cloth.${k}: must be > 0, got ${v}`);
  }
  if (nx * ny > MAX_PARTICLES)
    throw new PhysicsError(
      'invalid-argument',
      `cloth.nx: ${nx} × ${ny} particles is more than the limit of ${MAX_PARTICLES}`,
    );
  const mass = o.mass ?? 1;
  assertFinite(mass, 'cloth.mass');
  if (mass <= 0) throw new PhysicsError('invalid-argument', `cloth.mass: must be > 0, got ${mass}`);
  if (o.origin !== undefined) {
    if (!Array.isArray(o.origin) || o.origin.length !== 3)
      v.failGot('cloth.origin', 'expected [x, y, z]', o.origin);
    for (let k = 0; k < 3; k++) v.number(o.origin[k], `cloth.origin[${k}]`);
  }
  const [ox, oy, oz] = o.origin ?? [0, 0, 0];
  const plane =
    v.optOneOf(o as unknown as Record<string, unknown>, 'plane', 'cloth', ['xy', 'xz'] as const) ?? 'xy';
  const n = nx * ny;
  const positions = new Float64Array(3 * n);
  const du = width / (nx - 1);
  const dv = height / (ny - 1);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const k = 3 * (i + j * nx);
      positions[k] = ox + i * du;
      positions[k + 1] = plane === 'xy' ? oy - j * dv : oy;
      positions[k + 2] = plane === 'xy' ? oz : oz + j * dv;
    }
  }
  const id = (i: number, j: number) => i + j * nx;
  const tris: number[] = [];
  const structural: number[] = [];
  const shear: number[] = [];
  const bend: number[] = [];
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      if (i + 1 < nx) structural.push(id(i, j), id(i + 1, j));
      if (j + 1 < ny) structural.push(id(i, j), id(i, j + 1));
      if (i + 1 < nx && j + 1 < ny) {
        shear.push(id(i, j), id(i + 1, j + 1), id(i + 1, j), id(i, j + 1));
        // rows go down (xy) or +z (xz): keep both triangles with the same orientation
        const a = id(i, j);
        const b = id(i + 1, j);
        const c = id(i + 1, j + 1);
        const d = id(i, j + 1);
        if (plane === 'xy') tris.push(a, d, c, a, c, b);
        else tris.push(a, c, d, a, b, c);
      }
      if (i + 2 < nx) bend.push(id(i, j), id(i + 2, j));
      if (j + 2 < ny) bend.push(id(i, j), id(i, j + 2));
    }
  }
  return {
    nx,
    ny,
    positions,
    particleMass: mass / n,
    triangles: Uint32Array.from(tris),
    structural: Uint32Array.from(structural),
    shear: Uint32Array.from(shear),
    bend: Uint32Array.from(bend),
  };
}

/** How {@link addCloth} turns a mesh into constraints: compliances, bending model, damping, pins and constraint order. */
export interface AddClothOptions {
  /** compliance of the structural constraints, m/N (0 = rigid) */
  stretchCompliance?: number;
  /** compliance of the shear constraints; `null` leaves them out */
  shearCompliance?: number | null;
  /** 'distance' (skip-one), 'dihedral', or 'none' */
  bending?: 'distance' | 'dihedral' | 'none';
  /** compliance of the bending constraints (m/N for 'distance', 1/(N·m) for 'dihedral') */
  bendCompliance?: number;
  /** PBD stiffness k of all constraints (PBD integrator only) */
  stiffness?: number;
  /** constraint damping β (Macklin, Müller, Chentanez 2016, XPBD eq. 25) */
  damping?: number;
  /** which particles are pinned: the two top corners, the whole top row, the left column, or explicit (i, j) */
  pin?: 'top-corners' | 'top-edge' | 'left-edge' | 'none' | [number, number][];
  /**
   * storage (and so Gauss–Seidel) order of the distance constraints: 'colors' (default) colour by
   * colour, the textbook's 8-colour order (textbook §26.5); 'rows' row by row, structural before shear.
   */
  constraintOrder?: 'colors' | 'rows';
}

/** A cloth added to an XPBD world: its mesh, where its particles start, and its constraint sets. */
export interface Cloth {
  /** the mesh it was built from */
  mesh: ClothMesh;
  /** index of the cloth's particle (0, 0) in the world */
  first: number;
  /** structural + shear distance constraints, coloured with the textbook's 8 colours (§26.5) */
  stretch: DistanceSet;
  /** bending constraints, if any */
  bend: DistanceSet | DihedralBendingSet | null;
  /** world particle index of grid point (i, j) */
  index(i: number, j: number): number;
}

/**
 * Adds a cloth to the world. The stretch set carries the 8-colour colouring of textbook §26.5:
 * horizontal, vertical, diagonal and anti-diagonal constraints, each split in two by column parity
 * (vertical: row parity); skip-one bending uses 4 colours the same way.
 *
 * By default the constraints are also *stored* colour by colour, so the plain Gauss–Seidel sweep is
 * the coloured sweep. Any fixed order is a valid Gauss–Seidel pass, the textbook's cloth figures
 * come from this one, and it is the fast one on a CPU: consecutive constraints of a colour
 * share no particle, so there is no read-after-write chain from one constraint to the next (the row
 * order makes every horizontal edge wait for the previous one). `constraintOrder: 'rows'` keeps the
 * row-by-row order (every structural constraint row by row, then every shear one; interleaving the
 * diagonals with the structural edges of each particle was measured to pump energy into a rigid
 * cloth: Gauss–Seidel results depend on the order).
 */
export function addCloth(world: XpbdWorld, mesh: ClothMesh, options: AddClothOptions = {}): Cloth {
  const p = world.particles;
  const { nx, ny } = mesh;
  const first = p.count;
  checkClothOptions(options, nx, ny);
  const pinned = new Set<number>();
  const pin = options.pin ?? 'top-corners';
  if (pin === 'top-corners') {
    pinned.add(0);
    pinned.add(nx - 1);
  } else if (pin === 'top-edge') for (let i = 0; i < nx; i++) pinned.add(i);
  else if (pin === 'left-edge') for (let j = 0; j < ny; j++) pinned.add(j * nx);
  else if (Array.isArray(pin)) for (const [i, j] of pin) pinned.add(i + j * nx);
  const w = 1 / mesh.particleMass;
  for (let k = 0; k < nx * ny; k++) {
    const q = mesh.positions;
    p.add(q[3 * k], q[3 * k + 1], q[3 * k + 2], pinned.has(k) ? 0 : w);
  }
  const byColor = (options.constraintOrder ?? 'colors') === 'colors';
  const stiffness = options.stiffness ?? 1;
  const damping = options.damping ?? 0;
  const stretch = new DistanceSet({
    kind: 'stretch',
    compliance: options.stretchCompliance ?? 0,
    stiffness,
    damping,
  });
  const shearAlpha =
    options.shearCompliance === undefined ? (options.stretchCompliance ?? 0) : options.shearCompliance;
  const id = (i: number, j: number) => first + i + j * nx;
  const edges = new EdgeList();
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      if (i + 1 < nx) edges.push(id(i, j), id(i + 1, j), -1, i & 1); // horizontal: 0, 1
      if (j + 1 < ny) edges.push(id(i, j), id(i, j + 1), -1, 2 + (j & 1)); // vertical: 2, 3
    }
  }
  if (shearAlpha !== null) {
    for (let j = 0; j + 1 < ny; j++) {
      for (let i = 0; i + 1 < nx; i++) {
        edges.push(id(i, j), id(i + 1, j + 1), shearAlpha, 4 + (i & 1)); // diagonal: 4, 5
        edges.push(id(i + 1, j), id(i, j + 1), shearAlpha, 6 + (i & 1)); // anti-diagonal: 6, 7
      }
    }
  }
  edges.addTo(stretch, p, 8, byColor);
  world.add(stretch);

  let bend: DistanceSet | DihedralBendingSet | null = null;
  const bending = options.bending ?? 'distance';
  if (bending === 'distance') {
    const set = new DistanceSet({
      kind: 'bend',
      compliance: options.bendCompliance ?? 0,
      stiffness,
      damping,
    });
    const bends = new EdgeList();
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        if (i + 2 < nx) bends.push(id(i, j), id(i + 2, j), -1, (i >> 1) & 1);
        if (j + 2 < ny) bends.push(id(i, j), id(i, j + 2), -1, 2 + ((j >> 1) & 1));
      }
    }
    bends.addTo(set, p, 4, byColor);
    bend = world.add(set);
  } else if (bending === 'dihedral') {
    const set = new DihedralBendingSet({ compliance: options.bendCompliance ?? 0, stiffness });
    const quads = dihedralQuads(mesh.triangles);
    for (let q = 0; q < quads.length; q += 4) {
      const ids = [quads[q], quads[q + 1], quads[q + 2], quads[q + 3]].map((k) => first + k);
      if (ids.every((k) => p.invMass[k] === 0)) continue;
      set.add(p, ids[0], ids[1], ids[2], ids[3]);
    }
    bend = world.add(set);
  }
  return { mesh, first, stretch, bend, index: (i, j) => first + i + j * nx };
}

const ADD_CLOTH_KEYS = [
  'stretchCompliance',
  'shearCompliance',
  'bending',
  'bendCompliance',
  'stiffness',
  'damping',
  'pin',
  'constraintOrder',
];

/**
 * Checks `addCloth` options: known keys, the enumerations (`bending: 'bogus'` is an error, not
 * "no bending"), pins given as integer (i, j) pairs inside the nx × ny grid, and non-negative
 * compliances and damping (PBD stiffness in [0, 1]).
 */
function checkClothOptions(options: AddClothOptions, nx: number, ny: number): void {
  const o = v.object(options, 'cloth', ADD_CLOTH_KEYS);
  v.optOneOf(o, 'bending', 'cloth', ['distance', 'dihedral', 'none']);
  v.optOneOf(o, 'constraintOrder', 'cloth', ['colors', 'rows']);
  for (const key of ['stretchCompliance', 'bendCompliance', 'damping'])
    v.optNumber(o, key, 'cloth', { min: 0 });
  if (o.shearCompliance !== null) v.optNumber(o, 'shearCompliance', 'cloth', { min: 0 });
  v.optNumber(o, 'stiffness', 'cloth', { min: 0, max: 1 });
  validateClothPin(o.pin, nx, ny, 'cloth.pin');
}

/**
 * Checks a cloth's `pin` option (shared by the XPBD and the implicit cloth): one of the named
 * sets, or integer (i, j) pairs inside the nx × ny grid; errors name `where`.
 */
export function validateClothPin(pin: unknown, nx: number, ny: number, where: string): void {
  if (pin === undefined || typeof pin === 'string') {
    if (pin !== undefined) v.oneOf(pin, where, ['top-corners', 'top-edge', 'left-edge', 'none']);
    return;
  }
  const list = v.array(pin, where, 0, nx * ny);
  for (let k = 0; k < list.length; k++) {
    const q = list[k];
    const path = `${where}[${k}]`;
    if (!Array.isArray(q) || q.length !== 2) v.failGot(path, 'expected [i, j] (column, row)', q);
    const pair = q as unknown[];
    v.number(pair[0], `${path}[0]`, { integer: true, min: 0, max: nx - 1 });
    v.number(pair[1], `${path}[1]`, { integer: true, min: 0, max: ny - 1 });
  }
}

/** Candidate distance constraints of a cloth with their colour, added to a set in row or colour order. */
class EdgeList {
  private readonly data: number[] = [];

  /** `alpha` −1: the set's default compliance */
  push(a: number, b: number, alpha: number, color: number): void {
    this.data.push(a, b, alpha, color);
  }

  /** Adds the edges (skipping pairs of pinned particles) and gives the set its colouring. */
  addTo(set: DistanceSet, p: Particles, colors: number, byColor: boolean): void {
    const d = this.data;
    const colorOf: number[] = [];
    for (let pass = byColor ? 0 : -1; pass < (byColor ? colors : 0); pass++) {
      for (let k = 0; k < d.length; k += 4) {
        if (pass >= 0 && d[k + 3] !== pass) continue;
        const a = d[k];
        const b = d[k + 1];
        if (p.invMass[a] === 0 && p.invMass[b] === 0) continue; // both pinned: no constraint needed
        set.add(p, a, b, undefined, d[k + 2] < 0 ? undefined : d[k + 2]);
        colorOf.push(d[k + 3]);
      }
    }
    set.coloring = coloringFromColors(Int32Array.from(colorOf), colors);
  }
}
