/**
 * `npm run bench -- particles [--quick]`: the particle benchmarks.
 * - Cloth self-collision, a falling 30×200 cloth (spacing = thickness = 1 cm, 10 substeps per 1/60 s
 *   frame): our XPBD cloth with `SelfCollisionSet` on the shared neighbour search against, in the
 *   same process, the scheme of Ten Minute Physics' self-collision cloth (Müller 2022, tutorial 15):
 *   one spatial hash per frame queried with the frame's maximum travel, velocities clamped to
 *   0.2 thickness per substep, then per substep predict / ground / XPBD distance constraints / push
 *   apart. Reported: CPU ms per frame and the closest non-neighbour pair over the run (in thicknesses).
 * - 2D dam breaks with 20k particles: PBF (XPBD, a step is a 1/60 s frame of 8 substeps of 4
 *   iterations: fewer substeps let the mean compression reach 9% (6 substeps) or 75% (2) while the
 *   column collapses) and DFSPH (adaptive substeps, 0.5% density tolerance): ms per step, particles ×
 *   steps per second, heap bytes per step, the mean density error at the end and (PBF) its largest
 *   value after any measured step, and the particles escaped (and DFSPH's substeps, iteration counts, steps whose
 *   solves did not reach the tolerance, largest compression). FLIP in 2D is `npm run bench -- flip`, at 64³ `npm run bench -- flip3d`.
 * Flags: --quick (fewer frames), --cloth or --fluids (one part). Results also go to
 * bench/results/<machine>/particles.json (particles.quick.json for a partial run).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PbfSet } from '../src/particles/pbf.js';
import { SphFluid } from '../src/particles/sph.js';
import { NeighborSearch } from '../src/spatial/neighbor-search.js';
import { addCloth, CollisionSet, clothMesh, plane, SelfCollisionSet, XpbdWorld } from '../src/xpbd/index.js';
import { writeResults } from './results.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const NX = 30;
const NY = 200;
const SPACING = 0.01;
const THICKNESS = 0.01;
const SUBSTEPS = 10;
const DT = 1 / 60;
/** PBF substeps per 1/60 s step: the fewest that keep the dam break's mean compression near 4% */
const PBF_SUBSTEPS = 8;

/** The cloth's start: vertical in the x–y plane, bottom row 0.2 m above the ground, a tiny z jitter. */
function clothStart(): Float64Array {
  const x = new Float64Array(3 * NX * NY);
  for (let i = 0; i < NX; i++) {
    for (let j = 0; j < NY; j++) {
      const id = i * NY + j;
      x[3 * id] = -NX * SPACING * 0.5 + i * SPACING;
      x[3 * id + 1] = 0.2 + j * SPACING;
      x[3 * id + 2] = 0.001 * SPACING * Math.sin(id * 12.9898); // deterministic jitter
    }
  }
  return x;
}

// ---------------------------------------------------------------- the reference: Ten Minute Physics' scheme

