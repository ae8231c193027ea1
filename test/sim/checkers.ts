/**
 * The simulation's safety checks over a `History`:
 *  (a) a read at a level that overlaps a write's level (R + W > RF: QUORUM/QUORUM, ONE/ALL, …)
 *      sees that write, or something newer, once the write was acknowledged before the read
 *      started — newest timestamp wins, per key; a read that finds nothing needs a delete at least
 *      as new, attempted before it ended;
 *  (b) no resurrection: after such a delete is acknowledged, no such read returns an older value;
 *  (c) each register's compare-and-set history is linearizable (`register-history.ts`);
 *  and every value read was written by some client.
 * `checkConvergence` is (d): after healing and repair, every replica of a key holds the same data,
 * and no acknowledged mutation (at any level) is lost.
 */
import { checkRegisterHistory } from '../support/service/register-history.js';
import type { History, MutationRecord, ReadRecord } from './history.js';
import type { DataCl } from './scenario.js';

export function blockFor(cl: DataCl, rf: number): number {
  return cl === 'ONE' ? 1 : cl === 'QUORUM' ? Math.floor(rf / 2) + 1 : rf;
}

export function checkReads(h: History, rf: number): string[] {
  const problems: string[] = [];
  const written = new Set(h.mutations.filter((m) => m.kind === 'write').map((m) => m.ts));
  for (const r of h.reads) {
    if (r.seen === undefined) continue;
    if (r.seen !== null && !written.has(r.seen)) problems.push(`${r.id}: read ${r.key} = ${r.seen}, a value never written`);
    const overlapping = (m: MutationRecord) => m.key === r.key && m.acked && m.end < r.start && blockFor(m.cl, rf) + blockFor(r.cl, rf) > rf;
    const mustSee = newest(h.mutations.filter((m) => m.kind === 'write' && overlapping(m)));
    if (mustSee !== null) {
      if (r.seen === null) {
        const covering = h.mutations.some((m) => m.kind === 'delete' && m.key === r.key && m.start < r.end && m.ts >= mustSee.ts);
        if (!covering) problems.push(`${r.id}: ${r.cl} read of ${r.key} found nothing, but ${mustSee.id} (${mustSee.cl}, ts ${mustSee.ts}) was acknowledged before it started and no delete covers it`);
      } else if (r.seen < mustSee.ts) {
        problems.push(`${r.id}: ${r.cl} read of ${r.key} saw ts ${r.seen}, but ${mustSee.id} (${mustSee.cl}, ts ${mustSee.ts}) was acknowledged before it started (lost write)`);
      }
    }
    const deleted = newest(h.mutations.filter((m) => m.kind === 'delete' && overlapping(m)));
    if (deleted !== null && r.seen !== null && r.seen < deleted.ts) {
      problems.push(`${r.id}: ${r.cl} read of ${r.key} saw ts ${r.seen}, older than ${deleted.id} (${deleted.cl}, ts ${deleted.ts}) acknowledged before it started (resurrection)`);
    }
  }
  return problems;
}

export function checkRegisters(h: History): string[] {
  const problems: string[] = [];
  for (const [key, ops] of h.cas) {
    const r = checkRegisterHistory(ops);
    if (!r.ok) problems.push(...r.problems.map((p) => `register ${key}: ${p}`));
  }
  return problems;
}

/**
 * `dumps[i]` is node i's local data (repair-cluster's `localDump`: one line per partition, the
 * key first); `replicasOf(key)` the nodes holding a key; `finalTs(line)` the newest timestamp in a
 * line (live or tombstone).
 */
export function checkConvergence(keys: readonly string[], dumps: readonly (readonly string[])[], replicasOf: (key: string) => readonly number[], mutations: readonly MutationRecord[], finalTs: (line: string) => bigint | null): string[] {
  const problems: string[] = [];
  for (const key of keys) {
    const lines = replicasOf(key).map((i) => ({ i, line: dumps[i]!.find((l) => l.startsWith(`${key} `)) ?? '(nothing)' }));
    const first = lines[0]!;
    for (const other of lines.slice(1)) {
      if (other.line !== first.line) problems.push(`after repair, ${key} differs: node ${first.i} has ${first.line}, node ${other.i} has ${other.line}`);
    }
    const acked = newest(mutations.filter((m) => m.key === key && m.acked));
    const have = first.line === '(nothing)' ? null : finalTs(first.line);
    if (acked !== null && (have === null || have < acked.ts)) problems.push(`after repair, ${key} holds ts ${have}, but ${acked.id} (${acked.kind} at ${acked.cl}, ts ${acked.ts}) was acknowledged: lost`);
  }
  return problems;
}

function newest(ms: readonly MutationRecord[]): MutationRecord | null {
  return ms.reduce<MutationRecord | null>((best, m) => (best === null || m.ts > best.ts ? m : best), null);
}

export type { ReadRecord };
