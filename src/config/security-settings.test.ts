/** Security keys: what Cassandra's default cassandra.yaml says is accepted; anything Ilium cannot honour stops the start, one line naming the key. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigurationError } from '../errors/index.js';
import { parseConfigText } from './load-config.js';

const refused = (yaml: string, line: RegExp): void => {
  assert.throws(() => parseConfigText(yaml, 'c.yaml'), (e: unknown) => {
    assert.ok(e instanceof ConfigurationError, String(e));
    assert.doesNotMatch(e.message, /\n/);
    assert.match(e.message, line);
    return true;
  });
};

test("Cassandra 4.0's default security settings are honoured, neither refused nor reported as ignored", () => {
  const yaml = [
    'authenticator: PasswordAuthenticator',
    'authorizer: AllowAllAuthorizer',
    'role_manager: CassandraRoleManager',
    'network_authorizer: AllowAllNetworkAuthorizer',
    'internode_authenticator: org.apache.cassandra.auth.AllowAllInternodeAuthenticator',
    'audit_logging_options:',
    '  enabled: false',
    '  logger:',
    '    - class_name: BinAuditLogger',
    'transparent_data_encryption_options:',
    '  enabled: false',
    '  chunk_length_kb: 64',
  ].join('\n');
  const { ignoredKeys } = parseConfigText(yaml, 'c.yaml');
  assert.deepEqual(ignoredKeys, []);
  assert.deepEqual(parseConfigText('authorizer: org.apache.cassandra.auth.AllowAllAuthorizer', 'c.yaml').ignoredKeys, []);
});

test('each security setting Ilium cannot honour refuses the start with one line naming the key', () => {
  refused('authenticator: PasswordAuthenticator\nauthorizer: com.example.MyAuthorizer', /^authorizer: com\.example\.MyAuthorizer is not supported by Ilium \(only AllowAllAuthorizer or CassandraAuthorizer\)/);
  refused('role_manager: LDAPRoleManager', /^role_manager: LDAPRoleManager is not supported by Ilium \(only CassandraRoleManager\)/);
  refused('internode_authenticator: com.example.CertAuthenticator', /^internode_authenticator: com\.example\.CertAuthenticator is not supported/);
  refused('authenticator: PasswordAuthenticator\nnetwork_authorizer: com.example.DcAuthorizer', /^network_authorizer: com\.example\.DcAuthorizer is not supported by Ilium \(only AllowAllNetworkAuthorizer or CassandraNetworkAuthorizer\)/);
  refused('audit_logging_options:\n  enabled: true\n  logger:\n    - class_name: BinAuditLogger', /^audit_logging_options\.logger: BinAuditLogger is not supported by Ilium/);
  refused('audit_logging_options:\n  enabled: true\n  archive_command: /bin/archive.sh', /^audit_logging_options\.archive_command is not supported by Ilium/);
  refused('audit_logging_options:\n  enabled: true\n  roll_cycle: WEEKLY', /^audit_logging_options\.roll_cycle: "WEEKLY" is not supported/);
  refused('audit_logging_options:\n  enabled: true\n  included_categories: DML,NOPE', /unknown category NOPE/);
  refused('transparent_data_encryption_options:\n  enabled: true', /^transparent_data_encryption_options: enabled: true is not supported/);
  refused('transparent_data_encryption_options:\n  enabled: yes please', /^transparent_data_encryption_options\.enabled must be true or false/);
  refused('authorizer: 3', /^authorizer must be a class name/);
});

test("an authorizer without an authenticator is refused as Cassandra's AuthConfig refuses it", () => {
  refused('authorizer: CassandraAuthorizer', /^AllowAllAuthenticator can't be used with CassandraAuthorizer \(authorizer CassandraAuthorizer needs authenticator: PasswordAuthenticator\)$/);
  refused('authenticator: AllowAllAuthenticator\nnetwork_authorizer: CassandraNetworkAuthorizer', /^CassandraNetworkAuthorizer can't be used with AllowAllAuthenticator/);
});

test('CassandraNetworkAuthorizer with PasswordAuthenticator is accepted (bare or full class name)', () => {
  assert.equal(parseConfigText('authenticator: PasswordAuthenticator\nnetwork_authorizer: CassandraNetworkAuthorizer', 'c.yaml').config.network_authorizer, 'CassandraNetworkAuthorizer');
  assert.equal(parseConfigText('authenticator: PasswordAuthenticator\nnetwork_authorizer: org.apache.cassandra.auth.CassandraNetworkAuthorizer', 'c.yaml').config.network_authorizer, 'CassandraNetworkAuthorizer');
  assert.equal(parseConfigText('', 'c.yaml').config.network_authorizer, 'AllowAllNetworkAuthorizer');
});

test('CassandraAuthorizer with PasswordAuthenticator is accepted, permissions_validity_in_ms read', () => {
  const { config } = parseConfigText('authenticator: PasswordAuthenticator\nauthorizer: org.apache.cassandra.auth.CassandraAuthorizer\npermissions_validity_in_ms: 0', 'c.yaml');
  assert.equal(config.authorizer, 'CassandraAuthorizer');
  assert.equal(config.permissions_validity_in_ms, 0);
  assert.equal(parseConfigText('', 'c.yaml').config.authorizer, 'AllowAllAuthorizer');
  assert.equal(parseConfigText('', 'c.yaml').config.permissions_validity_in_ms, 2000);
  assert.throws(() => parseConfigText('permissions_validity_in_ms: -1', 'c.yaml'), /^ConfigurationError: permissions_validity_in_ms must be a non-negative integer/);
});
