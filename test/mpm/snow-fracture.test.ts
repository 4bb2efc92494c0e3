/**
 * Snow fractures (Stomakhin et al. 2013, in MLS-MPM; textbook §26.4): past its critical stretch θs
 * snow deforms plastically, its plastic volume ratio Jp grows and the hardening factor e^{ξ(1−Jp)}
 * drops below 1, so stretched snow weakens and tears. Two snowballs colliding off-centre at 15 m/s
 * break into separate clumps; the same collision of elastic jelly leaves two whole bodies.
 */
import { describe, expect, it } from 'vitest';
import { MpmSim2D } from '../../src/mpm/mpm2d.js';

/** Particle counts of the clumps (8-connected occupied cells of side Δx), largest first. */
function clumps(sim: MpmSim2D): number[] {
  const n = sim.resolution;
  const count = new Int32Array(n * n);
  for (let p = 0; p < sim.count; p++) {
    count[Math.floor(sim.y[p]! * sim.invDx) * n + Math.floor(sim.x[p]! * sim.invDx)]!++;
  }
  const seen = new Uint8Array(n * n);
  const sizes: number[] = [];
  for (let s = 0; s < n * n; s++) {
    if (count[s] === 0 || seen[s]) continue;
    let size = 0;
    const stack = [s];
    seen[s] = 1;
    while (stack.length > 0) {
      const c = stack.pop()!;
      size += count[c]!;
      const cx = c % n;
      const cy = (c - cx) / n;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const x = cx + dx;
          const y = cy + dy;
          if (x < 0 || y < 0 || x >= n || y >= n) continue;
          const q = y * n + x;
          if (count[q]! > 0 && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
    }
    sizes.push(size);
  }
  return sizes.sort((a, b) => b - a);
}

function collide(kind: 'snow' | 'jelly'): MpmSim2D {
  const res = 48;
  const E = 1.4e5;
  const rho = 400;
  // 0.3 Δx / c at snow's largest hardening (20×)
  const dt = 0.3 / res / Math.sqrt((20 * E) / rho);
  const sim = new MpmSim2D({ resolution: res, dt, gravity: [0, 0] });
  const m = sim.addMaterial({
    kind,
    youngsModulus: E,
    poissonsRatio: 0.2,
    density: rho,
    criticalStretch: 7.5e-3,
  });
  sim.addDisc(0.3, 0.45, 0.1, m, { velocity: [15, 0] });
  sim.addDisc(0.7, 0.55, 0.1, m, { velocity: [-15, 0] });
  for (let t = 0; t < 0.3; t += dt) sim.step();
  return sim;
}

describe('MPM snow fracture', () => {
  it('two snowballs colliding off-centre break into clumps; two jelly balls stay whole', () => {
    const snow = collide('snow');
    const jelly = collide('jelly');
    const js = clumps(jelly);
    expect(js).toEqual([jelly.count / 2, jelly.count / 2]);
    const ss = clumps(snow);
    const big = ss.filter((s) => s >= 5);
    expect(big.length, `snow clumps ${ss.join(', ')}`).toBeGreaterThanOrEqual(4);
    // no piece holds more than half of the snow, and the stretched snow weakened (Jp > 1 somewhere)
    expect(ss[0]!).toBeLessThan(0.5 * snow.count);
    let jpMax = 0;
    for (let p = 0; p < snow.count; p++) jpMax = Math.max(jpMax, snow.Jp[p]!);
    expect(jpMax).toBeGreaterThan(1);
  });
});
