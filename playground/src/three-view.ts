/**
 * The three.js view of the playground for the 3D rigid-body demos (domain 'rigid3d') and the 3D
 * particle demos (the 3D MPM scene: one lit instanced sphere per particle, `readParticles3`): the
 * world's bodies as lit meshes with shadows, a liquid as one surface mesh (`readSurface3`: density splat
 * and marching cubes, refreshed every frame into reused buffers, or its particles when the demo's
 * `draw` switch says dots), an orbit camera (drag empty space to orbit, wheel to zoom,
 * right-drag or shift-drag to pan), picking and dragging a body with the mouse (a damped spring
 * on the picked point through the demo instance's `pick` / `dragTo` / `release`), and a debug
 * switch for wireframes (the `contacts` display switch of the demo adds the contact points and
 * normals). It renders into an off-screen WebGL canvas that is copied onto the playground's 2D
 * canvas, so the page keeps one canvas; where WebGL is unavailable the demo's own Canvas 2D
 * projection (render/view3d.ts) draws instead.
 */
import * as THREE from 'three';
import type { ParticleCloud3 } from '../../src/demos/mpm.js';
import type { Rigid3dDemoInstance } from '../../src/demos/rigid3d.js';
import type { DemoInstance } from '../../src/demos/types.js';
import { type Shape3, ShapeKind3 } from '../../src/geometry/shapes3d.js';
import type { LiquidSurface3D } from '../../src/render/liquid-surface3d.js';
import { BODY_PALETTE3, type Camera3 } from '../../src/render/view3d.js';

/** particle count above which a cloud is drawn with the coarser sphere and no shadow */
const LARGE_CLOUD = 4000;

/** Does this instance run a rigid3d world the three.js view can show? */
export function isRigid3dInstance(inst: DemoInstance | undefined): inst is Rigid3dDemoInstance {
  return (
    !!inst &&
    'world3' in inst &&
    'camera3' in inst &&
    typeof (inst as Rigid3dDemoInstance).pick === 'function'
  );
}

/**
 * A 3D particle demo as the three.js view reads it: a camera, the particles to draw as spheres and,
 * optionally, a liquid surface (null while the liquid is drawn as particles).
 */
export interface Particles3Instance extends DemoInstance {
  /** the suggested camera */
  readonly camera3: Camera3;
  /** the particles drawn as spheres now */
  readParticles3(): ParticleCloud3;
  /** the liquid's surface now, or null */
  readSurface3?(): LiquidSurface3D | null;
}

/** Does this instance provide a 3D particle cloud (the 3D MPM and FLIP demos) the three.js view can show? */
export function isParticles3Instance(inst: DemoInstance | undefined): inst is Particles3Instance {
  return !!inst && 'camera3' in inst && typeof (inst as Particles3Instance).readParticles3 === 'function';
}

function geometryOf(g: Shape3): THREE.BufferGeometry {
  switch (g.kind) {
    case ShapeKind3.SPHERE:
      return new THREE.SphereGeometry(g.radius, 24, 16);
    case ShapeKind3.BOX:
      return new THREE.BoxGeometry(2 * g.hx, 2 * g.hy, 2 * g.hz);
    case ShapeKind3.CAPSULE:
      return new THREE.CapsuleGeometry(g.radius, 2 * g.halfHeight, 6, 16);
    case ShapeKind3.CYLINDER:
      return new THREE.CylinderGeometry(g.radius, g.radius, 2 * g.halfHeight, 24);
    case ShapeKind3.HULL: {
      const pos: number[] = [];
      const v = g.vertices;
      for (let f = 0; f < g.faceCount; f++) {
        const a = g.faceStart[f]!;
        for (let k = a + 1; k + 1 < g.faceStart[f + 1]!; k++)
          for (const i of [g.faceVertices[a]!, g.faceVertices[k]!, g.faceVertices[k + 1]!])
            pos.push(v[3 * i]!, v[3 * i + 1]!, v[3 * i + 2]!);
      }
      const geo = new THREE.BufferGeometry();
      geo.setAttribute('position', new THREE.Float32BufferAttribute(pos, 3));
      geo.computeVertexNormals();
      return geo;
    }
    case ShapeKind3.MESH: {
      const geo = new THREE.BufferGeometry();
      geo.setAttribute('position', new THREE.Float32BufferAttribute(Array.from(g.vertices), 3));
      geo.setIndex(Array.from(g.indices));
      geo.computeVertexNormals();
      return geo;
    }
    case ShapeKind3.HEIGHTFIELD: {
      const pos: number[] = [];
      for (let r = 0; r < g.rows; r++)
        for (let c = 0; c < g.cols; c++) pos.push(g.x(c), g.heights[r * g.cols + c]!, g.z(r));
      const idx: number[] = [];
      for (let r = 0; r + 1 < g.rows; r++)
        for (let c = 0; c + 1 < g.cols; c++) {
          const i = r * g.cols + c;
          // the engine's split: along the (r, c)–(r+1, c+1) diagonal, facing +y
          idx.push(i, i + g.cols + 1, i + 1, i, i + g.cols, i + g.cols + 1);
        }
      const geo = new THREE.BufferGeometry();
      geo.setAttribute('position', new THREE.Float32BufferAttribute(pos, 3));
      geo.setIndex(idx);
      geo.computeVertexNormals();
      return geo;
    }
  }
}

