/**
 * `ilium stress --client native` against real `ilium start` processes: a write run's counts add
 * up and its rows are really there (read back with npm cassandra-driver, value bytes compared), a
 * read run finds them; an ERROR response (a prepared INSERT into a table dropped after PREPARE) is
 * counted under its type with its message, never taken for success; a node with
 * PasswordAuthenticator is logged in to with --user/--password and refused without.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import cassandra from 'cassandra-driver';
import { createRealEnv } from '../../env/index.js';
import { runIliumCommand, useIliumProcess } from '../../../test/support/ilium-process.js';
import { SUPERUSER_AT_ONCE, clientAs, defaultSuperuserReady } from '../../../test/support/default-superuser.js';
import { NativeTarget } from './native-target.js';
import { OpGenerator } from './op-generator.js';
import { runStress } from './run-stress.js';
import { parseStressArgs } from './stress-args.js';
import type { StressSummary } from './stress-summary.js';

const ADDRESS = '127.0.43.20';
const AUTH_ADDRESS = '127.0.43.21';
const node = useIliumProcess({ address: ADDRESS });
const authNode = useIliumProcess({ address: AUTH_ADDRESS, configYaml: 'authenticator: PasswordAuthenticator\n', args: [SUPERUSER_AT_ONCE], readyTimeoutMs: 60_000 });

function summaryOf(stdout: string): StressSummary {
  const lines = stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as StressSummary;
}

const target = (n: () => { host: string; port: number }) => ['--host', n().host, '--port', String(n().port), '--client', 'native', '--json', '-'];

test('a native write run writes every row (read back with cassandra-driver), a native read run finds them', { timeout: 60_000 }, async () => {
  const shape = ['--partitions', '500', '--rows-per-partition', '4', '--row-size', '40', '--keyspace', 'native_rw'];
  const write = await runIliumCommand(['stress', 'write', '-n', '2000', '--concurrency', '64', '--connections', '3', ...shape, ...target(node)]);
  assert.equal(write.code, 0, write.stderr);
  const w = summaryOf(write.stdout);
  assert.equal(w.total.count, 2000);
  assert.equal(w.total.errors, 0);
  assert.equal(w.settings['client'], 'native');
  assert.ok(w.cpu !== undefined && w.cpu.clientUsPerOp > 0, 'the client prints its CPU per operation');

  const client = new cassandra.Client({ contactPoints: [`${node().host}:${node().port}`], localDataCenter: 'datacenter1', encoding: { useBigIntAsLong: true } });
  try {
    const rs = await client.execute('SELECT pk, ck, value FROM native_rw.data');
    assert.equal(rs.rowLength, 2000, 'partitions × rows-per-partition rows');
    const generator = new OpGenerator(parseStressArgs(['write', ...shape]));
    for (const row of rs.rows) {
      const op = { kind: 'write' as const, partition: Number(row['pk'] as bigint), row: row['ck'] as number };
      assert.deepEqual(row['value'], generator.value(op), `row (${op.partition}, ${op.row}) holds the value the run wrote`);
    }
  } finally {
    await client.shutdown();
  }

  const read = await runIliumCommand(['stress', 'read', '-n', '1500', '--concurrency', '32', ...shape, ...target(node)]);
  assert.equal(read.code, 0, read.stderr);
  const r = summaryOf(read.stdout);
  assert.equal(r.total.count, 1500);
  assert.equal(r.total.errors, 0);
  assert.equal(r.operations['read']!.notFound, 0, 'every row read was written');
});

test('an ERROR response is counted under its type with its message, not as a success', { timeout: 60_000 }, async () => {
  const env = createRealEnv();
  const client = new cassandra.Client({ contactPoints: [`${node().host}:${node().port}`], localDataCenter: 'datacenter1' });
  let stdout = '';
  const sink = (append: (s: string) => void) => new Writable({ write: (c: Buffer, _e, done) => (append(c.toString()), done()) });
  try {
    const code = await runStress({
      argv: ['write', '-n', '300', '--concurrency', '16', '--keyspace', 'native_err', ...target(node)],
      env,
      stdout: sink((s) => (stdout += s)),
      stderr: sink(() => undefined),
      // the table goes after the INSERT was prepared: every EXECUTE is answered by an ERROR
      openTarget: async (o) => {
        const t = await NativeTarget.open(env, o);
        await client.execute('DROP TABLE native_err.data');
        return t;
      },
    });
    assert.equal(code, 0, 'a run whose operations failed still completes');
  } finally {
    await client.shutdown();
  }
  const s = summaryOf(stdout);
  assert.equal(s.total.count, 0, `no operation succeeded: ${stdout}`);
  assert.equal(s.total.errors, 300, stdout);
  // Ilium answers the first EXECUTE with "unconfigured table data" (Invalid) and drops the
  // statement, so the later ones get Unprepared: every one an ERROR, each type with its message
  const types = Object.entries(s.total.errorsByType);
  assert.ok(types.length > 0);
  for (const [type, n] of types) {
    assert.match(type, /^ResponseError:/);
    assert.ok((s.total.firstErrors[type] ?? '').length > 0, `the first ${type} message is kept`);
    assert.match(stdout, new RegExp(`write errors: ${type} × ${n} \\(first: `), 'and printed in the table');
  }
  assert.equal(types.reduce((sum, [, n]) => sum + n, 0), 300);
});

test('PasswordAuthenticator: --user/--password log in (AUTHENTICATE, AUTH_RESPONSE), none is a set-up failure', { timeout: 90_000 }, async () => {
  await defaultSuperuserReady(authNode().host, authNode().port);
  const refused = await runIliumCommand(['stress', 'write', '-n', '10', ...target(authNode)]);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /asks for authentication .*--user and --password/);

  const run = await runIliumCommand(['stress', 'write', '-n', '200', '--keyspace', 'native_auth', '--user', 'cassandra', '--password', 'cassandra', ...target(authNode)]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(summaryOf(run.stdout).total.count, 200);
  const admin = clientAs(authNode().host, authNode().port, 'cassandra', 'cassandra');
  try {
    const rs = await admin.execute('SELECT count(*) FROM native_auth.data');
    assert.equal(Number(rs.first()!['count']), 200);
  } finally {
    await admin.shutdown();
  }
});
