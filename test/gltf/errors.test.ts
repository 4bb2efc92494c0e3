/**
 * Malformed glTF physics files get a PhysicsError naming the path of the bad part: bad accessors,
 * buffer views and missing buffers, unknown shape types, out-of-range references, bad values.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PhysicsError } from '../../src/core/errors.js';
import { importGltfPhysics, importGltfPhysicsJson } from '../../src/gltf/index.js';
import { documentPhysics, nodePhysics, type WrittenGltf, writeGltf } from './make-gltf.js';

/** A static triangle-mesh floor and a dynamic box: node 0 the mesh, node 1 the box. */
async function base(): Promise<WrittenGltf> {
  const g = await writeGltf((doc) => {
    const buffer = doc.getRoot().listBuffers()[0]!;
    const pos = doc
      .createAccessor()
      .setType('VEC3')
      .setArray(new Float32Array([-1, 0, -1, 1, 0, -1, 1, 0, 1]))
      .setBuffer(buffer);
    const idx = doc
      .createAccessor()
      .setType('SCALAR')
      .setArray(new Uint16Array([0, 2, 1]))
      .setBuffer(buffer);
    const mesh = doc
      .createMesh()
      .addPrimitive(doc.createPrimitive().setAttribute('POSITION', pos).setIndices(idx));
    const scene = doc.createScene();
    scene.addChild(doc.createNode('floor').setMesh(mesh));
    scene.addChild(doc.createNode('box').setTranslation([0, 1, 0]));
  });
  documentPhysics(g, [{ type: 'box', box: { size: [1, 1, 1] } }]);
  nodePhysics(g, 0, { collider: { geometry: { node: 0 } } });
  nodePhysics(g, 1, { motion: { mass: 1 }, collider: { geometry: { shape: 0 } } });
  return g;
}

let good: WrittenGltf;
beforeAll(async () => {
  good = await base();
});

// biome-ignore lint/suspicious/noExplicitAny: the tests edit arbitrary fields of the written JSON
type Json = Record<string, any>;
/** Imports a modified copy of the good file and returns the error message. */
async function errorOf(edit: (json: Json, resources: Record<string, Uint8Array>) => void): Promise<string> {
  const json = structuredClone(good.json) as Json;
  const resources = { ...good.resources };
  edit(json, resources);
  try {
    await importGltfPhysics(json, { resources });
  } catch (e) {
    expect(e).toBeInstanceOf(PhysicsError);
    return (e as Error).message;
  }
  throw new Error('expected a PhysicsError');
}

