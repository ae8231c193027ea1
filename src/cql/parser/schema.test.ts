/** Schema statements: keyspaces, tables (types, keys, options), ALTER TABLE, indexes, user types, views, triggers, functions, aggregates. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Statement } from './statement.js';
import { parseStatement } from './parse-statement.js';

function parse(text: string): Statement {
  return parseStatement(text).statement;
}

const native = (name: string) => ({ kind: 'native', name });

test('CREATE / ALTER / DROP KEYSPACE', () => {
  const c = parse("CREATE KEYSPACE IF NOT EXISTS ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3} AND durable_writes = false");
  assert.equal(c.kind, 'createKeyspace');
  if (c.kind !== 'createKeyspace') return;
  assert.equal(c.keyspace, 'ks');
  assert.equal(c.ifNotExists, true);
  assert.deepEqual(c.properties, [
    { name: 'replication', value: { kind: 'map', entries: new Map([['class', 'SimpleStrategy'], ['replication_factor', '3']]) } },
    { name: 'durable_writes', value: { kind: 'text', text: 'false' } },
  ]);
  assert.deepEqual(parse("CREATE SCHEMA \"Ks\" WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': '3', 'dc2': 2}"), {
    kind: 'createKeyspace', keyspace: 'Ks', ifNotExists: false,
    properties: [{ name: 'replication', value: { kind: 'map', entries: new Map([['class', 'NetworkTopologyStrategy'], ['dc1', '3'], ['dc2', '2']]) } }],
  });
  assert.deepEqual(parse('ALTER KEYSPACE ks WITH durable_writes = true'), {
    kind: 'alterKeyspace', keyspace: 'ks', ifExists: false, properties: [{ name: 'durable_writes', value: { kind: 'text', text: 'true' } }],
  });
  assert.deepEqual(parse('DROP KEYSPACE IF EXISTS ks'), { kind: 'dropKeyspace', keyspace: 'ks', ifExists: true });
  assert.deepEqual(parse('drop schema ks'), { kind: 'dropKeyspace', keyspace: 'ks', ifExists: false });
});

test('CREATE TABLE with a composite primary key, static column, options', () => {
  const s = parse(`CREATE TABLE IF NOT EXISTS ks.events (
      a int, b text, c timeuuid, d bigint, s text STATIC, m map<text, frozen<list<int>>>, "Quoted" varchar,
      PRIMARY KEY ((a, b), c, d)
    ) WITH CLUSTERING ORDER BY (c DESC, d ASC) AND COMPACT STORAGE AND comment = 'events'
      AND gc_grace_seconds = 864000 AND compaction = {'class': 'LeveledCompactionStrategy', 'enabled': true}
      AND caching = {'keys': 'ALL', 'rows_per_partition': 'NONE'} AND bloom_filter_fp_chance = 0.01
      AND speculative_retry = '99p' AND default_time_to_live = -1 AND cdc = false`);
  assert.equal(s.kind, 'createTable');
  if (s.kind !== 'createTable') return;
  assert.deepEqual(s.table, { keyspace: 'ks', name: 'events' });
  assert.equal(s.ifNotExists, true);
  assert.deepEqual(s.columns.map((c) => [c.name, c.isStatic]), [['a', false], ['b', false], ['c', false], ['d', false], ['s', true], ['m', false], ['Quoted', false]]);
  assert.deepEqual(s.columns[5]!.type, { kind: 'map', key: native('text'), value: { kind: 'frozen', type: { kind: 'list', element: native('int') } } });
  assert.deepEqual(s.primaryKey, { partitionKey: ['a', 'b'], clusteringColumns: ['c', 'd'] });
  assert.deepEqual(s.options.clusteringOrder, [{ column: 'c', descending: true }, { column: 'd', descending: false }]);
  assert.equal(s.options.compactStorage, true);
  assert.deepEqual(s.options.properties.map((p) => [p.name, p.value.kind === 'text' ? p.value.text : Object.fromEntries(p.value.entries)]), [
    ['comment', 'events'], ['gc_grace_seconds', '864000'], ['compaction', { class: 'LeveledCompactionStrategy', enabled: 'true' }],
    ['caching', { keys: 'ALL', rows_per_partition: 'NONE' }], ['bloom_filter_fp_chance', '0.01'], ['speculative_retry', '99p'],
    ['default_time_to_live', '-1'], ['cdc', 'false'],
  ]);
});

test('CREATE TABLE: inline PRIMARY KEY, single partition key, trailing comma, every type form', () => {
  const s = parse(`CREATE TABLE t (k uuid PRIMARY KEY, a ascii, b bigint, c blob, d boolean, e counter, f date, g decimal,
    h double, i duration, j float, k2 inet, l int, m smallint, n text, o time, p timestamp, q timeuuid, r tinyint, s uuid,
    t varchar, u varint, v list<int>, w set<frozen<tuple<int, text>>>, x tuple<int, text, float>, y frozen<addr>,
    z ks.addr, zz 'org.apache.cassandra.db.marshal.BytesType', key text, value text,)`);
  assert.equal(s.kind, 'createTable');
  if (s.kind !== 'createTable') return;
  assert.deepEqual(s.primaryKey, { partitionKey: ['k'], clusteringColumns: [] });
  assert.deepEqual(s.columns.slice(1, 21).map((c) => c.type), ['ascii', 'bigint', 'blob', 'boolean', 'counter', 'date', 'decimal',
    'double', 'duration', 'float', 'inet', 'int', 'smallint', 'text', 'time', 'timestamp', 'timeuuid', 'tinyint', 'uuid', 'varchar'].map(native));
  assert.deepEqual(s.columns.slice(21).map((c) => c.type), [
    native('varint'),
    { kind: 'list', element: native('int') },
    { kind: 'set', element: { kind: 'frozen', type: { kind: 'tuple', elements: [native('int'), native('text')] } } },
    { kind: 'tuple', elements: [native('int'), native('text'), native('float')] },
    { kind: 'frozen', type: { kind: 'user', keyspace: null, name: 'addr' } },
    { kind: 'user', keyspace: 'ks', name: 'addr' },
    { kind: 'custom', className: 'org.apache.cassandra.db.marshal.BytesType' },
    native('text'), native('text'),
  ]);
  const p = parse('CREATE TABLE t (a int, b int, PRIMARY KEY (a, b))');
  assert.equal(p.kind === 'createTable' && p.primaryKey.clusteringColumns[0], 'b');
  const n = parse('CREATE COLUMNFAMILY t (a int, b int)');
  assert.deepEqual(n.kind === 'createTable' && n.primaryKey, { partitionKey: [], clusteringColumns: [] });
});

test('ALTER TABLE actions', () => {
  const cases: [string, unknown][] = [
    ['ALTER TABLE ks.t ADD c int', { kind: 'addColumns', ifNotExists: false, columns: [{ name: 'c', type: native('int'), isStatic: false }] }],
    ['ALTER TABLE t ADD IF NOT EXISTS (c int, d text static)', { kind: 'addColumns', ifNotExists: true, columns: [{ name: 'c', type: native('int'), isStatic: false }, { name: 'd', type: native('text'), isStatic: true }] }],
    ['ALTER TABLE t DROP c', { kind: 'dropColumns', ifExists: false, columns: ['c'], timestamp: null }],
    ['ALTER TABLE t DROP IF EXISTS (a, b) USING TIMESTAMP 1234', { kind: 'dropColumns', ifExists: true, columns: ['a', 'b'], timestamp: '1234' }],
    ['ALTER TABLE t DROP COMPACT STORAGE', { kind: 'dropCompactStorage' }],
    ['ALTER TABLE t ALTER c TYPE blob', { kind: 'alterColumnType', column: 'c', type: native('blob') }],
    ['ALTER TABLE t RENAME a TO b AND "C" TO d', { kind: 'renameColumns', ifExists: false, renames: [{ from: 'a', to: 'b' }, { from: 'C', to: 'd' }] }],
    ["ALTER TABLE t WITH comment = 'x' AND gc_grace_seconds = 10", { kind: 'setOptions', properties: [{ name: 'comment', value: { kind: 'text', text: 'x' } }, { name: 'gc_grace_seconds', value: { kind: 'text', text: '10' } }] }],
  ];
  for (const [text, action] of cases) {
    const s = parse(text);
    assert.equal(s.kind, 'alterTable', text);
    if (s.kind === 'alterTable') assert.deepEqual(s.action, action, text);
  }
  const s = parse('ALTER TABLE IF EXISTS ks.t DROP compact');
  assert.deepEqual(s.kind === 'alterTable' && [s.ifExists, s.action], [true, { kind: 'dropColumns', ifExists: false, columns: ['compact'], timestamp: null }]);
});

test('DROP TABLE', () => {
  assert.deepEqual(parse('DROP TABLE IF EXISTS ks.t'), { kind: 'dropTable', table: { keyspace: 'ks', name: 't' }, ifExists: true });
  assert.deepEqual(parse('DROP COLUMNFAMILY t'), { kind: 'dropTable', table: { keyspace: null, name: 't' }, ifExists: false });
});

test('CREATE [CUSTOM] INDEX and DROP INDEX', () => {
  assert.deepEqual(parse('CREATE INDEX ON ks.t (v)'), {
    kind: 'createIndex', custom: false, ifNotExists: false, name: null, table: { keyspace: 'ks', name: 't' },
    targets: [{ column: 'v', type: 'simple' }], using: null, properties: [],
  });
  const targets = ['keys', 'values', 'entries', 'full'].map((k) => {
    const s = parse(`CREATE INDEX IF NOT EXISTS idx ON t (${k.toUpperCase()}(m))`);
    return s.kind === 'createIndex' ? [s.name, s.ifNotExists, s.targets] : null;
  });
  assert.deepEqual(targets, ['keys', 'values', 'entries', 'full'].map((k) => ['idx', true, [{ column: 'm', type: k }]]));
  assert.deepEqual(parse("CREATE CUSTOM INDEX \"Idx\" ON t (v) USING 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'CONTAINS'}"), {
    kind: 'createIndex', custom: true, ifNotExists: false, name: 'Idx', table: { keyspace: null, name: 't' },
    targets: [{ column: 'v', type: 'simple' }], using: 'org.apache.cassandra.index.sasi.SASIIndex',
    properties: [{ name: 'options', value: { kind: 'map', entries: new Map([['mode', 'CONTAINS']]) } }],
  });
  const keysColumn = parse('CREATE INDEX ON t (keys)');
  assert.deepEqual(keysColumn.kind === 'createIndex' && keysColumn.targets, [{ column: 'keys', type: 'simple' }]);
  assert.deepEqual(parse('DROP INDEX IF EXISTS ks.idx'), { kind: 'dropIndex', index: { keyspace: 'ks', name: 'idx' }, ifExists: true });
});

test('CREATE / ALTER / DROP TYPE', () => {
  assert.deepEqual(parse('CREATE TYPE IF NOT EXISTS ks.address (street text, city text, zip int, phones set<frozen<phone>>,)'), {
    kind: 'createType', type: { keyspace: 'ks', name: 'address' }, ifNotExists: true,
    fields: [
      { name: 'street', type: native('text') }, { name: 'city', type: native('text') }, { name: 'zip', type: native('int') },
      { name: 'phones', type: { kind: 'set', element: { kind: 'frozen', type: { kind: 'user', keyspace: null, name: 'phone' } } } },
    ],
  });
  assert.deepEqual(parse('ALTER TYPE address ADD country text'), {
    kind: 'alterType', type: { keyspace: null, name: 'address' }, ifExists: false,
    action: { kind: 'addField', ifNotExists: false, field: { name: 'country', type: native('text') } },
  });
  assert.deepEqual(parse('ALTER TYPE ks.address RENAME zip TO zipcode AND city TO town'), {
    kind: 'alterType', type: { keyspace: 'ks', name: 'address' }, ifExists: false,
    action: { kind: 'renameFields', ifExists: false, renames: [{ from: 'zip', to: 'zipcode' }, { from: 'city', to: 'town' }] },
  });
  assert.deepEqual(parse('DROP TYPE IF EXISTS address'), { kind: 'dropType', type: { keyspace: null, name: 'address' }, ifExists: true });
  assert.deepEqual(parse('CREATE TYPE "Int" (a int)').kind, 'createType');
});

test('CREATE / ALTER / DROP MATERIALIZED VIEW', () => {
  const s = parse(`CREATE MATERIALIZED VIEW IF NOT EXISTS ks.by_v AS SELECT k, v FROM ks.t
    WHERE v IS NOT NULL AND k IS NOT NULL PRIMARY KEY (v, k) WITH CLUSTERING ORDER BY (k DESC) AND comment = 'mv'`);
  assert.equal(s.kind, 'createMaterializedView');
  if (s.kind !== 'createMaterializedView') return;
  assert.deepEqual(s.view, { keyspace: 'ks', name: 'by_v' });
  assert.deepEqual(s.baseTable, { keyspace: 'ks', name: 't' });
  assert.deepEqual(s.selectors.map((i) => i.selector), [{ kind: 'column', name: 'k' }, { kind: 'column', name: 'v' }]);
  assert.deepEqual(s.where, [{ kind: 'isNotNull', column: 'v' }, { kind: 'isNotNull', column: 'k' }]);
  assert.deepEqual(s.primaryKey, { partitionKey: ['v'], clusteringColumns: ['k'] });
  assert.deepEqual(s.options.clusteringOrder, [{ column: 'k', descending: true }]);
  const w = parse('CREATE MATERIALIZED VIEW mv AS SELECT * FROM t WHERE a IS NOT NULL PRIMARY KEY ((a, b), c)');
  assert.equal(w.kind === 'createMaterializedView' && w.wildcard, true);
  assert.deepEqual(parse("ALTER MATERIALIZED VIEW ks.mv WITH comment = 'x'"), {
    kind: 'alterMaterializedView', view: { keyspace: 'ks', name: 'mv' }, ifExists: false, properties: [{ name: 'comment', value: { kind: 'text', text: 'x' } }],
  });
  assert.deepEqual(parse('DROP MATERIALIZED VIEW IF EXISTS mv'), { kind: 'dropMaterializedView', view: { keyspace: null, name: 'mv' }, ifExists: true });
});

test('CREATE / DROP TRIGGER', () => {
  assert.deepEqual(parse("CREATE TRIGGER IF NOT EXISTS trg ON ks.t USING 'org.example.Trigger'"), {
    kind: 'createTrigger', name: 'trg', ifNotExists: true, table: { keyspace: 'ks', name: 't' }, className: 'org.example.Trigger',
  });
  assert.deepEqual(parse('DROP TRIGGER trg ON t'), { kind: 'dropTrigger', name: 'trg', ifExists: false, table: { keyspace: null, name: 't' } });
});

test('CREATE FUNCTION / AGGREGATE and their DROP forms', () => {
  const f = parse(`CREATE OR REPLACE FUNCTION IF NOT EXISTS ks.avgState (state tuple<int, bigint>, val int)
    CALLED ON NULL INPUT RETURNS tuple<int, bigint> LANGUAGE java
    AS $$ if (val != null) { state.setInt(0, state.getInt(0) + 1); } return state; $$`);
  assert.equal(f.kind, 'createFunction');
  if (f.kind !== 'createFunction') return;
  assert.equal(f.orReplace, true);
  assert.equal(f.ifNotExists, true);
  assert.deepEqual(f.name, { keyspace: 'ks', name: 'avgstate' });
  assert.deepEqual(f.arguments.map((a) => a.name), ['state', 'val']);
  assert.equal(f.calledOnNullInput, true);
  assert.deepEqual(f.returnType, { kind: 'tuple', elements: [native('int'), native('bigint')] });
  assert.equal(f.language, 'java');
  assert.match(f.body, /^ if \(val != null\)/);
  const g = parse("CREATE FUNCTION f() RETURNS NULL ON NULL INPUT RETURNS text LANGUAGE javascript AS 'return \"x\";'");
  assert.deepEqual(g.kind === 'createFunction' && [g.orReplace, g.arguments, g.calledOnNullInput, g.body], [false, [], false, 'return "x";']);

  assert.deepEqual(parse('CREATE AGGREGATE ks.average (int) SFUNC avgState STYPE tuple<int, bigint> FINALFUNC avgFinal INITCOND (0, 0)'), {
    kind: 'createAggregate', orReplace: false, ifNotExists: false, name: { keyspace: 'ks', name: 'average' },
    argumentTypes: [native('int')], stateFunction: 'avgstate', stateType: { kind: 'tuple', elements: [native('int'), native('bigint')] },
    finalFunction: 'avgfinal',
    initialCondition: { kind: 'tuple', elements: [{ kind: 'literal', type: 'integer', text: '0' }, { kind: 'literal', type: 'integer', text: '0' }] },
  });
  const a = parse('CREATE OR REPLACE AGGREGATE agg(text, int) SFUNC s STYPE map<text, int>');
  assert.deepEqual(a.kind === 'createAggregate' && [a.orReplace, a.finalFunction, a.initialCondition], [true, null, null]);

  assert.deepEqual(parse('DROP FUNCTION IF EXISTS ks.f(int, text)'), { kind: 'dropFunction', ifExists: true, name: { keyspace: 'ks', name: 'f' }, argumentTypes: [native('int'), native('text')] });
  assert.deepEqual(parse('DROP FUNCTION f'), { kind: 'dropFunction', ifExists: false, name: { keyspace: null, name: 'f' }, argumentTypes: null });
  assert.deepEqual(parse('DROP AGGREGATE agg()'), { kind: 'dropAggregate', ifExists: false, name: { keyspace: null, name: 'agg' }, argumentTypes: [] });
});
