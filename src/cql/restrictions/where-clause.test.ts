/**
 * prepareWhere on a real node's table: what each kind of relation becomes (keys, token bounds,
 * clustering restrictions, row filters), the bind variables it describes, and Cassandra's errors.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { INT32_TYPE, LONG_TYPE, UTF8_TYPE } from '../../marshal/index.js';
import type { CqlColumn } from '../../schema/index.js';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { createTable } from '../../../test/support/cql-rows.js';
import { type BoundValue, UNSET, lookupTable } from '../execution/index.js';
import { type SelectStatement, parseStatement } from '../parser/index.js';
import { decodePartitionKey } from '../../db/cql-layout/partition-key.js';
import { BindVariables, CalledFunctions } from '../terms/index.js';
import { type PreparedWhere, type WherePurpose, prepareWhere } from './where-clause.js';

const i32 = (n: number): Buffer => INT32_TYPE.decompose(n);
const text = (s: string): Buffer => UTF8_TYPE.decompose(s);

let n: CqlTestNode;
before(async () => {
  n = await openCqlTestNode();
  await createTable(n, 'ks', 't', {
    partitionKey: [{ name: 'a', type: 'int' }, { name: 'b', type: 'text' }],
    clustering: [{ name: 'c', type: 'int' }, { name: 'd', type: 'int', order: 'DESC' }],
    regular: [{ name: 'v', type: 'int' }, { name: 'm', type: 'map<text, int>' }, { name: 'l', type: 'list<int>' }],
    statics: [{ name: 's', type: 'text' }],
  });
});
after(() => n.close());

function prep(where: string, purpose: WherePurpose = 'select', allowFiltering = false): { w: PreparedWhere; markers: BindVariables } {
  const parsed = parseStatement(`SELECT * FROM ks.t WHERE ${where}`);
  const markers = new BindVariables(parsed.bindMarkerCount, parsed.bindMarkerNames);
  const table = lookupTable(n.ctx, (parsed.statement as SelectStatement).table, undefined);
  const w = prepareWhere((parsed.statement as SelectStatement).where, table, { ctx: n.ctx, keyspace: 'ks', markers, called: new CalledFunctions() }, purpose, { allowFiltering });
  return { w, markers };
}

const keysOf = (w: PreparedWhere, values: BoundValue[] = []) => {
  const t = n.ctx.schema().keyspace('ks')!.tables[0]!.cql;
  return w.partitionKeys(values)!.map((k) => {
    const [a, b] = decodePartitionKey(t, k);
    return `${INT32_TYPE.compose(a!)}:${UTF8_TYPE.compose(b!)}`;
  });
};

test('= and IN on every partition key column give the distinct keys in key order', () => {
  const { w } = prep("a IN (2, 1, 2) AND b IN ('y', 'x')");
  assert.equal(w.byKeys, true);
  assert.deepEqual(keysOf(w), ['1:x', '1:y', '2:x', '2:y']);
  assert.equal(w.needsFiltering, false);
  assert.equal(w.rowFilter([]), null);
});

test('IN ? binds in(col) as a frozen list; = ? binds the column; values are checked', () => {
  const { w, markers } = prep('a IN ? AND b = ?');
  const specs = markers.all();
  assert.equal(specs[0]!.name, 'in(a)');
  assert.equal(specs[0]!.type.cqlName, 'frozen<list<int>>');
  assert.equal(specs[1]!.name, 'b');
  const list = specs[0]!.type.decompose([3, 1]);
  assert.deepEqual(keysOf(w, [list, text('k')]), ['1:k', '3:k']);
  assert.throws(() => w.partitionKeys([list, null]), /Invalid null value for partition key part b/);
  assert.throws(() => w.partitionKeys([list, UNSET]), /Invalid unset value for column b/);
  assert.throws(() => w.partitionKeys([Buffer.from([1, 2]), text('k')]), (e: Error) => e.name !== 'TypeError' && /list|bytes|int/i.test(e.message));
  const { w: w2 } = prep('a = ? AND b = ?');
  assert.throws(() => w2.partitionKeys([Buffer.from([1, 2, 3]), text('k')]), /Invalid value for a of type int/);
});

test('no partition key restriction scans the ring; token() gives position bounds typed as Cassandra does', () => {
  assert.deepEqual(prep('c = 1', 'select', true).w.keyRange([]), {});
  const { w, markers } = prep('token(a, b) > ? AND token(a, b) <= ?');
  assert.equal(markers.all()[0]!.name, 'partition key token');
  assert.equal(markers.all()[0]!.type, LONG_TYPE);
  assert.equal(w.partitionKeys([LONG_TYPE.decompose(1n), LONG_TYPE.decompose(5n)]), null);
  const r = w.keyRange([LONG_TYPE.decompose(1n), LONG_TYPE.decompose(5n)])!;
  assert.ok(r.from !== undefined && r.to !== undefined);
  assert.equal(w.keyRange([LONG_TYPE.decompose(5n), LONG_TYPE.decompose(1n)]), null, 'never wraps');
  // A key with its token inside the bounds passes, outside fails.
  const p = n.ctx.partitioner;
  const pos = (key: Buffer) => p.decorate(key).position;
  const key = Buffer.from('000400000001000001780', 'hex');
  const tok = p.token(key) as bigint;
  const inside = w.keyRange([LONG_TYPE.decompose(tok - 1n), LONG_TYPE.decompose(tok)])!;
  assert.ok(Buffer.compare(pos(key), inside.from!.position) >= 0 && Buffer.compare(pos(key), inside.to!.position) <= 0);
  assert.throws(() => prep('token(b, a) > 0'), /must be in the partition key order: a, b/);
  assert.throws(() => prep('token(a) > 0'), /must be applied to all partition key components/);
  assert.throws(() => prep('token(a, b) > 0 AND a > 1'), /Only EQ and IN relation are supported on the partition key/);
});

test('token() of literal keys and = with keys: keys outside the token bounds are dropped', () => {
  const { w } = prep("a = 1 AND b = 'x' AND token(a, b) > token(1, 'x')");
  assert.deepEqual(w.partitionKeys([]), []);
  const { w: w2 } = prep("a = 1 AND b = 'x' AND token(a, b) >= token(1, 'x')");
  assert.deepEqual(keysOf(w2), ['1:x']);
});

test('clustering: = / IN prefix then one range; tuples; combinations of a multi-column IN', () => {
  const { w } = prep("a = 1 AND b = 'x' AND c IN (1, 2) AND d > 3");
  assert.equal(w.clusteringEqualities, 1);
  assert.equal(w.clusteringSlice, true);
  const r = w.clustering([]);
  assert.deepEqual(r.prefix.map((vs) => vs.map((v) => INT32_TYPE.compose(v))), [[1, 2]]);
  assert.deepEqual(r.range, { first: 1, low: { values: [i32(3)], inclusive: false } });
  const { w: w2 } = prep("a = 1 AND b = 'x' AND (c, d) IN ((1, 2), (3, 4))");
  assert.equal(w2.clusteringEqualities, 2);
  assert.deepEqual(w2.clustering([]).combinations?.map((t) => t.map((v) => INT32_TYPE.compose(v))), [[1, 2], [3, 4]]);
  const { w: w3, markers } = prep("a = 1 AND b = 'x' AND (c, d) > ?");
  assert.equal(markers.all()[0]!.name, '(c,d)');
  assert.equal(markers.all()[0]!.type.cqlName, 'frozen<tuple<int, int>>');
  // c ASC, d DESC: the read covers c >= 1; a filter keeps the tuple order.
  const tuple = markers.all()[0]!.type.decompose([1, 2]);
  assert.deepEqual(w3.clustering([tuple]).range, { first: 0, low: { values: [i32(1)], inclusive: true } });
  const row = (c: number, d: number) => (col: CqlColumn) => (col.name === 'c' ? i32(c) : col.name === 'd' ? i32(d) : null);
  const f = w3.rowFilter([tuple])!;
  assert.deepEqual([f(row(1, 2)), f(row(1, 3)), f(row(2, 0)), f(row(0, 9))], [false, true, true, false]);
});

test('filters: regular and static columns, CONTAINS, CONTAINS KEY, map entries, need ALLOW FILTERING', () => {
  assert.throws(() => prep("a = 1 AND b = 'x' AND v = 1"), /use ALLOW FILTERING/);
  const { w } = prep("a = 1 AND b = 'x' AND v > 1 AND m CONTAINS KEY 'k' AND m['k'] = 5 AND l CONTAINS 7", 'select', true);
  assert.equal(w.needsFiltering, true);
  assert.deepEqual(w.filterColumns.map((c) => c.name).sort(), ['l', 'm', 'v']);
  const t = n.ctx.schema().keyspace('ks')!.tables[0]!.cql;
  const m = t.columns.get('m')!.type;
  const l = t.columns.get('l')!.type;
  const row = (v: number, map: Map<string, number>, list: number[]) => (col: CqlColumn) =>
    col.name === 'v' ? i32(v) : col.name === 'm' ? m.decompose(map) : col.name === 'l' ? l.decompose(list) : null;
  const f = w.rowFilter([])!;
  assert.equal(f(row(2, new Map([['k', 5]]), [7])), true);
  assert.equal(f(row(1, new Map([['k', 5]]), [7])), false);
  assert.equal(f(row(2, new Map([['k', 6]]), [7])), false);
  assert.equal(f(row(2, new Map([['j', 5]]), [7])), false);
  assert.equal(f(row(2, new Map([['k', 5]]), [8])), false);
  assert.equal(f(() => null), false, 'null matches nothing');
});

test("Cassandra's errors", () => {
  assert.throws(() => prep('x = 1'), /Undefined column name x/);
  assert.throws(() => prep("a = 1 AND b = 'x' AND d = 1"), /PRIMARY KEY column "d" cannot be restricted as preceding column "c" is not restricted/);
  assert.throws(() => prep("a = 1 AND b = 'x' AND c > 1 AND d = 1"), /Clustering column "d" cannot be restricted \(preceding column "c" is restricted by a non-EQ relation\)/);
  assert.throws(() => prep('a = 1'), /use ALLOW FILTERING/);
  assert.throws(() => prep('c = 1'), /use ALLOW FILTERING/);
  assert.throws(() => prep('a = 1 AND a = 2'), /a cannot be restricted by more than one relation if it includes an Equal/);
  assert.throws(() => prep("a = 1 AND b = 'x' AND c > 1 AND c > 2"), /More than one restriction was found for the start bound on c/);
  assert.throws(() => prep("a = 1 AND b = 'x' AND v IN (1, 2)", 'select', true), /IN predicates on non-primary-key columns \(v\) is not yet supported/);
  assert.throws(() => prep("a = 1 AND b = 'x' AND v != 1", 'select', true), /Unsupported "!=" relation: v != 1/);
  assert.throws(() => prep("a = 1 AND b = 'x' AND v CONTAINS 1", 'select', true), /Cannot use CONTAINS on non-collection column v/);
  assert.throws(() => prep("a = 1 AND b = 'x' AND l CONTAINS KEY 1", 'select', true), /Cannot use CONTAINS KEY on non-map column l/);
  assert.throws(() => prep("a = 1 AND b = 'x' AND m = {}", 'select', true), /cannot be restricted by a '=' relation/);
  assert.throws(() => prep("a = 1 AND b = 'x' AND (c, v) = (1, 2)"), /Multi-column relations can only be applied to clustering columns but was applied to: v/);
  assert.throws(() => prep("a = 1 AND b = 'x' AND (d, c) = (1, 2)"), /PRIMARY KEY order/);
});

test('modifications: every partition key part by = / IN, no token, no filtering', () => {
  assert.throws(() => prep('a = 1', 'modification'), /Some partition key parts are missing: b/);
  assert.throws(() => prep("a > 1 AND b = 'x'", 'modification'), /Only EQ and IN relation are supported on the partition key \(unless you use the token\(\) function\)/);
  assert.throws(() => prep('token(a, b) > 1', 'modification'), /The token function cannot be used in WHERE clauses for UPDATE statements/);
  assert.throws(() => prep("a = 1 AND b = 'x' AND v = 1", 'modification'), /Non PRIMARY KEY columns found in where clause: v/);
  assert.throws(() => prep("a = 1 AND b = 'x' AND d = 1", 'modification'), /PRIMARY KEY column "d" cannot be restricted as preceding column "c" is not restricted/);
  const { w } = prep("a = 1 AND b = 'x' AND c = 1", 'modification');
  assert.equal(w.clusteringEqualities, 1);
  assert.deepEqual(w.unrestrictedClustering, ['d']);
  assert.equal(w.clusteringSlice, false);
});