describe('malformed glTF files', () => {
  it('the good file imports', async () => {
    const imp = await importGltfPhysics(good.json, { resources: good.resources });
    expect(imp.scene.bodies.map((b) => b.shapes[0]!.kind)).toEqual(['mesh', 'box']);
    expect(imp.warnings).toEqual([]);
  });

  it('an accessor that runs past its buffer view', async () => {
    expect(await errorOf((j) => (j.accessors[0].count = 99))).toMatch(
      /^gltf\.accessors\[0\]: 99 elements of 12 bytes from byte 0 need 1188 bytes, buffer view \d+ has \d+$/,
    );
  });
  it('an accessor naming a buffer view that does not exist', async () => {
    expect(await errorOf((j) => (j.accessors[1].bufferView = 7))).toMatch(
      /^gltf\.accessors\[1\]\.bufferView: buffer view 7 does not exist/,
    );
  });
  it('an accessor of an unknown component type or type', async () => {
    expect(await errorOf((j) => (j.accessors[0].componentType = 5130))).toMatch(
      /^gltf\.accessors\[0\]\.componentType: unknown component type 5130/,
    );
    expect(await errorOf((j) => (j.accessors[0].type = 'VEC5'))).toMatch(
      /^gltf\.accessors\[0\]\.type: expected SCALAR/,
    );
  });
  it('a buffer view past the end of its buffer', async () => {
    expect(await errorOf((j) => (j.bufferViews[0].byteLength += 1000))).toMatch(
      /^gltf\.bufferViews\[0\]: bytes 0…\d+ run past the end of buffer 0/,
    );
  });
  it('a missing buffer file', async () => {
    expect(await errorOf((_j, r) => delete r[Object.keys(r)[0]!])).toMatch(
      /^gltf\.buffers\[0\]\.uri: the buffer file '.+' was not given \(options\.resources\)$/,
    );
  });
  it('a buffer shorter than its byteLength', async () => {
    expect(await errorOf((j) => (j.buffers[0].byteLength += 64))).toMatch(
      /^gltf\.buffers\[0\]\.byteLength: is \d+ but the data holds only \d+ bytes$/,
    );
  });
  it('a mesh index outside the vertices', async () => {
    // rewrite the index buffer's first index to 9 (the mesh has 3 vertices)
    const msg = await errorOf((j, r) => {
      const view = j.bufferViews[j.accessors[1].bufferView];
      const bytes = new Uint8Array(r[j.buffers[0].uri]!);
      new DataView(bytes.buffer).setUint16(
        (view.byteOffset ?? 0) + (j.accessors[1].byteOffset ?? 0),
        9,
        true,
      );
      r[j.buffers[0].uri] = bytes;
    });
    expect(msg).toMatch(
      /^gltf\.meshes\[0\]\.primitives\[0\]\.indices: index 0 is 9, outside the 3 vertices$/,
    );
  });
  it('an unknown shape type', async () => {
    expect(
      await errorOf(
        (j) => (j.extensions.KHR_implicit_shapes.shapes[0] = { type: 'cone', cone: { radius: 1 } }),
      ),
    ).toBe(
      "gltf.extensions.KHR_implicit_shapes.shapes[0].type: unknown shape type 'cone' (known: sphere, box, capsule, cylinder, plane)",
    );
  });
  it('a degenerate box', async () => {
    expect(await errorOf((j) => (j.extensions.KHR_implicit_shapes.shapes[0].box.size = [1, 0, 1]))).toBe(
      'gltf.extensions.KHR_implicit_shapes.shapes[0].box.size[1]: must be > 0, got 0',
    );
  });
  it('a collider naming a shape, material, filter or node that does not exist', async () => {
    const rb = (j: Json, n: number) => j.nodes[n].extensions.KHR_physics_rigid_bodies;
    expect(await errorOf((j) => (rb(j, 1).collider.geometry.shape = 3))).toBe(
      'gltf.nodes[1].extensions.KHR_physics_rigid_bodies.collider.geometry.shape: shape 3 does not exist (the file has 1)',
    );
    expect(await errorOf((j) => (rb(j, 1).collider.physicsMaterial = 0))).toMatch(
      /^gltf\.nodes\[1\]\.extensions\.KHR_physics_rigid_bodies\.collider\.physicsMaterial: physics material 0 does not exist/,
    );
    expect(await errorOf((j) => (rb(j, 1).collider.collisionFilter = 2))).toMatch(
      /collider\.collisionFilter: collision filter 2 does not exist/,
    );
    expect(await errorOf((j) => (rb(j, 0).collider.geometry = { node: 12 }))).toMatch(
      /^gltf\.nodes\[0\]\.extensions\.KHR_physics_rigid_bodies\.collider\.geometry\.node: node 12 does not exist/,
    );
    expect(await errorOf((j) => (rb(j, 0).collider.geometry = { node: 1 }))).toBe(
      'gltf.nodes[0].extensions.KHR_physics_rigid_bodies.collider.geometry.node: node 1 has no triangle mesh (itself or below it)',
    );
    expect(await errorOf((j) => (rb(j, 0).collider.geometry = { shape: 0, node: 0 }))).toMatch(
      /collider\.geometry: needs exactly one of shape and node$/,
    );
  });
  it('bad motion and joint values', async () => {
    const rb = (j: Json, n: number) => j.nodes[n].extensions.KHR_physics_rigid_bodies;
    expect(await errorOf((j) => (rb(j, 1).motion.mass = -2))).toBe(
      'gltf.nodes[1].extensions.KHR_physics_rigid_bodies.motion.mass: must be >= 0, got -2',
    );
    expect(await errorOf((j) => (rb(j, 1).motion.linearVelocity = [1, 2]))).toMatch(
      /motion\.linearVelocity: expected 3 numbers, got/,
    );
    expect(await errorOf((j) => (rb(j, 1).joint = { connectedNode: 0 }))).toBe(
      'gltf.nodes[1].extensions.KHR_physics_rigid_bodies.joint.joint: required (an index into physicsJoints)',
    );
    expect(
      await errorOf((j) => {
        j.extensions.KHR_physics_rigid_bodies.physicsJoints = [{ limits: [{ linearAxes: [3] }] }];
      }),
    ).toBe(
      'gltf.extensions.KHR_physics_rigid_bodies.physicsJoints[0].limits[0].linearAxes[0]: must be <= 2, got 3',
    );
    expect(
      await errorOf((j) => {
        j.extensions.KHR_physics_rigid_bodies.physicsMaterials = [{ frictionCombine: 'median' }];
      }),
    ).toMatch(
      /^gltf\.extensions\.KHR_physics_rigid_bodies\.physicsMaterials\[0\]\.frictionCombine: expected one of/,
    );
  });
  it('not glTF at all', async () => {
    await expect(importGltfPhysics('{ not json')).rejects.toThrow(/^gltf: not JSON/);
    await expect(importGltfPhysics(new Uint8Array([0x67, 0x6c, 0x54, 0x46, 9, 9, 9, 9]))).rejects.toThrow(
      /^gltf: not a valid \.glb file/,
    );
    await expect(importGltfPhysics('[1, 2]')).rejects.toThrow(/^gltf: expected an object/);
  });
  it('the JSON-only import refuses a mesh collider, naming it', () => {
    expect(() => importGltfPhysicsJson(good.json)).toThrow(
      /^gltf\.nodes\[0\]\.extensions\.KHR_physics_rigid_bodies\.collider\.geometry\.node: node 0's mesh needs its accessors/,
    );
  });
});