/** Teschner-style spatial hash with cell size `spacing`, queried with any radius (the tutorial's Hash). */
class RefHash {
  readonly tableSize: number;
  readonly cellStart: Int32Array;
  readonly cellEntries: Int32Array;
  readonly queryIds: Int32Array;
  querySize = 0;
  readonly firstAdjId: Int32Array;
  adjIds: Int32Array;
  constructor(
    readonly spacing: number,
    n: number,
  ) {
    this.tableSize = 5 * n;
    this.cellStart = new Int32Array(this.tableSize + 1);
    this.cellEntries = new Int32Array(n);
    this.queryIds = new Int32Array(n);
    this.firstAdjId = new Int32Array(n + 1);
    this.adjIds = new Int32Array(10 * n);
  }
  hashCoords(xi: number, yi: number, zi: number): number {
    const h = (xi * 92837111) ^ (yi * 689287499) ^ (zi * 283923481);
    return Math.abs(h) % this.tableSize;
  }
  intCoord(c: number): number {
    return Math.floor(c / this.spacing);
  }
  create(pos: Float64Array, n: number): void {
    this.cellStart.fill(0);
    for (let i = 0; i < n; i++) {
      const h = this.hashCoords(
        this.intCoord(pos[3 * i]),
        this.intCoord(pos[3 * i + 1]),
        this.intCoord(pos[3 * i + 2]),
      );
      this.cellStart[h]++;
    }
    let start = 0;
    for (let i = 0; i < this.tableSize; i++) {
      start += this.cellStart[i];
      this.cellStart[i] = start;
    }
    this.cellStart[this.tableSize] = start;
    for (let i = 0; i < n; i++) {
      const h = this.hashCoords(
        this.intCoord(pos[3 * i]),
        this.intCoord(pos[3 * i + 1]),
        this.intCoord(pos[3 * i + 2]),
      );
      this.cellStart[h]--;
      this.cellEntries[this.cellStart[h]] = i;
    }
  }
  query(pos: Float64Array, nr: number, maxDist: number): void {
    const x0 = this.intCoord(pos[3 * nr] - maxDist);
    const y0 = this.intCoord(pos[3 * nr + 1] - maxDist);
    const z0 = this.intCoord(pos[3 * nr + 2] - maxDist);
    const x1 = this.intCoord(pos[3 * nr] + maxDist);
    const y1 = this.intCoord(pos[3 * nr + 1] + maxDist);
    const z1 = this.intCoord(pos[3 * nr + 2] + maxDist);
    this.querySize = 0;
    for (let xi = x0; xi <= x1; xi++) {
      for (let yi = y0; yi <= y1; yi++) {
        for (let zi = z0; zi <= z1; zi++) {
          const h = this.hashCoords(xi, yi, zi);
          for (let k = this.cellStart[h]; k < this.cellStart[h + 1]; k++)
            this.queryIds[this.querySize++] = this.cellEntries[k];
        }
      }
    }
  }
  queryAll(pos: Float64Array, n: number, maxDist: number): void {
    let num = 0;
    const d2 = maxDist * maxDist;
    for (let i = 0; i < n; i++) {
      this.firstAdjId[i] = num;
      this.query(pos, i, maxDist);
      for (let k = 0; k < this.querySize; k++) {
        const j = this.queryIds[k];
        const dx = pos[3 * i] - pos[3 * j];
        const dy = pos[3 * i + 1] - pos[3 * j + 1];
        const dz = pos[3 * i + 2] - pos[3 * j + 2];
        if (dx * dx + dy * dy + dz * dz > d2) continue;
        if (num >= this.adjIds.length) {
          const g = new Int32Array(2 * num);
          g.set(this.adjIds);
          this.adjIds = g;
        }
        this.adjIds[num++] = j;
      }
    }
    this.firstAdjId[n] = num;
  }
}

