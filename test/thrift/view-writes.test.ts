/**
 * Materialized views over Thrift, against `ilium start` (127.0.49.1) with views enabled: a view's
 * rows follow its base table only, so a Thrift write to the view's column family (insert, remove,
 * batch_mutate) is refused with Cassandra 3.x's message ("Cannot modify Materialized Views
 * directly", CassandraServer) and writes nothing; the view still reads over Thrift and CQL.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import type { CassandraClient } from './thrift-js-client.js';
import { type ThriftTestNode, nowMicros, startThriftNode, thriftRejects } from './thrift-test-node.js';

let node: ThriftTestNode;
let cql: cassandra.Client;
let thrift: CassandraClient;

before(async () => {
  node = await startThriftNode('127.0.49.1', 'enable_materialized_views: true\n');
  cql = new cassandra.Client({ contactPoints: [`${node.host}:${node.process.port}`], localDataCenter: 'datacenter1' });
  await cql.connect();
  await cql.execute("CREATE KEYSPACE mv WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await cql.execute('CREATE TABLE mv.t (k text PRIMARY KEY, v text)');
  await cql.execute('CREATE MATERIALIZED VIEW mv.by_v AS SELECT k, v FROM mv.t WHERE v IS NOT NULL AND k IS NOT NULL PRIMARY KEY (v, k)');
  await cql.execute("INSERT INTO mv.t (k, v) VALUES ('a', 'x')");
  thrift = (await node.connect('mv')).client;
});
after(async () => {
  await cql?.shutdown();
  await node?.close();
});

const viewRows = async () => (await cql.execute('SELECT v, k FROM mv.by_v')).rows.map((r) => `${r['v']}/${r['k']}`).sort();

test('Thrift writes to a view are refused with Cassandra 3.x\'s message and write nothing', async () => {
  const column = { name: Buffer.from('k'), value: Buffer.from('z'), timestamp: nowMicros() };
  await thriftRejects(thrift.insert(Buffer.from('y'), { column_family: 'by_v' }, column, node.ONE), 'InvalidRequestException', 'Cannot modify Materialized Views directly');
  await thriftRejects(thrift.remove(Buffer.from('x'), { column_family: 'by_v' }, nowMicros(), node.ONE), 'InvalidRequestException', 'Cannot modify Materialized Views directly');
  const mutation = { column_or_supercolumn: { column } };
  await thriftRejects(
    thrift.batch_mutate({ y: { t: [mutation], by_v: [mutation] } }, node.ONE),
    'InvalidRequestException',
    'Cannot modify Materialized Views directly',
  );
  assert.deepEqual(await viewRows(), ['x/a'], 'nothing written, not even the base part of the refused batch');
  assert.deepEqual((await cql.execute("SELECT k FROM mv.t WHERE k = 'y'")).rows, []);
});
