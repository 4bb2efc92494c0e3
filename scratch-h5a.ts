import { XpbdWorld, RodSet, DistanceSet } from './src/xpbd/index.ts';
function rod(mode: 'rod' | 'rope', comp = 0, twist = false) {
  const w = new XpbdWorld({ substeps: 20, drag: 1 });
  const p = w.particles; const ids: number[] = [];
  for (let k = 0; k <= 10; k++) ids.push(p.add(0.1 * k, 0, 0, k === 0 ? 0 : 10));
  let r: RodSet | null = null;
  if (mode === 'rod') r = w.add(new RodSet(p, ids, { bendTwistCompliance: comp, clampFirst: true, orientationInvMass: 10 }));
  else { const d = w.add(new DistanceSet()); for (let k = 0; k < 10; k++) d.add(p, ids[k], ids[k + 1]); }
  for (let f = 0; f < 120; f++) {
    if (twist && r) { const a = Math.min(1, f / 60) * Math.PI / 4; const base = [0, Math.SQRT1_2, 0, Math.SQRT1_2]; // e3 -> x
      // twist about x axis (world) by angle 2a: q = (sin a,0,0,cos a) * base
      const sa = Math.sin(a), ca = Math.cos(a); const [bx, by, bz, bw] = base;
      r.q[0] = ca * bx + sa * bw; r.q[1] = ca * by - sa * bz; r.q[2] = ca * bz + sa * by; r.q[3] = ca * bw - sa * bx; }
    w.step(1 / 60);
  }
  const tip = p.position(10);
  let lenErr = 0; for (let k = 0; k < 10; k++) lenErr = Math.max(lenErr, Math.abs(Math.hypot(...p.position(k + 1).map((v, i) => v - p.position(k)[i])) - 0.1));
  console.log(mode, comp, twist, 'tip', tip.map((v) => v.toFixed(3)).join(','), 'lenErr', lenErr.toExponential(1), r ? 'd1 tip ' + r.d1(9).map((v) => v.toFixed(2)).join(',') + ' d1 root ' + r.d1(0).map((v) => v.toFixed(2)).join(',') : '');
}
rod('rope'); rod('rod', 0); rod('rod', 1e-3); rod('rod', 1e-1); rod('rod', 0, true);
