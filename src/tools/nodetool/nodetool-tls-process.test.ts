/**
 * The admin port over TLS, in a real process: a node on 127.0.0.87 (its own seed, the admin port
 * ephemeral on 127.0.0.1, read back from the ready line) with client_encryption_options enabled
 * and required (a PEM keystore; certificates made at test time with openssl,
 * test/support/test-certs.ts, valid for 127.0.0.87 and 127.0.0.1) and PasswordAuthenticator:
 * - plaintext nodetool is refused (exit 1, a message pointing at --ssl), a raw JSON line too;
 * - `--ssl` without the CA fails the certificate check (exit 1, says so);
 * - `--ssl --ssl-ca ca.pem` (or $NODETOOL_SSL_CA) reaches the port: without credentials refused as
 *   Cassandra's nodetool says, with a superuser's -u/-pw `status` and `info` work.
 * A second node (127.0.0.88) with `optional: true` serves nodetool in plaintext and over TLS; a
 * third (127.0.0.89) without client encryption refuses `--ssl` with a message saying to drop it.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { runIliumCommand, useIliumProcess } from '../../../test/support/ilium-process.js';
import { SUPERUSER_AT_ONCE, defaultSuperuserReady } from '../../../test/support/default-superuser.js';
import { makeNodeCerts } from '../../../test/support/test-certs.js';

const ADDRESS = '127.0.0.87';
const OPTIONAL = '127.0.0.88';
const certs = makeNodeCerts([ADDRESS, OPTIONAL], ['127.0.0.1']);
after(() => certs.dispose());

const node = useIliumProcess({
  address: ADDRESS,
  configYaml: [
    'authenticator: PasswordAuthenticator',
    'client_encryption_options:',
    '  enabled: true',
    '  optional: false',
    `  keystore: ${certs.pemFor[ADDRESS]}`,
    `  keystore_password: ${certs.password}`,
    '  ssl_context_factory:',
    '    class_name: org.apache.cassandra.security.PEMBasedSslContextFactory',
    '',
  ].join('\n'),
  args: ['--seeds', ADDRESS, SUPERUSER_AT_ONCE],
});

const optionalNode = useIliumProcess({
  address: OPTIONAL,
  configYaml: [
    'client_encryption_options:',
    '  enabled: true',
    '  optional: true',
    `  keystore: ${certs.pemFor[OPTIONAL]}`,
    `  keystore_password: ${certs.password}`,
    '  ssl_context_factory:',
    '    class_name: org.apache.cassandra.security.PEMBasedSslContextFactory',
    '',
  ].join('\n'),
  args: ['--seeds', OPTIONAL],
});

const plainNode = useIliumProcess({ address: '127.0.0.89', args: ['--seeds', '127.0.0.89'] });

/** Sends one plaintext line to 127.0.0.1:port; resolves with what came back before the close. */
function rawLine(port: number, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port });
    let text = '';
    const timer = setTimeout(() => reject(new Error(`the port neither answered nor closed within 10 s: ${text}`)), 10_000);
    s.on('connect', () => s.write(`${line}\n`));
    s.on('data', (d: Buffer) => (text += d.toString('latin1')));
    s.on('error', () => undefined);
    s.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
}

