/**
 * Bench results kept per machine: every suite writes its JSON to
 * `bench/results/<machine>/<suite>.json` (a `--quick` run to `<suite>.quick.json`, so it never
 * overwrites a full run), where `<machine>` is a slug of the CPU model and core count
 * (e.g. `intel-xeon-2c`), not of the host name. Each file names the machine it ran on: CPU model,
 * cores, memory, Node version, platform, load average before writing, and the date.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a result file says about the machine it was measured on. */
export interface MachineInfo {
  slug: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  arch: string;
  /** 1, 5 and 15 minute load averages when the results were written */
  loadAverage: number[];
  date: string;
}

/** `Intel(R) Xeon(R) CPU @ 2.20GHz`, 2 cores → `intel-xeon-2c`. */
export function machineSlug(cpuModel: string, cores: number): string {
  const name = cpuModel
    .toLowerCase()
    .replace(/\((r|tm|c)\)/g, ' ')
    .replace(/@.*$/, ' ')
    .replace(/\b(cpu|processor|\d+-core|with radeon graphics)\b/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${name || 'unknown-cpu'}-${cores}c`;
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  const cpu = cpus[0]?.model.trim() ?? 'unknown';
  return {
    slug: machineSlug(cpu, cpus.length),
    cpu,
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: os.platform(),
    arch: os.arch(),
    loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
    date: new Date().toISOString(),
  };
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), 'results');

/** Writes `results` of `suite` with the machine's description; returns the path written. */
export function writeResults(suite: string, results: object, quick = false): string {
  const machine = machineInfo();
  const dir = join(ROOT, machine.slug);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${suite}${quick ? '.quick' : ''}.json`);
  writeFileSync(path, `${JSON.stringify({ suite, quick, machine, results }, null, 2)}\n`);
  console.log(`wrote ${path}`);
  return path;
}
