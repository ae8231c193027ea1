/**
 * The admin port as an operator meets it, in real processes (each node on its own loopback address
 * and its own seed; the admin port ephemeral, read back from the ready line):
 * - local-only by default: refused on the node's listen address, served on 127.0.0.1;
 * - with PasswordAuthenticator: nodetool without credentials or with wrong ones is refused (exit 1,
 *   Cassandra's message), with -u/-pw or --password-file it works; a raw JSON `drain` without
 *   credentials is refused and the node keeps serving CQL;
 * - `ilium start` refused, one line naming the key, for each security setting Ilium cannot honour.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cassandra from 'cassandra-driver';
import { runIliumCommand, useIliumProcess } from '../../../test/support/ilium-process.js';
import { SUPERUSER_AT_ONCE, defaultSuperuserReady } from '../../../test/support/default-superuser.js';

const open = useIliumProcess({ address: '127.0.0.71' });
const secured = useIliumProcess({ address: '127.0.0.72', configYaml: 'authenticator: PasswordAuthenticator\n', args: [SUPERUSER_AT_ONCE] });

/** Connects to host:port; resolves with the socket error's code, or 'connected'. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const s = connect({ host, port });
    s.on('connect', () => {
      s.destroy();
      resolve('connected');
    });
    s.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

/** Sends raw admin lines to 127.0.0.1:port and collects the answer lines until `count` arrived. */
function rawAdmin(port: number, lines: readonly string[], count: number): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port });
    let text = '';
    const timer = setTimeout(() => reject(new Error(`no ${count} answers within 10 s: ${text}`)), 10_000);
    s.on('connect', () => s.write(lines.map((l) => `${l}\n`).join('')));
    s.on('data', (d: Buffer) => {
      text += d.toString('utf8');
      const answers = text.split('\n').filter((l) => l.length > 0);
      if (answers.length >= count) {
        clearTimeout(timer);
        s.destroy();
        resolve(answers.map((l) => JSON.parse(l) as Record<string, unknown>));
      }
    });
    s.on('error', reject);
  });
}

test('the admin port binds 127.0.0.1 by default: refused on the listen address, served on loopback', async () => {
  const n = open();
  assert.match(n.output(), new RegExp(`nodetool on 127\\.0\\.0\\.1:${n.adminPort}[,.]`));
  assert.equal(await tryConnect('127.0.0.71', n.adminPort!), 'ECONNREFUSED');
  const remote = await runIliumCommand(['nodetool', '-h', '127.0.0.71', '-p', String(n.adminPort), 'status']);
  assert.equal(remote.code, 3, remote.stderr);
  assert.match(remote.stderr, /^nodetool: Failed to connect to '127\.0\.0\.71:\d+' - Connection refused \(.*admin_address is 127\.0\.0\.1 unless the config sets it\)\n$/);
  const local = await runIliumCommand(['nodetool', '-p', String(n.adminPort), 'status']);
  assert.equal(local.code, 0, local.stderr);
  assert.match(local.stdout, /^UN\s+127\.0\.0\.71\s/m);
});

