/**
 * Clustering slices against brute force: a partition holding every (a, b, c) in a small grid,
 * with a ASC, b DESC, c ASC; random equality prefixes (= / IN) and ranges (single column or a
 * same-direction tuple) must read exactly the rows a filter over the grid keeps, in clustering order.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { SeededRandom } from '../../env/index.js';
import { INT32_TYPE } from '../../marshal/index.js';
import { createColumnFamily } from '../../schema/index.js';
import { liveCell } from '../../storage/model/index.js';
import { openTestNode } from '../../../test/support/operations-test-node.js';
import { assembleRows } from '../storage/row-assembler.js';
import { TableLayout } from '../../db/cql-layout/table-layout.js';
import { type ClusteringRange, clusteringSlices } from './clustering-slices.js';

const i32 = (n: number): Buffer => INT32_TYPE.decompose(n);
const N = 4;
type Row = [number, number, number];
const grid: Row[] = [];
for (let a = 0; a < N; a++) for (let b = 0; b < N; b++) for (let c = 0; c < N; c++) grid.push([a, b, c]);
/** Clustering order: a ASC, b DESC, c ASC. */
const order = (x: Row, y: Row): number => x[0] - y[0] || y[1] - x[1] || x[2] - y[2];

const cmpTuple = (x: number[], y: number[]): number => {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
};

test('clustering slices read exactly the rows the restrictions select', async () => {
  const node = await openTestNode();
  try {
    const cf = createColumnFamily(
      {
        keyspace: 'Test',
        name: 'grid',
        cql: {
          partitionKey: [{ name: 'k', type: 'int' }],
          clustering: [{ name: 'a', type: 'int' }, { name: 'b', type: 'int', order: 'DESC' }, { name: 'c', type: 'int' }],
          regular: [{ name: 'v', type: 'int' }],
        },
      },
      new SeededRandom(9),
    );
    await node.keeper.addColumnFamily(cf);
    const layout = new TableLayout(cf);
    const v = cf.cql.columns.get('v')!;
    const key = i32(1);
    await node.engine.apply(cf.id, { key, partitionDeletion: null, rangeTombstones: [], cells: grid.map((r) => liveCell(layout.cellName(r.map(i32), v), i32(0), 1n)) });

    const values = fc.integer({ min: -1, max: N });
    const bound = (width: number) => fc.option(fc.record({ values: fc.array(values, { minLength: width, maxLength: width }), inclusive: fc.boolean() }), { nil: undefined });
    const restriction = fc.integer({ min: 0, max: 2 }).chain((prefixLength) =>
      fc.record({
        prefix: fc.array(fc.uniqueArray(values, { minLength: 1, maxLength: 3 }), { minLength: prefixLength, maxLength: prefixLength }),
        // A range on the next column, or (b, c) as a tuple only when both share a direction (they do not: b DESC, c ASC), so tuples only on a single column here.
        range: fc.option(fc.tuple(bound(1), bound(1)), { nil: undefined }),
      }),
    );
    fc.assert(
      fc.property(restriction, (r) => {
        const first = r.prefix.length;
        const range: ClusteringRange | undefined = r.range === undefined || first >= 3 ? undefined : { first, ...(r.range[0] === undefined ? {} : { low: { values: r.range[0].values.map(i32), inclusive: r.range[0].inclusive } }), ...(r.range[1] === undefined ? {} : { high: { values: r.range[1].values.map(i32), inclusive: r.range[1].inclusive } }) };
        const slices = clusteringSlices(layout, { prefix: r.prefix.map((vs) => vs.map(i32)), ...(range === undefined ? {} : { range }) });
        const got = slices.length === 0 ? [] : assembleRows(layout, node.engine.read(cf.id, key, { slices, reversed: false }, 0)?.cells ?? [], 0, false).rows.map((row) => row.clustering.map((x) => INT32_TYPE.compose(x) as number));
        const want = grid
          .filter((row) => r.prefix.every((vs, i) => vs.includes(row[i]!)))
          .filter((row) => {
            if (range === undefined) return true;
            const x = [row[first]!];
            const lo = range.low === undefined ? 1 : cmpTuple(x, range.low.values.map((b) => INT32_TYPE.compose(b) as number));
            const hi = range.high === undefined ? -1 : cmpTuple(x, range.high.values.map((b) => INT32_TYPE.compose(b) as number));
            return (range.low === undefined || lo > 0 || (lo === 0 && range.low.inclusive)) && (range.high === undefined || hi < 0 || (hi === 0 && range.high.inclusive));
          })
          .sort(order);
        assert.deepEqual(got, want);
      }),
      { numRuns: 300 },
    );
  } finally {
    await node.close();
  }
});

test('a tuple range over columns of mixed order is refused with a clear error', async () => {
  const cf = createColumnFamily(
    { keyspace: 'Test', name: 'm', cql: { partitionKey: [{ name: 'k', type: 'int' }], clustering: [{ name: 'a', type: 'int' }, { name: 'b', type: 'int', order: 'DESC' }] } },
    new SeededRandom(9),
  );
  assert.throws(() => clusteringSlices(new TableLayout(cf), { prefix: [], range: { first: 0, low: { values: [i32(1), i32(2)], inclusive: true } } }), /mixed order/);
});
