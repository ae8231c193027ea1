/**
 * The composition root in-process: a node from a config serves CQL on an ephemeral port, keeps
 * its identity (host id, token) across restarts, refuses a data directory written with another
 * partitioner or cluster name, reports a port in use clearly, and closes idempotently.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DEFAULT_SYSTEM_PROPERTIES, resolveNodeConfig } from '../config/index.js';
import { newClientState, queryOptions } from '../cql/execution/index.js';
import { createRealEnv } from '../env/index.js';
import { ConfigurationError, ErrorCode } from '../errors/index.js';
import { createKeyspace } from '../schema/index.js';
import { CqlWireClient } from '../../test/support/cql-wire-client.js';
import { tempEnv } from '../../test/support/temp-env.js';
import { IliumNode } from './ilium-node.js';
import { NODE_IDENTITY_FILE } from './node-identity.js';

const configFor = (dir: string, more: Record<string, unknown> = {}) =>
  resolveNodeConfig({ data_file_directories: [dir], native_transport_port: 0, rpc_port: 0, commitlog_sync: 'batch', ...more }).config;

test('a node serves CQL on an ephemeral port; USE works once a keyspace exists; close is idempotent', async () => {
  const { dir, cleanup } = tempEnv();
  try {
    const node = await IliumNode.start({ config: configFor(dir) });
    try {
      const address = node.cqlAddress!;
      assert.equal(address.host, '127.0.0.1');
      assert.ok(address.port > 0);
      assert.equal(node.ctx.node().nativePort, address.port, 'system.local reports the bound port');
      const c = await CqlWireClient.connect(node.env.net, address);
      await c.startup();
      const q = (query: string) => c.request({ opcode: 'QUERY', query, params: { consistency: 'ONE', values: [], skipMetadata: false } });
      const missing = await q('USE app');
      assert.ok(missing.response.opcode === 'ERROR' && missing.response.error.code === ErrorCode.INVALID);
      await node.keeper.addKeyspace(createKeyspace({ name: 'app' }, node.env.random));
      const used = await q('USE app');
      assert.deepEqual(used.response, { opcode: 'RESULT', result: { kind: 'set_keyspace', keyspace: 'app' } });
      c.close();
    } finally {
      await node.close();
      await node.close();
    }
  } finally {
    cleanup();
  }
});

test('the node identity is made once and kept; NodeInfo comes from the config', async () => {
  const { dir, cleanup } = tempEnv();
  try {
    const config = configFor(dir, { cluster_name: 'Ring', data_center: 'dc2', rack: 'r7', partitioner: 'RandomPartitioner' });
    const first = await IliumNode.start({ config });
    const info = first.ctx.node();
    await first.close();
    assert.equal(info.clusterName, 'Ring');
    assert.equal(info.dataCenter, 'dc2');
    assert.equal(info.rack, 'r7');
    assert.equal(info.partitionerClass, 'org.apache.cassandra.dht.RandomPartitioner');
    assert.equal(info.hostId.length, 16);
    assert.equal(info.hostId[6]! >> 4, 4, 'a version 4 UUID');
    assert.equal(info.tokens.length, config.num_tokens, 'a new node takes num_tokens tokens');
    const stored = JSON.parse(readFileSync(`${first.dataDir}/${NODE_IDENTITY_FILE}`, 'utf8')) as Record<string, unknown>;
    assert.equal(stored.partitioner, 'org.apache.cassandra.dht.RandomPartitioner');
    const second = await IliumNode.start({ config: { ...config, num_tokens: 4 } });
    try {
      assert.deepEqual(second.ctx.node().hostId, info.hostId);
      assert.deepEqual(second.ctx.node().tokens, info.tokens, 'an existing identity keeps its tokens whatever num_tokens says');
    } finally {
      await second.close();
    }
  } finally {
    cleanup();
  }
});

test('another partitioner or cluster name on an existing data directory is refused with what to do', async () => {
  const { dir, cleanup } = tempEnv();
  try {
    await (await IliumNode.start({ config: configFor(dir) })).close();
    await assert.rejects(IliumNode.start({ config: configFor(dir, { partitioner: 'ByteOrderedPartitioner' }) }), (e: unknown) => {
      assert.ok(e instanceof ConfigurationError);
      assert.match(e.message, /Cannot start with partitioner org\.apache\.cassandra\.dht\.ByteOrderedPartitioner: the data in .* is ordered by org\.apache\.cassandra\.dht\.Murmur3Partitioner\. Set "partitioner: org\.apache\.cassandra\.dht\.Murmur3Partitioner"/);
      return true;
    });
    await assert.rejects(IliumNode.start({ config: configFor(dir, { cluster_name: 'Other' }) }), /Saved cluster name Test Cluster != configured name Other/);
    // The refusals changed nothing: the original configuration still starts.
    await (await IliumNode.start({ config: configFor(dir) })).close();
  } finally {
    cleanup();
  }
});

test('a CQL port in use is a clear ConfigurationError, and the storage opened for it is closed again', async () => {
  const a = tempEnv();
  const b = tempEnv();
  try {
    const first = await IliumNode.start({ config: configFor(a.dir) });
    try {
      const port = first.cqlAddress!.port;
      await assert.rejects(IliumNode.start({ config: configFor(b.dir, { native_transport_port: port }) }), (e: unknown) => {
        assert.ok(e instanceof ConfigurationError);
        assert.equal(e.message, `cannot listen for CQL clients on 127.0.0.1:${port}: the port is in use (rpc_address, native_transport_port)`);
        return true;
      });
      // The failed node released its engine: the directory opens again.
      await (await IliumNode.start({ config: configFor(b.dir) })).close();
    } finally {
      await first.close();
    }
  } finally {
    a.cleanup();
    b.cleanup();
  }
});

test('start_native_transport: false opens storage only', async () => {
  const { dir, cleanup } = tempEnv();
  try {
    const node = await IliumNode.start({ config: configFor(dir, { start_native_transport: false }), env: createRealEnv() });
    assert.equal(node.cqlAddress, undefined);
    assert.equal(node.server, undefined);
    await node.close();
  } finally {
    cleanup();
  }
});

test('the default superuser is made under AllowAllAuthenticator too, as Cassandra makes it under any authenticator', async () => {
  const { dir, cleanup } = tempEnv();
  try {
    const node = await IliumNode.start({ config: configFor(dir), properties: { ...DEFAULT_SYSTEM_PROPERTIES, superuserSetupDelayMs: 0 } });
    try {
      const deadline = Date.now() + 10_000;
      let rows: readonly (readonly (Buffer | null)[])[] = [];
      while (rows.length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        const r = await node.processor.run(node.processor.prepareText("SELECT role, is_superuser, can_login FROM system_auth.roles WHERE role = 'cassandra'", undefined), newClientState(), queryOptions());
        rows = r.kind === 'rows' ? r.rows : [];
      }
      assert.equal(rows.length, 1, 'cassandra is in system_auth.roles');
      assert.deepEqual(rows[0]!.slice(1), [Buffer.from([1]), Buffer.from([1])], 'a superuser that may log in');
    } finally {
      await node.close();
    }
  } finally {
    cleanup();
  }
});
