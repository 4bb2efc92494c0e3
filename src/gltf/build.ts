/**
 * Building a running world from a glTF physics import: the imported `rikigaku/rigid3d@1` scene goes
 * through the scene builder and loader (scene/rigid3d-build.ts), so a glTF file and its equivalent
 * JSON scene give the same bodies and shapes; then the file's joints become rigid3d six-dof joints
 * (joints.ts), and what they could not carry over joins the import's warnings.
 */
import type { JointId3 } from '../rigid3d/joints/joint-types.js';
import {
  type BuiltRigid3dScene,
  buildRigid3dWorld,
  loadRigid3dScene,
  type Rigid3dSceneInstance,
} from '../scene/rigid3d-build.js';
import {
  type GltfImportOptions,
  type GltfPhysicsImport,
  type GltfPhysicsInput,
  importGltfPhysics,
} from './import.js';
import { createGltfJoints } from './joints.js';

/** Builds the world of an import with its joints; `warnings` are the import's and the joints'. */
export function buildGltfPhysicsWorld(
  imp: GltfPhysicsImport,
): BuiltRigid3dScene & { joints: JointId3[]; warnings: string[] } {
  const built = buildRigid3dWorld(imp.scene);
  const j = createGltfJoints(built.world, built.bodies, imp.joints);
  return { ...built, joints: j.joints, warnings: [...imp.warnings, ...j.warnings] };
}

/** A running glTF scene: the scene instance plus the import it came from and its joints. */
export interface GltfSceneInstance extends Rigid3dSceneInstance {
  /** the import (scene, joints, warnings — the joints' included) */
  readonly gltf: GltfPhysicsImport;
  /** the joint handles, in `gltf.joints` order */
  readonly jointIds: JointId3[];
}

/** Reads a glTF physics file and returns a running instance (steps at the scene's dt, draws in 2D). */
export async function loadGltfPhysics(
  input: GltfPhysicsInput,
  options: GltfImportOptions = {},
): Promise<GltfSceneInstance> {
  const imp = await importGltfPhysics(input, options);
  return instanceFromImport(imp);
}

/** The running instance of an import that was already read. */
export function instanceFromImport(imp: GltfPhysicsImport): GltfSceneInstance {
  const instance = loadRigid3dScene(imp.scene);
  const j = createGltfJoints(instance.world3, instance.built.bodies, imp.joints);
  const gltf = { ...imp, warnings: [...imp.warnings, ...j.warnings] };
  return Object.assign(instance, { gltf, jointIds: j.joints });
}
