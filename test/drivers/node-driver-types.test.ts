/**
 * npm cassandra-driver against `ilium start`: every CQL type round-trips — the native types at
 * their edges, prepared (types from our metadata) and as simple statements with type hints;
 * lists, sets and maps frozen and not, tuples, user types (frozen and not, with fields the
 * client left out), nesting; null, unset and empty values.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { type DriverNode, plain, startDriverNode } from './driver-node.js';

const { types } = cassandra;
let node: DriverNode;
let client: cassandra.Client;

before(async () => {
  node = await startDriverNode();
  await node.createKeyspace('ty');
  client = await node.client({ keyspace: 'ty' });
});
after(() => node.close());

/** A native type, values to store in it, and how the driver gives them back. */
interface Case {
  readonly type: string;
  readonly values: readonly unknown[];
}

const NATIVE: readonly Case[] = [
  { type: 'ascii', values: ['', 'plain ascii ~'] },
  { type: 'bigint', values: [types.Long.fromString('-9223372036854775808'), types.Long.fromString('9223372036854775807'), types.Long.ZERO] },
  { type: 'blob', values: [Buffer.alloc(0), Buffer.from([0, 1, 0xfe, 0xff])] },
  { type: 'boolean', values: [true, false] },
  { type: 'date', values: [types.LocalDate.fromString('1970-01-01'), types.LocalDate.fromString('2020-02-29'), types.LocalDate.fromString('1900-06-15')] },
  { type: 'decimal', values: [types.BigDecimal.fromString('0'), types.BigDecimal.fromString('-123.4567'), types.BigDecimal.fromString('98765432109876543210.000000000001')] },
  { type: 'double', values: [0, -1.5e300, Number.MIN_VALUE, Infinity, -Infinity] },
  { type: 'duration', values: [types.Duration.fromString('1mo2d3h4m5s6ms7us8ns'), types.Duration.fromString('-2y3w'), new types.Duration(0, 0, types.Long.ZERO)] },
  { type: 'float', values: [1.5, -3.25, 0] },
  { type: 'inet', values: [types.InetAddress.fromString('127.0.0.1'), types.InetAddress.fromString('::1'), types.InetAddress.fromString('2001:db8::ff00:42:8329')] },
  { type: 'int', values: [-2147483648, 2147483647, 0] },
  { type: 'smallint', values: [-32768, 32767] },
  { type: 'text', values: ['', 'héllo ☃ 𝄞', 'x'.repeat(70_000)] },
  { type: 'time', values: [types.LocalTime.fromString('00:00:00'), types.LocalTime.fromString('23:59:59.999999999')] },
  { type: 'timestamp', values: [new Date(0), new Date('2021-06-01T12:34:56.789Z'), new Date(-86_400_000 * 365)] },
  { type: 'timeuuid', values: [types.TimeUuid.fromDate(new Date('2020-01-01T00:00:00Z')), types.TimeUuid.now()] },
  { type: 'tinyint', values: [-128, 127] },
  { type: 'uuid', values: [types.Uuid.random(), types.Uuid.fromString('00000000-0000-0000-0000-000000000000')] },
  { type: 'varchar', values: ['varchar is text'] },
  { type: 'varint', values: [types.Integer.fromString('-123456789012345678901234567890'), types.Integer.fromNumber(0), types.Integer.fromString('18446744073709551616')] },
];

/** Equality as the driver's value classes define it (most have equals; Dates and Buffers do not). */
function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return a.equals(b);
  if (a !== null && typeof a === 'object' && typeof (a as { equals?: unknown }).equals === 'function') return (a as { equals(o: unknown): boolean }).equals(b);
  return Object.is(a, b);
}

test('every native type round-trips, prepared and as a simple statement with hints, and null reads back as null', async () => {
  const cols = NATIVE.map((c, i) => `c${i} ${c.type}`).join(', ');
  await client.execute(`CREATE TABLE natives (k int PRIMARY KEY, ${cols})`);
  const names = NATIVE.map((_, i) => `c${i}`);
  const insert = `INSERT INTO natives (k, ${names.join(', ')}) VALUES (?, ${names.map(() => '?').join(', ')})`;
  const rows = Math.max(...NATIVE.map((c) => c.values.length));
  for (const prepare of [true, false]) {
    for (let r = 0; r < rows; r++) {
      const k = (prepare ? 0 : 100) + r;
      const values = NATIVE.map((c) => c.values[r % c.values.length]);
      const hints = prepare ? undefined : ['int', ...NATIVE.map((c) => c.type)];
      await client.execute(insert, [k, ...values], { prepare, ...(hints === undefined ? {} : { hints }) });
      const back = (await client.execute('SELECT * FROM natives WHERE k = ?', [k], { prepare: true })).first();
      NATIVE.forEach((c, i) => {
        const want = values[i];
        const got = back.get(`c${i}`);
        assert.ok(same(want, got), `${c.type} (${prepare ? 'prepared' : 'simple'}): sent ${String(want)}, got ${String(got)}`);
      });
    }
  }
  await client.execute('INSERT INTO natives (k) VALUES (?)', [999], { prepare: true });
  const empty = plain((await client.execute('SELECT * FROM natives WHERE k = 999')).first());
  for (const n of names) assert.equal(empty[n], null, `${n} unset reads back null`);
});

