/**
 * The summary as a text table, one row per operation kind and a total row, columns aligned:
 *   op       count   ops/s  mean ms  p50 ms  p95 ms  p99 ms  p99.9 ms  max ms  not found  errors
 * followed by a line per error type when there were errors (with its first message), and the CPU
 * time per operation of the client and the node.
 */
import type { OpFigures, StressSummary } from './stress-summary.js';

const HEADERS = ['op', 'count', 'ops/s', 'mean ms', 'p50 ms', 'p95 ms', 'p99 ms', 'p99.9 ms', 'max ms', 'not found', 'errors'] as const;

const ms = (v: number): string => v.toFixed(3);

function cells(name: string, f: OpFigures): string[] {
  return [name, String(f.count), f.opsPerSec.toFixed(1), ms(f.meanMs), ms(f.p50Ms), ms(f.p95Ms), ms(f.p99Ms), ms(f.p999Ms), ms(f.maxMs), String(f.notFound), String(f.errors)];
}

export function formatSummaryTable(s: StressSummary): string {
  const rows = [[...HEADERS], ...Object.entries(s.operations).map(([k, f]) => cells(k, f)), cells('total', s.total)];
  const widths = HEADERS.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]): string => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  const out = [`${s.workload}: ${s.total.count} operations in ${s.elapsedSec.toFixed(3)} s (after ${s.warmupOps} warm-up operations)`, line(rows[0]!), ...rows.slice(1).map(line)];
  for (const [kind, f] of Object.entries(s.operations)) {
    for (const [type, n] of Object.entries(f.errorsByType)) {
      const first = f.firstErrors[type];
      out.push(`  ${kind} errors: ${type} × ${n}${first === undefined || first === '' ? '' : ` (first: ${first})`}`);
    }
  }
  if (s.cpu !== undefined) {
    const server = s.cpu.serverUsPerOp === undefined ? '' : `, node ${s.cpu.serverUsPerOp.toFixed(2)} µs`;
    out.push(`CPU per operation (whole run, warm-up included): client ${s.cpu.clientUsPerOp.toFixed(2)} µs${server}`);
  }
  return `${out.join('\n')}\n`;
}