/** The tutorial's cloth: stretch, shear and bending distance constraints, one XPBD pass per substep. */
class RefCloth {
  readonly n = NX * NY;
  readonly pos: Float64Array;
  readonly prev: Float64Array;
  readonly rest: Float64Array;
  readonly vel: Float64Array;
  readonly invMass: Float64Array;
  readonly ids: Int32Array;
  readonly restLen: Float64Array;
  readonly compliance: Float64Array;
  readonly hash: RefHash;
  constructor() {
    this.pos = clothStart();
    this.prev = this.pos.slice();
    this.rest = this.pos.slice();
    this.vel = new Float64Array(3 * this.n);
    this.invMass = new Float64Array(this.n).fill(1);
    const pairs: number[] = [];
    const comp: number[] = [];
    const id = (i: number, j: number) => i * NY + j;
    const add = (a: number, b: number, c: number) => {
      pairs.push(a, b);
      comp.push(c);
    };
    for (let i = 0; i < NX; i++) {
      for (let j = 0; j < NY; j++) {
        if (i + 1 < NX) add(id(i, j), id(i + 1, j), 0);
        if (j + 1 < NY) add(id(i, j), id(i, j + 1), 0);
        if (i + 1 < NX && j + 1 < NY) {
          add(id(i, j), id(i + 1, j + 1), 0.0001);
          add(id(i + 1, j), id(i, j + 1), 0.0001);
        }
        if (i + 2 < NX) add(id(i, j), id(i + 2, j), 1);
        if (j + 2 < NY) add(id(i, j), id(i, j + 2), 1);
      }
    }
    this.ids = Int32Array.from(pairs);
    this.compliance = Float64Array.from(comp);
    this.restLen = new Float64Array(comp.length);
    for (let c = 0; c < comp.length; c++) {
      const a = 3 * this.ids[2 * c];
      const b = 3 * this.ids[2 * c + 1];
      this.restLen[c] = Math.hypot(
        this.pos[a] - this.pos[b],
        this.pos[a + 1] - this.pos[b + 1],
        this.pos[a + 2] - this.pos[b + 2],
      );
    }
    this.hash = new RefHash(SPACING, this.n);
  }
  simulate(frameDt: number, substeps: number): void {
    const dt = frameDt / substeps;
    const maxVelocity = (0.2 * THICKNESS) / dt;
    this.hash.create(this.pos, this.n);
    this.hash.queryAll(this.pos, this.n, maxVelocity * frameDt);
    const { pos, prev, vel } = this;
    for (let s = 0; s < substeps; s++) {
      for (let i = 0; i < this.n; i++) {
        vel[3 * i + 1] += -9.81 * dt;
        const v = Math.hypot(vel[3 * i], vel[3 * i + 1], vel[3 * i + 2]);
        if (v > maxVelocity) {
          const k = maxVelocity / v;
          vel[3 * i] *= k;
          vel[3 * i + 1] *= k;
          vel[3 * i + 2] *= k;
        }
        for (let k = 0; k < 3; k++) {
          prev[3 * i + k] = pos[3 * i + k];
          pos[3 * i + k] += vel[3 * i + k] * dt;
        }
      }
      // ground with friction
      for (let i = 0; i < this.n; i++) {
        if (pos[3 * i + 1] < 0.5 * THICKNESS) {
          const damping = 1;
          for (let k = 0; k < 3; k++) pos[3 * i + k] += (prev[3 * i + k] - pos[3 * i + k]) * damping;
          pos[3 * i + 1] = 0.5 * THICKNESS;
        }
      }
      this.solveConstraints(dt);
      this.solveCollisions();
      for (let q = 0; q < 3 * this.n; q++) vel[q] = (pos[q] - prev[q]) / dt;
    }
  }
  solveConstraints(dt: number): void {
    const { pos, invMass, ids } = this;
    for (let c = 0; c < this.restLen.length; c++) {
      const a = ids[2 * c];
      const b = ids[2 * c + 1];
      const w = invMass[a] + invMass[b];
      if (w === 0) continue;
      const gx = pos[3 * a] - pos[3 * b];
      const gy = pos[3 * a + 1] - pos[3 * b + 1];
      const gz = pos[3 * a + 2] - pos[3 * b + 2];
      const len = Math.sqrt(gx * gx + gy * gy + gz * gz);
      if (len === 0) continue;
      const C = len - this.restLen[c];
      const alpha = this.compliance[c] / (dt * dt);
      const s = -C / (w + alpha) / len;
      pos[3 * a] += gx * s * invMass[a];
      pos[3 * a + 1] += gy * s * invMass[a];
      pos[3 * a + 2] += gz * s * invMass[a];
      pos[3 * b] -= gx * s * invMass[b];
      pos[3 * b + 1] -= gy * s * invMass[b];
      pos[3 * b + 2] -= gz * s * invMass[b];
    }
  }
  solveCollisions(): void {
    const { pos, rest, hash } = this;
    const t2 = THICKNESS * THICKNESS;
    for (let i = 0; i < this.n; i++) {
      for (let e = hash.firstAdjId[i]; e < hash.firstAdjId[i + 1]; e++) {
        const j = hash.adjIds[e];
        const dx = pos[3 * j] - pos[3 * i];
        const dy = pos[3 * j + 1] - pos[3 * i + 1];
        const dz = pos[3 * j + 2] - pos[3 * i + 2];
        const d2 = dx * dx + dy * dy + dz * dz;
        if (d2 > t2 || d2 === 0) continue;
        const rx = rest[3 * i] - rest[3 * j];
        const ry = rest[3 * i + 1] - rest[3 * j + 1];
        const rz = rest[3 * i + 2] - rest[3 * j + 2];
        const restD2 = rx * rx + ry * ry + rz * rz;
        let minDist = THICKNESS;
        if (d2 > restD2) continue;
        if (restD2 < t2) minDist = Math.sqrt(restD2);
        const d = Math.sqrt(d2);
        if (d >= minDist) continue;
        const s = (0.5 * (minDist - d)) / d;
        pos[3 * i] -= dx * s;
        pos[3 * i + 1] -= dy * s;
        pos[3 * i + 2] -= dz * s;
        pos[3 * j] += dx * s;
        pos[3 * j + 1] += dy * s;
        pos[3 * j + 2] += dz * s;
      }
    }
  }
}