test('with PasswordAuthenticator nodetool needs a superuser: none or wrong refused (exit 1), -u/-pw and --password-file work', async () => {
  await defaultSuperuserReady('127.0.0.72', secured().port);
  const port = String(secured().adminPort);
  const none = await runIliumCommand(['nodetool', '-p', port, 'status']);
  assert.equal(none.code, 1, none.stderr);
  assert.equal(none.stderr, `nodetool: Failed to connect to '127.0.0.1:${port}' - SecurityException: 'Authentication failed! Credentials required'.\n`);
  assert.equal(none.stdout, '');

  const wrong = await runIliumCommand(['nodetool', '-p', port, '-u', 'cassandra', '-pw', 'guess', 'status']);
  assert.equal(wrong.code, 1, wrong.stderr);
  assert.equal(wrong.stderr, `nodetool: Failed to connect to '127.0.0.1:${port}' - SecurityException: 'Authentication failed! Invalid username or password'.\n`);

  const right = await runIliumCommand(['nodetool', '-p', port, '-u', 'cassandra', '-pw', 'cassandra', 'status']);
  assert.equal(right.code, 0, right.stderr);
  assert.match(right.stdout, /^UN\s+127\.0\.0\.72\s/m);

  const dir = mkdtempSync(join(tmpdir(), 'ilium-pwf-'));
  try {
    const file = join(dir, 'jmxremote.password');
    writeFileSync(file, '# name password\nmonitorRole QED\ncassandra   cassandra\n', { mode: 0o600 });
    const fromFile = await runIliumCommand(['nodetool', '-p', port, '-u', 'cassandra', '--password-file', file, 'version']);
    assert.equal(fromFile.code, 0, fromFile.stderr);
    assert.match(fromFile.stdout, /^ReleaseVersion: /);
    const notInFile = await runIliumCommand(['nodetool', '-p', port, '-u', 'admin', '-pwf', file, 'version']);
    assert.equal(notInFile.code, 2);
    assert.equal(notInFile.stderr, `nodetool: the password file ${file} has no line for admin\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const noUser = await runIliumCommand(['nodetool', '-p', port, '-pw', 'cassandra', 'status']);
  assert.equal(noUser.code, 2);
  assert.match(noUser.stderr, /^nodetool: -pw needs -u/);
});

test('a raw JSON drain without credentials is refused and the node keeps serving CQL', async () => {
  await defaultSuperuserReady('127.0.0.72', secured().port);
  const n = secured();
  const answers = await rawAdmin(n.adminPort!, ['{"id":1,"command":"drain"}', '{"command":"drain"}', '{"id":2,"command":"decommission","user":"cassandra","password":"x"}'], 3);
  assert.deepEqual(answers.map((a) => [a.id, a.ok, (a.error as { type: string }).type]), [
    [null, false, 'ProtocolError'],
    [1, false, 'AuthenticationError'],
    [2, false, 'AuthenticationError'],
  ]);
  const client = new cassandra.Client({
    contactPoints: [`${n.host}:${n.port}`],
    localDataCenter: 'datacenter1',
    authProvider: new cassandra.auth.PlainTextAuthProvider('cassandra', 'cassandra'),
  });
  try {
    const rs = await client.execute('SELECT release_version FROM system.local');
    assert.equal(rs.rows.length, 1);
  } finally {
    await client.shutdown();
  }
  const info = await runIliumCommand(['nodetool', '-p', String(n.adminPort), '-u', 'cassandra', '-pw', 'cassandra', 'info']);
  assert.equal(info.code, 0, info.stderr);
  assert.match(info.stdout, /^Native Transport active: true$/m);
  assert.match(info.stdout, /^Gossip active\s*: true$/m);
});

test('ilium start refuses each security setting it cannot honour, with one line naming the key', async () => {
  const cases: [string, string][] = [
    ['authenticator: PasswordAuthenticator\nauthorizer: com.example.LdapAuthorizer', 'authorizer: com.example.LdapAuthorizer is not supported by Ilium'],
    ['authorizer: CassandraAuthorizer', "AllowAllAuthenticator can't be used with CassandraAuthorizer"],
    ['role_manager: com.example.LdapRoleManager', 'role_manager: com.example.LdapRoleManager is not supported by Ilium (only CassandraRoleManager)'],
    ['internode_authenticator: com.example.CertAuthenticator', 'internode_authenticator: com.example.CertAuthenticator is not supported by Ilium'],
    ['authenticator: PasswordAuthenticator\nnetwork_authorizer: com.example.DcAuthorizer', 'network_authorizer: com.example.DcAuthorizer is not supported by Ilium'],
    ['audit_logging_options:\n  enabled: true\n  logger:\n    - class_name: BinAuditLogger', 'audit_logging_options.logger: BinAuditLogger is not supported by Ilium'],
    ['transparent_data_encryption_options:\n  enabled: true', 'transparent_data_encryption_options: enabled: true is not supported'],
  ];
  const dir = mkdtempSync(join(tmpdir(), 'ilium-refused-'));
  try {
    for (const [i, [yaml, line]] of cases.entries()) {
      const file = join(dir, `c${i}.yaml`);
      writeFileSync(file, `listen_address: 127.0.0.73\nrpc_address: 127.0.0.73\n${yaml}\n`);
      const r = await runIliumCommand(['start', '--config', file, '--data', join(dir, `d${i}`), '--port', '0', '--rpc-port', '0', '--admin-port', '0', '--seeds', '127.0.0.73']);
      assert.equal(r.code, 1, `${yaml}: ${r.stdout}${r.stderr}`);
      assert.equal(r.stdout, '', 'never started');
      const lines = r.stderr.split('\n').filter((l) => l.length > 0);
      assert.equal(lines.length, 1, r.stderr);
      assert.ok(lines[0]!.startsWith(`ilium: ConfigurationError: ${line}`), lines[0]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
