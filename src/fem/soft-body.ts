/** Soft-body builders: mesh particles with lumped masses plus FEM elements or shape matching. */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { apiChecks } from '../core/validate.js';
import { ShapeMatching, type ShapeMatchingOptions } from '../xpbd/shape-matching.js';
import type { XpbdWorld } from '../xpbd/solver.js';
import { type FemModel, FemTetrahedra } from './fem-tetrahedra.js';
import { FemTriangles } from './fem-triangles.js';
import type { ElasticMaterial } from './material.js';
import { type TetMesh, tetVolume } from './tetrahedralize.js';
import type { TriMesh } from './triangulate.js';

/**
 * Soft-body builders: put a tetrahedral (3D) or triangle (2D, z = 0) mesh into an
 * XPBD world as particles with lumped masses — each element gives ρ·V/(d+1) to each of its d+1
 * vertices — and attach FEM elements or shape-matching clusters to them.
 */
export interface SoftBody {
  /** index of the body's first particle; vertex v of the mesh is particle first + v */
  first: number;
  /** number of particles (mesh vertices) */
  count: number;
  /** total mass, kg */
  mass: number;
}

/** Options of a FEM soft body: density, material and element model. */
export interface FemBodyOptions extends ElasticMaterial {
  /** kg/m³ (3D) or kg/m² (2D, unit thickness) */
  density: number;
  /** the elastic energy (default 'corotational') */
  model?: FemModel;
}

/** Adds the mesh vertices as particles with lumped masses; returns the body (no constraints yet). */
export function addMeshParticles(
  world: XpbdWorld,
  vertices: ArrayLike<number>,
  elements: ArrayLike<number>,
  dim: 2 | 3,
  density: number,
  where: string,
): SoftBody {
  assertFinite(density, `${where}.density`);
  if (!(density > 0))
    throw new PhysicsError('invalid-argument', `${where}.density: must be > 0, got ${density}`);
  const nv = vertices.length / dim;
  const per = dim + 1;
  const mass = new Float64Array(nv);
  for (let e = 0; e < elements.length / per; e++) {
    let size: number;
    if (dim === 3) size = Math.abs(tetVolume(vertices, elements, e));
    else {
      const a = 2 * elements[3 * e];
      const b = 2 * elements[3 * e + 1];
      const c = 2 * elements[3 * e + 2];
      size =
        0.5 *
        Math.abs(
          (vertices[b] - vertices[a]) * (vertices[c + 1] - vertices[a + 1]) -
            (vertices[c] - vertices[a]) * (vertices[b + 1] - vertices[a + 1]),
        );
    }
    for (let j = 0; j < per; j++) {
      const v = elements[per * e + j];
      if (!(v < nv))
        throw new PhysicsError('invalid-argument', `${where}.elements[${e}]: vertex ${v} out of range`);
      mass[v] += (density * size) / per;
    }
  }
  const p = world.particles;
  const first = p.count;
  let total = 0;
  for (let v = 0; v < nv; v++) {
    if (!(mass[v] > 0))
      throw new PhysicsError('invalid-argument', `${where}.vertices[${v}]: belongs to no element`);
    total += mass[v];
    p.add(vertices[dim * v], vertices[dim * v + 1], dim === 3 ? vertices[dim * v + 2] : 0, 1 / mass[v]);
  }
  return { first, count: nv, mass: total };
}

const FEM_BODY_KEYS = ['youngModulus', 'poissonRatio', 'planeStress', 'density', 'model', 'stiffness'];

/** A FEM body's options: known keys, a boolean `planeStress` (the material's numbers are `lameParameters`'). */
function checkFemBodyOptions(options: FemBodyOptions): void {
  const o = apiChecks.object(options, 'softBody', FEM_BODY_KEYS);
  apiChecks.optBool(o, 'planeStress', 'softBody');
  apiChecks.optNumber(o, 'stiffness', 'softBody', { min: 0, max: 1 });
}

/** A 3D FEM soft body from a tetrahedral mesh (corotational by default). */
export function addFemBody3D(
  world: XpbdWorld,
  mesh: TetMesh,
  options: FemBodyOptions,
): SoftBody & { fem: FemTetrahedra } {
  checkFemBodyOptions(options);
  const body = addMeshParticles(world, mesh.vertices, mesh.tets, 3, options.density, 'softBody');
  const fem = new FemTetrahedra(options, mesh.tets.length / 4);
  const t = mesh.tets;
  const f = body.first;
  for (let e = 0; e < t.length / 4; e++)
    fem.add(world.particles, f + t[4 * e], f + t[4 * e + 1], f + t[4 * e + 2], f + t[4 * e + 3]);
  world.add(fem);
  return { ...body, fem };
}

