/** CREATE / ALTER / DROP KEYSPACE against a real node: schema effect, persistence, events, errors. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigurationError, CqlSyntaxError, InvalidRequestError } from '../../errors/index.js';
import { AlreadyExistsError, createKeyspace } from '../../schema/index.js';
import { openCqlTestNode } from '../../../test/support/cql-test-node.js';

test('CREATE KEYSPACE: replication, durable_writes, event, persistence, IF NOT EXISTS', async () => {
  let n = await openCqlTestNode();
  try {
    const r = await n.run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3} AND durable_writes = false");
    assert.deepEqual(r, { kind: 'schemaChange', change: { change: 'CREATED', target: 'KEYSPACE', keyspace: 'ks' } });
    const ks = n.ctx.schema().keyspace('ks')!;
    assert.deepEqual(ks.replication, { class: 'SimpleStrategy', options: { replication_factor: '3' } });
    assert.equal(ks.durableWrites, false);
    await n.run("CREATE KEYSPACE nts WITH replication = {'class': 'org.apache.cassandra.locator.NetworkTopologyStrategy', 'datacenter1': '2'}");
    assert.deepEqual(n.ctx.schema().keyspace('nts')!.replication, { class: 'NetworkTopologyStrategy', options: { datacenter1: '2' } });
    // replication_factor means every known data center (this node's: datacenter1).
    await n.run("CREATE KEYSPACE nts3 WITH replication = {'class': 'NetworkTopologyStrategy', 'replication_factor': 3}");
    assert.deepEqual(n.ctx.schema().keyspace('nts3')!.replication.options, { datacenter1: '3' });
    // A keyspace stored with a data center no node has (one that is gone) still loads on restart.
    await n.ctx.keeper.addKeyspace(createKeyspace({ name: 'gone', replication: { class: 'NetworkTopologyStrategy', options: { dc9: '1' } } }, n.ctx.env.random));
    assert.deepEqual(await n.run("CREATE KEYSPACE IF NOT EXISTS ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"), { kind: 'void' });
    await assert.rejects(async () => n.run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"), (e) => e instanceof AlreadyExistsError && e.keyspace === 'ks' && e.table === '');
    n = await n.restart();
    assert.equal(n.ctx.schema().keyspace('ks')!.durableWrites, false);
    assert.equal(n.ctx.schema().keyspace('nts')!.replication.options.datacenter1, '2');
    assert.deepEqual(n.ctx.schema().keyspace('gone')!.replication.options, { dc9: '1' });
  } finally {
    await n.close();
  }
});

test('CREATE KEYSPACE errors', async () => {
  const n = await openCqlTestNode();
  try {
    await assert.rejects(async () => n.run('CREATE KEYSPACE ks WITH durable_writes = true'), (e) => e instanceof InvalidRequestError && /Missing mandatory option 'replication'/.test(e.message));
    await assert.rejects(async () => n.run("CREATE KEYSPACE ks WITH replication = {'replication_factor': 1}"), (e) => e instanceof ConfigurationError && /Missing replication strategy class/.test(e.message));
    await assert.rejects(async () => n.run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy'}"), (e) => e instanceof ConfigurationError && /requires a replication_factor/.test(e.message));
    await assert.rejects(async () => n.run("CREATE KEYSPACE ks WITH replication = {'class': 'Nope'}"), (e) => e instanceof ConfigurationError && /Unable to find replication strategy class 'Nope'/.test(e.message));
    await assert.rejects(async () => n.run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1} AND colour = 'red'"), (e) => e instanceof CqlSyntaxError && e.message === "Unknown property 'colour'");
    await assert.rejects(async () => n.run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1} AND durable_writes = 'maybe'"), CqlSyntaxError);
    // Cassandra 4.0: NetworkTopologyStrategy accepts only data centers some node is in.
    const unrecognized = (dc: string) => (e: unknown) => e instanceof ConfigurationError && e.message === `Unrecognized strategy option {${dc}} passed to NetworkTopologyStrategy for keyspace ks`;
    await assert.rejects(async () => n.run("CREATE KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy', 'nosuchdc': 1}"), unrecognized('nosuchdc'));
    await assert.rejects(async () => n.run("CREATE KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': 1, 'dc2': 1}"), unrecognized('dc2'));
    await assert.rejects(async () => n.run("CREATE KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy'}"), (e) => e instanceof ConfigurationError && e.message === 'Configuration for at least one datacenter must be present');
    await assert.rejects(async () => n.run("CREATE KEYSPACE system_schema WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"), /not user-modifiable/);
    assert.equal(n.ctx.schema().keyspaces.length, 0);
  } finally {
    await n.close();
  }
});

test('ALTER and DROP KEYSPACE', async () => {
  let n = await openCqlTestNode();
  try {
    await n.run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    const r = await n.run("ALTER KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': 2} AND durable_writes = false");
    assert.deepEqual(r, { kind: 'schemaChange', change: { change: 'UPDATED', target: 'KEYSPACE', keyspace: 'ks' } });
    await assert.rejects(async () => n.run("ALTER KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy', 'INVALID_DC': 2}"), (e) => e instanceof ConfigurationError && e.message === 'Unrecognized strategy option {INVALID_DC} passed to NetworkTopologyStrategy for keyspace ks');
    n = await n.restart();
    assert.deepEqual(n.ctx.schema().keyspace('ks')!.replication, { class: 'NetworkTopologyStrategy', options: { datacenter1: '2' } });
    assert.equal(n.ctx.schema().keyspace('ks')!.durableWrites, false);
    await assert.rejects(async () => n.run("ALTER KEYSPACE nope WITH durable_writes = true"), (e) => e instanceof InvalidRequestError && e.message === "Keyspace 'nope' doesn't exist");
    assert.deepEqual(await n.run('ALTER KEYSPACE IF EXISTS nope WITH durable_writes = true'), { kind: 'void' });
    await n.run('CREATE TABLE ks.t (k int PRIMARY KEY, v text)');
    assert.deepEqual(await n.run('DROP KEYSPACE ks'), { kind: 'schemaChange', change: { change: 'DROPPED', target: 'KEYSPACE', keyspace: 'ks' } });
    assert.equal(n.ctx.schema().keyspace('ks'), undefined);
    await assert.rejects(async () => n.run('DROP KEYSPACE ks'), (e) => e instanceof InvalidRequestError && e.message === "Keyspace 'ks' doesn't exist");
    assert.deepEqual(await n.run('DROP KEYSPACE IF EXISTS ks'), { kind: 'void' });
    n = await n.restart();
    assert.equal(n.ctx.schema().keyspace('ks'), undefined);
  } finally {
    await n.close();
  }
});