test('NaN doubles and floats, and empty values of fixed-size types', async () => {
  await client.execute('CREATE TABLE odd (k int PRIMARY KEY, d double, f float, i int)');
  await client.execute('INSERT INTO odd (k, d, f) VALUES (?, ?, ?)', [1, NaN, NaN], { prepare: true });
  const r = (await client.execute('SELECT d, f FROM odd WHERE k = 1')).first();
  assert.ok(Number.isNaN(r.get('d')) && Number.isNaN(r.get('f')));
  // An empty int (zero bytes) is a value in Cassandra, not null; the driver decodes it as null.
  await client.execute("INSERT INTO odd (k, i) VALUES (2, blobAsInt(0x))");
  const e = await client.execute('SELECT i, blobAsInt(intAsBlob(i)) AS again FROM odd WHERE k = 2');
  assert.equal(e.first().get('i'), null);
});

test('lists, sets and maps, frozen and not, with every element type the driver maps', async () => {
  await client.execute(`CREATE TABLE colls (k int PRIMARY KEY,
    l list<int>, s set<text>, m map<text, bigint>, fl frozen<list<double>>, fs frozen<set<uuid>>, fm frozen<map<int, boolean>>,
    lts list<timestamp>, sd set<date>, mi map<inet, varint>, ldec list<decimal>, sblob set<blob>)`);
  const u1 = types.Uuid.random();
  const u2 = types.Uuid.random();
  const values = {
    k: 1,
    l: [3, 1, 3, 2],
    s: ['b', 'a', 'c'],
    m: { x: types.Long.fromNumber(1), y: types.Long.fromString('-9223372036854775808') },
    fl: [1.5, -2.5],
    fs: [u1, u2],
    fm: { 2: true, 1: false },
    lts: [new Date(5), new Date(0)],
    sd: [types.LocalDate.fromString('2000-01-01')],
    mi: { '10.0.0.1': types.Integer.fromNumber(7) },
    ldec: [types.BigDecimal.fromString('1.10')],
    sblob: [Buffer.from([2]), Buffer.from([1])],
  };
  const cols = Object.keys(values);
  await client.execute(`INSERT INTO colls (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, Object.values(values), { prepare: true });
  const r = (await client.execute('SELECT * FROM colls WHERE k = 1', [], { prepare: true })).first();
  assert.deepEqual(r.get('l'), [3, 1, 3, 2], 'a list keeps order and duplicates');
  assert.deepEqual(r.get('s'), ['a', 'b', 'c'], 'a set comes back sorted');
  assert.deepEqual(Object.keys(r.get('m')), ['x', 'y']);
  assert.ok(r.get('m').y.equals(types.Long.fromString('-9223372036854775808')));
  assert.deepEqual(r.get('fl'), [1.5, -2.5]);
  assert.deepEqual(r.get('fs').map(String).sort(), [u1, u2].map(String).sort());
  assert.deepEqual(r.get('fm'), { 1: false, 2: true });
  assert.deepEqual(r.get('lts').map((d: Date) => d.getTime()), [5, 0]);
  assert.equal(r.get('sd')[0].toString(), '2000-01-01');
  assert.equal(r.get('mi')['10.0.0.1'].toString(), '7');
  assert.equal(r.get('ldec')[0].toString(), '1.10');
  assert.deepEqual(r.get('sblob'), [Buffer.from([1]), Buffer.from([2])]);
  // Empty collections are no value at all (null), frozen or not.
  await client.execute('INSERT INTO colls (k, l, s, m) VALUES (?, ?, ?, ?)', [2, [], [], {}], { prepare: true });
  assert.deepEqual(plain((await client.execute('SELECT l, s, m FROM colls WHERE k = 2')).first()), { l: null, s: null, m: null });
});

test('tuples, user types (frozen and not, fields left out, altered types) and nesting', async () => {
  await client.execute('CREATE TYPE addr (street text, zip int, tags set<text>)');
  await client.execute('CREATE TYPE person (name text, addrs list<frozen<addr>>, home frozen<tuple<int, text>>)');
  await client.execute(`CREATE TABLE nest (k int PRIMARY KEY, t tuple<int, text, bigint>, tl tuple<int, frozen<list<text>>>,
    a addr, fa frozen<addr>, p frozen<person>, lp list<frozen<person>>,
    deep map<text, frozen<list<frozen<map<int, frozen<set<text>>>>>>>, lt list<frozen<tuple<int, text>>>)`);
  const row = {
    k: 1,
    t: new types.Tuple(null, 'middle', types.Long.fromNumber(3)),
    tl: new types.Tuple(1, ['x', 'y']),
    a: { street: 'Main', zip: 12345, tags: ['b', 'a'] },
    fa: { street: 'Frozen' }, // zip and tags left out: the driver frames them as "unset" (-2)
    p: { name: 'ann', addrs: [{ street: 's1', zip: 1, tags: null }], home: new types.Tuple(7, 'home') },
    lp: [{ name: 'bob', addrs: [], home: null }],
    deep: { a: [{ 1: ['p', 'q'] }, { 2: [] }] },
    lt: [new types.Tuple(1, 'a'), new types.Tuple(2, null)],
  };
  const cols = Object.keys(row);
  await client.execute(`INSERT INTO nest (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, Object.values(row), { prepare: true });
  const r = (await client.execute('SELECT * FROM nest WHERE k = 1', [], { prepare: true })).first();
  assert.deepEqual(r.get('t').values(), [null, 'middle', types.Long.fromNumber(3)]);
  assert.deepEqual(r.get('tl').values(), [1, ['x', 'y']]);
  assert.deepEqual(r.get('a'), { street: 'Main', zip: 12345, tags: ['a', 'b'] });
  assert.deepEqual(r.get('fa'), { street: 'Frozen', zip: null, tags: null });
  assert.deepEqual(r.get('p').addrs, [{ street: 's1', zip: 1, tags: null }]);
  assert.deepEqual(r.get('p').home.values(), [7, 'home']);
  assert.deepEqual(r.get('lp'), [{ name: 'bob', addrs: null, home: null }]);
  assert.deepEqual(r.get('deep'), { a: [{ 1: ['p', 'q'] }, { 2: null }] });
  assert.deepEqual(r.get('lt').map((t: cassandra.types.Tuple) => t.values()), [[1, 'a'], [2, null]]);

  // A frozen UDT as a partition key: the value with left-out fields finds the same row as the
  // value with explicit nulls.
  await client.execute('CREATE TABLE by_addr (a frozen<addr> PRIMARY KEY, v int)');
  await client.execute('INSERT INTO by_addr (a, v) VALUES (?, ?)', [{ street: 'k' }, 1], { prepare: true });
  const found = await client.execute('SELECT v FROM by_addr WHERE a = ?', [{ street: 'k', zip: null, tags: null }], { prepare: true });
  assert.equal(found.first()?.get('v'), 1);

  // Fields and elements: UPDATE a field of a non-frozen UDT, select fields.
  await client.execute('UPDATE nest SET a.zip = ?, a.tags = ? WHERE k = 1', [99, ['z']], { prepare: true });
  assert.deepEqual(plain((await client.execute('SELECT a.street, a.zip, a.tags FROM nest WHERE k = 1')).first()), { 'a.street': 'Main', 'a.zip': 99, 'a.tags': ['z'] });

  // ALTER TYPE ADD: the driver's metadata follows; a non-frozen value reads with the new field
  // null, a frozen one as it was written (fewer fields than the type, as in Cassandra).
  await client.execute('ALTER TYPE addr ADD country text');
  const udt = await client.metadata.getUdt('ty', 'addr');
  assert.deepEqual(udt?.fields.map((f) => f.name), ['street', 'zip', 'tags', 'country']);
  const after = (await client.execute('SELECT a, fa FROM nest WHERE k = 1', [], { prepare: true })).first();
  assert.deepEqual(after.get('a'), { street: 'Main', zip: 99, tags: ['z'], country: null });
  assert.deepEqual(after.get('fa'), { street: 'Frozen', zip: null, tags: null });
});

test('null, unset and literal forms of structured values in simple statements', async () => {
  await client.execute('CREATE TABLE lits (k int PRIMARY KEY, v text, l list<int>, a frozen<addr>, t tuple<int, text>)');
  await client.execute("INSERT INTO lits (k, v, l, a, t) VALUES (1, 'keep', [1, 2], {street: 'lit', zip: 5}, (1, 'one'))");
  // Unset leaves a column alone; null deletes it.
  await client.execute('INSERT INTO lits (k, v, l) VALUES (?, ?, ?)', [1, types.unset, null], { prepare: true });
  const r = plain((await client.execute('SELECT v, l, a, t FROM lits WHERE k = 1')).first());
  assert.equal(r['v'], 'keep');
  assert.equal(r['l'], null);
  assert.deepEqual(r['a'], { street: 'lit', zip: 5, tags: null, country: null }, 'a literal has every field');
  assert.deepEqual((r['t'] as cassandra.types.Tuple).values(), [1, 'one']);
});
