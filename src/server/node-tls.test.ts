import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseClientEncryptionOptions } from '../config/index.js';
import { createSimEnv } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import { NodeTls, cipherName } from './node-tls.js';
import { SILENT_LOGGER } from './node-logger.js';

const PEM = '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n-----BEGIN CERTIFICATE-----\nBBBB\n-----END CERTIFICATE-----\n';
const PEM_FACTORY = { class_name: 'org.apache.cassandra.security.PEMBasedSslContextFactory' };

function envWith(files: Record<string, string | Buffer>) {
  const env = createSimEnv(1);
  env.fs.mkdirSync('/conf');
  for (const [path, data] of Object.entries(files)) env.fs.writeFileSync(path, typeof data === 'string' ? Buffer.from(data) : data);
  return env;
}

const refusal = (re: RegExp) => (e: unknown) => e instanceof ConfigurationError && re.test(e.message);

test("policy: plaintext, required, optional — and unset optional follows Cassandra 4.0 (true when not enabled and the keystore exists)", () => {
  const env = envWith({ '/conf/node.pem': PEM });
  assert.equal(NodeTls.load(env, parseClientEncryptionOptions({ keystore: '/conf/missing' }), SILENT_LOGGER), undefined);
  assert.equal(NodeTls.load(env, parseClientEncryptionOptions({ enabled: true, keystore: '/conf/node.pem', ssl_context_factory: PEM_FACTORY }), SILENT_LOGGER)?.optional, false);
  assert.equal(NodeTls.load(env, parseClientEncryptionOptions({ enabled: true, optional: true, keystore: '/conf/node.pem', ssl_context_factory: PEM_FACTORY }), SILENT_LOGGER)?.optional, true);
  assert.equal(NodeTls.load(env, parseClientEncryptionOptions({ keystore: '/conf/node.pem', ssl_context_factory: PEM_FACTORY }), SILENT_LOGGER)?.optional, true);
  assert.equal(NodeTls.load(env, parseClientEncryptionOptions({ optional: false, keystore: '/conf/node.pem', ssl_context_factory: PEM_FACTORY }), SILENT_LOGGER), undefined);
});

test('a JKS keystore is refused with the keytool command that converts it; bad files name their key', () => {
  const jks = Buffer.from([0xfe, 0xed, 0xfe, 0xed, 0, 0, 0, 2]);
  const env = envWith({ '/conf/.keystore': jks, '/conf/node.pem': PEM, '/conf/ca.p12': Buffer.from([0x30, 0x82]) });
  assert.throws(() => NodeTls.load(env, parseClientEncryptionOptions({ enabled: true, keystore: '/conf/.keystore' }), SILENT_LOGGER),
    refusal(/^client_encryption_options\.keystore: \/conf\/\.keystore is a JKS keystore.*keytool -importkeystore -srckeystore \/conf\/\.keystore -srcstoretype JKS .*-deststoretype PKCS12/));
  assert.throws(() => NodeTls.load(env, parseClientEncryptionOptions({ enabled: true, keystore: '/conf/nope' }), SILENT_LOGGER), refusal(/^client_encryption_options\.keystore: cannot read \/conf\/nope/));
  assert.throws(() => NodeTls.load(env, parseClientEncryptionOptions({ enabled: true, keystore: '/conf/node.pem' }), SILENT_LOGGER), refusal(/keystore: \/conf\/node\.pem is not a PKCS12 keystore .*PEMBasedSslContextFactory/));
  assert.throws(() => NodeTls.load(env, parseClientEncryptionOptions({ enabled: true, keystore: '/conf/ca.p12', ssl_context_factory: PEM_FACTORY }), SILENT_LOGGER), refusal(/keystore: .*must be a PEM file with the private key/));
  assert.throws(() => NodeTls.load(env, parseClientEncryptionOptions({ enabled: true, keystore: '/conf/node.pem', ssl_context_factory: PEM_FACTORY, require_client_auth: true }), SILENT_LOGGER), refusal(/truststore: require_client_auth needs a truststore/));
  assert.throws(() => NodeTls.load(env, parseClientEncryptionOptions({ enabled: true, keystore: '/conf/node.pem', ssl_context_factory: PEM_FACTORY, truststore: '/conf/ca.p12' }), SILENT_LOGGER), refusal(/truststore: .*must be PEM certificates; convert .*openssl pkcs12/));
});

test('hot reloading: the timer re-reads the files; changed bytes give new material for new connections, a broken file keeps the old', () => {
  const env = envWith({ '/conf/node.pem': PEM });
  const errors: string[] = [];
  const log = { ...SILENT_LOGGER, error: (event: string) => errors.push(event) };
  const tls = NodeTls.load(env, parseClientEncryptionOptions({ enabled: true, keystore: '/conf/node.pem', ssl_context_factory: PEM_FACTORY }), log)!;
  const server = tls.serverOptions();
  const first = server.material();
  tls.startReloading(1000);
  env.timers.advance(1000);
  assert.equal(server.material(), first, 'unchanged files: the same material');
  const second = PEM.replace('BBBB', 'CCCC');
  env.fs.writeFileSync('/conf/node.pem', Buffer.from(second));
  env.timers.advance(999);
  assert.equal(server.material(), first, 'not before the period');
  env.timers.advance(1);
  assert.equal(server.material().cert?.toString(), second);
  env.fs.writeFileSync('/conf/node.pem', Buffer.from('half written'));
  env.timers.advance(1000);
  assert.equal(server.material().cert?.toString(), second);
  assert.deepEqual(errors, ['tls_reload_failed']);
  tls.stop();
});

test('cipher suites: Java names become OpenSSL names, TLS 1.3 and OpenSSL names pass, unknown ones are refused by name', () => {
  assert.equal(cipherName('TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384'), 'ECDHE-RSA-AES256-GCM-SHA384');
  assert.equal(cipherName('TLS_RSA_WITH_AES_128_CBC_SHA'), 'AES128-SHA');
  assert.equal(cipherName('TLS_AES_128_GCM_SHA256'), 'TLS_AES_128_GCM_SHA256');
  assert.equal(cipherName('ECDHE-ECDSA-AES128-GCM-SHA256'), 'ECDHE-ECDSA-AES128-GCM-SHA256');
  assert.throws(() => cipherName('TLS_FOO_WITH_BAR'), refusal(/^client_encryption_options\.cipher_suites: Ilium cannot honour TLS_FOO_WITH_BAR/));
});
