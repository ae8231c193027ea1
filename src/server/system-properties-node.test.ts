/**
 * A node started with Cassandra's `-D` test hooks: `cassandra.test.fail_writes_ks` makes every
 * write to that keyspace a WRITE_FAILURE (other keyspaces and reads unaffected), and the
 * CustomPayloadMirroringQueryHandler answers QUERY, PREPARE, EXECUTE and BATCH with the custom
 * payload the request carried; without it the payload is read and ignored.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSystemProperties, resolveNodeConfig, type SystemProperties } from '../config/index.js';
import { ErrorCode } from '../errors/index.js';
import type { DecodedResponse, Request } from '../transport/index.js';
import { CqlWireClient } from '../../test/support/cql-wire-client.js';
import { tempEnv } from '../../test/support/temp-env.js';
import { IliumNode } from './ilium-node.js';

async function withNode(properties: SystemProperties, fn: (c: CqlWireClient) => Promise<void>): Promise<void> {
  const { dir, cleanup } = tempEnv();
  const config = resolveNodeConfig({ data_file_directories: [dir], native_transport_port: 0, rpc_port: 0, commitlog_sync: 'batch' }).config;
  const node = await IliumNode.start({ config, properties });
  try {
    const c = await CqlWireClient.connect(node.env.net, node.cqlAddress!);
    await c.startup();
    try {
      await fn(c);
    } finally {
      c.close();
    }
  } finally {
    await node.close();
    cleanup();
  }
}

const query = (q: string): Request => ({ opcode: 'QUERY', query: q, params: { consistency: 'QUORUM', values: [], skipMetadata: false } });

function ok(r: DecodedResponse): DecodedResponse {
  if (r.response.opcode === 'ERROR') assert.fail(r.response.error.message);
  return r;
}

async function schema(c: CqlWireClient, ...keyspaces: string[]): Promise<void> {
  for (const ks of keyspaces) {
    ok(await c.request(query(`CREATE KEYSPACE ${ks} WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}`)));
    ok(await c.request(query(`CREATE TABLE ${ks}.t (id int PRIMARY KEY, v int)`)));
  }
}

test('fail_writes_ks: writes to that keyspace fail with WRITE_FAILURE; reads and other keyspaces work', async () => {
  await withNode(parseSystemProperties(['cassandra.test.fail_writes_ks=test']), async (c) => {
    await schema(c, 'test', 'other');
    for (const statement of ['INSERT INTO test.t (id, v) VALUES (1, 1)', 'UPDATE test.t SET v = 2 WHERE id = 1', 'DELETE FROM test.t WHERE id = 1']) {
      const r = await c.request(query(statement));
      assert.equal(r.response.opcode, 'ERROR', statement);
      if (r.response.opcode !== 'ERROR') return;
      const e = r.response.error;
      assert.equal(e.code, ErrorCode.WRITE_FAILURE);
      assert.match(e.message, /^Operation failed - received 0 responses and 1 failures/);
      assert.deepEqual('numFailures' in e ? [e.consistency, e.received, e.blockFor, e.numFailures] : [], ['QUORUM', 0, 1, 1]);
    }
    const rows = ok(await c.request(query('SELECT * FROM test.t')));
    assert.deepEqual(rows.response.opcode === 'RESULT' && rows.response.result.kind === 'rows' ? rows.response.result.rows : null, []);
    ok(await c.request(query('INSERT INTO other.t (id, v) VALUES (1, 1)')));
    const other = ok(await c.request(query('SELECT v FROM other.t WHERE id = 1')));
    assert.equal(other.response.opcode === 'RESULT' && other.response.result.kind === 'rows' ? other.response.result.rows.length : -1, 1);
  });
});

const PAYLOAD = new Map<string, Buffer | null>([['a', Buffer.from([10, 20])], ['b', null]]);

test('the payload-mirroring handler answers QUERY, PREPARE, EXECUTE and BATCH with the request payload', async () => {
  const props = parseSystemProperties(['cassandra.custom_query_handler_class=org.apache.cassandra.cql3.CustomPayloadMirroringQueryHandler']);
  await withNode(props, async (c) => {
    await schema(c, 'ks');
    const selected = ok(await c.request(query('SELECT * FROM ks.t WHERE id = 42'), { customPayload: PAYLOAD }));
    assert.deepEqual(selected.customPayload, PAYLOAD);
    const inserted = ok(await c.request(query('INSERT INTO ks.t (id, v) VALUES (1, 1)'), { customPayload: PAYLOAD }));
    assert.deepEqual(inserted.customPayload, PAYLOAD);
    assert.equal(ok(await c.request(query('SELECT * FROM ks.t'))).customPayload, undefined, 'no payload sent, none mirrored');
    const prepared = ok(await c.request({ opcode: 'PREPARE', query: 'SELECT v FROM ks.t WHERE id = ?' }, { customPayload: PAYLOAD }));
    assert.deepEqual(prepared.customPayload, PAYLOAD);
    const id = prepared.response.opcode === 'RESULT' && prepared.response.result.kind === 'prepared' ? prepared.response.result.id : Buffer.alloc(0);
    const one = new Map([['x', Buffer.from('y')]]);
    const executed = ok(await c.request({ opcode: 'EXECUTE', id, params: { consistency: 'ONE', values: [Buffer.from([0, 0, 0, 1])], skipMetadata: false } }, { customPayload: one }));
    assert.deepEqual(executed.customPayload, one);
    const batch: Request = { opcode: 'BATCH', type: 'LOGGED', statements: [{ kind: 'query', query: 'INSERT INTO ks.t (id, v) VALUES (2, 2)', values: [] }], consistency: 'ONE' };
    assert.deepEqual(ok(await c.request(batch, { customPayload: PAYLOAD })).customPayload, PAYLOAD);
    const failed = await c.request(query('SELECT * FROM ks.missing'), { customPayload: PAYLOAD });
    assert.equal(failed.response.opcode, 'ERROR');
    assert.equal(failed.customPayload, undefined, 'errors carry no payload');
  });
});

test('without the mirroring handler a request payload is accepted and nothing comes back', async () => {
  await withNode(parseSystemProperties([]), async (c) => {
    await schema(c, 'ks');
    const r = ok(await c.request(query('SELECT * FROM ks.t'), { customPayload: PAYLOAD }));
    assert.equal(r.customPayload, undefined);
  });
});
