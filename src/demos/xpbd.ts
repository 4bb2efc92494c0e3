/**
 * Demos of the xpbd domain (textbook §26.3, §26.5; XPBD, Macklin, Müller and Chentanez 2016): the 13×13 PBD cloth at 1, 4 and 16
 * iterations, the same cloth in XPBD with substeps, the 12-link chain, cloth draped over a sphere
 * and a box, a flag in wind, hair on a moving head, a balloon, and rods with bend and twist.
 * Edges are coloured by stretch, green at 0% to red at 15% or more.
 */
import { pcos, psin } from '../math/portable.js';
import { addBalloon, type Balloon } from '../xpbd/balloon.js';
import { addCloth, type Cloth, clothMesh } from '../xpbd/cloth.js';
import { CollisionSet, plane } from '../xpbd/collision.js';
import { DistanceSet } from '../xpbd/distance.js';
import { addHair, type Hair } from '../xpbd/hair.js';
import { RodSet } from '../xpbd/rod.js';
import { addRope, type Rope } from '../xpbd/rope.js';
import { type XpbdSettings, XpbdWorld } from '../xpbd/solver.js';
import { WindForce } from '../xpbd/wind.js';
import { clear, label } from './kit/labels.js';
import { ParticleGrabber } from './kit/particle-grabber.js';
import { stretchColor } from './kit/stretch-color.js';
import type { Demo, DemoInstance, DemoParamValues, DemoPointer, View } from './types.js';
import { resolveParams, toPxX, toPxY } from './types.js';

// ------------------------------------------------------------------------------ drawing helpers

/** A fixed orthographic camera: yaw about y, then pitch about x. Returns world-2D (x, y) for the view. */
interface Camera {
  yaw: number;
  pitch: number;
}
const FRONT: Camera = { yaw: 0, pitch: 0 };
const OBLIQUE: Camera = { yaw: 0.55, pitch: 0.35 };

function projX(cam: Camera, x: number, _y: number, z: number): number {
  return x * Math.cos(cam.yaw) - z * Math.sin(cam.yaw);
}
function projY(cam: Camera, x: number, y: number, z: number): number {
  const zr = x * Math.sin(cam.yaw) + z * Math.cos(cam.yaw);
  return y * Math.cos(cam.pitch) - zr * Math.sin(cam.pitch);
}

const BUCKETS = 8;
/** Draws the edges of distance sets, bucketed by stretch colour (few state changes per frame). */
function drawEdges(
  ctx: CanvasRenderingContext2D,
  view: View,
  world: XpbdWorld,
  sets: DistanceSet[],
  cam: Camera,
  dx = 0,
): void {
  const x = world.particles.x;
  ctx.lineWidth = 1.5;
  for (let b = 0; b < BUCKETS; b++) {
    ctx.strokeStyle = stretchColor((b / (BUCKETS - 1)) * 0.15);
    ctx.beginPath();
    for (const set of sets) {
      for (let c = 0; c < set.size(); c++) {
        const s = set.stretch(x, c);
        const bucket = Math.min(BUCKETS - 1, Math.max(0, Math.round((s / 0.15) * (BUCKETS - 1))));
        if (bucket !== b) continue;
        const i = 3 * set.ids[2 * c];
        const j = 3 * set.ids[2 * c + 1];
        ctx.moveTo(
          toPxX(view, projX(cam, x[i], x[i + 1], x[i + 2]) + dx),
          toPxY(view, projY(cam, x[i], x[i + 1], x[i + 2])),
        );
        ctx.lineTo(
          toPxX(view, projX(cam, x[j], x[j + 1], x[j + 2]) + dx),
          toPxY(view, projY(cam, x[j], x[j + 1], x[j + 2])),
        );
      }
    }
    ctx.stroke();
  }
}

function circle(
  ctx: CanvasRenderingContext2D,
  view: View,
  cx: number,
  cy: number,
  r: number,
  fill: string,
): void {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.arc(toPxX(view, cx), toPxY(view, cy), Math.max(1, r * view.scale), 0, 2 * Math.PI);
  ctx.fill();
}

function hangingLength(world: XpbdWorld, top = 0): number {
  let minY = Number.POSITIVE_INFINITY;
  for (let i = 0; i < world.particles.count; i++) minY = Math.min(minY, world.particles.x[3 * i + 1]);
  return top - minY;
}

