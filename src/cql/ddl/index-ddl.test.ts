/** CREATE / DROP INDEX on CQL tables (kept in the definition) and Thrift-made column families (KEYS in column metadata). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { AlreadyExistsError, createColumnFamily } from '../../schema/index.js';
import { type CqlTestNode, withKeyspace } from '../../../test/support/cql-test-node.js';

const withKs = withKeyspace;
const irE = (re: RegExp) => (e: unknown) => e instanceof InvalidRequestError && re.test(e.message);

test('CREATE INDEX on a CQL table: default names, targets, custom, persistence, DROP INDEX', () =>
  withKs(async (n) => {
    await n.run('CREATE TABLE t (k int, c int, v text, m map<text, int>, l list<int>, f frozen<list<int>>, PRIMARY KEY ((k, c)))');
    assert.deepEqual(await n.run('CREATE INDEX ON t (v)'), { kind: 'schemaChange', change: { change: 'UPDATED', target: 'TABLE', keyspace: 'ks', name: 't' } });
    await n.run('CREATE INDEX mk ON t (keys(m))');
    await n.run('CREATE INDEX ON t (l)');
    await n.run('CREATE INDEX ON t (full(f))');
    await n.run('CREATE INDEX ON t (c)');
    await n.run("CREATE CUSTOM INDEX sai ON t (v) USING 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'CONTAINS'}");
    assert.deepEqual(await n.run('CREATE INDEX IF NOT EXISTS mk ON t (v)'), { kind: 'void' });
    await assert.rejects(async () => n.run('CREATE INDEX mk ON t (v)'), (e) => e instanceof AlreadyExistsError && /Index 'mk' already exists/.test(e.message));
    await assert.rejects(async () => n.run('CREATE INDEX other ON t (v)'), irE(/Index other is a duplicate of existing index t_v_idx/));
    const check = (node: CqlTestNode) => {
      const cf = node.ctx.schema().table('ks', 't')!;
      assert.deepEqual(cf.indexes.map((i) => [i.name, i.kind, i.options]), [
        ['mk', 'COMPOSITES', { target: 'keys(m)' }],
        ['sai', 'CUSTOM', { class_name: 'org.apache.cassandra.index.sasi.SASIIndex', mode: 'CONTAINS', target: 'v' }],
        ['t_c_idx', 'COMPOSITES', { target: 'c' }],
        ['t_f_idx', 'COMPOSITES', { target: 'full(f)' }],
        ['t_l_idx', 'COMPOSITES', { target: 'values(l)' }],
        ['t_v_idx', 'COMPOSITES', { target: 'v' }],
      ]);
    };
    check(n);
    n = await n.restart();
    check(n);
    await assert.rejects(async () => n.run('ALTER TABLE ks.t DROP v'), irE(/dependent secondary indexes \(sai, t_v_idx\)/));
    assert.deepEqual(await n.run('DROP INDEX ks.mk'), { kind: 'schemaChange', change: { change: 'UPDATED', target: 'TABLE', keyspace: 'ks', name: 't' } });
    await assert.rejects(async () => n.run('DROP INDEX ks.mk'), irE(/Index 'ks.mk' doesn't exist/));
    assert.deepEqual(await n.run('DROP INDEX IF EXISTS ks.mk'), { kind: 'void' });
    n.state.keyspace = 'ks';
    await n.run('CREATE INDEX ON t (v)').catch(() => undefined);
    await n.run('DROP INDEX t_v_idx');
    await n.run('CREATE INDEX ON t (v)');
    assert.ok(n.ctx.schema().table('ks', 't')!.indexes.some((i) => i.name === 't_v_idx'));
    return n;
  }, { sasiIndexesEnabled: true }));

test("SASI indexes need enable_sasi_indexes (Cassandra 4.0's default: off) and warn that they are experimental", async () => {
  const sasi = "CREATE CUSTOM INDEX s ON t (v) USING 'org.apache.cassandra.index.sasi.SASIIndex'";
  await withKs(async (n) => {
    await n.run('CREATE TABLE t (k int PRIMARY KEY, v text)');
    await assert.rejects(async () => n.run(sasi), irE(/^SASI indexes are disabled\. Enable in cassandra\.yaml to use\.$/));
    assert.deepEqual(n.ctx.schema().table('ks', 't')!.indexes, []);
    await n.run("CREATE CUSTOM INDEX other ON t (v) USING 'com.example.MyIndex'");
    assert.deepEqual(n.warnings, [], 'another custom class: no SASI check, no warning');
  });
  await withKs(async (n) => {
    await n.run('CREATE TABLE t (k int PRIMARY KEY, v text)');
    await n.run(sasi);
    assert.deepEqual(n.warnings, ['SASI indexes are experimental and are not recommended for production use.']);
  }, { sasiIndexesEnabled: true });
});

test('CREATE INDEX errors', () =>
  withKs(async (n) => {
    await n.run('CREATE TABLE t (k int, c int, m map<text, int>, f frozen<map<int, int>>, s set<int>, PRIMARY KEY (k, c))');
    const bad = (cql: string, re: RegExp) => assert.rejects(async () => n.run(cql), irE(re));
    await bad('CREATE INDEX ON t (k)', /only partition key column k/);
    await bad('CREATE INDEX ON t (nope)', /Undefined column name nope/);
    await bad('CREATE INDEX ON t (keys(s))', /non-map type/);
    await bad('CREATE INDEX ON t (full(m))', /full\(\) indexes can only be created on frozen collections/);
    await bad('CREATE INDEX ON t (f)', /must be fully indexed/);
    await bad('CREATE INDEX ON nope (c)', /Table 'ks.nope' doesn't exist/);
    await n.run('CREATE TABLE cnt (k int PRIMARY KEY, n counter)');
    await bad('CREATE INDEX ON cnt (n)', /counter/);
  }));

test('CREATE INDEX on a Thrift-made column family is its KEYS index in the column metadata', () =>
  withKs(async (n) => {
    const cf = createColumnFamily({ keyspace: 'ks', name: 'Users', comparator: 'UTF8Type', keyValidator: 'UTF8Type', columnMetadata: [{ name: 'state', validator: 'UTF8Type' }, { name: 'age', validator: 'LongType' }] }, n.env.random);
    await n.ctx.keeper.addColumnFamily(cf);
    await n.run('CREATE INDEX ON "Users" (state)');
    const meta = () => n.ctx.schema().table('ks', 'Users')!.columnMetadata.find((c) => c.name.toString() === 'state')!;
    assert.equal(meta().indexType, 'KEYS');
    assert.equal(meta().indexName, 'Users_state_idx');
    assert.ok(n.engine.tableIds().length >= 2, 'the KEYS index table is registered');
    await assert.rejects(async () => n.run('CREATE INDEX x ON "Users" (state)'), irE(/duplicate of existing index Users_state_idx/));
    await n.run('DROP INDEX "Users_state_idx"');
    assert.equal(meta().indexType, null);
  }));
