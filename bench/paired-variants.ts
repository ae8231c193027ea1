/**
 * Variants of one workload measured in the same run, taking turns: each round runs every variant
 * for `seconds` (the order flips each round, so neither always runs on a warmer or quieter
 * machine), after one warm-up pass each. The figure per variant is the median over rounds of its
 * requests per second (closed loop, `inflight` outstanding: cql-load.ts), each with the load
 * average when it ran; ratios are to the first variant, the baseline. Progress goes to stderr.
 */
import { loadavg } from 'node:os';
import { runLoad } from './cql-load.js';

export interface Variant {
  readonly name: string;
  /** Sends request number `i`. */
  readonly op: (i: number) => Promise<unknown>;
}

export interface VariantResult {
  readonly name: string;
  readonly opsPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly rounds: readonly { readonly opsPerSec: number; readonly load: number }[];
  /** Its median requests per second over the baseline's (the first variant, named here). */
  readonly ratio: number;
  readonly baseline: string;
}

export const progress = (s: string): void => void process.stderr.write(`\r${s}\x1b[K`);

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

export async function measureVariants(variants: readonly Variant[], o: { readonly seconds: number; readonly rounds: number; readonly inflight: number }): Promise<VariantResult[]> {
  const runs = new Map(variants.map((v) => [v.name, [] as { opsPerSec: number; p50Ms: number; p99Ms: number; load: number }[]]));
  const once = async (v: Variant, label: string, seconds: number) => {
    const load = Math.round(loadavg()[0]! * 100) / 100;
    const r = await runLoad({ seconds, inflight: o.inflight, op: v.op, progress: (s) => progress(`${label} ${v.name}: ${s.opsPerSec.toLocaleString()}/s, p99 ${s.p99Ms} ms, load ${load}`) });
    if (r.errors > 0) throw new Error(`${v.name}: ${r.errors} errors, the first: ${r.firstError}`);
    // Unrounded (cql-load rounds to whole requests per second): slow variants run a few per second.
    return { opsPerSec: Math.round((r.ops / seconds) * 100) / 100, p50Ms: r.p50Ms, p99Ms: r.p99Ms, load };
  };
  for (const v of variants) await once(v, 'warm-up', Math.min(2, o.seconds));
  for (let round = 0; round < o.rounds; round++) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) runs.get(v.name)!.push(await once(v, `round ${round + 1}/${o.rounds}`, o.seconds));
  }
  progress('');
  const base = median(runs.get(variants[0]!.name)!.map((r) => r.opsPerSec));
  return variants.map((v) => {
    const rs = runs.get(v.name)!;
    const opsPerSec = median(rs.map((r) => r.opsPerSec));
    return { name: v.name, opsPerSec, p50Ms: median(rs.map((r) => r.p50Ms)), p99Ms: median(rs.map((r) => r.p99Ms)), rounds: rs.map((r) => ({ opsPerSec: r.opsPerSec, load: r.load })), ratio: Math.round((opsPerSec / base) * 100) / 100, baseline: variants[0]!.name };
  });
}

/** One line per variant, then the JSON object that ends every bench's output. */
export function report(bench: string, results: readonly VariantResult[], extra: Record<string, unknown> = {}): void {
  for (const r of results) {
    const rounds = r.rounds.map((x) => `${x.opsPerSec.toLocaleString()}/s load ${x.load}`).join('; ');
    process.stdout.write(`${r.name.padEnd(14)} ${r.opsPerSec.toLocaleString().padStart(8)}/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  ${r.ratio.toFixed(2)}× ${r.baseline}  (rounds: ${rounds})\n`);
  }
  process.stdout.write(`${JSON.stringify({ bench, date: new Date().toISOString(), ...extra, results })}\n`);
}
