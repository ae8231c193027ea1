/**
 * SELECT against a plain in-memory model: random rows (and static-only partitions) in a table with
 * two clustering columns (c1 ASC, c2 DESC) and a static column; random WHERE (partition = / IN or
 * a scan, clustering = / IN / slices / tuples, a filter on v), ORDER BY, LIMIT, PER PARTITION
 * LIMIT and page sizes. Paging through the result must give exactly the model's rows, in order.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { SeededRandom } from '../../env/index.js';
import { INT32_TYPE } from '../../marshal/index.js';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { createTable, writeRows } from '../../../test/support/cql-rows.js';

interface Row {
  k: number;
  c1: number | null;
  c2: number | null;
  v: number | null;
  s: number | null;
}

const K = 6;
const C = 4;
let n: CqlTestNode;
const data = new Map<number, { rows: Row[]; s: number | null }>();

before(async () => {
  n = await openCqlTestNode();
  const cf = await createTable(n, 'm', 't', {
    partitionKey: [{ name: 'k', type: 'int' }],
    clustering: [{ name: 'c1', type: 'int' }, { name: 'c2', type: 'int', order: 'DESC' }],
    regular: [{ name: 'v', type: 'int' }],
    statics: [{ name: 's', type: 'int' }],
  });
  const r = new SeededRandom(20240601);
  const writes: Record<string, unknown>[] = [];
  for (let k = 0; k < K; k++) {
    const s = r.next() < 0.5 ? Math.floor(r.next() * 100) : null;
    const rows: Row[] = [];
    if (k !== 3) {
      for (let c1 = 0; c1 < C; c1++) for (let c2 = 0; c2 < C; c2++) if (r.next() < 0.6) rows.push({ k, c1, c2, v: Math.floor(r.next() * 50), s });
    }
    if (k === 3 && s === null) continue;
    data.set(k, { rows, s });
    for (const row of rows) writes.push({ k, c1: row.c1, c2: row.c2, v: row.v });
    if (s !== null) writes.push({ k, s });
  }
  await writeRows(n, cf, writes);
});
after(() => n.close());

const tokenOf = (k: number) => n.ctx.partitioner.token(INT32_TYPE.decompose(k)) as bigint;

interface Query {
  keys: number[] | null;
  keyIn: boolean;
  c1: { kind: 'none' } | { kind: 'eq'; v: number } | { kind: 'in'; vs: number[] } | { kind: 'range'; lo?: [number, boolean]; hi?: [number, boolean] } | { kind: 'tuple'; op: '>' | '>=' | '<' | '<='; t: [number, number] };
  c2Range?: { lo?: [number, boolean]; hi?: [number, boolean] };
  vMin: number | null;
  desc: boolean | null;
  limit: number | null;
  ppl: number | null;
  pageSize: number | null;
}

const intIn = fc.integer({ min: -1, max: C });
const bound = fc.option(fc.tuple(intIn, fc.boolean()), { nil: undefined });
const query: fc.Arbitrary<Query> = fc
  .record({
    keys: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: K }), { minLength: 1, maxLength: 3 }), { nil: null }),
    keyIn: fc.boolean(),
    c1: fc.oneof(
      fc.constant({ kind: 'none' as const }),
      intIn.map((v) => ({ kind: 'eq' as const, v })),
      fc.uniqueArray(intIn, { minLength: 1, maxLength: 3 }).map((vs) => ({ kind: 'in' as const, vs })),
      fc.record({ lo: bound, hi: bound }).map((r) => ({ kind: 'range' as const, ...r })),
      fc.record({ op: fc.constantFrom('>' as const, '>=' as const, '<' as const, '<=' as const), t: fc.tuple(intIn, intIn) }).map((r) => ({ kind: 'tuple' as const, ...r })),
    ),
    c2Range: fc.option(fc.record({ lo: bound, hi: bound }), { nil: undefined }),
    vMin: fc.option(fc.integer({ min: 0, max: 50 }), { nil: null, freq: 4 }),
    desc: fc.option(fc.boolean(), { nil: null }),
    limit: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
    ppl: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
    pageSize: fc.option(fc.integer({ min: 1, max: 7 }), { nil: null }),
  })
  .map((q) => ({ ...q, keyIn: q.keyIn || (q.keys !== null && q.keys.length > 1) }));

function cql(q: Query): string {
  const where: string[] = [];
  if (q.keys !== null) where.push(q.keyIn ? `k IN (${q.keys.join(', ')})` : `k = ${q.keys[0]}`);
  const c1 = q.c1;
  if (c1.kind === 'eq') where.push(`c1 = ${c1.v}`);
  if (c1.kind === 'in') where.push(`c1 IN (${c1.vs.join(', ')})`);
  if (c1.kind === 'range') {
    if (c1.lo) where.push(`c1 ${c1.lo[1] ? '>=' : '>'} ${c1.lo[0]}`);
    if (c1.hi) where.push(`c1 ${c1.hi[1] ? '<=' : '<'} ${c1.hi[0]}`);
  }
  if (c1.kind === 'tuple') where.push(`(c1, c2) ${c1.op} (${c1.t[0]}, ${c1.t[1]})`);
  if ((c1.kind === 'eq' || c1.kind === 'in') && q.c2Range) {
    if (q.c2Range.lo) where.push(`c2 ${q.c2Range.lo[1] ? '>=' : '>'} ${q.c2Range.lo[0]}`);
    if (q.c2Range.hi) where.push(`c2 ${q.c2Range.hi[1] ? '<=' : '<'} ${q.c2Range.hi[0]}`);
  }
  if (q.vMin !== null) where.push(`v >= ${q.vMin}`);
  const filtering = q.vMin !== null || (q.keys === null && restrictsClustering(q));
  return `SELECT k, c1, c2, v, s FROM m.t${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}${q.desc === null ? '' : ` ORDER BY c1 ${q.desc ? 'DESC' : 'ASC'}`}${q.ppl === null ? '' : ` PER PARTITION LIMIT ${q.ppl}`}${q.limit === null ? '' : ` LIMIT ${q.limit}`}${filtering ? ' ALLOW FILTERING' : ''}`;
}

const within = (x: number, lo?: [number, boolean], hi?: [number, boolean]) => (!lo || x > lo[0] || (lo[1] && x === lo[0])) && (!hi || x < hi[0] || (hi[1] && x === hi[0]));

function restrictsClustering(q: Query): boolean {
  return q.c1.kind === 'eq' || q.c1.kind === 'in' || q.c1.kind === 'tuple' || (q.c1.kind === 'range' && (q.c1.lo !== undefined || q.c1.hi !== undefined));
}

function model(q: Query): Row[] {
  const keys = q.keys === null ? [...data.keys()].sort((a, b) => (tokenOf(a) < tokenOf(b) ? -1 : 1)) : [...q.keys].sort((a, b) => a - b);
  const clusteringRestricted = restrictsClustering(q);
  const reversed = q.desc === true;
  let out: Row[] = [];
  for (const k of keys) {
    const p = data.get(k);
    if (p === undefined) continue;
    let rows = [...p.rows].sort((a, b) => a.c1! - b.c1! || b.c2! - a.c2!);
    if (reversed) rows.reverse();
    const c1 = q.c1;
    rows = rows.filter((r) => {
      if (c1.kind === 'eq' && r.c1 !== c1.v) return false;
      if (c1.kind === 'in' && !c1.vs.includes(r.c1!)) return false;
      if (c1.kind === 'range' && !within(r.c1!, c1.lo, c1.hi)) return false;
      if (c1.kind === 'tuple') {
        const cmp = r.c1! - c1.t[0] || r.c2! - c1.t[1];
        if (!(c1.op === '>' ? cmp > 0 : c1.op === '>=' ? cmp >= 0 : c1.op === '<' ? cmp < 0 : cmp <= 0)) return false;
      }
      if ((c1.kind === 'eq' || c1.kind === 'in') && q.c2Range && !within(r.c2!, q.c2Range.lo, q.c2Range.hi)) return false;
      return q.vMin === null || (r.v !== null && r.v >= q.vMin);
    });
    if (p.rows.length === 0 && p.s !== null && !clusteringRestricted && q.vMin === null) rows = [{ k, c1: null, c2: null, v: null, s: p.s }];
    out.push(...rows.slice(0, q.ppl ?? Infinity));
  }
  // IN with ORDER BY: merged by the ordering column only (a stable sort keeps ties in partition order).
  if (q.desc !== null && q.keyIn) out.sort((a, b) => (q.desc ? b.c1! - a.c1! : a.c1! - b.c1!));
  return out.slice(0, q.limit ?? Infinity);
}

test('paged SELECT results equal the model', async () => {
  await fc.assert(
    fc.asyncProperty(query, async (q) => {
      // Cassandra refuses ORDER BY without a partition key restriction, and pages IN + ORDER BY only within LIMIT.
      if (q.desc !== null && q.keys === null) return;
      if (q.desc !== null && q.keyIn && !restrictsClustering(q)) return;
      const pageSize = q.desc !== null && q.keyIn ? null : q.pageSize;
      const text = cql(q);
      const got: Row[] = [];
      let state: Buffer | undefined;
      for (let i = 0; i < 500; i++) {
        const r = await n.run(text, [], { ...(pageSize === null ? {} : { pageSize }), ...(state === undefined ? {} : { pagingState: state }) });
        assert.equal(r.kind, 'rows');
        if (r.kind !== 'rows') return;
        if (pageSize !== null) assert.ok(r.rows.length <= pageSize, 'page size honoured');
        for (const row of r.rows) {
          const [k, c1, c2, v, s] = row.map((b) => (b === null ? null : (INT32_TYPE.compose(b) as number)));
          got.push({ k: k!, c1: c1!, c2: c2!, v: v!, s: s! });
        }
        state = r.pagingState;
        if (state === undefined) break;
      }
      assert.deepEqual(got, model(q), text);
    }),
    { numRuns: 250, seed: 42 },
  );
});