/** A 2D FEM soft body (triangles in the xy plane). */
export function addFemBody2D(
  world: XpbdWorld,
  mesh: TriMesh,
  options: FemBodyOptions,
): SoftBody & { fem: FemTriangles } {
  checkFemBodyOptions(options);
  const body = addMeshParticles(world, mesh.vertices, mesh.triangles, 2, options.density, 'softBody');
  const fem = new FemTriangles(options, mesh.triangles.length / 3);
  const t = mesh.triangles;
  const f = body.first;
  for (let e = 0; e < t.length / 3; e++)
    fem.add(world.particles, f + t[3 * e], f + t[3 * e + 1], f + t[3 * e + 2]);
  world.add(fem);
  return { ...body, fem };
}

/** Options of a shape-matching soft body (Müller et al. 2005): density and cluster size. */
export interface ShapeMatchingBodyOptions extends Omit<ShapeMatchingOptions, 'stride' | 'dim'> {
  /** kg/m³ (3D) or kg/m² (2D) */
  density: number;
  /**
   * cluster size: undefined = one cluster of the whole body; a length L = overlapping cubic (square)
   * clusters on a lattice of spacing L, each taking the vertices within L of its centre (∞-norm)
   */
  clusterSize?: number;
}

/** A shape-matching soft body (Müller 2005) on the vertices of a mesh (the elements only give masses). */
export function addShapeMatchingBody(
  world: XpbdWorld,
  mesh: TetMesh | TriMesh,
  options: ShapeMatchingBodyOptions,
): SoftBody & { shapeMatching: ShapeMatching } {
  const dim = 'tets' in mesh ? 3 : 2;
  const elements = 'tets' in mesh ? mesh.tets : mesh.triangles;
  const body = addMeshParticles(world, mesh.vertices, elements, dim, options.density, 'softBody');
  const clusters = latticeClusters(mesh.vertices, dim, options.clusterSize).map((c) =>
    c.map((v) => v + body.first),
  );
  const sm = ShapeMatching.fromParticles(world.particles, clusters, { ...options, dim });
  world.add(sm);
  return { ...body, shapeMatching: sm };
}

/**
 * Overlapping clusters of vertices (Müller 2005 §4.4): lattice centres every L along each axis over
 * the bounding box; a cluster holds the vertices within L of its centre in the ∞-norm, so neighbours
 * share a slab of vertices. Clusters with fewer than dim + 2 vertices are dropped. Without L: one cluster.
 */
export function latticeClusters(vertices: ArrayLike<number>, dim: 2 | 3, L?: number): number[][] {
  const nv = vertices.length / dim;
  if (L === undefined) return [Array.from({ length: nv }, (_, i) => i)];
  assertFinite(L, 'clusterSize');
  if (!(L > 0)) throw new PhysicsError('invalid-argument', `clusterSize: must be > 0, got ${L}`);
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let v = 0; v < nv; v++) {
    for (let a = 0; a < dim; a++) {
      lo[a] = Math.min(lo[a], vertices[dim * v + a]);
      hi[a] = Math.max(hi[a], vertices[dim * v + a]);
    }
  }
  const counts = [1, 1, 1];
  for (let a = 0; a < dim; a++) counts[a] = Math.max(1, Math.round((hi[a] - lo[a]) / L));
  const clusters: number[][] = [];
  const eps = 1e-9 * L;
  for (let k = 0; k < counts[2]; k++) {
    for (let j = 0; j < counts[1]; j++) {
      for (let i = 0; i < counts[0]; i++) {
        const idx = [i, j, k];
        const c = [0, 0, 0];
        const half = [0, 0, 0];
        for (let a = 0; a < dim; a++) {
          const span = (hi[a] - lo[a]) / counts[a];
          c[a] = lo[a] + (idx[a] + 0.5) * span;
          half[a] = span;
        }
        const members: number[] = [];
        for (let v = 0; v < nv; v++) {
          let inside = true;
          for (let a = 0; a < dim && inside; a++)
            inside = Math.abs(vertices[dim * v + a] - c[a]) <= half[a] + eps;
          if (inside) members.push(v);
        }
        if (members.length >= dim + 2) clusters.push(members);
      }
    }
  }
  return clusters;
}