/** One world stepped at a fixed 60 Hz: the part every demo below shares. */
abstract class WorldDemo implements DemoInstance {
  dt = 1 / 60;
  constructor(protected readonly world: XpbdWorld) {}
  get time(): number {
    return this.world.time;
  }
  step(): void {
    this.world.step(this.dt);
  }
  abstract draw(ctx: CanvasRenderingContext2D, view: View): void;
}

/** A sphere (or a head) seen through a camera. */
function sphere(
  ctx: CanvasRenderingContext2D,
  view: View,
  cam: Camera,
  c: [number, number, number],
  r: number,
  fill: string,
): void {
  circle(ctx, view, projX(cam, c[0], c[1], c[2]), projY(cam, c[0], c[1], c[2]), r, fill);
}

// ------------------------------------------------------------------------------ 1. cloth at 1/4/16 iterations

const SEED_CLOTH = { nx: 13, ny: 13, width: 1.2, height: 1.2, plane: 'xy' as const };
const GAP = 1.6;

class ClothIterations implements DemoInstance {
  dt = 1 / 60;
  private readonly worlds: XpbdWorld[] = [];
  private readonly cloths: Cloth[] = [];
  readonly iterations = [1, 4, 16];
  constructor() {
    for (const n of this.iterations) {
      // §26.5: the §26.3 cloth used the 8-colour order
      const w = new XpbdWorld({ integrator: 'pbd', substeps: 1, iterations: n, order: 'colored' });
      this.cloths.push(addCloth(w, clothMesh(SEED_CLOTH), { bending: 'none' }));
      this.worlds.push(w);
    }
  }
  get time(): number {
    return this.worlds[0].time;
  }
  step(): void {
    for (const w of this.worlds) w.step(this.dt);
  }
  draw(ctx: CanvasRenderingContext2D, view: View): void {
    clear(ctx, view);
    this.worlds.forEach((w, k) => {
      drawEdges(ctx, view, w, [this.cloths[k].stretch], FRONT, k * GAP);
      const s = this.cloths[k].stretch.maxStretch(w.particles.x);
      const px = toPxX(view, k * GAP - 0.05);
      label(ctx, `${this.iterations[k]} iteration${k ? 's' : ''}`, px, toPxY(view, 0.35));
      label(ctx, `stretch ${(100 * s).toFixed(0)}%, ${hangingLength(w).toFixed(2)} m`, px, toPxY(view, 0.15));
    });
  }
  series(): Record<string, number> {
    const out: Record<string, number> = {};
    this.worlds.forEach((w, k) => {
      out[`stretch ${this.iterations[k]}`] = this.cloths[k].stretch.maxStretch(w.particles.x);
    });
    return out;
  }
  stats(): Record<string, number> {
    const out: Record<string, number> = {};
    this.worlds.forEach((w, k) => {
      out[`maxStretch${this.iterations[k]}`] = this.cloths[k].stretch.maxStretch(w.particles.x);
      out[`hanging${this.iterations[k]}`] = hangingLength(w);
    });
    return out;
  }
}

// ------------------------------------------------------------------------------ 2. XPBD cloth with substeps

class ClothSubsteps extends WorldDemo {
  private readonly cloth: Cloth;
  private readonly grab: ParticleGrabber;
  constructor(p: DemoParamValues) {
    const settings: Partial<XpbdSettings> = {
      substeps: Number(p.substeps),
      iterations: Number(p.iterations),
      order: p.order as XpbdSettings['order'],
      drag: 0.1,
    };
    super(new XpbdWorld(settings));
    this.cloth = addCloth(this.world, clothMesh(SEED_CLOTH), {
      bending: 'none',
      stretchCompliance: Number(p.compliance),
      damping: 0,
    });
    this.grab = new ParticleGrabber(this.world);
  }
  draw(ctx: CanvasRenderingContext2D, view: View): void {
    clear(ctx, view);
    drawEdges(ctx, view, this.world, [this.cloth.stretch], FRONT);
    const s = this.world.settings;
    label(
      ctx,
      `XPBD ${s.substeps} substeps × ${s.iterations} iteration(s): max stretch ${(100 * this.cloth.stretch.maxStretch(this.world.particles.x)).toFixed(1)}%`,
      10,
      20,
    );
  }
  pointer(e: DemoPointer): void {
    this.grab.pointer(e);
  }
  series(): Record<string, number> {
    return { stretch: this.cloth.stretch.maxStretch(this.world.particles.x), energy: this.world.energy() };
  }
  stats(): Record<string, number> {
    return {
      maxStretch: this.cloth.stretch.maxStretch(this.world.particles.x),
      hanging: hangingLength(this.world),
    };
  }
}

