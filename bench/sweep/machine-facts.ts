/** What a benchmark's JSON says about the machine it ran on, and its load averages. */
import { cpus, loadavg, release, totalmem, type } from 'node:os';

export interface MachineFacts {
  readonly cpuModel: string;
  readonly cpus: number;
  readonly memGiB: number;
  readonly node: string;
  readonly os: string;
}

export function machineFacts(): MachineFacts {
  const c = cpus();
  return { cpuModel: c[0]?.model.trim() ?? 'unknown', cpus: c.length, memGiB: Math.round(totalmem() / 2 ** 30), node: process.version, os: `${type()} ${release()}` };
}

/** The 1-, 5- and 15-minute load averages, to 2 decimals. */
export function loadAverages(): number[] {
  return loadavg().map((x) => Math.round(x * 100) / 100);
}
