/**
 * GroupFolder (GROUP BY paged by groups, issue 16): pages of at most `want` groups, each resumed
 * after the last row of the page before (as the executor resumes its reads), together give what
 * one unpaged fold gives — computed here independently from the rows — under LIMIT and PER
 * PARTITION LIMIT, whatever the page size.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { CqlColumn } from '../../schema/index.js';
import { GroupFolder, type GroupsEnd } from './group-by.js';
import type { ResultRow } from './result-row.js';

const K = { name: 'k', kind: 'partition_key', position: 0 } as unknown as CqlColumn;
const G = { name: 'g', kind: 'clustering', position: 0 } as unknown as CqlColumn;

interface Cell3 {
  readonly k: number;
  readonly g: number;
  readonly c: number;
}

function row(x: Cell3): ResultRow {
  const key = Buffer.from([x.k]);
  const clustering = [Buffer.from([x.g]), Buffer.from([x.c])];
  return { key, partitionKey: [key], clustering, nowSec: 0, value: (col) => (col === K ? key : col === G ? clustering[0]! : null), cell: () => null };
}

/** A fold counting its rows: result [k, g, rows]. */
function counter() {
  let first: ResultRow | null = null;
  let n = 0;
  return {
    add(r: ResultRow) {
      first ??= r;
      n++;
    },
    result: () => [first!.key, first!.clustering![0]!, Buffer.from(String(n))],
  };
}

const show = (rows: readonly (Buffer | null)[][]): string[] => rows.map((r) => `${r[0]![0]}/${r[1]![0]}/${r[2]!.toString()}`);

/** The expected groups: counted by (k, g) in order, at most `ppl` per partition and `limit` in all. */
function expected(rows: readonly Cell3[], limit: number, ppl: number): string[] {
  const out: string[] = [];
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(`${r.k}/${r.g}`, (counts.get(`${r.k}/${r.g}`) ?? 0) + 1);
  const perPartition = new Map<number, number>();
  for (const [kg, n] of counts) {
    const k = Number(kg.split('/')[0]);
    const seen = perPartition.get(k) ?? 0;
    perPartition.set(k, seen + 1);
    if (seen < ppl && out.length < limit) out.push(`${kg}/${n}`);
  }
  return out;
}

/** Rows after a page's end, as the executor's reads resume: after its row, or after its partition when PER PARTITION LIMIT is used up. */
function after(rows: readonly Cell3[], end: GroupsEnd | null): Cell3[] {
  if (end === null) return [...rows];
  const k = end.key[0]!;
  const g = end.clustering![0]![0]!;
  const c = end.clustering![1]![0]!;
  return rows.filter((r) => r.k > k || (end.partitionGroupsLeft > 0 && r.k === k && (r.g > g || (r.g === g && r.c > c))));
}

/** Pages of `pageSize` groups until one carries no end to resume from. */
function paged(rows: readonly Cell3[], pageSize: number, limit: number, ppl: number): { pages: string[][]; all: string[] } {
  const pages: string[][] = [];
  let end: GroupsEnd | null = null;
  let left = limit;
  for (;;) {
    const folder: GroupFolder = new GroupFolder([K, G], counter, Math.min(pageSize, left), ppl, end);
    let stopped = false;
    for (const r of after(rows, end)) {
      if (!folder.add(row(r))) {
        stopped = true;
        break;
      }
    }
    if (!stopped) folder.finish();
    pages.push(show(folder.rows));
    left -= folder.rows.length;
    if (!stopped || left <= 0) break;
    end = folder.end;
    assert.ok(pages.length < 1000, 'no progress');
  }
  return { pages, all: pages.flat() };
}

const rowsArb = fc
  .uniqueArray(fc.record({ k: fc.nat({ max: 5 }), g: fc.nat({ max: 6 }), c: fc.nat({ max: 4 }) }), { selector: (r) => `${r.k}/${r.g}/${r.c}`, maxLength: 60 })
  .map((rs) => rs.sort((a, b) => a.k - b.k || a.g - b.g || a.c - b.c));
const limitArb = fc.oneof(fc.constant(Infinity), fc.integer({ min: 1, max: 12 }));

test('pages of groups together equal the unpaged groups; each page holds at most its size', () => {
  fc.assert(
    fc.property(rowsArb, fc.integer({ min: 1, max: 8 }), limitArb, limitArb, (rows, pageSize, limit, ppl) => {
      const want = expected(rows, limit, ppl);
      assert.deepEqual(paged(rows, Infinity, limit, ppl).all, want);
      const p = paged(rows, pageSize, limit, ppl);
      assert.deepEqual(p.all, want);
      for (const page of p.pages) assert.ok(page.length <= pageSize);
    }),
    { numRuns: 500 },
  );
});

test('a group is complete only when the next one starts: the page ends there, after the group\'s last row', () => {
  const rows = [
    { k: 1, g: 1, c: 0 },
    { k: 1, g: 1, c: 1 },
    { k: 1, g: 2, c: 0 },
  ];
  const folder = new GroupFolder([K, G], counter, 1, Infinity, null);
  assert.equal(folder.add(row(rows[0]!)), true);
  assert.equal(folder.add(row(rows[1]!)), true);
  assert.equal(folder.rows.length, 0);
  assert.equal(folder.add(row(rows[2]!)), false);
  assert.deepEqual(show(folder.rows), ['1/1/2']);
  assert.deepEqual(folder.end?.clustering, row(rows[1]!).clustering);
  assert.equal(folder.end?.partitionGroupsLeft, Infinity);
});