/** Our scene: the same cloth as an XPBD world (stretch 0, shear 1e-4, skip-one bending 1), ground, self-collision. */
function ourCloth(): { world: XpbdWorld; self: SelfCollisionSet } {
  const world = new XpbdWorld({ substeps: SUBSTEPS });
  const start = clothStart();
  // clothMesh is row-major (i along the width); place the same positions
  const mesh = clothMesh({
    nx: NX,
    ny: NY,
    width: (NX - 1) * SPACING,
    height: (NY - 1) * SPACING,
    plane: 'xy',
    mass: NX * NY,
  });
  const cloth = addCloth(world, mesh, {
    pin: 'none',
    shearCompliance: 0.0001,
    bending: 'distance',
    bendCompliance: 1,
  });
  for (let i = 0; i < NX; i++) {
    for (let j = 0; j < NY; j++) {
      const p = cloth.index(i, NY - 1 - j);
      const q = 3 * (i * NY + j);
      world.particles.setPosition(p, start[q], start[q + 1], start[q + 2]);
    }
  }
  const ground = world.add(new CollisionSet(world.particles, { thickness: 0.5 * THICKNESS, friction: 1 }));
  ground.addCollider(plane([0, 1, 0], 0));
  // the reference's speed limit, 0.2 thickness per substep
  const maxSpeed = (0.2 * THICKNESS) / (DT / SUBSTEPS);
  const self = world.add(new SelfCollisionSet(world.particles, { radius: 0.5 * THICKNESS, maxSpeed }));
  return { world, self };
}

/** The closest pair that is not within the thickness at rest, in thicknesses. */
function closestPair(x: Float64Array, rest: Float64Array, n: number, search: NeighborSearch): number {
  search.build(x, 0, n);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    for (let e = search.offsets[i]; e < search.offsets[i + 1]; e++) {
      const j = search.neighbors[e];
      if (j <= i) continue;
      const r2 =
        (rest[3 * i] - rest[3 * j]) ** 2 +
        (rest[3 * i + 1] - rest[3 * j + 1]) ** 2 +
        (rest[3 * i + 2] - rest[3 * j + 2]) ** 2;
      if (r2 < THICKNESS * THICKNESS * 1.0001) continue;
      const d = Math.hypot(x[3 * i] - x[3 * j], x[3 * i + 1] - x[3 * j + 1], x[3 * i + 2] - x[3 * j + 2]);
      best = Math.min(best, d / THICKNESS);
    }
  }
  return best;
}