// ------------------------------------------------------------------------------ 3. the 12-link chain

class Chain extends WorldDemo {
  private readonly rope: Rope;
  private readonly grab: ParticleGrabber;
  constructor(p: DemoParamValues) {
    super(new XpbdWorld({ substeps: Number(p.substeps) }));
    // the 12-link chain: 12 particles at (0.2 i, 2), the first pinned, α = 0.0001
    this.rope = addRope(this.world, {
      start: [0, 2, 0],
      end: [2.2, 2, 0],
      links: 11,
      compliance: Number(p.compliance),
    });
    this.grab = new ParticleGrabber(this.world);
  }
  draw(ctx: CanvasRenderingContext2D, view: View): void {
    clear(ctx, view);
    drawEdges(ctx, view, this.world, [this.rope.links], FRONT);
    const x = this.world.particles.x;
    for (let i = 0; i < this.rope.count; i++) {
      const k = 3 * (this.rope.first + i);
      circle(ctx, view, x[k], x[k + 1], 0.03, i === 0 ? '#333' : '#3a6ea5');
    }
    label(
      ctx,
      `12-link chain, ${this.world.settings.substeps} substeps, E = ${this.world.energy().toFixed(3)} J`,
      10,
      20,
    );
  }
  pointer(e: DemoPointer): void {
    this.grab.pointer(e);
  }
  series(): Record<string, number> {
    return { energy: this.world.energy(), stretch: this.rope.links.maxStretch(this.world.particles.x) };
  }
  stats(): Record<string, number> {
    return { energy: this.world.energy(), maxStretch: this.rope.links.maxStretch(this.world.particles.x) };
  }
}

// ------------------------------------------------------------------------------ 4. drape over a sphere and a box

class Drape extends WorldDemo {
  private readonly cloth: Cloth;
  private readonly friction: number;
  private readonly sphere = { center: [-0.55, 0, 0] as [number, number, number], radius: 0.35 };
  private readonly box = {
    center: [0.55, -0.1, 0] as [number, number, number],
    half: [0.3, 0.25, 0.3] as [number, number, number],
  };
  constructor(p: DemoParamValues) {
    super(new XpbdWorld({ substeps: 15, drag: 0.2 }));
    const n = Number(p.resolution);
    this.friction = Number(p.friction);
    this.cloth = addCloth(
      this.world,
      clothMesh({ nx: n, ny: n, width: 2.2, height: 1.4, plane: 'xz', origin: [-1.1, 0.6, -0.7] }),
      { pin: 'none', bending: 'distance', bendCompliance: 1e-3, stretchCompliance: 0 },
    );
    const col = this.world.add(
      new CollisionSet(this.world.particles, {
        thickness: 0.02,
        friction: Number(p.friction),
        staticFriction: Number(p.friction),
      }),
    );
    col.addCollider({ kind: 'sphere', ...this.sphere });
    col.addCollider({ kind: 'box', ...this.box });
    col.addCollider(plane([0, 1, 0], -0.35));
  }
  draw(ctx: CanvasRenderingContext2D, view: View): void {
    clear(ctx, view);
    sphere(ctx, view, OBLIQUE, this.sphere.center, this.sphere.radius, '#c9d3e0');
    // the box: its 8 corners' hull drawn as edges
    ctx.strokeStyle = '#8899aa';
    ctx.lineWidth = 1;
    ctx.beginPath();
    const b = this.box;
    const corner = (s: number, a: number): number => b.center[a] + ((s >> a) & 1 ? 1 : -1) * b.half[a];
    for (let s = 0; s < 8; s++) {
      for (let a = 0; a < 3; a++) {
        const t = s ^ (1 << a);
        if (t < s) continue;
        ctx.moveTo(
          toPxX(view, projX(OBLIQUE, corner(s, 0), corner(s, 1), corner(s, 2))),
          toPxY(view, projY(OBLIQUE, corner(s, 0), corner(s, 1), corner(s, 2))),
        );
        ctx.lineTo(
          toPxX(view, projX(OBLIQUE, corner(t, 0), corner(t, 1), corner(t, 2))),
          toPxY(view, projY(OBLIQUE, corner(t, 0), corner(t, 1), corner(t, 2))),
        );
      }
    }
    ctx.stroke();
    drawEdges(ctx, view, this.world, [this.cloth.stretch], OBLIQUE);
    label(ctx, `cloth over a sphere and a box, friction μ = ${this.friction}`, 10, 20);
  }
  stats(): Record<string, number> {
    return { maxStretch: this.cloth.stretch.maxStretch(this.world.particles.x) };
  }
}

