/**
 * glTF physics import: a file written with glTF-Transform plus every supported field of
 * KHR_physics_rigid_bodies and KHR_implicit_shapes gives the same bodies, shapes, materials and
 * joints as the equivalent `rikigaku/rigid3d@1` JSON scene; `.gltf` and `.glb` give the same; the
 * JSON-only import agrees with the full one; what cannot be represented is warned about by node.
 */
import type { Document } from '@gltf-transform/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHYSICS_YARD_GLTF } from '../../src/demos/assets/physics-yard-gltf.js';
import type { GltfPhysicsImport } from '../../src/gltf/import.js';
import {
  buildGltfPhysicsWorld,
  importGltfPhysics,
  importGltfPhysicsJson,
  loadGltfPhysics,
} from '../../src/gltf/index.js';
import { buildRigid3dWorld } from '../../src/scene/rigid3d-build.js';
import { parseRigid3dScene } from '../../src/scene/rigid3d-format.js';
import { documentPhysics, nodePhysics, toGlb, type WrittenGltf, writeGltf } from './make-gltf.js';

const s15 = Math.sin(Math.PI / 12);
const c15 = Math.cos(Math.PI / 12);
const s45 = Math.SQRT1_2;
const TETRA = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1];
const QUAD = [-2, 0, -2, 2, 0, -2, 2, 0, 2, -2, 0, 2];

function triangleMesh(doc: Document, positions: number[], indices: number[]) {
  const buffer = doc.getRoot().listBuffers()[0]!;
  const pos = doc.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer);
  const idx = doc.createAccessor().setType('SCALAR').setArray(new Uint16Array(indices)).setBuffer(buffer);
  return doc.createMesh().addPrimitive(doc.createPrimitive().setAttribute('POSITION', pos).setIndices(idx));
}

/** The test file: every supported field once (node indices in the comments). */
async function yard(): Promise<WrittenGltf> {
  const g = await writeGltf((doc) => {
    const scene = doc.createScene('Yard');
    const ground = doc.createNode('ground').setTranslation([0, -0.5, 0]); // 0
    const crate = doc
      .createNode('crate')
      .setTranslation([0, 2, 0])
      .setRotation([0, s15, 0, c15])
      .setScale([2, 1, 1]); // 1
    const hinge = doc.createNode('hinge').setTranslation([0.5, 0, 0]); // 2
    crate.addChild(hinge);
    const ball = doc.createNode('ball').setTranslation([3, 1, 0]).setScale([2, 2, 2]); // 3
    const compound = doc.createNode('compound').setTranslation([-3, 1, 0]); // 4
    compound.addChild(doc.createNode('capsulePart').setTranslation([0.5, 0, 0])); // 5
    compound.addChild(
      doc.createNode('cylinderPart').setTranslation([-0.5, 0, 0]).setRotation([0, 0, s45, s45]),
    ); // 6
    const rock = doc
      .createNode('rock')
      .setTranslation([0, 1, 3])
      .setMesh(triangleMesh(doc, TETRA, [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3])); // 7
    const terrain = doc
      .createNode('terrain')
      .setTranslation([0, 0, -5])
      .setMesh(triangleMesh(doc, QUAD, [0, 2, 1, 0, 3, 2])); // 8
    const sensor = doc.createNode('sensor').setTranslation([0, 1, -3]); // 9
    for (const n of [ground, crate, ball, compound, rock, terrain, sensor]) scene.addChild(n);
  });
  documentPhysics(
    g,
    [
      { type: 'box', box: { size: [20, 1, 20] } },
      { type: 'box', box: { size: [1, 0.5, 2] } },
      { type: 'sphere', sphere: { radius: 0.3 } },
      { type: 'capsule', capsule: { height: 1, radiusTop: 0.2, radiusBottom: 0.2 } },
      { type: 'cylinder', cylinder: { height: 0.8, radiusTop: 0.25, radiusBottom: 0.25 } },
      { type: 'box', box: { size: [2, 2, 2] } },
    ],
    {
      physicsMaterials: [
        { staticFriction: 0.8, dynamicFriction: 0.8, restitution: 0.1 },
        {
          staticFriction: 0.3,
          dynamicFriction: 0.3,
          restitution: 0.6,
          frictionCombine: 'average',
          restitutionCombine: 'maximum',
        },
      ],
      collisionFilters: [
        { collisionSystems: ['world'] },
        { collisionSystems: ['props'], notCollideWithSystems: ['world'] },
      ],
      physicsJoints: [
        {
          limits: [
            { linearAxes: [0, 1, 2], min: 0, max: 0 },
            { angularAxes: [1, 2], min: 0, max: 0 },
            { angularAxes: [0], min: -1, max: 1, stiffness: 100, damping: 2 },
          ],
          drives: [{ type: 'angular', mode: 'force', axis: 0, velocityTarget: 2, damping: 10, maxForce: 50 }],
        },
      ],
    },
  );
  nodePhysics(g, 0, { collider: { geometry: { shape: 0 }, physicsMaterial: 0, collisionFilter: 0 } });
  nodePhysics(g, 1, {
    motion: { mass: 12, linearVelocity: [1, 0, 0], angularVelocity: [0, 2, 0], gravityFactor: 0.5 },
    collider: { geometry: { shape: 1 }, physicsMaterial: 0 },
  });
  nodePhysics(g, 2, { joint: { connectedNode: 4, joint: 0, enableCollision: true } });
  nodePhysics(g, 3, {
    motion: { isKinematic: true, linearVelocity: [0, 0, -1] },
    collider: { geometry: { shape: 2 }, physicsMaterial: 1, collisionFilter: 1 },
  });
  nodePhysics(g, 4, { motion: { mass: 5 } });
  nodePhysics(g, 5, { collider: { geometry: { shape: 3 } } });
  nodePhysics(g, 6, { collider: { geometry: { shape: 4 } } });
  nodePhysics(g, 7, {
    motion: { inertiaDiagonal: [1, 1, 1] },
    collider: { geometry: { node: 7, convexHull: true } },
  });
  nodePhysics(g, 8, { collider: { geometry: { node: 8 } } });
  nodePhysics(g, 9, { trigger: { geometry: { shape: 5 } } });
  return g;
}

