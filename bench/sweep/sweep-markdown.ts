/**
 * A sweep's medians as Markdown tables for docs/PERFORMANCE.md (one per workload): per level the
 * median ops/s with each run's, the latency percentiles and the load average. Pure.
 */
import type { SweepData, SweepWorkload } from './sweep-data.js';

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const ms = (n: number): string => (n < 10 ? n.toFixed(2) : n.toFixed(1));

export function sweepTable(d: SweepData, workload: SweepWorkload): string {
  const head = `| concurrency | ${workload}s/s, median (runs) | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | load average |\n|---|---|---|---|---|---|---|---|\n`;
  const rows = d.workloads[workload].map((l) => {
    const m = l.median;
    const loads = l.runs.map((r) => r.load1);
    return `| ${l.concurrency} | **${int(m.opsPerSec)}** (${l.runs.map((r) => int(r.opsPerSec)).join(', ')}) | ${ms(m.p50Ms)} | ${ms(m.p90Ms)} | ${ms(m.p99Ms)} | ${ms(m.p999Ms)} | ${ms(m.maxMs)} | ${Math.min(...loads)}–${Math.max(...loads)} |`;
  });
  return `${head}${rows.join('\n')}\n`;
}
