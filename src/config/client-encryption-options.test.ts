import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigurationError } from '../errors/index.js';
import { DEFAULT_CLIENT_ENCRYPTION_OPTIONS, parseClientEncryptionOptions, parseServerEncryptionOptions } from './client-encryption-options.js';
import { parseConfigText } from './load-config.js';

const refused = (options: Record<string, unknown>, re: RegExp): void =>
  assert.throws(() => parseClientEncryptionOptions(options), (e: unknown) => e instanceof ConfigurationError && re.test(e.message) && !e.message.includes('\n'));

test('client_encryption_options is read from cassandra.yaml, no longer an ignored key', () => {
  const yaml = `native_transport_port_ssl: 9142
client_encryption_options:
  {enabled: true, optional: false, keystore: conf/node.pem, keystore_password: secret, require_client_auth: true, truststore: conf/ca.pem,
   accepted_protocols: [TLSv1.2, TLSv1.3], cipher_suites: [TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384],
   ssl_context_factory: {class_name: org.apache.cassandra.security.PEMBasedSslContextFactory}}`;
  const { config, ignoredKeys } = parseConfigText(yaml, 'c.yaml');
  assert.deepEqual(ignoredKeys, []);
  assert.equal(config.native_transport_port_ssl, 9142);
  const o = config.client_encryption_options;
  assert.deepEqual(o, {
    enabled: true, optional: false, require_client_auth: true, protocols: ['TLSv1.2', 'TLSv1.3'], cipher_suites: ['TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384'],
    keystore: 'conf/node.pem', keystore_password: 'secret', format: 'PEM', truststore: 'conf/ca.pem', truststore_password: null,
  });
  assert.deepEqual(parseConfigText('', 'e.yaml').config.client_encryption_options, DEFAULT_CLIENT_ENCRYPTION_OPTIONS);
});

test('protocol names one version unless accepted_protocols is given; PKCS12 and JKS types read as PKCS12 (the file decides)', () => {
  assert.deepEqual(parseClientEncryptionOptions({ protocol: 'TLSv1.2' }).protocols, ['TLSv1.2']);
  assert.equal(parseClientEncryptionOptions({ protocol: 'TLS' }).protocols, null);
  assert.deepEqual(parseClientEncryptionOptions({ protocol: 'TLSv1.2', accepted_protocols: ['TLSv1.3', 'TLSv1.2'] }).protocols, ['TLSv1.2', 'TLSv1.3']);
  assert.equal(parseClientEncryptionOptions({ keystore_type: 'PKCS12' }).format, 'PKCS12');
  assert.equal(parseClientEncryptionOptions({ store_type: 'JKS' }).format, 'PKCS12');
  assert.equal(parseClientEncryptionOptions({ optional: true }).optional, true);
  assert.equal(parseClientEncryptionOptions({}).optional, null);
});

test('a setting Ilium cannot honour fails with one line naming the key', () => {
  refused({ enabled: true, keystore_type: 'JCEKS' }, /^client_encryption_options\.keystore_type: Ilium cannot honour JCEKS/);
  refused({ ssl_context_factory: { class_name: 'com.example.MyFactory' } }, /client_encryption_options\.ssl_context_factory\.class_name: .*com\.example\.MyFactory/);
  refused({ ssl_context_factory: { class_name: 'org.apache.cassandra.security.PEMBasedSslContextFactory', parameters: { private_key: 'x' } } }, /ssl_context_factory\.parameters/);
  refused({ accepted_protocols: ['TLSv1', 'TLSv1.3'] }, /accepted_protocols: .*consecutive/);
  refused({ protocol: 'SSLv3' }, /client_encryption_options\.protocol: Ilium cannot honour SSLv3/);
  refused({ algorithm: 'PKIX' }, /client_encryption_options\.algorithm/);
  refused({ require_endpoint_verification: true }, /client_encryption_options\.require_endpoint_verification/);
  refused({ enabled: 'yes' }, /client_encryption_options\.enabled must be true or false/);
  refused({ keystore_pasword: 'x' }, /client_encryption_options\.keystore_pasword: unknown key/);
  refused({ keystore_type: 'PEM' }, /keystore_type: .*PEMBasedSslContextFactory/);
  assert.throws(() => parseConfigText('native_transport_port_ssl: 70000', 'x.yaml'), /native_transport_port_ssl must be a port number/);
});

test('server_encryption_options: internode_encryption none/all/dc/rack with the same key material keys; enabled and the legacy SSL port refused by name', () => {
  const o = parseServerEncryptionOptions({ internode_encryption: 'dc', keystore: 'conf/n.p12', require_client_auth: true, truststore: 'conf/ca.pem', require_endpoint_verification: true });
  assert.deepEqual([o.internode_encryption, o.enabled, o.require_client_auth, o.require_endpoint_verification, o.format], ['dc', true, true, true, 'PKCS12']);
  assert.equal(parseServerEncryptionOptions({}).enabled, false);
  assert.equal(parseConfigText('', 'e.yaml').config.server_encryption_options.internode_encryption, 'none');
  const no = (v: Record<string, unknown>, re: RegExp) => assert.throws(() => parseServerEncryptionOptions(v), (e: unknown) => e instanceof ConfigurationError && re.test(e.message));
  no({ internode_encryption: 'some' }, /^server_encryption_options\.internode_encryption: Ilium cannot honour some/);
  no({ enabled: true }, /^server_encryption_options\.enabled: .*internode_encryption/);
  no({ enable_legacy_ssl_storage_port: true }, /^server_encryption_options\.enable_legacy_ssl_storage_port/);
  no({ outbound_keystore: 'x.p12' }, /^server_encryption_options\.outbound_keystore/);
  no({ keystore_type: 'JCEKS' }, /^server_encryption_options\.keystore_type: Ilium cannot honour JCEKS/);
});