const I: [number, number, number, number] = [0, 0, 0, 1];
const compoundVolume = Math.PI * 0.04 * 1 + (4 / 3) * Math.PI * 0.008 + Math.PI * 0.0625 * 0.8;
/** The same scene written by hand in the JSON scene format. */
const EXPECTED = parseRigid3dScene({
  format: 'rikigaku/rigid3d@1',
  title: 'Yard',
  description: 'Imported from glTF (KHR_physics_rigid_bodies, KHR_implicit_shapes).',
  dt: 1 / 60,
  gravity: [0, -10, 0],
  materials: {
    physicsMaterial0: { friction: 0.8, restitution: 0.1 },
    physicsMaterial1: { friction: 0.3, restitution: 0.6 },
  },
  bodies: [
    {
      name: 'ground#0',
      type: 'static',
      position: [0, -0.5, 0],
      orientation: I,
      shapes: [
        {
          kind: 'box',
          halfExtents: [10, 0.5, 10],
          position: [0, 0, 0],
          orientation: I,
          material: 'physicsMaterial0',
          filter: { categoryBits: 2, maskBits: 0xffffffff },
          name: 'node0',
        },
      ],
    },
    {
      name: 'crate#1',
      type: 'dynamic',
      position: [0, 2, 0],
      orientation: [0, s15, 0, c15],
      linearVelocity: [Math.cos(Math.PI / 6), 0, -Math.sin(Math.PI / 6)],
      angularVelocity: [0, 2, 0],
      gravityScale: 0.5,
      shapes: [
        {
          kind: 'box',
          halfExtents: [1, 0.25, 1],
          position: [0, 0, 0],
          orientation: I,
          material: 'physicsMaterial0',
          density: 6,
          name: 'node1',
        },
      ],
    },
    {
      name: 'ball#3',
      type: 'kinematic',
      position: [3, 1, 0],
      orientation: I,
      linearVelocity: [0, 0, -1],
      angularVelocity: [0, 0, 0],
      shapes: [
        {
          kind: 'sphere',
          radius: 0.6,
          position: [0, 0, 0],
          orientation: I,
          material: 'physicsMaterial1',
          filter: { categoryBits: 4, maskBits: 5 },
          name: 'node3',
        },
      ],
    },
    {
      name: 'compound#4',
      type: 'dynamic',
      position: [-3, 1, 0],
      orientation: I,
      linearVelocity: [0, 0, 0],
      angularVelocity: [0, 0, 0],
      shapes: [
        {
          kind: 'capsule',
          halfHeight: 0.5,
          radius: 0.2,
          position: [0.5, 0, 0],
          orientation: I,
          density: 5 / compoundVolume,
          name: 'node5',
        },
        {
          kind: 'cylinder',
          halfHeight: 0.4,
          radius: 0.25,
          position: [-0.5, 0, 0],
          orientation: [0, 0, s45, s45],
          density: 5 / compoundVolume,
          name: 'node6',
        },
      ],
    },
    {
      name: 'rock#7',
      type: 'dynamic',
      position: [0, 1, 3],
      orientation: I,
      linearVelocity: [0, 0, 0],
      angularVelocity: [0, 0, 0],
      shapes: [{ kind: 'hull', points: TETRA, name: 'node7' }],
    },
    {
      name: 'terrain#8',
      type: 'static',
      position: [0, 0, -5],
      orientation: I,
      shapes: [{ kind: 'mesh', vertices: QUAD, indices: [0, 2, 1, 0, 3, 2], name: 'node8' }],
    },
    {
      name: 'sensor#9',
      type: 'static',
      position: [0, 1, -3],
      orientation: I,
      shapes: [
        {
          kind: 'box',
          halfExtents: [1, 1, 1],
          position: [0, 0, 0],
          orientation: I,
          isSensor: true,
          density: 0,
          name: 'node9.trigger',
        },
      ],
    },
  ],
});

