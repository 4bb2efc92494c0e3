/**
 * The 3D peers of the rigid3d suites (bench/rigid3d.ts, bench/rigid3d-joints.ts), loaded and set up
 * once here: Rapier (rapier3d-compat, its WASM initialised), Jolt (jolt-physics/wasm-compat) and
 * cannon-es, each loaded only when a run asks for it, and Jolt's physics system in the layout both
 * suites use (two object layers — 0 static, 1 moving — the moving one colliding with both, one
 * broad-phase layer each, gravity 10 m/s² down).
 */

// biome-ignore lint/suspicious/noExplicitAny: the peers' types are not needed here
type Any = any;

/** The loaded peer modules (null until {@link loadPeers3} loads them). */
export const peers3: { rapier: Any; jolt: Any; cannon: Any } = { rapier: null, jolt: null, cannon: null };

/** Loads the peers named in `engines` ('rapier3d', 'jolt', 'cannon-es'; other names are ignored). */
export async function loadPeers3(engines: readonly string[]): Promise<void> {
  if (engines.includes('rapier3d') && !peers3.rapier) {
    const R = (await import('@dimforge/rapier3d-compat')).default;
    await R.init();
    peers3.rapier = R;
  }
  if (engines.includes('jolt') && !peers3.jolt)
    peers3.jolt = await (await import('jolt-physics/wasm-compat' as string)).default();
  if (engines.includes('cannon-es') && !peers3.cannon) peers3.cannon = await import('cannon-es');
}

/**
 * A Jolt physics system for up to `maxBodies` bodies (65,536 body pairs, 20,000 contact
 * constraints) with the two-layer filter and the gravity above: its JoltInterface (`ji`, for
 * Step and destroy), PhysicsSystem (`ps`) and BodyInterface (`bi`).
 */
export function joltSystem3(maxBodies: number): { ji: Any; ps: Any; bi: Any } {
  const J = peers3.jolt;
  const settings = new J.JoltSettings();
  settings.mMaxBodies = maxBodies;
  settings.mMaxBodyPairs = 65536;
  settings.mMaxContactConstraints = 20000;
  const objectFilter = new J.ObjectLayerPairFilterTable(2);
  objectFilter.EnableCollision(0, 1);
  objectFilter.EnableCollision(1, 1);
  const bp = new J.BroadPhaseLayerInterfaceTable(2, 2);
  bp.MapObjectToBroadPhaseLayer(0, new J.BroadPhaseLayer(0));
  bp.MapObjectToBroadPhaseLayer(1, new J.BroadPhaseLayer(1));
  settings.mObjectLayerPairFilter = objectFilter;
  settings.mBroadPhaseLayerInterface = bp;
  settings.mObjectVsBroadPhaseLayerFilter = new J.ObjectVsBroadPhaseLayerFilterTable(bp, 2, objectFilter, 2);
  const ji = new J.JoltInterface(settings);
  J.destroy(settings);
  const ps = ji.GetPhysicsSystem();
  const bi = ps.GetBodyInterface();
  ps.SetGravity(new J.Vec3(0, -10, 0));
  return { ji, ps, bi };
}
