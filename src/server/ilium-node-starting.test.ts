/**
 * A node's client port opens before its membership runs; requests that arrive in that window are
 * refused as Unavailable (switchable-data-store.ts), never answered from the local store alone.
 * The window is held open by a storage port whose listen waits until the test lets it go.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Network, createSimEnv } from '../env/index.js';
import { ErrorCode } from '../errors/index.js';
import type { DecodedResponse, Request } from '../transport/protocol/index.js';
import { CqlWireClient } from '../../test/support/cql-wire-client.js';
import { runFor, simAwait } from '../../test/support/net-sim.js';
import { RING_CLUSTER_OPTIONS, ringNodeConfig } from '../../test/support/ring-sim.js';
import { IliumNode } from './ilium-node.js';

const query = (q: string, consistency: 'ONE' | 'QUORUM' = 'ONE'): Request => ({ opcode: 'QUERY', query: q, params: { consistency, values: [], skipMetadata: false } });

function errorOf(r: DecodedResponse) {
  assert.equal(r.response.opcode, 'ERROR');
  return r.response.opcode === 'ERROR' ? r.response.error : assert.fail();
}

test('until membership runs, data requests are Unavailable (alive 0, required blockFor); then they are served', async () => {
  const env = createSimEnv(11);
  let letStorageListen!: () => void;
  const held = new Promise<void>((resolve) => (letStorageListen = resolve));
  const net: Network = {
    listen: async (options, onConnection) => {
      if (options.port === 7000) await held;
      return env.net.listen(options, onConnection);
    },
    connect: (address) => env.net.connect(address),
    serveHttp: (options, handle) => env.net.serveHttp(options, handle),
  };
  const starting = IliumNode.start({ env: { ...env, net }, config: ringNodeConfig(1), cluster: RING_CLUSTER_OPTIONS });
  await runFor(env, 100);
  const c = await simAwait(env, CqlWireClient.connect(env.net, { host: '127.0.0.1', port: 9042 }));
  await simAwait(env, c.startup());
  const run = (q: string, cl?: 'ONE' | 'QUORUM') => simAwait(env, c.request(query(q, cl)));
  assert.equal((await run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}")).response.opcode, 'RESULT', 'schema changes are not data requests');
  assert.equal((await run('CREATE TABLE ks.t (id int PRIMARY KEY, v int)')).response.opcode, 'RESULT');

  const write = errorOf(await run('INSERT INTO ks.t (id, v) VALUES (1, 1)', 'QUORUM'));
  assert.deepEqual({ ...write, message: '' }, { code: ErrorCode.UNAVAILABLE, message: '', consistency: 'QUORUM', required: 2, alive: 0 });
  assert.match(write.message, /starting/);
  const read = errorOf(await run('SELECT v FROM ks.t WHERE id = 1'));
  assert.deepEqual([read.code, 'required' in read ? read.required : -1], [ErrorCode.UNAVAILABLE, 1]);

  letStorageListen();
  const node = await simAwait(env, starting);
  try {
    assert.equal((await run("ALTER KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")).response.opcode, 'RESULT');
    assert.equal((await run('INSERT INTO ks.t (id, v) VALUES (1, 1)', 'QUORUM')).response.opcode, 'RESULT', 'the coordinator serves it');
    const rows = await run('SELECT v FROM ks.t WHERE id = 1', 'QUORUM');
    assert.ok(rows.response.opcode === 'RESULT' && rows.response.result.kind === 'rows' && rows.response.result.rows.length === 1);
  } finally {
    c.close();
    await simAwait(env, node.close());
  }
});