test('client encryption on: the admin port serves TLS only; nodetool --ssl --ssl-ca works with credentials, plaintext is refused', { timeout: 120_000 }, async () => {
  const n = node();
  await defaultSuperuserReady(ADDRESS, n.port, 20_000, { ca: [readFileSync(certs.caPem)] });
  assert.match(n.output(), /"adminTls":"required"/);
  const port = String(n.adminPort);
  const at = `127.0.0.1:${port}`;

  const plain = await runIliumCommand(['nodetool', '-p', port, '-u', 'cassandra', '-pw', 'cassandra', 'status']);
  assert.equal(plain.code, 1, plain.stderr);
  assert.equal(plain.stdout, '');
  assert.match(plain.stderr, new RegExp(`^nodetool: Failed to connect to '${at}' - the node closed the connection without answering \\(does its admin port require TLS\\? It does when the node's client_encryption_options is enabled: use --ssl \\(and --ssl-ca FILE\\)\\)\\n$`));
  assert.doesNotMatch(await rawLine(n.adminPort!, '{"id":1,"command":"drain"}'), /"ok"/, 'a raw plaintext request is never answered');

  const untrusted = await runIliumCommand(['nodetool', '-p', port, '--ssl', '-u', 'cassandra', '-pw', 'cassandra', 'status']);
  assert.equal(untrusted.code, 1, untrusted.stderr);
  assert.match(untrusted.stderr, new RegExp(`^nodetool: Failed to connect to '${at}' - TLS: .*certificate.* \\(--ssl-ca names the CA that signed the node's certificate, which must name 127\\.0\\.0\\.1\\)\\n$`));

  const noCredentials = await runIliumCommand(['nodetool', '-p', port, '--ssl', '--ssl-ca', certs.caPem, 'status']);
  assert.equal(noCredentials.code, 1, noCredentials.stderr);
  assert.equal(noCredentials.stderr, `nodetool: Failed to connect to '${at}' - SecurityException: 'Authentication failed! Credentials required'.\n`);

  const status = await runIliumCommand(['nodetool', '-p', port, '--ssl', '--ssl-ca', certs.caPem, '-u', 'cassandra', '-pw', 'cassandra', 'status']);
  assert.equal(status.code, 0, status.stderr);
  assert.match(status.stdout, /^UN\s+127\.0\.0\.87\s/m);

  const fromEnv = await runIliumCommand(['nodetool', '-p', port, '--ssl', '-u', 'cassandra', '-pw', 'cassandra', 'info'], { NODETOOL_SSL_CA: certs.caPem });
  assert.equal(fromEnv.code, 0, fromEnv.stderr);
  assert.match(fromEnv.stdout, /^Native Transport active: true$/m);
});

test('client encryption optional: the admin port serves nodetool in plaintext and over TLS', async () => {
  const n = optionalNode();
  assert.match(n.output(), /"adminTls":"optional"/);
  const port = String(n.adminPort);
  const plain = await runIliumCommand(['nodetool', '-p', port, 'status']);
  assert.equal(plain.code, 0, plain.stderr);
  assert.match(plain.stdout, /^UN\s+127\.0\.0\.88\s/m);
  const overTls = await runIliumCommand(['nodetool', '-p', port, '--ssl', '--ssl-ca', certs.caPem, 'status']);
  assert.equal(overTls.code, 0, overTls.stderr);
  assert.match(overTls.stdout, /^UN\s+127\.0\.0\.88\s/m);
});

test('client encryption off: the admin port speaks plaintext only; nodetool --ssl says so', async () => {
  const port = String(plainNode().adminPort);
  const r = await runIliumCommand(['nodetool', '-p', port, '--ssl', '--ssl-ca', certs.caPem, 'status']);
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stderr, `nodetool: Failed to connect to '127.0.0.1:${port}' - TLS: wrong version number (the admin port answered in plaintext: without client_encryption_options enabled the node serves no TLS there; drop --ssl)\n`);
});

test('nodetool --ssl flags: --ssl-ca implies --ssl, --ssl-cert needs --ssl-key, an unreadable CA file is a usage error', async () => {
  const { parseNodetoolArgs } = await import('./run-nodetool.js');
  const p = parseNodetoolArgs(['--ssl-ca', 'ca.pem', 'status']);
  assert.ok(typeof p !== 'string' && p.ssl && p.sslCa === 'ca.pem');
  const off = parseNodetoolArgs(['status']);
  assert.ok(typeof off !== 'string' && !off.ssl);
  assert.equal(parseNodetoolArgs(['--ssl-cert', 'c.pem', 'status']), '--ssl-cert and --ssl-key go together');
  const missing = await runIliumCommand(['nodetool', '-p', '1', '--ssl-ca', '/nonexistent/ca.pem', 'status']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /^nodetool: cannot read the CA file \(--ssl-ca, \$NODETOOL_SSL_CA\) \/nonexistent\/ca\.pem: /);
});