/** What the pointer is doing. */
type Gesture =
  | { kind: 'none' }
  | { kind: 'orbit' | 'pan'; x: number; y: number }
  | { kind: 'drag'; plane: THREE.Plane };

/** The three.js renderer of one rigid3d demo instance at a time. */
export class ThreeView {
  /** true while a rigid3d instance is attached and WebGL works */
  active = false;
  /** draw every mesh as a wireframe */
  wireframe = false;
  /** called when the picture changed without a step (orbit, zoom, toggle) */
  onChange: () => void = () => {};
  private renderer: THREE.WebGLRenderer | null = null;
  private failed = false;
  private readonly scene = new THREE.Scene();
  private readonly camera = new THREE.PerspectiveCamera(45, 1, 0.05, 500);
  private readonly sun = new THREE.DirectionalLight(0xffffff, 2.2);
  private readonly root = new THREE.Group();
  private readonly contactPoints: THREE.Points;
  private readonly contactNormals: THREE.LineSegments;
  private readonly materials: (
    | THREE.MeshStandardMaterial
    | THREE.MeshLambertMaterial
    | THREE.MeshPhongMaterial
  )[] = [];
  private bodies: THREE.Group[] = [];
  private inst: Rigid3dDemoInstance | null = null;
  /** the particle demo shown, as lit instanced spheres and a liquid surface */
  private cloudInst: Particles3Instance | null = null;
  private cloudMesh: THREE.InstancedMesh | null = null;
  private cloudMaterial: THREE.MeshStandardMaterial | THREE.MeshLambertMaterial | null = null;
  /** the liquid's surface: one mesh whose buffers are the surface's own, re-bound when they grow */
  private surfaceMesh: THREE.Mesh | null = null;
  private surfaceSource: LiquidSurface3D | null = null;
  private surfaceGeneration = -1;
  private readonly cloudMatrix = new THREE.Matrix4();
  private readonly cloudColor = new THREE.Color();
  private xf = new Float64Array(7);
  private readonly target = new THREE.Vector3();
  private yaw = 0;
  private pitch = 0.4;
  private distance = 10;
  private gesture: Gesture = { kind: 'none' };
  private readonly button: HTMLButtonElement;

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.scene.background = new THREE.Color(0xeef0f3);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x8d8a84, 1.1));
    this.sun.castShadow = true;
    this.sun.shadow.mapSize.set(1024, 1024);
    this.scene.add(this.sun, this.sun.target, this.root);
    this.contactPoints = new THREE.Points(
      new THREE.BufferGeometry(),
      new THREE.PointsMaterial({ color: 0xd62828, size: 6, sizeAttenuation: false, depthTest: false }),
    );
    this.contactNormals = new THREE.LineSegments(
      new THREE.BufferGeometry(),
      new THREE.LineBasicMaterial({ color: 0xd62828, depthTest: false }),
    );
    this.contactPoints.renderOrder = this.contactNormals.renderOrder = 10;
    this.scene.add(this.contactPoints, this.contactNormals);
    // the wireframe switch, over the canvas
    this.button = document.createElement('button');
    this.button.type = 'button';
    this.button.id = 'btn-wireframe';
    this.button.textContent = 'wireframe';
    this.button.title = 'wireframe debug view (w)';
    this.button.style.cssText = 'position:absolute;right:8px;top:8px;display:none;font-size:12px';
    this.button.addEventListener('click', () => this.setWireframe(!this.wireframe));
    canvas.parentElement?.append(this.button);
    window.addEventListener('keydown', (e) => {
      if (this.active && e.key === 'w' && !(e.target as HTMLElement).closest('input, select, textarea'))
        this.setWireframe(!this.wireframe);
    });
    canvas.addEventListener('pointerdown', (e) => this.down(e));
    canvas.addEventListener('pointermove', (e) => this.move(e));
    canvas.addEventListener('pointerup', (e) => this.up(e));
    canvas.addEventListener('contextmenu', (e) => {
      if (this.active) e.preventDefault();
    });
    canvas.addEventListener(
      'wheel',
      (e) => {
        if (!this.active) return;
        e.preventDefault();
        this.distance *= Math.exp(0.001 * e.deltaY);
        this.onChange();
      },
      { passive: false },
    );
    window.__rikigaku3d = this;
  }

  /** Shows `inst` if it is a rigid3d instance (and WebGL works); otherwise steps aside. */
  attach(inst: DemoInstance | undefined): void {
    this.inst = null;
    this.cloudInst = null;
    this.dropCloudMesh();
    if (this.surfaceMesh) {
      this.root.remove(this.surfaceMesh);
      this.surfaceMesh.geometry.dispose();
      this.surfaceMesh = null;
    }
    this.surfaceSource = null;
    this.surfaceGeneration = -1;
    this.active = false;
    this.button.style.display = 'none';
    for (const g of this.bodies) this.root.remove(g);
    this.bodies = [];
    for (const m of this.materials) m.dispose();
    this.materials.length = 0;
    if (isParticles3Instance(inst) && this.ensureRenderer()) {
      this.attachParticles(inst);
      return;
    }
    if (!isRigid3dInstance(inst) || !this.ensureRenderer()) return;
    this.inst = inst;
    this.active = true;
    this.button.style.display = '';
    const w = inst.world3;
    this.orbitFrom(inst.camera3);
    const ids = w.bodyIds();
    let radius = 1;
    for (let b = 0; b < ids.length; b++) {
      const id = ids[b]!;
      const type = w.getBodyType(id);
      const group = new THREE.Group();
      for (const s of w.getBodyShapes(id)) {
        const geom = w.getShapeGeometry(s);
        const hidden = inst.isHidden(s) && type !== 'static';
        const mat = new THREE.MeshStandardMaterial({
          color: type === 'dynamic' ? BODY_PALETTE3[b % BODY_PALETTE3.length]! : 0xb8b0a4,
          roughness: 0.75,
          metalness: 0,
          flatShading: geom.kind === ShapeKind3.HULL || geom.kind === ShapeKind3.MESH,
          side:
            geom.kind === ShapeKind3.MESH || geom.kind === ShapeKind3.HEIGHTFIELD
              ? THREE.DoubleSide
              : THREE.FrontSide,
          transparent: hidden,
          opacity: hidden ? 0.15 : 1,
          wireframe: this.wireframe,
        });
        this.materials.push(mat);
        const mesh = new THREE.Mesh(geometryOf(geom), mat);
        const l = w.getShapeLocalTransform(s);
        mesh.position.set(l[0]!, l[1]!, l[2]!);
        mesh.quaternion.set(l[3]!, l[4]!, l[5]!, l[6]!);
        mesh.castShadow = !hidden;
        mesh.receiveShadow = true;
        group.add(mesh);
        if (type === 'dynamic') {
          const bb = w.getShapeAabb(s);
          radius = Math.max(radius, ...bb.map((v) => Math.abs(v)).filter((v) => v < 1e3));
        }
      }
      this.root.add(group);
      this.bodies.push(group);
    }
    this.xf = new Float64Array(7 * Math.max(1, ids.length));
    // the sun's shadow box covers the moving bodies
    const r = Math.min(80, radius + 4);
    const cam = this.sun.shadow.camera;
    cam.left = cam.bottom = -r;
    cam.right = cam.top = r;
    cam.near = 0.5;
    cam.far = 6 * r;
    cam.updateProjectionMatrix();
    this.sun.position.set(-0.6 * r, 2 * r, 0.9 * r);
    this.sun.target.position.set(0, 0, 0);
  }

  /** The orbit (target, distance, yaw, pitch) from a demo's camera. */
  private orbitFrom(c: Particles3Instance['camera3']): void {
    this.target.set(c.target[0], c.target[1], c.target[2]);
    const d = new THREE.Vector3(c.eye[0], c.eye[1], c.eye[2]).sub(this.target);
    this.distance = d.length();
    this.yaw = Math.atan2(d.x, d.z);
    this.pitch = Math.asin(Math.max(-1, Math.min(1, d.y / this.distance)));
  }

  /** Shows a particle demo: one instanced low-poly sphere per particle, lit, casting shadows (small clouds). */
  private attachParticles(inst: Particles3Instance): void {
    this.cloudInst = inst;
    this.active = true;
    this.orbitFrom(inst.camera3);
    this.makeCloudMesh(inst.readParticles3());
    const cam = this.sun.shadow.camera;
    cam.left = cam.bottom = -1;
    cam.right = cam.top = 1;
    cam.near = 0.1;
    cam.far = 6;
    cam.updateProjectionMatrix();
    this.sun.position.set(-0.4, 2.5, 1.4);
    this.sun.target.position.set(0.5, 0, 0.5);
  }

  /**
   * The instanced spheres for `cloud`, room for its particles (at least one). Large clouds (a 3D
   * FLIP tank holds about 10k particles) get the 20-triangle icosahedron, a Lambert material and no
   * shadows: 80 physically shaded triangles drawn twice per particle made them crawl on software GL.
   */
  private makeCloudMesh(cloud: ParticleCloud3): void {
    this.dropCloudMesh();
    const large = cloud.count > LARGE_CLOUD;
    const mat = large
      ? new THREE.MeshLambertMaterial({ wireframe: this.wireframe })
      : new THREE.MeshStandardMaterial({ roughness: 0.8, metalness: 0, wireframe: this.wireframe });
    this.materials.push(mat);
    this.cloudMaterial = mat;
    const mesh = new THREE.InstancedMesh(
      new THREE.IcosahedronGeometry(cloud.radius * 1.6, large ? 0 : 1),
      mat,
      Math.max(1, cloud.count),
    );
    mesh.count = cloud.count;
    mesh.castShadow = !large;
    mesh.receiveShadow = !large;
    this.cloudMesh = mesh;
    this.root.add(mesh);
  }

  /** Removes the instanced spheres and their material. */
  private dropCloudMesh(): void {
    if (!this.cloudMesh) return;
    this.root.remove(this.cloudMesh);
    this.cloudMesh.geometry.dispose();
    this.cloudMesh.dispose();
    this.cloudMesh = null;
    const m = this.cloudMaterial;
    if (m) {
      m.dispose();
      const i = this.materials.indexOf(m);
      if (i >= 0) this.materials.splice(i, 1);
    }
    this.cloudMaterial = null;
  }

  /**
   * Draws the liquid's surface (or hides it): the surface's float32 positions, normals and indices
   * are the geometry's buffers, re-uploaded every frame for the used part only and re-bound when
   * the surface grew its buffers.
   */
  private updateSurface(s: LiquidSurface3D | null): void {
    if (!s) {
      if (this.surfaceMesh) this.surfaceMesh.visible = false;
      return;
    }
    let mesh = this.surfaceMesh;
    if (!mesh) {
      const [r, g, b] = s.color;
      const mat = new THREE.MeshPhongMaterial({
        color: new THREE.Color(r, g, b),
        specular: 0x9fc4e8,
        shininess: 60,
        wireframe: this.wireframe,
      });
      this.materials.push(mat);
      mesh = new THREE.Mesh(new THREE.BufferGeometry(), mat);
      // the surface moves every frame: no bounding sphere to keep up to date
      mesh.frustumCulled = false;
      this.surfaceMesh = mesh;
      this.root.add(mesh);
    }
    mesh.visible = true;
    let geo = mesh.geometry;
    if (this.surfaceSource !== s || this.surfaceGeneration !== s.generation) {
      geo.dispose();
      geo = new THREE.BufferGeometry();
      geo.setAttribute(
        'position',
        new THREE.BufferAttribute(s.positions, 3).setUsage(THREE.DynamicDrawUsage),
      );
      geo.setAttribute('normal', new THREE.BufferAttribute(s.normals, 3).setUsage(THREE.DynamicDrawUsage));
      geo.setIndex(new THREE.BufferAttribute(s.indices, 1).setUsage(THREE.DynamicDrawUsage));
      mesh.geometry = geo;
      this.surfaceSource = s;
      this.surfaceGeneration = s.generation;
    }
    for (const [attr, used] of [
      [geo.getAttribute('position') as THREE.BufferAttribute, 3 * s.vertexCount],
      [geo.getAttribute('normal') as THREE.BufferAttribute, 3 * s.vertexCount],
      [geo.getIndex()!, 3 * s.triangleCount],
    ] as const) {
      attr.clearUpdateRanges();
      attr.addUpdateRange(0, Math.max(1, used));
      attr.needsUpdate = true;
    }
    geo.setDrawRange(0, 3 * s.triangleCount);
  }

  /** Moves the instanced spheres to the particles' positions and refreshes the liquid's surface. */
  private updateParticles(inst: Particles3Instance): void {
    this.updateSurface(inst.readSurface3?.() ?? null);
    const cloud = inst.readParticles3();
    if (!this.cloudMesh || cloud.count > this.cloudMesh.instanceMatrix.count) this.makeCloudMesh(cloud);
    const mesh = this.cloudMesh!;
    const n = Math.min(cloud.count, mesh.instanceMatrix.count);
    for (let p = 0; p < n; p++) {
      const o = 3 * p;
      this.cloudMatrix.makeTranslation(cloud.positions[o]!, cloud.positions[o + 1]!, cloud.positions[o + 2]!);
      mesh.setMatrixAt(p, this.cloudMatrix);
      mesh.setColorAt(
        p,
        this.cloudColor.setRGB(cloud.colors[o]!, cloud.colors[o + 1]!, cloud.colors[o + 2]!),
      );
    }
    mesh.count = n;
    mesh.instanceMatrix.needsUpdate = true;
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
  }

  private ensureRenderer(): boolean {
    if (this.renderer) return true;
    if (this.failed) return false;
    try {
      const offscreen = document.createElement('canvas');
      this.renderer = new THREE.WebGLRenderer({
        canvas: offscreen,
        antialias: true,
        preserveDrawingBuffer: true,
      });
      this.renderer.shadowMap.enabled = true;
      this.renderer.shadowMap.type = THREE.PCFSoftShadowMap;
      return true;
    } catch (e) {
      console.warn('three.js view unavailable (no WebGL); drawing the Canvas 2D projection', e);
      this.failed = true;
      return false;
    }
  }

  /** Renders the attached world and copies it onto `ctx`; false when not active (the caller draws). */
  draw(ctx: CanvasRenderingContext2D, width: number, height: number): boolean {
    const inst = this.inst;
    const renderer = this.renderer;
    if (!this.active || !renderer) return false;
    if (this.cloudInst) this.updateParticles(this.cloudInst);
    else if (!inst) return false;
    else {
      const w = inst.world3;
      if (w.bodyCount !== this.bodies.length) this.attach(inst);
      w.readTransforms(this.xf);
      for (let b = 0; b < this.bodies.length; b++) {
        const g = this.bodies[b]!;
        const o = 7 * b;
        g.position.set(this.xf[o]!, this.xf[o + 1]!, this.xf[o + 2]!);
        g.quaternion.set(this.xf[o + 3]!, this.xf[o + 4]!, this.xf[o + 5]!, this.xf[o + 6]!);
      }
      this.updateContacts(inst);
    }
    const cp = Math.cos(this.pitch);
    this.camera.position.set(
      this.target.x + this.distance * cp * Math.sin(this.yaw),
      this.target.y + this.distance * Math.sin(this.pitch),
      this.target.z + this.distance * cp * Math.cos(this.yaw),
    );
    this.camera.lookAt(this.target);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    if (renderer.domElement.width !== width || renderer.domElement.height !== height)
      renderer.setSize(width, height, false);
    renderer.render(this.scene, this.camera);
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(renderer.domElement, 0, 0, width, height);
    ctx.restore();
    return true;
  }

  private updateContacts(inst: Rigid3dDemoInstance): void {
    const on = inst.showContacts;
    this.contactPoints.visible = this.contactNormals.visible = on;
    if (!on) return;
    const pts: number[] = [];
    const seg: number[] = [];
    for (const c of inst.world3.contacts())
      for (const p of c.points) {
        pts.push(p.x, p.y, p.z);
        seg.push(p.x, p.y, p.z, p.x + 0.3 * c.normal[0], p.y + 0.3 * c.normal[1], p.z + 0.3 * c.normal[2]);
      }
    this.contactPoints.geometry.setAttribute('position', new THREE.Float32BufferAttribute(pts, 3));
    this.contactNormals.geometry.setAttribute('position', new THREE.Float32BufferAttribute(seg, 3));
  }

  /** Switches the wireframe debug view. */
  setWireframe(on: boolean): void {
    this.wireframe = on;
    for (const m of this.materials) m.wireframe = on;
    this.button.style.fontWeight = on ? 'bold' : '';
    this.onChange();
  }

  /** The ray through a canvas point (CSS pixels from the canvas's corner). */
  private ray(e: { clientX: number; clientY: number }): THREE.Ray {
    const r = this.canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(
      ((e.clientX - r.left) / r.width) * 2 - 1,
      1 - ((e.clientY - r.top) / r.height) * 2,
    );
    const rc = new THREE.Raycaster();
    rc.setFromCamera(ndc, this.camera);
    return rc.ray;
  }

  private down(e: PointerEvent): void {
    if (!this.active || !(this.inst || this.cloudInst)) return;
    this.canvas.setPointerCapture(e.pointerId);
    if (e.button === 2 || e.shiftKey) {
      this.gesture = { kind: 'pan', x: e.clientX, y: e.clientY };
      return;
    }
    if (!this.inst) {
      // particles are not picked: drag orbits
      this.gesture = { kind: 'orbit', x: e.clientX, y: e.clientY };
      return;
    }
    const ray = this.ray(e);
    const far = ray.origin.clone().addScaledVector(ray.direction, 500);
    const body = this.inst.pick([ray.origin.x, ray.origin.y, ray.origin.z], [far.x, far.y, far.z]);
    if (body === null) {
      this.gesture = { kind: 'orbit', x: e.clientX, y: e.clientY };
      return;
    }
    // drag in the plane through the grabbed point, facing the camera
    const hit = this.grabPoint(ray);
    const normal = new THREE.Vector3();
    this.camera.getWorldDirection(normal);
    this.gesture = { kind: 'drag', plane: new THREE.Plane().setFromNormalAndCoplanarPoint(normal, hit) };
  }

  private grabPoint(ray: THREE.Ray): THREE.Vector3 {
    const far = ray.origin.clone().addScaledVector(ray.direction, 500);
    const hit = this.inst!.world3.rayCast([ray.origin.x, ray.origin.y, ray.origin.z], [far.x, far.y, far.z]);
    return hit ? new THREE.Vector3(...hit.point) : far;
  }

  private move(e: PointerEvent): void {
    const g = this.gesture;
    if (!this.active || g.kind === 'none') return;
    if (g.kind === 'drag') {
      const p = this.ray(e).intersectPlane(g.plane, new THREE.Vector3());
      if (p) this.inst?.dragTo([p.x, p.y, p.z]);
      return;
    }
    const dx = e.clientX - g.x;
    const dy = e.clientY - g.y;
    g.x = e.clientX;
    g.y = e.clientY;
    if (g.kind === 'orbit') {
      this.yaw -= 0.008 * dx;
      this.pitch = Math.max(-0.1, Math.min(1.5, this.pitch + 0.008 * dy));
    } else {
      const h = this.canvas.getBoundingClientRect().height || 1;
      const k = (2 * this.distance * Math.tan((this.camera.fov * Math.PI) / 360)) / h;
      const right = new THREE.Vector3().setFromMatrixColumn(this.camera.matrixWorld, 0);
      const up = new THREE.Vector3().setFromMatrixColumn(this.camera.matrixWorld, 1);
      this.target.addScaledVector(right, -k * dx).addScaledVector(up, k * dy);
    }
    this.onChange();
  }

  private up(e: PointerEvent): void {
    if (this.gesture.kind === 'drag') this.inst?.release();
    this.gesture = { kind: 'none' };
    if (this.canvas.hasPointerCapture(e.pointerId)) this.canvas.releasePointerCapture(e.pointerId);
  }

  /** Where a world point lands on the page (CSS pixels) — for the browser test's drag. */
  screenOf(x: number, y: number, z: number): { x: number; y: number } {
    const v = new THREE.Vector3(x, y, z).project(this.camera);
    const r = this.canvas.getBoundingClientRect();
    return { x: r.left + ((v.x + 1) / 2) * r.width, y: r.top + ((1 - v.y) / 2) * r.height };
  }

  /** Triangles of the liquid surface drawn now, 0 when none is shown (for the browser test). */
  surfaceTriangles(): number {
    const m = this.surfaceMesh;
    return m?.visible ? Math.floor(m.geometry.drawRange.count / 3) : 0;
  }

  /** Particles drawn as spheres now (for the browser test). */
  cloudCount(): number {
    return this.cloudMesh?.count ?? 0;
  }

  /** The position of the body at slot-order index `b` (for the browser test). */
  bodyPosition(b: number): [number, number, number] {
    const w = this.inst!.world3;
    return w.getPosition(w.bodyIds()[b]!);
  }
}

declare global {
  interface Window {
    /** the three.js view, for the browser test */
    __rikigaku3d?: ThreeView;
  }
}
