import { XpbdWorld, addCloth, clothMesh } from './src/xpbd/index.ts';
const world = new XpbdWorld({ substeps: 20 });
const cl = addCloth(world, clothMesh({ nx: 100, ny: 100, width: 2, height: 2, plane: 'xz', origin: [0, 1, 0] }), { pin: 'top-edge', bending: 'distance', bendCompliance: 1e-6 });
for (let f = 0; f < 10; f++) world.step(1 / 60);
const h = 1 / 1200; world.prepare(h);
const ctx = (world as any).ctx;
const cpu = (fn: () => void, reps: number) => { const c0 = process.cpuUsage(); for (let r = 0; r < reps; r++) fn(); const d = process.cpuUsage(c0); return ((d.user + d.system) / 1000 / reps).toFixed(3); };
for (let k = 0; k < 3; k++) console.log('predict', cpu(() => world.predict(h), 400), 'reset', cpu(() => world.resetLambda(), 400), 'stretch', cpu(() => cl.stretch.solve(ctx, null, 0, cl.stretch.size()), 400), 'bend', cpu(() => cl.bend!.solve(ctx, null, 0, cl.bend!.size()), 400), 'vel', cpu(() => world.updateVelocities(h), 400), 'frame', cpu(() => world.step(1/60), 20));