/** Deep equality with numbers equal to `tol` (relative to 1). */
function expectClose(actual: unknown, expected: unknown, path = 'scene', tol = 1e-12): void {
  if (typeof expected === 'number') {
    expect(typeof actual, path).toBe('number');
    expect(Math.abs((actual as number) - expected), `${path}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
      tol * Math.max(1, Math.abs(expected)),
    );
    return;
  }
  if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    expect((actual as unknown[]).length, `${path}.length`).toBe(expected.length);
    expected.forEach((e, i) => {
      expectClose((actual as unknown[])[i], e, `${path}[${i}]`, tol);
    });
    return;
  }
  if (typeof expected === 'object' && expected !== null) {
    expect(typeof actual, path).toBe('object');
    expect(Object.keys(actual as object).sort(), `${path} keys`).toEqual(Object.keys(expected).sort());
    for (const [k, e] of Object.entries(expected))
      expectClose((actual as Record<string, unknown>)[k], e, `${path}.${k}`, tol);
    return;
  }
  expect(actual, path).toBe(expected);
}

let gltf: WrittenGltf;
let imported: GltfPhysicsImport;
beforeAll(async () => {
  gltf = await yard();
  imported = await importGltfPhysics(JSON.stringify(gltf.json), { resources: gltf.resources });
});

describe('glTF → the equivalent JSON scene', () => {
  it('bodies, shapes, materials and filters are those of the hand-written scene', () => {
    expectClose(imported.scene, EXPECTED);
    expect(imported.bodyNodes).toEqual([0, 1, 3, 4, 7, 8, 9]);
    expect(imported.collisionSystems).toEqual(['(no filter)', 'world', 'props']);
  });

  it('the built worlds agree: types, poses, velocities, masses, inertias, shapes', () => {
    const a = buildGltfPhysicsWorld(imported);
    const b = buildRigid3dWorld(EXPECTED);
    expect(a.bodies.length).toBe(b.bodies.length);
    a.bodies.forEach((ia, k) => {
      const ib = b.bodies[k]!;
      const [wa, wb] = [a.world, b.world];
      expect(wa.getBodyType(ia)).toBe(wb.getBodyType(ib));
      expectClose(wa.getPosition(ia), wb.getPosition(ib), `body ${k} position`);
      expectClose(wa.getOrientation(ia), wb.getOrientation(ib), `body ${k} orientation`);
      expectClose(wa.getLinearVelocity(ia), wb.getLinearVelocity(ib), `body ${k} v`);
      expectClose(wa.getAngularVelocity(ia), wb.getAngularVelocity(ib), `body ${k} w`);
      expectClose(wa.getMass(ia), wb.getMass(ib), `body ${k} mass`);
      expectClose(wa.getInertiaBody(ia), wb.getInertiaBody(ib), `body ${k} inertia`);
      const sa = wa.getBodyShapes(ia);
      const sb = wb.getBodyShapes(ib);
      expect(sa.length).toBe(sb.length);
      sa.forEach((s, j) => {
        expectClose(wa.getShapeAabb(s), wb.getShapeAabb(sb[j]!), `body ${k} shape ${j} aabb`);
        expect(wa.getShapeGeometry(s).kind).toBe(wb.getShapeGeometry(sb[j]!).kind);
      });
    });
    // the masses the file asks for
    expect(a.world.getMass(a.bodyByName['crate#1']!)).toBeCloseTo(12, 12);
    expect(a.world.getMass(a.bodyByName['compound#4']!)).toBeCloseTo(5, 12);
  });

  it('the joint: both bodies, the attachment frames in their bodies (scale included), limits and drives', () => {
    expect(imported.joints.length).toBe(1);
    const j = imported.joints[0]!;
    expect([j.node, j.connectedNode, j.bodyA, j.bodyB, j.enableCollision]).toEqual([2, 4, 1, 3, true]);
    // the hinge node sits at x = 0.5 in the crate's node, which is scaled ×2 in x
    expectClose(j.frameA, { position: [1, 0, 0], orientation: I });
    expectClose(j.frameB, { position: [0, 0, 0], orientation: I });
    expect(j.description).toEqual({
      limits: [
        { linearAxes: [0, 1, 2], min: 0, max: 0, damping: 0 },
        { angularAxes: [1, 2], min: 0, max: 0, damping: 0 },
        { angularAxes: [0], min: -1, max: 1, stiffness: 100, damping: 2 },
      ],
      drives: [
        {
          type: 'angular',
          mode: 'force',
          axis: 0,
          velocityTarget: 2,
          damping: 10,
          maxForce: 50,
          stiffness: 0,
        },
      ],
    });
  });

  it('what cannot be represented is warned about, naming the node or material', () => {
    const w = buildGltfPhysicsWorld(imported).warnings;
    expect(w).toContain(
      "gltf.nodes[7] 'rock': motion.inertiaDiagonal is not applied: the inertia comes from the shapes at uniform density",
    );
    expect(
      w.some((x) =>
        x.startsWith('gltf.extensions.KHR_physics_rigid_bodies.physicsMaterials[1]: frictionCombine'),
      ),
    ).toBe(true);
    // restitutionCombine 'maximum' is what the engine does: no warning
    expect(w.some((x) => x.includes('restitutionCombine'))).toBe(false);
    // the joint becomes a six-dof joint; its soft limit is made hard and its frames differ at load
    expect(w).toContain('gltf.nodes[2]: joint: a soft limit (stiffness) is made hard');
    expect(w).toContain(
      'gltf.nodes[2]: joint: the two attachment frames differ at load: the joint keeps their offset',
    );
  });

  it('the .glb of the same file gives the same scene', async () => {
    const fromGlb = await importGltfPhysics(toGlb(gltf));
    expectClose(fromGlb.scene, imported.scene, 'glb', 0);
    expect(fromGlb.joints).toEqual(imported.joints);
  });

  it('the JSON-only import of a file without meshes agrees with the full import', async () => {
    const json = structuredClone(gltf.json);
    // drop the two mesh colliders and the meshes, buffers and accessors
    for (const k of [7, 8]) delete (json.nodes[k]! as Record<string, unknown>).extensions;
    for (const k of [7, 8]) delete (json.nodes[k]! as Record<string, unknown>).mesh;
    for (const key of ['meshes', 'accessors', 'bufferViews', 'buffers']) delete json[key];
    const sync = importGltfPhysicsJson(json);
    const full = await importGltfPhysics(json);
    expectClose(sync.scene, full.scene, 'sync', 1e-15);
    expect(sync.joints).toEqual(full.joints);
    expect(sync.scene.bodies.length).toBe(5);
  });

  it('the loaded scene runs: the crate lands on the ground and rests on its 0.25 m half height', async () => {
    const inst = await loadGltfPhysics(toGlb(gltf));
    for (let i = 0; i < 180; i++) inst.step();
    const y = inst.world3.getPosition(inst.built.bodyByName['crate#1']!)[1];
    expect(y).toBeGreaterThan(0.2);
    expect(y).toBeLessThan(0.3);
    expect(inst.world3.maxPenetration()).toBeLessThan(0.02);
  });
});

describe('glTF shapes that the engine approximates', () => {
  it('a tapered cylinder, an unevenly scaled sphere and a mesh on a dynamic body become hulls, with warnings', async () => {
    const g = await writeGltf((doc) => {
      const scene = doc.createScene();
      scene.addChild(doc.createNode('cone'));
      scene.addChild(doc.createNode('egg').setScale([1, 2, 1]).setTranslation([2, 0, 0]));
      scene.addChild(doc.createNode('floor').setScale([0, 0, 0]));
      scene.addChild(doc.createNode('plane').setTranslation([0, -1, 0]));
    });
    documentPhysics(g, [
      { type: 'cylinder', cylinder: { height: 1, radiusTop: 0, radiusBottom: 0.5 } },
      { type: 'sphere', sphere: { radius: 0.5 } },
      { type: 'plane', plane: {} },
    ]);
    nodePhysics(g, 0, { motion: {}, collider: { geometry: { shape: 0 } } });
    nodePhysics(g, 1, { motion: {}, collider: { geometry: { shape: 1 } } });
    nodePhysics(g, 2, { collider: { geometry: { shape: 1 } } });
    nodePhysics(g, 3, { collider: { geometry: { shape: 2 } } });
    const imp = await importGltfPhysics(g.json);
    const kinds = imp.scene.bodies.map((b) => b.shapes.map((s) => s.kind).join());
    expect(kinds).toEqual(['hull', 'hull', '', 'box']);
    // a cone of radius 0.5, height 1: volume π r² h / 3 within the 24-gon's deficit (≈ 1.1 %)
    const world = buildRigid3dWorld(imp.scene).world;
    const cone = world.getMass(world.bodyIds()[0]!) / 1000;
    expect(cone).toBeGreaterThan(0.98 * ((Math.PI * 0.25) / 3));
    expect(cone).toBeLessThan((Math.PI * 0.25) / 3);
    expect(imp.warnings).toEqual([
      "gltf.nodes[0] 'cone': a tapered or unevenly scaled cylinder is approximated by a convex hull",
      "gltf.nodes[1] 'egg': a sphere scaled unevenly is approximated by a convex hull",
      "gltf.nodes[2] 'floor': its scale is zero: the collider is disabled",
    ]);
    // the plane: a static box whose top face is the plane y = −1
    const plane = imp.scene.bodies[3]!;
    const box = plane.shapes[0] as { halfExtents: number[]; position: number[] };
    expect(plane.position![1] + box.position[1] + box.halfExtents[1]!).toBeCloseTo(-1, 12);
  });
});

describe('the glTF demo file', () => {
  it('reads the same through glTF-Transform and through the JSON-only import, without warnings', async () => {
    const full = await importGltfPhysics(PHYSICS_YARD_GLTF);
    const sync = importGltfPhysicsJson(PHYSICS_YARD_GLTF);
    expectClose(sync.scene, full.scene, 'yard', 1e-15);
    expect(full.warnings).toEqual([]);
    expect(full.scene.bodies.length).toBe(15);
    // the dumbbell is one body of three shapes (its two child nodes have no motion of their own)
    const dumbbell = full.scene.bodies.find((b) => b.name === 'Dumbbell#12')!;
    expect(dumbbell.shapes.map((x) => x.kind)).toEqual(['capsule', 'sphere', 'sphere']);
    expect(full.collisionSystems).toEqual(['(no filter)', 'props', 'ground', 'ghosts']);
  });
});