function cpuMs(f: () => void): number {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

function median(a: number[]): number {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

function clothBench(frames: number) {
  const ours = ourCloth();
  const ref = new RefCloth();
  const oursRest = ours.world.particles.x.slice(0, 3 * ref.n);
  const search = new NeighborSearch({ dim: 3, radius: THICKNESS, skin: 0 });
  const tOurs: number[] = [];
  const tRef: number[] = [];
  let minOurs = Number.POSITIVE_INFINITY;
  let minRef = Number.POSITIVE_INFINITY;
  const chunk = 5;
  for (let f = 0; f < frames; f += chunk) {
    tOurs.push(
      cpuMs(() => {
        for (let k = 0; k < chunk; k++) ours.world.step(DT);
      }) / chunk,
    );
    tRef.push(
      cpuMs(() => {
        for (let k = 0; k < chunk; k++) ref.simulate(DT, SUBSTEPS);
      }) / chunk,
    );
    minOurs = Math.min(minOurs, closestPair(ours.world.particles.x, oursRest, ref.n, search));
    minRef = Math.min(minRef, closestPair(ref.pos, ref.rest, ref.n, search));
  }
  const row = {
    scene: `falling cloth ${NX}×${NY}, self-collision, ${SUBSTEPS} substeps`,
    frames,
    cpuMsPerFrame: median(tOurs),
    refCpuMsPerFrame: median(tRef),
    ratio: median(tRef) / median(tOurs),
    closestPairOurs: minOurs,
    closestPairRef: minRef,
    neighborBuilds: ours.self.search.builds,
    neighborReuses: ours.self.search.reuses,
  };
  console.log(
    `cloth self-collision: ours ${row.cpuMsPerFrame.toFixed(1)} ms/frame, Ten Minute Physics' scheme ${row.refCpuMsPerFrame.toFixed(1)} ms/frame (ref/ours ${row.ratio.toFixed(2)}); closest non-neighbour pair ours ${minOurs.toFixed(3)}, ref ${minRef.toFixed(3)} thicknesses; builds ${row.neighborBuilds}, reuses ${row.neighborReuses}`,
  );
  return row;
}

/** Heap allocated per step: the least growth over windows free of collections. */
function heapPerStep(step: () => void, steps: number): number {
  let least = Number.POSITIVE_INFINITY;
  for (let w = 0; w < 6; w++) {
    gc();
    const h0 = process.memoryUsage().heapUsed;
    let last = h0;
    let clean = true;
    for (let s = 0; s < steps; s++) {
      step();
      const now = process.memoryUsage().heapUsed;
      if (now < last) clean = false;
      last = now;
    }
    if (clean) least = Math.min(least, (last - h0) / steps);
  }
  return least;
}

/** Fluid particles outside the box [lo, hi] (an open top counts as a wall here: the tank is 3a tall). */
function escaped(x: Float64Array, first: number, n: number, hi: number[]): number {
  let out = 0;
  for (let k = 0; k < n; k++) {
    const a = 3 * (first + k);
    if (!(x[a]! >= 0 && x[a]! <= hi[0]! && x[a + 1]! >= 0 && x[a + 1]! <= hi[1]!)) out++;
  }
  return out;
}

/**
 * A 2D dam break of about `n` particles: a column of width a and height 2a at the left of a 4a × 3a
 * tank. PBF: frames of 1/60 s, XPBD with 8 substeps of 4 iterations (the largest mean compression
 * stays near 4%; the substep's travel at the front's 6 m/s is 0.65 h). DFSPH: steps of 1/240 s, density
 * tolerance 0.5% (mean), adaptive substeps (CFL and gravity bounds: 5 substeps at this spacing).
 */
function damBreak(kind: 'pbf' | 'dfsph', n: number, frames: number) {
  const a = 1;
  const d = Math.sqrt((2 * a * a) / n);
  const domain = { min: [0, 0], max: [4 * a, 3 * a] };
  let step: () => void;
  let count = 0;
  let quality: () => number;
  let lost: () => number;
  let iterations = () => '';
  let solver: () => Record<string, number | boolean> = () => ({});
  let worst = 0;
  let afterStep = () => {};
  if (kind === 'pbf') {
    const world = new XpbdWorld({ substeps: PBF_SUBSTEPS, iterations: 4 });
    const f = world.add(new PbfSet(world.particles, { dim: 2, spacing: d, domain }));
    f.addBlock([0, 0], [a, 2 * a]);
    count = f.count;
    step = () => world.step(1 / 60);
    quality = () => f.densityError();
    afterStep = () => {
      worst = Math.max(worst, f.densityError());
    };
    iterations = () =>
      ` (${PBF_SUBSTEPS} substeps of 1/${60 * PBF_SUBSTEPS} s: ${(ms / PBF_SUBSTEPS).toFixed(2)} ms per 4-iteration step; largest mean density error after a measured step ${(100 * worst).toFixed(2)}%)`;
    solver = () => ({
      substeps: PBF_SUBSTEPS,
      iterations: 4,
      stepSeconds: 1 / 60,
      msPerSubstep: ms / PBF_SUBSTEPS,
      // a substep is one PBF step of 4 iterations: the per-step figure (msPerStep is per 1/60 s frame)
      msPerStep4Iterations: ms / PBF_SUBSTEPS,
      maxDensityError: worst,
    });
    lost = () => escaped(world.particles.x, f.first, f.count, domain.max);
  } else {
    const f = new SphFluid({
      dim: 2,
      spacing: d,
      domain,
      substeps: 1,
      maxDensityError: 0.005,
      adaptiveSubsteps: true,
    });
    f.addBlock([0, 0], [a, 2 * a]);
    count = f.fluidCount;
    step = () => f.step(1 / 240);
    quality = () => f.stats.densityError;
    lost = () => escaped(f.x, f.boundaryCount, f.fluidCount, domain.max);
    let unconverged = 0;
    let most = 0;
    const inner = step;
    step = () => {
      inner();
      if (!f.stats.converged) unconverged++;
      most = Math.max(most, f.stats.densityIterations);
    };
    iterations = () =>
      ` (substeps ${f.stats.substeps}, density iterations ${f.stats.densityIterations} (most in a step ${most}), divergence ${f.stats.divergenceIterations}; steps not converged ${unconverged}; largest compression ${(100 * f.stats.maxDensityError).toFixed(2)}%)`;
    solver = () => ({
      substeps: f.stats.substeps,
      densityIterations: f.stats.densityIterations,
      mostDensityIterations: most,
      divergenceIterations: f.stats.divergenceIterations,
      stepsNotConverged: unconverged,
      maxDensityError: f.stats.maxDensityError,
    });
  }
  for (let s = 0; s < 5; s++) step();
  const times: number[] = [];
  for (let s = 0; s < frames; s++) {
    times.push(cpuMs(step));
    afterStep();
  }
  const ms = median(times);
  const heap = heapPerStep(step, 5);
  const err = quality();
  const row = {
    scene: `2D dam break ${kind}`,
    particles: count,
    steps: 5 + frames + 30,
    msPerStep: ms,
    particleStepsPerSecond: (count * 1000) / ms,
    heapBytesPerStep: heap,
    densityError: err,
    escaped: lost(),
    ...solver(),
  };
  console.log(
    `${row.scene}: ${count} particles, ${ms.toFixed(1)} ms/step, ${(row.particleStepsPerSecond / 1e6).toFixed(2)} M particle-steps/s, heap ${heap.toFixed(0)} B/step, density error ${(100 * err).toFixed(3)}%, escaped ${row.escaped}${iterations()}`,
  );
  return row;
}

/** Runs the particle suite. */
export async function run(args: string[]): Promise<void> {
  const quick = args.includes('--quick');
  const onlyCloth = args.includes('--cloth');
  const onlyFluids = args.includes('--fluids');
  const results = {
    cloth: onlyFluids ? null : clothBench(quick ? 30 : 120),
    pbf: onlyCloth ? null : damBreak('pbf', 20000, quick ? 10 : 40),
    dfsph: onlyCloth ? null : damBreak('dfsph', 20000, quick ? 5 : 20),
  };
  writeResults('particles', results, quick || onlyCloth || onlyFluids);
}
