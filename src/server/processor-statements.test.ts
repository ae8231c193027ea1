/**
 * The query processor with the real CQL statements, over the wire: DDL answers schema_change and
 * publishes the event; prepared INSERT with named and unset values; BATCH of texts and ids; a
 * prepared statement survives ALTER TABLE (bound again) and fails cleanly after DROP TABLE.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { ErrorCode } from '../errors/index.js';
import { CqlServer, type DecodedResponse, type QueryParameters, RecordingLogger, type ResultMessage, UNSET } from '../transport/index.js';
import { openCqlTestNode } from '../../test/support/cql-test-node.js';
import { tableRows } from '../../test/support/cql-table-rows.js';
import { CqlWireClient } from '../../test/support/cql-wire-client.js';
import { QueryProcessor } from './query-processor.js';

const int = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const text = (s: string) => Buffer.from(s, 'utf8');
const params = (values: QueryParameters['values'] = [], extra: Partial<QueryParameters> = {}): QueryParameters => ({ consistency: 'ONE', values, skipMetadata: false, ...extra });

function result(r: DecodedResponse): ResultMessage {
  if (r.response.opcode !== 'RESULT') throw new Error(`expected a RESULT, got ${JSON.stringify(r.response)}`);
  return r.response.result;
}

test('DDL, prepared INSERT with named and unset values, BATCH, ALTER and DROP under a prepared statement', async () => {
  const node = await openCqlTestNode();
  const processor = new QueryProcessor(node.ctx);
  const server = new CqlServer(node.env, processor, { host: '127.0.0.1', port: 0, logger: new RecordingLogger() });
  processor.publishTo((e) => server.publish(e));
  const address = await server.start();
  const c = await CqlWireClient.connect(node.env.net, address);
  const listener = await CqlWireClient.connect(node.env.net, address);
  try {
    await c.startup();
    await listener.startup();
    await listener.request({ opcode: 'REGISTER', events: ['SCHEMA_CHANGE'] });
    const q = (query: string, p: QueryParameters = params()) => c.request({ opcode: 'QUERY', query, params: p });

    const created = result(await q("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"));
    assert.deepEqual(created, { kind: 'schema_change', change: { change: 'CREATED', target: 'KEYSPACE', keyspace: 'ks' } });
    assert.equal(result(await q('CREATE TABLE ks.users (id int PRIMARY KEY, name text, age int)')).kind, 'schema_change');
    for (let i = 0; i < 200 && listener.events.length < 2; i++) await new Promise((r) => setTimeout(r, 5));
    assert.deepEqual(listener.events, [
      { type: 'SCHEMA_CHANGE', change: { change: 'CREATED', target: 'KEYSPACE', keyspace: 'ks' } },
      { type: 'SCHEMA_CHANGE', change: { change: 'CREATED', target: 'TABLE', keyspace: 'ks', name: 'users' } },
    ]);

    const insertText = 'INSERT INTO users (id, name, age) VALUES (:id, :name, :age)';
    assert.deepEqual(result(await q('USE ks')), { kind: 'set_keyspace', keyspace: 'ks' });
    const prepared = result(await c.request({ opcode: 'PREPARE', query: insertText }));
    assert.ok(prepared.kind === 'prepared');
    assert.deepEqual(prepared.id, createHash('md5').update(`ks${insertText}`).digest());
    assert.deepEqual(
      prepared.metadata.columns.map((s) => [s.keyspace, s.table, s.name, s.type]),
      [
        ['ks', 'users', 'id', { kind: 'native', name: 'int' }],
        ['ks', 'users', 'name', { kind: 'native', name: 'varchar' }],
        ['ks', 'users', 'age', { kind: 'native', name: 'int' }],
      ],
    );
    assert.deepEqual(prepared.metadata.pkIndexes, [0]);
    const exec = (values: QueryParameters['values'], names?: string[]) => c.request({ opcode: 'EXECUTE', id: prepared.id, params: params(values, names === undefined ? {} : { names }) });
    assert.equal(result(await exec([text('ann'), int(1), int(41)], ['name', 'id', 'age'])).kind, 'void');
    assert.equal(result(await exec([int(1), UNSET, int(42)])).kind, 'void', 'unset leaves name as it is');
    assert.deepEqual(tableRows(node, 'ks', 'users'), [{ id: 1, name: 'ann', age: 42 }]);

    const batch = await c.request({
      opcode: 'BATCH',
      type: 'LOGGED',
      consistency: 'ONE',
      statements: [
        { kind: 'query', query: "INSERT INTO users (id, name) VALUES (?, 'bob')", values: [int(2)] },
        { kind: 'prepared', id: prepared.id, values: [int(3), text('cy'), int(7)] },
      ],
    });
    assert.equal(result(batch).kind, 'void');
    const byId = tableRows(node, 'ks', 'users').sort((a, b) => (a.id as number) - (b.id as number));
    assert.deepEqual(byId, [{ id: 1, name: 'ann', age: 42 }, { id: 2, name: 'bob' }, { id: 3, name: 'cy', age: 7 }]);

    // A new column does not change the INSERT's shape: it is bound again and runs.
    assert.equal(result(await q('ALTER TABLE users ADD email text')).kind, 'schema_change');
    assert.equal(result(await exec([int(4), text('dee'), int(9)])).kind, 'void');
    assert.equal(tableRows(node, 'ks', 'users').length, 4);
    // Dropped table: the error the statement now gets, then the id is gone.
    assert.equal(result(await q('DROP TABLE users')).kind, 'schema_change');
    const dropped = await exec([int(5), text('x'), int(1)]);
    assert.ok(dropped.response.opcode === 'ERROR');
    assert.equal(dropped.response.error.code, ErrorCode.INVALID);
    assert.match(dropped.response.error.message, /users/);
    const gone = await exec([int(5), text('x'), int(1)]);
    assert.ok(gone.response.opcode === 'ERROR' && gone.response.error.code === ErrorCode.UNPREPARED);
  } finally {
    c.close();
    listener.close();
    await server.close();
    await node.close();
  }
});
