/** Balloons: an icosphere skin with a whole-mesh volume (overpressure) constraint. */
import { assertFinite, PhysicsError } from '../core/errors.js';
import { apiChecks as v } from '../core/validate.js';
import { DistanceSet } from './distance.js';
import { meshEdges } from './mesh.js';
import { MeshVolumeSet } from './mesh-volume.js';
import type { XpbdWorld } from './solver.js';

/** A unit icosphere: positions (3 per vertex) and outward counter-clockwise triangles. */
export function icosphere(subdivisions: number): { positions: number[]; triangles: number[] } {
  const t = (1 + Math.sqrt(5)) / 2;
  const pos: number[] = [];
  const push = (x: number, y: number, z: number): number => {
    const l = Math.sqrt(x * x + y * y + z * z);
    pos.push(x / l, y / l, z / l);
    return pos.length / 3 - 1;
  };
  for (const [x, y, z] of [
    [-1, t, 0],
    [1, t, 0],
    [-1, -t, 0],
    [1, -t, 0],
    [0, -1, t],
    [0, 1, t],
    [0, -1, -t],
    [0, 1, -t],
    [t, 0, -1],
    [t, 0, 1],
    [-t, 0, -1],
    [-t, 0, 1],
  ]) {
    push(x, y, z);
  }
  let tris = [
    0, 11, 5, 0, 5, 1, 0, 1, 7, 0, 7, 10, 0, 10, 11, 1, 5, 9, 5, 11, 4, 11, 10, 2, 10, 7, 6, 7, 1, 8, 3, 9, 4,
    3, 4, 2, 3, 2, 6, 3, 6, 8, 3, 8, 9, 4, 9, 5, 2, 4, 11, 6, 2, 10, 8, 6, 7, 9, 8, 1,
  ];
  for (let s = 0; s < subdivisions; s++) {
    const mid = new Map<string, number>();
    const midpoint = (a: number, b: number): number => {
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      let m = mid.get(key);
      if (m === undefined) {
        m = push(pos[3 * a] + pos[3 * b], pos[3 * a + 1] + pos[3 * b + 1], pos[3 * a + 2] + pos[3 * b + 2]);
        mid.set(key, m);
      }
      return m;
    };
    const next: number[] = [];
    for (let k = 0; k < tris.length; k += 3) {
      const [a, b, c] = [tris[k], tris[k + 1], tris[k + 2]];
      const ab = midpoint(a, b);
      const bc = midpoint(b, c);
      const ca = midpoint(c, a);
      next.push(a, ab, ca, b, bc, ab, c, ca, bc, ab, bc, ca);
    }
    tris = next;
  }
  return { positions: pos, triangles: tris };
}

/** Shape, material and pressure of a balloon (a closed triangle mesh with a volume constraint). */
export interface BalloonOptions {
  /** centre, m */
  center: [number, number, number];
  /** radius, m */
  radius: number;
  /** icosphere subdivisions (0 → 12 vertices, 1 → 42, 2 → 162) */
  subdivisions?: number;
  /** total mass, kg */
  mass?: number;
  /** compliance of the skin's edge constraints, m/N */
  stretchCompliance?: number;
  /** target volume = pressure × rest volume */
  pressure?: number;
  /** compliance of the volume constraint (0 = incompressible) */
  volumeCompliance?: number;
  /** constraint damping β of the skin (XPBD paper eq. 25) */
  damping?: number;
}

/** A balloon in an XPBD world: its particles, triangles and constraint sets. */
export interface Balloon {
  /** the balloon's first particle in the world */
  first: number;
  /** its number of particles */
  count: number;
  /** triangles in world particle ids */
  triangles: Uint32Array;
  /** the skin's edge constraints */
  skin: DistanceSet;
  /** the volume (pressure) constraint */
  volume: MeshVolumeSet;
}

/** A balloon: an icosphere skin of distance constraints plus one whole-mesh volume constraint. */
export function addBalloon(world: XpbdWorld, o: BalloonOptions): Balloon {
  const b = v.object(o, 'balloon', [
    'center',
    'radius',
    'subdivisions',
    'mass',
    'stretchCompliance',
    'pressure',
    'volumeCompliance',
    'damping',
  ]);
  if (!Array.isArray(b.center) || (b.center as unknown[]).length !== 3)
    v.failGot('balloon.center', 'expected [x, y, z]', b.center);
  for (let k = 0; k < 3; k++) v.number(o.center[k], `balloon.center[${k}]`);
  // 6 subdivisions are 40,962 particles; each one more multiplies them by 4
  v.optNumber(b, 'subdivisions', 'balloon', { integer: true, min: 0, max: 6 });
  v.optNumber(b, 'mass', 'balloon', { above: 0 });
  for (const key of ['stretchCompliance', 'volumeCompliance', 'damping', 'pressure'])
    v.optNumber(b, key, 'balloon', { min: 0 });
  assertFinite(o.radius, 'balloon.radius');
  if (o.radius <= 0)
    throw new PhysicsError('degenerate-shape', `balloon.radius: must be > 0, got ${o.radius}`);
  const { positions, triangles } = icosphere(o.subdivisions ?? 2);
  const n = positions.length / 3;
  const w = n / (o.mass ?? 0.1);
  const p = world.particles;
  const first = p.count;
  for (let k = 0; k < n; k++) {
    p.add(
      o.center[0] + o.radius * positions[3 * k],
      o.center[1] + o.radius * positions[3 * k + 1],
      o.center[2] + o.radius * positions[3 * k + 2],
      w,
    );
  }
  const skin = world.add(
    new DistanceSet({ kind: 'balloon-skin', compliance: o.stretchCompliance ?? 0, damping: o.damping ?? 0 }),
  );
  const edges = meshEdges(triangles);
  for (let e = 0; e < edges.length; e += 2) skin.add(p, first + edges[e], first + edges[e + 1]);
  const vertices = Array.from({ length: n }, (_, k) => first + k);
  const volume = world.add(
    new MeshVolumeSet(p, vertices, triangles, {
      pressure: o.pressure ?? 1,
      compliance: o.volumeCompliance ?? 0,
    }),
  );
  return { first, count: n, triangles: Uint32Array.from(triangles, (k) => first + k), skin, volume };
}