// ------------------------------------------------------------------------------ 5. flag in wind

class Flag extends WorldDemo {
  private readonly cloth: Cloth;
  private readonly wind: WindForce;
  private readonly speed: number;
  constructor(p: DemoParamValues) {
    super(new XpbdWorld({ substeps: 10 }));
    this.cloth = addCloth(
      this.world,
      clothMesh({ nx: 30, ny: 20, width: 1.5, height: 1, plane: 'xy', origin: [0, 1, 0], mass: 0.25 }),
      {
        pin: 'left-edge',
        bending: 'distance',
        bendCompliance: 1e-2,
      },
    );
    this.speed = Number(p.wind);
    this.wind = this.world.addForce(
      new WindForce(this.cloth.mesh.triangles, [this.speed, 0, 0], Number(p.drag)),
    );
  }
  override step(): void {
    // gusts: deterministic, from the simulated time
    const t = this.world.time;
    this.wind.velocity[0] = this.speed * (1 + 0.3 * psin(1.3 * t));
    this.wind.velocity[2] = 0.25 * this.speed * pcos(0.7 * t);
    this.world.step(this.dt);
  }
  draw(ctx: CanvasRenderingContext2D, view: View): void {
    clear(ctx, view);
    ctx.strokeStyle = '#555';
    ctx.lineWidth = 4;
    ctx.beginPath();
    ctx.moveTo(toPxX(view, projX(OBLIQUE, 0, 1.1, 0)), toPxY(view, projY(OBLIQUE, 0, 1.1, 0)));
    ctx.lineTo(toPxX(view, projX(OBLIQUE, 0, -1, 0)), toPxY(view, projY(OBLIQUE, 0, -1, 0)));
    ctx.stroke();
    drawEdges(ctx, view, this.world, [this.cloth.stretch], OBLIQUE);
    label(ctx, `flag in wind ${this.wind.velocity[0].toFixed(1)} m/s (drag per triangle)`, 10, 20);
  }
  stats(): Record<string, number> {
    return { maxStretch: this.cloth.stretch.maxStretch(this.world.particles.x) };
  }
}

// ------------------------------------------------------------------------------ 6. hair on a moving head

