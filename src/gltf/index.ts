/**
 * rikigaku/gltf — glTF physics import (`KHR_physics_rigid_bodies`, `KHR_implicit_shapes`): a
 * `.gltf` / `.glb` file becomes the equivalent `rikigaku/rigid3d@1` scene and a running `World3`.
 * Needs the optional peer dependency `@gltf-transform/core` (the container and accessors); the
 * engine entries keep zero dependencies.
 *
 * ```ts
 * import { loadGltfPhysics } from 'rikigaku/gltf';
 * const instance = await loadGltfPhysics(await readFile('level.glb'));
 * for (const w of instance.gltf.warnings) console.warn(w);
 * for (let i = 0; i < 60; i++) instance.step();
 * ```
 */
export * from './build.js';
export * from './import.js';
export * from './joints.js';
export * from './khr-physics.js';
