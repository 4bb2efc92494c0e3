/** One cloth scene run by classic PBD, XPBD or implicit Baraff–Witkin cloth, selectable. */
import { PhysicsError } from '../core/errors.js';
import { type AddClothOptions, addCloth, type Cloth, type ClothMesh } from '../xpbd/cloth.js';
import { type Collider, CollisionSet } from '../xpbd/collision.js';
import { XpbdWorld } from '../xpbd/solver.js';
import { WindForce } from '../xpbd/wind.js';
import { ImplicitCloth } from './implicit-cloth.js';

/**
 * One cloth scene, three integrators: classic PBD with iterations, XPBD with substeps (Macklin,
 * Müller, Chentanez 2016; Macklin et al. 2019), and implicit Baraff–Witkin cloth (textbook §26.1)
 * — selected by `integrator`, on the same mesh (`clothMesh`), the same pins, gravity, wind and
 * colliders, so they can be compared.
 * Material: PBD uses rigid constraints with stiffness k ∈ [0, 1] (the textbook's cloth has k = 1);
 * XPBD and implicit share a spring stiffness in N/m (XPBD compliance α = 1/k).
 */
export type ClothIntegrator = 'pbd' | 'xpbd' | 'implicit';

/** The integrator of a {@link ClothSimulation} and its settings (iterations, substeps, stiffness, damping). */
export interface ClothSimulationOptions {
  /** 'pbd', 'xpbd' or 'implicit' (Baraff–Witkin) */
  integrator: ClothIntegrator;
  /** PBD: iterations per frame (default 4) */
  iterations?: number;
  /** XPBD: substeps per frame (default 20); implicit: Newton steps per frame (default 1) */
  substeps?: number;
  /** XPBD / implicit: structural and shear spring stiffness, N/m (default 1e4) */
  stiffness?: number;
  /** PBD stiffness k ∈ [0, 1] (default 1) */
  pbdStiffness?: number;
  /** skip-one bending springs (XPBD / implicit: N/m; PBD: on with stiffness pbdStiffness); default off */
  bendStiffness?: number;
  /** which particles are pinned (as in addCloth) */
  pin?: AddClothOptions['pin'];
  /** m/s² (default [0, −9.81, 0]) */
  gravity?: [number, number, number];
  /** air drag, 1/s */
  drag?: number;
  /** a wind of this velocity (m/s) with this drag coefficient on the triangles */
  wind?: { velocity: [number, number, number]; drag: number };
  /** shapes the cloth collides with */
  colliders?: Collider[];
  /** distance kept from the colliders, m */
  thickness?: number;
  /** friction coefficient against the colliders */
  friction?: number;
}

/** A cloth stepped by one of several integrators, with the same positions, step and energy readout for each. */
export interface ClothSimulation {
  /** the integrator chosen */
  readonly integrator: ClothIntegrator;
  /** the cloth's mesh */
  readonly mesh: ClothMesh;
  /** positions, 3 per cloth particle (grid order i + j·nx) */
  positions(): Float64Array;
  /** Advances one frame of `dt` seconds. */
  step(dt: number): void;
  /** kinetic + elastic + gravitational energy, J (elastic: of the compliant constraints / springs) */
  energy(): number;
  /** wind velocity (mutable) if the scene has wind */
  setWind(velocity: [number, number, number]): void;
}

/** Relative stretch (l − L)/L of edge e of an edge list (pairs) at positions x, rest lengths from the mesh. */
export function edgeStretch(mesh: ClothMesh, edges: Uint32Array, e: number, x: Float64Array): number {
  const a = 3 * edges[2 * e];
  const b = 3 * edges[2 * e + 1];
  const p = mesh.positions;
  const L = Math.sqrt((p[a] - p[b]) ** 2 + (p[a + 1] - p[b + 1]) ** 2 + (p[a + 2] - p[b + 2]) ** 2);
  const l = Math.sqrt((x[a] - x[b]) ** 2 + (x[a + 1] - x[b + 1]) ** 2 + (x[a + 2] - x[b + 2]) ** 2);
  return (l - L) / L;
}

/** Largest structural stretch of the cloth at positions x. */
export function maxStructuralStretch(mesh: ClothMesh, x: Float64Array): number {
  let m = 0;
  for (let e = 0; e < mesh.structural.length / 2; e++)
    m = Math.max(m, edgeStretch(mesh, mesh.structural, e, x));
  return m;
}

/** Hanging length: the highest minus the lowest y of the cloth. */
export function hangingLength(x: Float64Array): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let k = 1; k < x.length; k += 3) {
    if (x[k] < lo) lo = x[k];
    if (x[k] > hi) hi = x[k];
  }
  return hi - lo;
}

/** Builds a cloth on `mesh` stepped by the chosen integrator (PBD, XPBD or implicit Baraff–Witkin), behind one interface for side-by-side comparisons. */
export function createClothSimulation(mesh: ClothMesh, o: ClothSimulationOptions): ClothSimulation {
  const integrator = o.integrator;
  const k = o.stiffness ?? 1e4;
  if (integrator === 'implicit') {
    const ic = new ImplicitCloth(mesh, {
      stretchStiffness: k,
      bendStiffness: o.bendStiffness ?? 0,
      gravity: o.gravity,
      drag: o.drag,
      wind: o.wind,
      pin: o.pin,
      colliders: o.colliders,
      thickness: o.thickness,
      friction: o.friction,
      substeps: o.substeps ?? 1,
    });
    return {
      integrator,
      mesh,
      positions: () => ic.x,
      step: (dt) => ic.step(dt),
      energy: () => ic.energy(),
      setWind: (v) => {
        if (ic.wind) ic.wind.velocity = [...v];
      },
    };
  }
  if (integrator !== 'pbd' && integrator !== 'xpbd') {
    throw new PhysicsError(
      'invalid-argument',
      `cloth.integrator: must be 'pbd', 'xpbd' or 'implicit', got ${integrator}`,
    );
  }
  const pbd = integrator === 'pbd';
  const world = new XpbdWorld({
    integrator,
    substeps: pbd ? 1 : (o.substeps ?? 20),
    iterations: pbd ? (o.iterations ?? 4) : 1,
    gravity: o.gravity ?? [0, -9.81, 0],
    drag: o.drag ?? 0,
  });
  const alpha = pbd ? 0 : 1 / k;
  const bend = o.bendStiffness ?? 0;
  const cloth: Cloth = addCloth(world, mesh, {
    stretchCompliance: alpha,
    shearCompliance: alpha,
    bending: bend > 0 ? 'distance' : 'none',
    bendCompliance: pbd ? 0 : bend > 0 ? 1 / bend : 0,
    stiffness: pbd ? (o.pbdStiffness ?? 1) : 1,
    pin: o.pin,
  });
  let wind: WindForce | null = null;
  if (o.wind) {
    const tris = Uint32Array.from(mesh.triangles, (t) => t + cloth.first);
    wind = world.addForce(new WindForce(tris, o.wind.velocity, o.wind.drag));
  }
  if (o.colliders && o.colliders.length > 0) {
    const col = world.add(
      new CollisionSet(world.particles, { thickness: o.thickness ?? 0.01, friction: o.friction ?? 0.3 }),
    );
    for (const c of o.colliders) col.addCollider(c);
  }
  const n = mesh.nx * mesh.ny;
  return {
    integrator,
    mesh,
    positions: () => world.particles.x.subarray(3 * cloth.first, 3 * (cloth.first + n)),
    step: (dt) => world.step(dt),
    energy: () => world.energy(),
    setWind: (v) => {
      if (wind) wind.velocity = [...v];
    },
  };
}
