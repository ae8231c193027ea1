/** CREATE / ALTER / DROP TABLE against a real node: definitions, options, persistence, events, errors. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigurationError, CqlSyntaxError, InvalidRequestError, UnauthorizedError } from '../../errors/index.js';
import { INT32_TYPE, UTF8_TYPE } from '../../marshal/index.js';
import { AlreadyExistsError } from '../../schema/index.js';
import { liveCell } from '../../storage/model/index.js';
import { type CqlTestNode, withKeyspace } from '../../../test/support/cql-test-node.js';
import { assembleRows } from '../storage/row-assembler.js';
import { TableLayout } from '../../db/cql-layout/table-layout.js';
import { BOTTOM, TOP } from '../../storage/model/index.js';

const withKs = withKeyspace;

const irE = (re: RegExp) => (e: unknown) => e instanceof InvalidRequestError && re.test(e.message);

test('CREATE TABLE: every kind of column, clustering order, statics, options; persists', () =>
  withKs(async (n) => {
    const r = await n.run(`CREATE TABLE t (
        a int, b text, c timeuuid, d bigint, s text STATIC, l list<int>, st set<frozen<list<text>>>, m map<text, int>,
        fm frozen<map<int, text>>, tu tuple<int, text>, v varint,
        PRIMARY KEY ((a, b), c, d))
      WITH CLUSTERING ORDER BY (c DESC, d ASC) AND comment = 'hello' AND gc_grace_seconds = 3600
        AND default_time_to_live = 60 AND bloom_filter_fp_chance = 0.1 AND caching = {'keys': 'NONE'}
        AND compaction = {'class': 'LeveledCompactionStrategy'} AND compression = {'class': 'SnappyCompressor', 'chunk_length_in_kb': 64}
        AND speculative_retry = '50ms' AND cdc = true AND read_repair = 'NONE' AND dclocal_read_repair_chance = 0.2`);
    assert.deepEqual(r, { kind: 'schemaChange', change: { change: 'CREATED', target: 'TABLE', keyspace: 'ks', name: 't' } });
    const check = (node: CqlTestNode) => {
      const t = node.ctx.schema().table('ks', 't')!;
      assert.deepEqual(t.cql.partitionKey.map((c) => c.name), ['a', 'b']);
      assert.deepEqual(t.cql.clustering.map((c) => [c.name, c.reversed]), [['c', true], ['d', false]]);
      assert.deepEqual(t.cql.statics.map((c) => c.name), ['s']);
      assert.deepEqual(t.cql.regular.map((c) => `${c.name} ${c.type.cqlName}`), ['fm frozen<map<int, text>>', 'l list<int>', 'm map<text, int>', 'st set<frozen<list<text>>>', 'tu frozen<tuple<int, text>>', 'v varint'], 'kept by name');
      assert.equal(t.comment, 'hello');
      assert.equal(t.gcGraceSeconds, 3600);
      assert.equal(t.defaultTimeToLive, 60);
      assert.equal(t.params.bloomFilterFpChance, 0.1);
      assert.deepEqual(t.params.caching, { keys: 'NONE', rows_per_partition: 'NONE' });
      assert.deepEqual(t.params.compaction, { class: 'org.apache.cassandra.db.compaction.LeveledCompactionStrategy', max_threshold: '32', min_threshold: '4' });
      assert.deepEqual(t.params.compression, { chunk_length_in_kb: '64', class: 'org.apache.cassandra.io.compress.SnappyCompressor' });
      assert.equal(t.params.speculativeRetry, '50ms');
      assert.equal(t.params.cdc, true);
      assert.equal(t.params.readRepair, 'NONE');
      assert.equal(t.params.dclocalReadRepairChance, 0.2);
    };
    check(n);
    const again = await n.restart();
    check(again);
    return again;
  }));

test('CREATE TABLE: counters, COMPACT STORAGE, IF NOT EXISTS, AlreadyExists', () =>
  withKs(async (n) => {
    await n.run('CREATE TABLE c (k text PRIMARY KEY, hits counter, misses counter)');
    await n.run('CREATE TABLE d (k text, c int, v blob, PRIMARY KEY (k, c)) WITH COMPACT STORAGE');
    assert.equal(n.ctx.schema().table('ks', 'd')!.cql.compact, true);
    assert.deepEqual(await n.run('CREATE TABLE IF NOT EXISTS c (k int PRIMARY KEY)'), { kind: 'void' });
    await assert.rejects(async () => n.run('CREATE TABLE c (k int PRIMARY KEY)'), (e) => e instanceof AlreadyExistsError && e.keyspace === 'ks' && e.table === 'c' && /Cannot add already existing table "c" to keyspace "ks"/.test(e.message));
  }));

test('CREATE TABLE errors, as Cassandra words them', () =>
  withKs(async (n) => {
    const bad = (cql: string, check: (e: unknown) => boolean) => assert.rejects(async () => n.run(cql), check);
    await bad('CREATE TABLE t (k int, v int)', irE(/No PRIMARY KEY specifed for table 'ks.t'/));
    await bad('CREATE TABLE t (k int, v int, PRIMARY KEY (x))', irE(/Unknown column 'x' referenced in PRIMARY KEY/));
    await bad('CREATE TABLE t (k int, v int, PRIMARY KEY (k, k))', irE(/Duplicate column 'k' in PRIMARY KEY/));
    await bad('CREATE TABLE t (k int PRIMARY KEY, k text)', irE(/Duplicate column 'k' declaration/));
    await bad('CREATE TABLE t (k int, c int, d int, PRIMARY KEY (k, c, d)) WITH CLUSTERING ORDER BY (d DESC, c ASC)', irE(/must exactly match/));
    await bad('CREATE TABLE t (k int, c int, v int, PRIMARY KEY (k, c)) WITH CLUSTERING ORDER BY (v DESC)', irE(/Only clustering key columns/));
    await bad('CREATE TABLE t (k int PRIMARY KEY, a counter, b int)', irE(/Cannot mix counter and non counter columns/));
    await bad('CREATE TABLE t (k int PRIMARY KEY, a counter) WITH default_time_to_live = 5', irE(/default_time_to_live on a table with counters/));
    await bad('CREATE TABLE t (k list<int> PRIMARY KEY, a int)', irE(/non-frozen collection type for PRIMARY KEY/));
    await bad('CREATE TABLE t (k int PRIMARY KEY, s int STATIC)', irE(/Static columns are only useful/));
    await bad('CREATE TABLE t (k int PRIMARY KEY, a frozen<nope>)', irE(/Unknown type ks.nope/));
    await bad('CREATE TABLE t (k int PRIMARY KEY, a list<list<int>>)', irE(/non-frozen collections are not allowed inside collections/));
    await bad("CREATE TABLE t (k int PRIMARY KEY) WITH colour = 'red'", (e) => e instanceof CqlSyntaxError && e.message === "Unknown property 'colour'");
    await bad('CREATE TABLE t (k int PRIMARY KEY) WITH bloom_filter_fp_chance = 2', (e) => e instanceof ConfigurationError && /bloom_filter_fp_chance must be larger than 0.0/.test(e.message));
    await bad("CREATE TABLE t (k int PRIMARY KEY) WITH compaction = {'min_threshold': 2}", (e) => e instanceof ConfigurationError && /Missing sub-option 'class'/.test(e.message));
    await bad("CREATE TABLE t (k int PRIMARY KEY) WITH caching = {'keys': 'SOME'}", (e) => e instanceof ConfigurationError);
    await bad("CREATE TABLE t (k int PRIMARY KEY) WITH comment = {'a': 'b'}", (e) => e instanceof CqlSyntaxError);
    await bad("CREATE TABLE nope.t (k int PRIMARY KEY)", irE(/Keyspace 'nope' doesn't exist/));
    await bad("CREATE TABLE system.t (k int PRIMARY KEY)", (e) => e instanceof UnauthorizedError && e.message === 'system keyspace is not user-modifiable.');
    assert.deepEqual(n.ctx.schema().keyspace('ks')!.tables, []);
  }));

test('ALTER TABLE ADD / DROP / RENAME / WITH; events; persistence', () =>
  withKs(async (n) => {
    await n.run('CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c))');
    assert.deepEqual(await n.run('ALTER TABLE t ADD (w int, s text static)'), { kind: 'schemaChange', change: { change: 'UPDATED', target: 'TABLE', keyspace: 'ks', name: 't' } });
    assert.deepEqual(await n.run('ALTER TABLE t ADD IF NOT EXISTS w int'), { kind: 'void' });
    await assert.rejects(async () => n.run('ALTER TABLE t ADD w int'), irE(/Column with name 'w' already exists/));
    await assert.rejects(async () => n.run('ALTER TABLE t ADD x counter'), irE(/Cannot add a counter column \(x\) in a non counter table/));
    await assert.rejects(async () => n.run('ALTER TABLE t DROP k'), irE(/Cannot drop PRIMARY KEY column k/));
    await assert.rejects(async () => n.run('ALTER TABLE t DROP nope'), irE(/Column nope was not found in table ks.t/));
    assert.deepEqual(await n.run('ALTER TABLE t DROP IF EXISTS nope'), { kind: 'void' });
    await n.run('ALTER TABLE t DROP w USING TIMESTAMP 1234');
    await assert.rejects(async () => n.run('ALTER TABLE t RENAME v TO vv'), irE(/Cannot rename non PRIMARY KEY column v/));
    await assert.rejects(async () => n.run('ALTER TABLE t RENAME c TO v'), irE(/another column with that name already exists/));
    await n.run('ALTER TABLE t RENAME k TO key AND c TO col');
    await n.run("ALTER TABLE t WITH comment = 'x' AND gc_grace_seconds = 10 AND compaction = {'class': 'TimeWindowCompactionStrategy'}");
    await assert.rejects(async () => n.run('ALTER TABLE t ALTER v TYPE blob'), irE(/Altering column types is no longer supported/));
    await assert.rejects(async () => n.run('ALTER TABLE nope ADD x int'), irE(/Table 'ks.nope' doesn't exist/));
    assert.deepEqual(await n.run('ALTER TABLE IF EXISTS nope ADD x int'), { kind: 'void' });
    const again = await n.restart();
    const t = again.ctx.schema().table('ks', 't')!;
    assert.deepEqual([...t.cql.columns.keys()], ['key', 'col', 'v', 's']);
    assert.deepEqual(t.droppedColumns.map((d) => [d.name, d.type.cqlName, d.kind, d.droppedTime]), [['w', 'int', 'regular', 1234n]]);
    assert.equal(t.comment, 'x');
    assert.equal(t.gcGraceSeconds, 10);
    assert.match(t.params.compaction.class!, /TimeWindowCompactionStrategy$/);
    await assert.rejects(async () => again.run('ALTER TABLE ks.t ADD w text'), irE(/Cannot re-add previously dropped column 'w' of type text, incompatible with previous type int/));
    return again;
  }));

test('data of a dropped column does not come back when the column is added again', () =>
  withKs(async (n) => {
    await n.run('CREATE TABLE t (k int PRIMARY KEY, v text, l list<int>)');
    const cf0 = n.ctx.schema().table('ks', 't')!;
    const key = INT32_TYPE.decompose(1);
    const l0 = new TableLayout(cf0);
    const at = n.clock.nowMs() * 1000;
    const v = cf0.cql.columns.get('v')!;
    await n.engine.apply(cf0.id, { key, partitionDeletion: null, rangeTombstones: [], cells: [liveCell(l0.markerName([])!, Buffer.alloc(0), BigInt(at))].concat([liveCell(l0.cellName([], v), UTF8_TYPE.decompose('old'), BigInt(at))]).sort((a, b) => Buffer.compare(a.name, b.name)) });
    await n.run('ALTER TABLE t DROP v');
    const readV = () => {
      const cf = n.ctx.schema().table('ks', 't')!;
      const read = n.engine.read(cf.id, key, { slices: [{ start: BOTTOM, end: TOP }], reversed: false }, 0)!;
      return assembleRows(new TableLayout(cf), read.cells, 0, false).rows;
    };
    assert.equal(readV().length, 1, 'the row (its marker) is still there');
    assert.equal(readV()[0]!.columns.size, 0, 'a dropped column is not read');
    n.clock.advanceSeconds(1);
    await n.run('ALTER TABLE t ADD v text');
    assert.equal(readV()[0]!.columns.has('v'), false, 'cells older than the drop stay hidden');
  }));

test('DROP TABLE', () =>
  withKs(async (n) => {
    await n.run('CREATE TABLE t (k int PRIMARY KEY)');
    assert.deepEqual(await n.run('DROP TABLE ks.t'), { kind: 'schemaChange', change: { change: 'DROPPED', target: 'TABLE', keyspace: 'ks', name: 't' } });
    await assert.rejects(async () => n.run('DROP TABLE t'), irE(/Table 'ks.t' doesn't exist/));
    assert.deepEqual(await n.run('DROP TABLE IF EXISTS t'), { kind: 'void' });
    const again = await n.restart();
    assert.equal(again.ctx.schema().table('ks', 't'), undefined);
    return again;
  }));

test("compression = {} turns compression off, stored as Cassandra stores it ({'enabled': 'false'})", () =>
  withKs(async (n) => {
    await n.run('CREATE TABLE nocomp (k int PRIMARY KEY) WITH compression = {}');
    assert.deepEqual(n.ctx.schema().table('ks', 'nocomp')!.params.compression, { enabled: 'false' });
    await n.run("ALTER TABLE nocomp WITH compression = {'class': 'LZ4Compressor'}");
    assert.deepEqual(n.ctx.schema().table('ks', 'nocomp')!.params.compression, { chunk_length_in_kb: '16', class: 'org.apache.cassandra.io.compress.LZ4Compressor' });
    await n.run('ALTER TABLE nocomp WITH compression = {}');
    assert.deepEqual(n.ctx.schema().table('ks', 'nocomp')!.params.compression, { enabled: 'false' });
  }));

test("DROP COMPACT STORAGE: Cassandra 4.0's refusal while enable_drop_compact_storage is off (its default); Ilium's own when on", async () => {
  const drop = 'ALTER TABLE t DROP COMPACT STORAGE';
  await withKs(async (n) => {
    await n.run('CREATE TABLE t (k int, c int, v int, PRIMARY KEY (k, c)) WITH COMPACT STORAGE');
    await assert.rejects(async () => n.run(drop), (e) => e instanceof InvalidRequestError && e.message === 'DROP COMPACT STORAGE is disabled. Enable in cassandra.yaml to use.');
  });
  await withKs(async (n) => {
    await n.run('CREATE TABLE t (k int, c int, v int, PRIMARY KEY (k, c)) WITH COMPACT STORAGE');
    await assert.rejects(async () => n.run(drop), (e) => e instanceof InvalidRequestError && e.message === 'DROP COMPACT STORAGE is not supported');
  }, { dropCompactStorageEnabled: true });
});
