/**
 * `npm run bench -- quickhull [--quick]`: the convex hull of large point clouds by quickhull
 * (Barber, Dobkin & Huhdanpaa, 1996) — uniform points in a unit ball (few hull vertices) and on a
 * unit sphere's surface (every point a vertex: the worst case), 10,000 and 100,000 points — against
 * three.js's `ConvexHull` (the quickhull of the three.js examples) on the same points, the same
 * process, interleaved. Reported: median wall time and CPU time (ms), hull vertices and faces (ours
 * merges coplanar triangles into polygons; three.js keeps triangles), and ours/peer. The sanity
 * figure: on the sphere every input point must be a vertex of our hull.
 */
import { loadavg } from 'node:os';
import { cpuUsage } from 'node:process';
import { Vector3 } from 'three';
import { ConvexHull } from 'three/examples/jsm/math/ConvexHull.js';
import { quickhull3 } from '../src/geometry/quickhull3d.js';
import { Prng } from '../src/math/prng.js';
import { writeResults } from './results.js';

interface Row {
  cloud: string;
  points: number;
  oursMs: number;
  oursCpuMs: number;
  oursVertices: number;
  oursFaces: number;
  threeMs: number;
  threeCpuMs: number;
  threeVertices: number;
  threeFaces: number;
  ratio: number;
  sane: boolean;
}

function cloud(kind: 'ball' | 'sphere', n: number, seed: number): Float64Array {
  const rng = new Prng(seed);
  const p = new Float64Array(3 * n);
  for (let i = 0; i < n; ) {
    const x = rng.range(-1, 1);
    const y = rng.range(-1, 1);
    const z = rng.range(-1, 1);
    const r = x * x + y * y + z * z;
    if (r > 1 || r < 1e-6) continue;
    const s = kind === 'sphere' ? 1 / Math.sqrt(r) : 1;
    p[3 * i] = x * s;
    p[3 * i + 1] = y * s;
    p[3 * i + 2] = z * s;
    i++;
  }
  return p;
}

function median(a: number[]): number {
  const s = [...a].sort((x, y) => x - y);
  return s[s.length >> 1]!;
}

/** Runs `f` and returns [wall ms, CPU ms]. */
function timed(f: () => void): [number, number] {
  const c0 = cpuUsage();
  const t0 = performance.now();
  f();
  const t1 = performance.now();
  const c = cpuUsage(c0);
  return [t1 - t0, (c.user + c.system) / 1000];
}

/** Runs the suite (see the module comment). */
export async function run(args: string[]): Promise<void> {
  const quick = args.includes('--quick');
  const sizes = quick ? [10_000] : [10_000, 100_000];
  const rows: Row[] = [];
  const load0 = loadavg()[0]!;
  console.log(
    'cloud        points   ours ms  cpu ms   V       F        three ms  cpu ms   V       F        ours/three  sane',
  );
  for (const kind of ['ball', 'sphere'] as const)
    for (const n of sizes) {
      const p = cloud(kind, n, n + (kind === 'ball' ? 1 : 2));
      const vecs: Vector3[] = [];
      for (let i = 0; i < n; i++) vecs.push(new Vector3(p[3 * i], p[3 * i + 1], p[3 * i + 2]));
      const reps = n <= 20_000 ? 5 : 2;
      const ours: [number, number][] = [];
      const three: [number, number][] = [];
      let oursV = 0;
      let oursF = 0;
      let threeV = 0;
      let threeF = 0;
      for (let r = 0; r < reps; r++) {
        ours.push(
          timed(() => {
            const h = quickhull3(p);
            oursV = h.vertexCount;
            oursF = h.faceCount;
          }),
        );
        three.push(
          timed(() => {
            const h = new ConvexHull().setFromPoints(vecs);
            threeV = h.vertices.length;
            threeF = h.faces.length;
          }),
        );
      }
      const row: Row = {
        cloud: kind,
        points: n,
        oursMs: median(ours.map((t) => t[0])),
        oursCpuMs: median(ours.map((t) => t[1])),
        oursVertices: oursV,
        oursFaces: oursF,
        threeMs: median(three.map((t) => t[0])),
        threeCpuMs: median(three.map((t) => t[1])),
        threeVertices: threeV,
        threeFaces: threeF,
        ratio: 0,
        sane: kind === 'sphere' ? oursV === n : oursV > 0,
      };
      row.ratio = row.oursCpuMs / row.threeCpuMs;
      rows.push(row);
      console.log(
        `${kind.padEnd(12)} ${String(n).padStart(6)}  ${row.oursMs.toFixed(1).padStart(8)} ${row.oursCpuMs.toFixed(1).padStart(7)}  ${String(oursV).padEnd(7)} ${String(oursF).padEnd(8)} ${row.threeMs.toFixed(1).padStart(8)} ${row.threeCpuMs.toFixed(1).padStart(7)}  ${String(threeV).padEnd(7)} ${String(threeF).padEnd(8)} ${row.ratio.toFixed(3).padStart(10)}  ${row.sane ? 'yes' : 'NO'}`,
      );
    }
  const load1 = loadavg()[0]!;
  console.log(`(ours/three: CPU-time medians) load average ${load0.toFixed(2)} → ${load1.toFixed(2)}`);
  writeResults('quickhull', { quick, loadAverage: [load0, load1], rows }, quick);
}
