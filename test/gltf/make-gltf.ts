/**
 * Test files made with glTF-Transform's writer: the nodes, meshes and buffers are written by
 * `@gltf-transform/core`, then the physics extensions (which glTF-Transform does not know) are added
 * to the written JSON, as an exporter would. `toGlb` packs a JSON document into a `.glb`.
 */
import { Document, type JSONDocument, WebIO } from '@gltf-transform/core';

/** The written file: the glTF JSON and its external resources by uri. */
export interface WrittenGltf {
  json: Record<string, unknown> & { nodes: Record<string, unknown>[] };
  resources: Record<string, Uint8Array>;
}

/** A document of named nodes; `build` adds meshes, children and transforms through the API. */
export async function writeGltf(build: (doc: Document) => void): Promise<WrittenGltf> {
  const doc = new Document();
  doc.createBuffer('buffer');
  build(doc);
  const io = new WebIO();
  const out = await io.writeJSON(doc);
  const json = out.json as unknown as WrittenGltf['json'];
  json.nodes ??= [];
  return { json, resources: out.resources };
}

/** Adds `KHR_physics_rigid_bodies` properties to a node and marks the extensions used. */
export function nodePhysics(g: WrittenGltf, node: number, props: Record<string, unknown>): void {
  const n = g.json.nodes[node]!;
  n.extensions = { ...((n.extensions as object) ?? {}), KHR_physics_rigid_bodies: props };
  markUsed(g);
}

/** Sets the document-level physics data. */
export function documentPhysics(
  g: WrittenGltf,
  shapes: unknown[],
  rigidBodies: Record<string, unknown> = {},
): void {
  g.json.extensions = {
    ...((g.json.extensions as object) ?? {}),
    KHR_implicit_shapes: { shapes },
    KHR_physics_rigid_bodies: rigidBodies,
  };
  markUsed(g);
}

function markUsed(g: WrittenGltf): void {
  const used = new Set((g.json.extensionsUsed as string[] | undefined) ?? []);
  used.add('KHR_implicit_shapes');
  used.add('KHR_physics_rigid_bodies');
  g.json.extensionsUsed = [...used];
}

/** Packs a written glTF (one buffer) into a `.glb`: the buffer becomes the binary chunk. */
export function toGlb(g: WrittenGltf): Uint8Array {
  const json = structuredClone(g.json) as Record<string, unknown>;
  const buffers = (json.buffers as { uri?: string; byteLength: number }[] | undefined) ?? [];
  let bin: Uint8Array = new Uint8Array(0);
  if (buffers.length > 0) {
    bin = g.resources[buffers[0]!.uri!]!;
    delete buffers[0]!.uri;
  }
  const text = new TextEncoder().encode(JSON.stringify(json));
  const pad4 = (n: number) => (n + 3) & ~3;
  const jsonLen = pad4(text.length);
  const binLen = pad4(bin.length);
  const total = 12 + 8 + jsonLen + (bin.length > 0 ? 8 + binLen : 0);
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x46546c67, true); // 'glTF'
  dv.setUint32(4, 2, true);
  dv.setUint32(8, total, true);
  dv.setUint32(12, jsonLen, true);
  dv.setUint32(16, 0x4e4f534a, true); // 'JSON'
  out.set(text, 20);
  for (let i = text.length; i < jsonLen; i++) out[20 + i] = 0x20;
  if (bin.length > 0) {
    const o = 20 + jsonLen;
    dv.setUint32(o, binLen, true);
    dv.setUint32(o + 4, 0x004e4942, true); // 'BIN\0'
    out.set(bin, o + 8);
  }
  return out;
}

/** The JSON document of a written file, for the reader. */
export function asJsonDocument(g: WrittenGltf): JSONDocument {
  return {
    json: g.json as unknown as JSONDocument['json'],
    resources: g.resources as JSONDocument['resources'],
  };
}
