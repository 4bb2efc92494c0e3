/**
 * The textbook §26.2 crate: a unit crate (m = 1 kg, I = 1/6) falling at 2 m/s onto a post under its
 * corner, stepped once through the rigid2d World with the solver traced after every sweep. Shared by
 * the workbook, the golden test and the crate demo.
 */
import { type BodyId, World } from '../../rigid2d/index.js';

/** One row of the crate trace. */
export interface CrateRow {
  iteration: number;
  pn: number;
  pt: number;
  vx: number;
  vy: number;
  w: number;
  vn: number;
}

/**
 * The §26.2 crate (m = 1, I = 1/6, v = (0, −2), r = (0.5, −0.5), n = (0, 1)) against a static post,
 * through the rigid2d World: PGS without warm starting or position correction, `iterations`
 * sweeps in one step, traced after every sweep. The post is a static disc of radius 0.5 whose top
 * touches the crate's lower-right corner, so the real narrowphase yields the book's single contact.
 * Shared by the workbook §26.2, the crate demo and the golden test.
 */
export function crateWorld(mu: number, iterations = 5): { world: World; crate: BodyId; rows: CrateRow[] } {
  const rows: CrateRow[] = [];
  let crate = -1 as BodyId;
  const world: World = new World({
    gravity: [0, 0],
    enableSleep: false,
    solver: {
      positionCorrection: 'none',
      iterations,
      substeps: 1,
      warmStarting: false,
      trace: (e) => {
        if (e.stage !== 'solve') return;
        const imp = world.contactImpulses(0, 0);
        const [vx, vy] = world.getLinearVelocity(crate);
        rows.push({
          iteration: e.iteration,
          pn: imp.normal,
          pt: imp.tangent,
          vx,
          vy,
          w: world.getAngularVelocity(crate),
          vn: world.contactNormalVelocity(0, 0),
        });
      },
    },
  });
  const post = world.createBody({ type: 'static', position: [0.5, -0.5] });
  world.createShape(post, { kind: 'circle', radius: 0.5, friction: mu });
  crate = world.createBody({ type: 'dynamic', position: [0, 0.5], linearVelocity: [0, -2] });
  world.createShape(crate, { kind: 'box', halfWidth: 0.5, halfHeight: 0.5, density: 1, friction: mu });
  world.step(1 / 60);
  return { world, crate, rows };
}

/** `crateWorld`'s trace rows and the effective masses 1/m_eff of the normal and the tangent. */
export function crateTrace(mu: number, iterations: number): { rows: CrateRow[]; kn: number; kt: number } {
  const { world, rows } = crateWorld(mu, iterations);
  const imp = world.contactImpulses(0, 0);
  return { rows, kn: 1 / imp.normalMass, kt: 1 / imp.tangentMass };
}
