/**
 * bench:compare's figures: per system and durability, the median ops/s of each operation over the
 * runs (with every run's figure and the load average around it kept), the ratios the issue asks
 * for — Ilium server / PostgreSQL, Ilium server / Redis, Ilium embedded / Ilium server — at each
 * durability level, and a Markdown table of them.
 */
import { OPERATIONS, type Operation, type PhaseResult } from './runner.js';

/** One system in one configuration, measured once. */
export interface Measurement {
  readonly system: string;
  readonly durability: 'durable' | 'relaxed';
  readonly setting: string;
  readonly run: number;
  /** 1-minute load average before and after. */
  readonly load: readonly [number, number];
  readonly phases: Record<Operation, PhaseResult>;
}

export interface SystemFigures {
  readonly system: string;
  readonly durability: 'durable' | 'relaxed';
  readonly setting: string;
  /** Median ops/s per operation. */
  readonly opsPerSec: Record<Operation, number>;
  /** Median p99 latency per operation, ms. */
  readonly p99Ms: Record<Operation, number>;
  /** Each run's ops/s per operation, and its load averages. */
  readonly runs: { readonly opsPerSec: Record<Operation, number>; readonly load: readonly [number, number] }[];
}

export type Ratios = Record<Operation, number | null>;

export interface Report {
  readonly systems: SystemFigures[];
  /** Keyed `${durability}`, then the ratio's name. */
  readonly ratios: Record<'durable' | 'relaxed', Record<string, Ratios>>;
}

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : Math.round(((s[mid - 1]! + s[mid]!) / 2) * 100) / 100;
};

const perOp = (f: (op: Operation) => number): Record<Operation, number> => Object.fromEntries(OPERATIONS.map((op) => [op, f(op)])) as Record<Operation, number>;

export function summarize(measurements: readonly Measurement[]): Report {
  const groups = new Map<string, Measurement[]>();
  for (const m of measurements) {
    const key = `${m.system}/${m.durability}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  const systems: SystemFigures[] = [...groups.values()].map((ms) => ({
    system: ms[0]!.system,
    durability: ms[0]!.durability,
    setting: ms[0]!.setting,
    opsPerSec: perOp((op) => median(ms.map((m) => m.phases[op].opsPerSec))),
    p99Ms: perOp((op) => median(ms.map((m) => m.phases[op].p99Ms))),
    runs: ms.map((m) => ({ opsPerSec: perOp((op) => m.phases[op].opsPerSec), load: m.load })),
  }));
  const find = (system: string, d: 'durable' | 'relaxed'): SystemFigures | undefined => systems.find((s) => s.system === system && s.durability === d);
  const ratio = (a: SystemFigures | undefined, b: SystemFigures | undefined): Ratios =>
    Object.fromEntries(OPERATIONS.map((op) => [op, a === undefined || b === undefined ? null : Math.round((a.opsPerSec[op] / b.opsPerSec[op]) * 100) / 100])) as Ratios;
  const ratiosAt = (d: 'durable' | 'relaxed'): Record<string, Ratios> => ({
    'ilium-server/postgres': ratio(find('ilium-server', d), find('postgres', d)),
    'ilium-server/redis': ratio(find('ilium-server', d), find('redis', d)),
    'ilium-embedded/ilium-server': ratio(find('ilium-embedded', d), find('ilium-server', d)),
    'ilium-embedded/postgres': ratio(find('ilium-embedded', d), find('postgres', d)),
    'ilium-embedded/redis': ratio(find('ilium-embedded', d), find('redis', d)),
  });
  return { systems, ratios: { durable: ratiosAt('durable'), relaxed: ratiosAt('relaxed') } };
}

/** The report as Markdown: ops/s per system, then the ratios. */
export function markdown(r: Report): string {
  const head = `| ${['system', 'durability', ...OPERATIONS.map((op) => `${op} ops/s`)].join(' | ')} |`;
  const rule = `|${' --- |'.repeat(2 + OPERATIONS.length)}`;
  const rows = r.systems.map((s) => `| ${[s.system, s.setting, ...OPERATIONS.map((op) => s.opsPerSec[op].toLocaleString('en-US'))].join(' | ')} |`);
  const ratioHead = `| ${['ratio', 'durability', ...OPERATIONS].join(' | ')} |`;
  const ratioRows = (['durable', 'relaxed'] as const).flatMap((d) =>
    Object.entries(r.ratios[d])
      .filter(([, v]) => OPERATIONS.some((op) => v[op] !== null))
      .map(([name, v]) => `| ${[name, d, ...OPERATIONS.map((op) => (v[op] === null ? '—' : `${v[op]!.toFixed(2)}×`))].join(' | ')} |`),
  );
  return [head, rule, ...rows, '', ratioHead, rule, ...ratioRows].join('\n');
}
