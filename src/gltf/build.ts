/**
 * Building a running world from a glTF physics import: the imported `rikigaku/rigid3d@1` scene goes
 * through the scene builder and loader (scene/rigid3d-build.ts), so a glTF file and its equivalent
 * JSON scene give the same bodies and shapes. Joints are reported: the 3D engine's joints are not
 * wired to the importer yet, so each joint of the file gets a warning naming its node.
 */
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

/** The joints of an import that this build cannot simulate, as warnings naming their nodes. */
function jointWarnings(imp: GltfPhysicsImport): string[] {
  return imp.joints.map(
    (j) =>
      `gltf.nodes[${j.node}]: joint to node ${j.connectedNode} is read (GltfPhysicsImport.joints) but not simulated: the importer does not create rigid3d joints yet`,
  );
}

/** Builds the world of an import; the result's `warnings` add the joints that were not created. */
export function buildGltfPhysicsWorld(imp: GltfPhysicsImport): BuiltRigid3dScene & { warnings: string[] } {
  const built = buildRigid3dWorld(imp.scene);
  return { ...built, warnings: [...imp.warnings, ...jointWarnings(imp)] };
}

/** A running glTF scene: the scene instance plus the import it came from. */
export interface GltfSceneInstance extends Rigid3dSceneInstance {
  /** the import (scene, joints, warnings) */
  readonly gltf: GltfPhysicsImport & { warnings: string[] };
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
  const gltf = { ...imp, warnings: [...imp.warnings, ...jointWarnings(imp)] };
  return Object.assign(instance, { gltf });
}
