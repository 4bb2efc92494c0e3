import { assertFinite, PhysicsError } from '../errors.js';
import { DihedralBendingSet } from './bending.js';
import { coloringFromColors } from './coloring.js';
import { DistanceSet } from './distance.js';
import { dihedralQuads } from './mesh.js';
import type { XpbdWorld } from './solver.js';

/**
 * A rectangular cloth (seed 000 §26.3 "PBDの布"): a grid of nx × ny particles with structural
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
  nx: number;
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

export function clothMesh(o: ClothOptions): ClothMesh {
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
  const mass = o.mass ?? 1;
  assertFinite(mass, 'cloth.mass');
  if (mass <= 0) throw new PhysicsError('invalid-argument', `cloth.mass: must be > 0, got ${mass}`);
  const [ox, oy, oz] = o.origin ?? [0, 0, 0];
  const plane = o.plane ?? 'xy';
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

export interface AddClothOptions {
  /** compliance of the structural constraints, m/N (0 = rigid) */
  stretchCompliance?: number;
  /** compliance of the shear constraints; `null` leaves them out */
  shearCompliance?: number | null;
  /** 'distance' (skip-one), 'dihedral', or 'none' */
  bending?: 'distance' | 'dihedral' | 'none';
  bendCompliance?: number;
  /** PBD stiffness k of all constraints (PBD integrator only) */
  stiffness?: number;
  /** constraint damping β (seed 002 §6) */
  damping?: number;
  /** which particles are pinned: the two top corners, the whole top row, the left column, or explicit (i, j) */
  pin?: 'top-corners' | 'top-edge' | 'left-edge' | 'none' | [number, number][];
}

export interface Cloth {
  mesh: ClothMesh;
  /** index of the cloth's particle (0, 0) in the world */
  first: number;
  /** structural + shear distance constraints, coloured with the seed's 8 colours */
  stretch: DistanceSet;
  /** bending constraints, if any */
  bend: DistanceSet | DihedralBendingSet | null;
  /** world particle index of grid point (i, j) */
  index(i: number, j: number): number;
}

/**
 * Adds a cloth to the world. The stretch set is stored in the natural row-major order (the Gauss–
 * Seidel order) and carries the seed's 8-colour colouring (seed 000 §26.5): horizontal, vertical,
 * diagonal and anti-diagonal constraints, each split in two by column parity (vertical: row parity).
 */
export function addCloth(world: XpbdWorld, mesh: ClothMesh, options: AddClothOptions = {}): Cloth {
  const p = world.particles;
  const { nx, ny } = mesh;
  const first = p.count;
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
  const colors: number[] = [];
  const id = (i: number, j: number) => first + i + j * nx;
  const tryAdd = (set: DistanceSet, a: number, b: number, alpha: number | undefined, color: number): void => {
    if (p.invMass[a] === 0 && p.invMass[b] === 0) return; // both pinned: no constraint needed
    set.add(p, a, b, undefined, alpha);
    colors.push(color);
  };
  // Natural (Gauss–Seidel) order: every structural constraint row by row, then every shear one.
  // Interleaving the diagonals with the structural edges of each particle was measured to pump energy
  // into a rigid cloth (a Gauss–Seidel ordering artefact, seed 002 §9 "Артефакти, залежні від порядку").
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      if (i + 1 < nx) tryAdd(stretch, id(i, j), id(i + 1, j), undefined, i & 1); // horizontal: 0, 1
      if (j + 1 < ny) tryAdd(stretch, id(i, j), id(i, j + 1), undefined, 2 + (j & 1)); // vertical: 2, 3
    }
  }
  if (shearAlpha !== null) {
    for (let j = 0; j + 1 < ny; j++) {
      for (let i = 0; i + 1 < nx; i++) {
        tryAdd(stretch, id(i, j), id(i + 1, j + 1), shearAlpha, 4 + (i & 1)); // diagonal: 4, 5
        tryAdd(stretch, id(i + 1, j), id(i, j + 1), shearAlpha, 6 + (i & 1)); // anti-diagonal: 6, 7
      }
    }
  }
  stretch.coloring = coloringFromColors(Int32Array.from(colors), 8);
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
    colors.length = 0;
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        if (i + 2 < nx) tryAdd(set, id(i, j), id(i + 2, j), undefined, (i >> 1) & 1);
        if (j + 2 < ny) tryAdd(set, id(i, j), id(i, j + 2), undefined, 2 + ((j >> 1) & 1));
      }
    }
    set.coloring = coloringFromColors(Int32Array.from(colors), 4);
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