class HairDemo extends WorldDemo {
  private readonly hair: Hair;
  private readonly head = { center: [0, 0, 0] as [number, number, number], radius: 0.12 };
  private readonly offsets: number[][] = [];
  private readonly amplitude: number;
  constructor(p: DemoParamValues) {
    super(new XpbdWorld({ substeps: 8, drag: 0.5 }));
    const roots: [number, number, number][] = [];
    const dirs: [number, number, number][] = [];
    const strands = Number(p.strands);
    for (let s = 0; s < strands; s++) {
      // roots on the upper hemisphere (golden-angle spiral)
      const u = (s + 0.5) / strands;
      const phi = s * 2.399963;
      const y = 0.15 + 0.85 * u;
      const r = Math.sqrt(1 - y * y);
      const d: [number, number, number] = [r * Math.cos(phi), y, r * Math.sin(phi)];
      roots.push([d[0] * this.head.radius, d[1] * this.head.radius, d[2] * this.head.radius]);
      dirs.push(d);
    }
    // the head is collided before the hair is solved, so follow-the-leader keeps exact lengths
    const col = this.world.add(new CollisionSet(this.world.particles, { thickness: 0.01, friction: 0.2 }));
    col.addCollider({ kind: 'sphere', ...this.head });
    this.hair = addHair(this.world, {
      roots,
      directions: dirs,
      segments: 12,
      length: 0.3,
      velocityCorrection: 0.9,
    });
    for (const st of this.hair.strands) this.offsets.push(this.world.particles.position(st[0]));
    this.amplitude = Number(p.amplitude);
  }
  override step(): void {
    // the head moves side to side and nods; roots follow it (pinned, kinematic)
    const t = this.world.time + this.dt;
    const hx = this.amplitude * psin(2.5 * t);
    const hy = 0.03 * psin(5 * t);
    this.head.center[0] = hx;
    this.head.center[1] = hy;
    const x = this.world.particles.x;
    this.hair.strands.forEach((st, s) => {
      x[3 * st[0]] = this.offsets[s][0] + hx;
      x[3 * st[0] + 1] = this.offsets[s][1] + hy;
    });
    this.world.step(this.dt);
  }
  draw(ctx: CanvasRenderingContext2D, view: View): void {
    clear(ctx, view);
    sphere(ctx, view, FRONT, this.head.center, this.head.radius, '#e8c9a6');
    const x = this.world.particles.x;
    ctx.strokeStyle = '#5a3b1e';
    ctx.lineWidth = 1.2;
    ctx.beginPath();
    for (const st of this.hair.strands) {
      st.forEach((i, k) => {
        const px = toPxX(view, x[3 * i]);
        const py = toPxY(view, x[3 * i + 1]);
        if (k === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      });
    }
    ctx.stroke();
    label(
      ctx,
      `follow-the-leader hair: max length error ${this.hair.set.maxLengthError(x).toExponential(1)} m`,
      10,
      20,
    );
  }
  stats(): Record<string, number> {
    return { maxLengthError: this.hair.set.maxLengthError(this.world.particles.x) };
  }
}

// ------------------------------------------------------------------------------ 7. balloon

class BalloonDemo extends WorldDemo {
  private readonly balloon: Balloon;
  private readonly grab: ParticleGrabber;
  private readonly pressure: number;
  constructor(p: DemoParamValues) {
    super(new XpbdWorld({ substeps: 10, drag: 0.3 }));
    this.balloon = addBalloon(this.world, {
      center: [0, 1, 0],
      radius: 0.4,
      subdivisions: 2,
      stretchCompliance: 1e-3,
      damping: 1,
      pressure: 1,
    });
    this.pressure = Number(p.pressure);
    const col = this.world.add(new CollisionSet(this.world.particles, { friction: 0.4 }));
    col.addCollider(plane([0, 1, 0], 0));
    this.grab = new ParticleGrabber(this.world);
  }
  override step(): void {
    // inflate over the first second (a sudden pressure jump would ring the stiff skin)
    const ramp = Math.min(1, this.world.time);
    this.balloon.volume.pressure = 1 + (this.pressure - 1) * ramp;
    this.world.step(this.dt);
  }
  draw(ctx: CanvasRenderingContext2D, view: View): void {
    clear(ctx, view);
    ctx.fillStyle = '#ccc';
    ctx.fillRect(0, toPxY(view, 0), view.width, view.height);
    drawEdges(ctx, view, this.world, [this.balloon.skin], FRONT);
    const v = this.balloon.volume;
    label(
      ctx,
      `balloon: volume ${((100 * v.volume(this.world.particles.x)) / (v.pressure * v.restVolume)).toFixed(2)}% of target`,
      10,
      20,
    );
  }
  pointer(e: DemoPointer): void {
    this.grab.pointer(e);
  }
  series(): Record<string, number> {
    const v = this.balloon.volume;
    return { volumeRatio: v.volume(this.world.particles.x) / (v.pressure * v.restVolume) };
  }
  stats(): Record<string, number> {
    return this.series();
  }
}

// ------------------------------------------------------------------------------ 8. rods with bend and twist

/**
 * Cosserat rods in XPBD (Kugelstadt and Schömer 2016): three clamped cantilevers of 10 segments, 0.1 m each — a stiff
 * XPBD rod (bend–twist compliance 0), a soft rod (compliance from the panel) and a rope of distance
 * constraints only. The clamped roots of the rods turn about the rod axis; the material frame d1
 * drawn along each rod shows the twist travelling to the tip.
 */
class RodDemo extends WorldDemo {
  private readonly lines: number[][] = [];
  private readonly rods: RodSet[] = [];
  private readonly roots: number[][] = [];
  private readonly twistRate: number;
  private readonly names = ['stiff rod', 'soft rod', 'rope (distance only)'];
  constructor(p: DemoParamValues) {
    super(new XpbdWorld({ substeps: 20, drag: 1 }));
    this.twistRate = Number(p.twist);
    const particles = this.world.particles;
    for (let r = 0; r < 3; r++) {
      const ids: number[] = [];
      for (let k = 0; k <= 10; k++) ids.push(particles.add(0.1 * k, -0.5 * r, 0, k === 0 ? 0 : 10));
      this.lines.push(ids);
      if (r < 2) {
        const rod = this.world.add(
          new RodSet(particles, ids, {
            bendTwistCompliance: r === 0 ? 0 : Number(p.compliance),
            clampFirst: true,
            orientationInvMass: 10,
          }),
        );
        this.rods.push(rod);
        this.roots.push(Array.from(rod.q.subarray(0, 4)));
      } else {
        const links = this.world.add(new DistanceSet());
        for (let k = 0; k < 10; k++) links.add(particles, ids[k], ids[k + 1]);
      }
    }
  }
  override step(): void {
    // turn each clamped root frame about the rod axis (world x) by θ = rate · t: q ← q_x(θ) q_root
    const t = this.world.time + this.dt;
    const s = psin(0.5 * this.twistRate * t);
    const c = pcos(0.5 * this.twistRate * t);
    this.rods.forEach((rod, r) => {
      const [bx, by, bz, bw] = this.roots[r];
      rod.q[0] = c * bx + s * bw;
      rod.q[1] = c * by - s * bz;
      rod.q[2] = c * bz + s * by;
      rod.q[3] = c * bw - s * bx;
    });
    this.world.step(this.dt);
  }
  draw(ctx: CanvasRenderingContext2D, view: View): void {
    clear(ctx, view);
    const x = this.world.particles.x;
    this.lines.forEach((ids, r) => {
      ctx.strokeStyle = r < 2 ? '#3a6ea5' : '#a5673a';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ids.forEach((i, k) => {
        const px = toPxX(view, projX(OBLIQUE, x[3 * i], x[3 * i + 1], x[3 * i + 2]));
        const py = toPxY(view, projY(OBLIQUE, x[3 * i], x[3 * i + 1], x[3 * i + 2]));
        if (k === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      });
      ctx.stroke();
      const tip = 3 * ids[10];
      label(ctx, this.names[r], toPxX(view, -0.05), toPxY(view, -0.5 * r + 0.12));
      // the tip's height, right-aligned just above the tip (inside the view, whatever its size)
      const tx = toPxX(view, projX(OBLIQUE, x[tip], x[tip + 1], x[tip + 2]));
      const ty = toPxY(view, projY(OBLIQUE, x[tip], x[tip + 1], x[tip + 2]));
      ctx.textAlign = 'right';
      label(ctx, `tip y ${x[tip + 1].toFixed(3)} m`, tx, ty - 6);
      ctx.textAlign = 'left';
    });
    // the material frame: d1 of every segment, drawn from the segment's middle
    ctx.strokeStyle = '#c0392b';
    ctx.lineWidth = 1;
    ctx.beginPath();
    this.rods.forEach((rod, r) => {
      const ids = this.lines[r];
      for (let k = 0; k < 10; k++) {
        const a = 3 * ids[k];
        const b = 3 * ids[k + 1];
        const mx = 0.5 * (x[a] + x[b]);
        const my = 0.5 * (x[a + 1] + x[b + 1]);
        const mz = 0.5 * (x[a + 2] + x[b + 2]);
        const d = rod.d1(k);
        ctx.moveTo(toPxX(view, projX(OBLIQUE, mx, my, mz)), toPxY(view, projY(OBLIQUE, mx, my, mz)));
        const ex = mx + 0.05 * d[0];
        const ey = my + 0.05 * d[1];
        const ez = mz + 0.05 * d[2];
        ctx.lineTo(toPxX(view, projX(OBLIQUE, ex, ey, ez)), toPxY(view, projY(OBLIQUE, ex, ey, ez)));
      }
    });
    ctx.stroke();
  }
  series(): Record<string, number> {
    return this.stats();
  }
  stats(): Record<string, number> {
    const x = this.world.particles.x;
    const out: Record<string, number> = {};
    this.lines.forEach((ids, r) => {
      out[`tipY${r === 0 ? 'Stiff' : r === 1 ? 'Soft' : 'Rope'}`] = x[3 * ids[10] + 1] + 0.5 * r;
    });
    return out;
  }
}

// ------------------------------------------------------------------------------ the registry

const view =
  (cx: number, cy: number, span: number) =>
  (width: number, height: number): View => ({
    width,
    height,
    cx,
    cy,
    scale: Math.min(width, height) / span,
  });

/** A view that fits the world box [x0, x1] × [y0, y1] (projected) into the canvas, `margin` pixels in. */
const fitBox =
  (x0: number, x1: number, y0: number, y1: number, margin = 12) =>
  (width: number, height: number): View => ({
    width,
    height,
    cx: 0.5 * (x0 + x1),
    cy: 0.5 * (y0 + y1),
    scale: Math.max(1e-6, Math.min((width - 2 * margin) / (x1 - x0), (height - 2 * margin) / (y1 - y0))),
  });

function demo(d: Omit<Demo, 'create'> & { make: (p: DemoParamValues) => DemoInstance }): Demo {
  const { make, ...rest } = d;
  const out: Demo = {
    ...rest,
    create: (params?: DemoParamValues, options?: { dt?: number }) => {
      const inst = make(resolveParams(out, params)) as DemoInstance & { dt: number };
      inst.dt = options?.dt ?? rest.dt;
      return inst;
    },
  };
  return out;
}

/** Demos of the xpbd domain, in the order the playground lists them. */
export const xpbdDemos: Demo[] = [
  demo({
    id: 'xpbd-cloth-iterations',
    title: 'PBD cloth at 1, 4 and 16 iterations',
    domain: 'xpbd',
    description:
      'Position-based dynamics (Müller et al. 2007), textbook §26.3: the same 13×13, 1.2 m cloth hung by two corners, 60 Hz, k = 1, at 1, 4 and 16 iterations per step; edges coloured by stretch (green 0% → red ≥ 15%).',
    dt: 1 / 60,
    view: (w, h) => ({ width: w, height: h, cx: 1.6 + 0.6, cy: -0.7, scale: Math.min(w / 5, h / 2.4) }),
    series: [
      { key: 'stretch 1', label: 'largest stretch, 1 iteration', color: '#d62728' },
      { key: 'stretch 4', label: 'largest stretch, 4 iterations', color: '#ff7f0e' },
      { key: 'stretch 16', label: 'largest stretch, 16 iterations', color: '#2ca02c' },
    ],
    make: () => new ClothIterations(),
  }),
  demo({
    id: 'xpbd-cloth-substeps',
    title: 'XPBD cloth with substeps',
    domain: 'xpbd',
    description:
      'XPBD (Macklin, Müller and Chentanez 2016): the same cloth with compliance α (α̃ = α/h²), λ reset per substep, one sweep per substep. Drag the cloth with the mouse.',
    dt: 1 / 60,
    view: view(0.6, -0.6, 2.2),
    series: [
      { key: 'stretch', label: 'largest stretch', color: '#d62728' },
      { key: 'energy', label: 'energy', unit: 'J', color: '#1f77b4' },
    ],
    params: [
      { key: 'substeps', kind: 'number', default: 20, min: 1, max: 60, step: 1 },
      { key: 'iterations', kind: 'number', default: 1, min: 1, max: 20, step: 1 },
      {
        key: 'compliance',
        label: 'compliance α (m/N)',
        kind: 'number',
        default: 0,
        min: 0,
        max: 0.01,
        step: 0.0001,
      },
      {
        key: 'order',
        kind: 'choice',
        default: 'gauss-seidel',
        options: ['gauss-seidel', 'jacobi', 'colored'],
      },
    ],
    make: (p) => new ClothSubsteps(p),
  }),
  demo({
    id: 'xpbd-chain',
    title: 'Hanging chain (12 links)',
    domain: 'xpbd',
    description:
      'A chain in XPBD (Macklin, Müller and Chentanez 2016; textbook §26.3): 12 particles 0.2 m apart, the first pinned, links of compliance 0.0001 m/N, 24 substeps per frame.',
    dt: 1 / 60,
    view: view(0, 1, 5.5),
    series: [
      { key: 'energy', label: 'energy', unit: 'J', color: '#1f77b4' },
      { key: 'stretch', label: 'largest stretch', color: '#d62728' },
    ],
    params: [
      { key: 'substeps', kind: 'number', default: 24, min: 1, max: 60, step: 1 },
      {
        key: 'compliance',
        label: 'compliance α (m/N)',
        kind: 'number',
        default: 0.0001,
        min: 0,
        max: 0.01,
        step: 0.0001,
      },
    ],
    make: (p) => new Chain(p),
  }),
  demo({
    id: 'xpbd-drape',
    title: 'Cloth draped over a sphere and a box',
    domain: 'xpbd',
    description:
      'Textbook §26.3 collisions: inequality constraints C = φ(p) − thickness ≥ 0 against a sphere, a box and the ground, with Coulomb friction.',
    dt: 1 / 60,
    view: view(0, 0, 3),
    params: [
      { key: 'friction', kind: 'number', default: 0.4, min: 0, max: 1, step: 0.05 },
      { key: 'resolution', kind: 'number', default: 32, min: 8, max: 64, step: 1 },
    ],
    make: (p) => new Drape(p),
  }),
  demo({
    id: 'xpbd-flag',
    title: 'Flag in wind',
    domain: 'xpbd',
    description:
      'An XPBD cloth (Macklin, Müller and Chentanez 2016; textbook §26.3) pinned to a pole; the gusty wind pushes every triangle along its normal in proportion to the air speed relative to it (drag per triangle). Watch the free edge flutter while the pinned edge holds.',
    dt: 1 / 60,
    // the pole from y = −1 to 1.1, the flag blown out to x ≈ 1.5 and swinging in depth
    view: fitBox(-0.6, 1.65, -1.05, 1.25),
    params: [
      { key: 'wind', label: 'wind speed (m/s)', kind: 'number', default: 6, min: 0, max: 20, step: 0.5 },
      { key: 'drag', kind: 'number', default: 0.3, min: 0, max: 2, step: 0.05 },
    ],
    make: (p) => new Flag(p),
  }),
  demo({
    id: 'xpbd-hair',
    title: 'Hair on a moving head (follow the leader)',
    domain: 'xpbd',
    description:
      'Textbook §26.5: follow-the-leader strands (Müller, Kim, Chentanez 2012) with the velocity correction; segments keep exactly their rest length.',
    dt: 1 / 60,
    view: view(0, -0.05, 1),
    params: [
      { key: 'strands', kind: 'number', default: 80, min: 4, max: 300, step: 1 },
      {
        key: 'amplitude',
        label: 'head motion (m)',
        kind: 'number',
        default: 0.12,
        min: 0,
        max: 0.3,
        step: 0.01,
      },
    ],
    make: (p) => new HairDemo(p),
  }),
  demo({
    id: 'xpbd-balloon',
    title: 'Balloon',
    domain: 'xpbd',
    description:
      'A balloon in position-based dynamics (Müller et al. 2007; textbook §26.3): a skin of distance constraints around one whole-mesh volume constraint C = V − p·V0 (pressure p, inflated over the first second); it falls on the ground. Drag it with the mouse.',
    dt: 1 / 60,
    view: view(0, 0.7, 2.2),
    series: [{ key: 'volumeRatio', label: 'volume / target volume', color: '#1f77b4' }],
    params: [{ key: 'pressure', kind: 'number', default: 1.2, min: 0.5, max: 2, step: 0.05 }],
    make: (p) => new BalloonDemo(p),
  }),
  demo({
    id: 'xpbd-rods',
    title: 'Rods with bend and twist',
    domain: 'xpbd',
    description:
      'XPBD Cosserat rods (Kugelstadt and Schömer 2016; one quaternion per segment; stretch–shear and bend–twist constraints) clamped at one end, beside a rope of distance constraints only. The roots turn about the rod axis; the red ticks are each segment’s material frame d1, showing the twist reach the tip. The stiff rod holds itself straight out, the soft rod and the rope droop.',
    dt: 1 / 60,
    // the rods reach x = 1, the rope hangs to y = −2 and swings back to x ≈ −0.7
    view: fitBox(-0.75, 1.1, -2.1, 0.3),
    series: [
      { key: 'tipYStiff', label: 'stiff rod tip y', unit: 'm', color: '#3a6ea5' },
      { key: 'tipYSoft', label: 'soft rod tip y (+0.5 m)', unit: 'm', color: '#2ca02c' },
      { key: 'tipYRope', label: 'rope tip y (+1 m)', unit: 'm', color: '#a5673a' },
    ],
    params: [
      {
        key: 'compliance',
        label: 'soft rod: bend–twist compliance α',
        kind: 'number',
        default: 0.1,
        min: 0,
        max: 1,
        step: 0.01,
      },
      {
        key: 'twist',
        label: 'root twist rate (rad/s)',
        kind: 'number',
        default: 1,
        min: 0,
        max: 6,
        step: 0.1,
      },
    ],
    make: (p) => new RodDemo(p),
  }),
];
