/**
 * max_value_size_in_mb on real `ilium start` processes (127.0.51.10–13) with the npm driver. A
 * 2 MiB value written under the default bound (256) is damage once the node restarts with
 * `max_value_size_in_mb: 1`, as in Cassandra 4.0 (AbstractType.readBuffer, from
 * Cell.Serializer.deserialize), with its message — through the damage paths docs/RELIABILITY.md
 * describes, never dropped silently:
 * - in an SSTable: the read is logged `sstable_corruption` (ERROR) and answered READ_FAILURE,
 *   `nodetool verify` reports it;
 *   other partitions and tables still answer; `max_value_size: 1MiB` (4.1's name) does the same.
 *   The flushed entry still in a retained commit-log segment is not replayed, so not held to the
 *   bound (regression: replay checked every entry and the node refused to start);
 * - in the commit log: replay refuses the start (CorruptionError), and with
 *   -Dcassandra.commitlog.ignorereplayerrors=true the entry is skipped, logged, and the rest replayed.
 * Values from clients are not held to the bound (Cassandra 4.0 checks only what it deserializes).
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import cassandra from 'cassandra-driver';
import { type IliumProcess, runIliumCommand, startIliumProcess } from '../support/ilium-process.js';

const BIG = Buffer.alloc(2 * 1024 * 1024, 0x61);
const MESSAGE = `Corrupt value length ${BIG.length} encountered, as it exceeds the maximum of 1048576, which is set via max_value_size_in_mb in cassandra.yaml`;
const owned: IliumProcess[] = [];
const clients: cassandra.Client[] = [];

after(async () => {
  for (const c of clients) await c.shutdown().catch(() => undefined);
  for (const n of owned) {
    await n.kill9();
    n.dispose();
  }
});

async function start(address: string, yaml: string, dataDir?: string, args: readonly string[] = []): Promise<{ node: IliumProcess; client: cassandra.Client }> {
  const node = await startIliumProcess({ address, args: ['--seeds', address, ...args], configYaml: yaml, ...(dataDir === undefined ? {} : { dataDir }) });
  if (dataDir === undefined) owned.push(node);
  const client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1', socketOptions: { readTimeout: 20_000 } });
  clients.push(client);
  await client.connect();
  return { node, client };
}

async function stop(n: { node: IliumProcess; client: cassandra.Client }, how: 'clean' | 'kill9'): Promise<void> {
  await n.client.shutdown();
  if (how === 'clean') assert.equal(await n.node.stop(), 0);
  else await n.node.kill9();
}

async function schema(c: cassandra.Client): Promise<void> {
  await c.execute("CREATE KEYSPACE mv WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await c.execute('CREATE TABLE mv.t (k int PRIMARY KEY, v blob)');
  await c.execute('CREATE TABLE mv.other (k int PRIMARY KEY, v blob)');
  await c.execute('INSERT INTO mv.t (k, v) VALUES (?, ?)', [1, BIG], { prepare: true });
  for (let k = 2; k < 12; k++) await c.execute('INSERT INTO mv.t (k, v) VALUES (?, ?)', [k, Buffer.from('small')], { prepare: true });
  await c.execute('INSERT INTO mv.other (k, v) VALUES (?, ?)', [1, Buffer.from('other')], { prepare: true });
}

/** Pino's JSON lines of one event, once the node wrote one (its output arrives after the client's answer). */
async function logged(node: IliumProcess, event: string): Promise<Record<string, unknown>[]> {
  const lines = () => node.output().split('\n').filter((l) => l.includes(`"event":"${event}"`)).map((l) => JSON.parse(l.slice(l.indexOf('{'))) as Record<string, unknown>);
  for (const deadline = Date.now() + 10_000; lines().length === 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
  return lines();
}

const isReadFailure = (e: unknown): boolean => (e as { code?: number }).code === cassandra.types.responseErrorCodes.readFailure;

for (const [name, address, yaml] of [
  ['max_value_size_in_mb: 1', '127.0.51.10', 'max_value_size_in_mb: 1\n'],
  ["4.1's max_value_size: 1MiB", '127.0.51.11', 'max_value_size: 1MiB\n'],
] as const) {
  test(`${name}: a longer value in an SSTable is damage: logged, READ_FAILURE; the rest still answers`, { timeout: 120_000 }, async () => {
    const first = await start(address, '');
    await schema(first.client);
    assert.equal((await first.client.execute('SELECT v FROM mv.t WHERE k = 1')).first().get('v').length, BIG.length, 'accepted from the client under the default bound');
    const flush = await runIliumCommand(['nodetool', '-p', String(first.node.adminPort), 'flush', 'mv']);
    assert.equal(flush.code, 0, flush.stderr);
    await stop(first, 'clean');

    const bounded = await start(address, yaml, first.node.dataDir);
    try {
      await assert.rejects(bounded.client.execute('SELECT v FROM mv.t WHERE k = 1'), isReadFailure);
      const [line] = await logged(bounded.node, 'sstable_corruption');
      assert.ok(line !== undefined, 'the damage is logged');
      assert.equal(line['level'], 50);
      assert.match(String(line['error']), new RegExp(MESSAGE.replace(/[()]/g, '\\$&')));
      assert.match(String(line['file']), /-Data\.db$/);
      assert.equal((await bounded.client.execute('SELECT v FROM mv.t WHERE k = 2')).first().get('v').toString(), 'small', 'another partition of the SSTable');
      assert.equal((await bounded.client.execute('SELECT v FROM mv.other WHERE k = 1')).first().get('v').toString(), 'other', 'another table');
      assert.doesNotMatch(bounded.node.output(), /config_keys_ignored[^\n]*max_value_size/, 'the key is read, not reported as ignored');
      // nodetool verify holds the SSTable to the same bound as reads do.
      const verify = await runIliumCommand(['nodetool', '-p', String(bounded.node.adminPort), 'verify', 'mv', 't']);
      assert.match(verify.stdout, /: verified 10 partitions \(\d+ cells\) intact; 1 partitions, \d+ cells damaged/, verify.stdout + verify.stderr);
      // From a client the bound does not apply (Cassandra 4.0 checks only what it deserializes).
      await bounded.client.execute('INSERT INTO mv.other (k, v) VALUES (?, ?)', [2, BIG], { prepare: true });
      assert.equal((await bounded.client.execute('SELECT v FROM mv.other WHERE k = 2')).first().get('v').length, BIG.length);
    } finally {
      await stop(bounded, 'kill9');
    }
  });
}

test('max_value_size_in_mb: 1: a longer value in the commit log stops the start; ignorereplayerrors skips it, logged, and replays the rest', { timeout: 120_000 }, async () => {
  const first = await start('127.0.51.12', 'commitlog_sync: batch\n');
  await schema(first.client);
  await stop(first, 'kill9');
  // Nothing flushed: every row is in the commit log only.
  await assert.rejects(start('127.0.51.12', 'max_value_size_in_mb: 1\n', first.node.dataDir), (e: Error) => /exited with 1 before it was ready/.test(e.message) && e.message.includes('CorruptionError') && e.message.includes(MESSAGE));
  const ignoring = await start('127.0.51.12', 'max_value_size_in_mb: 1\n', first.node.dataDir, ['-Dcassandra.commitlog.ignorereplayerrors=true']);
  try {
    const [skipped] = await logged(ignoring.node, 'commitlog_skipped_corruption');
    assert.ok(skipped !== undefined && String(JSON.stringify(skipped)).includes(MESSAGE), `the skipped entry is logged with why: ${JSON.stringify(skipped)}`);
    assert.equal((await ignoring.client.execute('SELECT v FROM mv.t WHERE k = 1')).rows.length, 0, 'the entry with the long value is what was skipped');
    assert.equal((await ignoring.client.execute('SELECT k FROM mv.t')).rows.length, 10, 'the other entries replayed');
  } finally {
    await stop(ignoring, 'kill9');
  }
});

test('max_value_size_in_mb out of Cassandra 4.0 range stops the start with its message', { timeout: 60_000 }, async () => {
  for (const [value, message] of [['0', 'max_value_size_in_mb must be positive'], ['2048', 'max_value_size_in_mb must be smaller than 2048, but was 2048']] as const) {
    await assert.rejects(startIliumProcess({ address: '127.0.51.13', args: ['--seeds', '127.0.51.13'], configYaml: `max_value_size_in_mb: ${value}\n` }), (e: Error) => e.message.includes(message));
  }
});
