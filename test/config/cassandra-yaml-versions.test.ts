/**
 * A node started from a cassandra.yaml written as Cassandra 4.1 / 5.0 write it (a real `ilium
 * start` at 127.0.17.31, npm cassandra-driver): the renamed keys with units take effect (a batch
 * over `batch_size_fail_threshold: 2KiB` is refused with Cassandra's message, an unlogged batch over
 * unlogged_batch_across_partitions_warn_threshold partitions warns), 5.0's authenticator
 * written as a class asks for a login, keys Ilium does not use are logged as ignored under the
 * names the file used, and a guardrail set to restrict something stops the start with one line.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import cassandra from 'cassandra-driver';
import { SUPERUSER_AT_ONCE, defaultSuperuserReady } from '../support/default-superuser.js';
import { startIliumProcess } from '../support/ilium-process.js';

const ADDRESS = '127.0.17.31';

const YAML_41 = [
  'authenticator:',
  '  class_name: org.apache.cassandra.auth.PasswordAuthenticator',
  'batch_size_warn_threshold: 1KiB',
  'batch_size_fail_threshold: 2KiB',
  'write_request_timeout: 3s',
  'read_request_timeout: 5000ms',
  'key_cache_size: 50MiB',
  'compaction_throughput: 32MiB/s',
  'allow_filtering_enabled: true',
  'unlogged_batch_across_partitions_warn_threshold: 2',
  '',
].join('\n');

test('4.1/5.0 names and units take effect on a running node; unused keys are logged under their own names', async () => {
  const node = await startIliumProcess({ address: ADDRESS, args: ['--seeds', ADDRESS, SUPERUSER_AT_ONCE], configYaml: YAML_41 });
  const client = new cassandra.Client({
    contactPoints: [`${node.host}:${node.port}`],
    localDataCenter: 'datacenter1',
    authProvider: new cassandra.auth.PlainTextAuthProvider('cassandra', 'cassandra'),
  });
  try {
    const anonymous = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
    await assert.rejects(anonymous.connect(), /requires authentication|Authentication/i);
    await anonymous.shutdown();
    await defaultSuperuserReady(node.host, node.port);
    await client.connect();
    await client.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await client.execute('CREATE TABLE ks.t (k int PRIMARY KEY, v text)');
    const big = 'x'.repeat(1500);
    await assert.rejects(
      client.batch([{ query: 'INSERT INTO ks.t (k, v) VALUES (1, ?)', params: [big] }, { query: 'INSERT INTO ks.t (k, v) VALUES (2, ?)', params: [big] }], { prepare: true }),
      (e: unknown) => {
        assert.equal((e as { code?: number }).code, cassandra.types.responseErrorCodes.invalid);
        assert.equal((e as Error).message, 'Batch too large');
        return true;
      },
    );
    const warned = await client.batch([{ query: 'INSERT INTO ks.t (k, v) VALUES (1, ?)', params: ['a'.repeat(700)] }, { query: 'INSERT INTO ks.t (k, v) VALUES (2, ?)', params: ['b'.repeat(700)] }], { prepare: true });
    assert.match(warned.info.warnings?.[0] ?? '', /^Batch for \[ks\.t\] is of size \d+, exceeding specified threshold of 1024 by \d+\.$/, 'over the warn threshold (1KiB), under the fail one: written, with the warning');
    // unlogged_batch_across_partitions_warn_threshold (same name in 4.0 and 4.1): three partitions warn, two do not.
    const unlogged = (keys: number[]) => client.batch(keys.map((k) => ({ query: "INSERT INTO ks.t (k, v) VALUES (?, 'u')", params: [k] })), { prepare: true, logged: false });
    assert.deepEqual((await unlogged([1, 2])).info.warnings ?? [], []);
    assert.deepEqual((await unlogged([1, 2, 3])).info.warnings, ['Unlogged batch covering 3 partitions detected against table [ks.t]. You should use a logged batch for atomicity, or asynchronous writes for performance.']);
    const ignored = /config_keys_ignored.*"keys":\["key_cache_size","compaction_throughput"\]/;
    assert.match(node.output(), ignored);
  } finally {
    await client.shutdown();
    assert.equal(await node.stop(), 0, node.output().slice(-2000));
    node.dispose();
  }
});

test('a guardrail set to restrict something stops the start, naming it', async () => {
  await assert.rejects(
    startIliumProcess({ address: ADDRESS, args: ['--seeds', ADDRESS], configYaml: 'allow_filtering_enabled: false\n' }),
    /allow_filtering_enabled: false is not implemented in Ilium yet, so the start is refused rather than run without it/,
  );
});
