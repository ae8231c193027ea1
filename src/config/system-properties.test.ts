/** `-D` system properties: the Cassandra properties Ilium honours, and refusals of the rest. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigurationError } from '../errors/index.js';
import { DEFAULT_SYSTEM_PROPERTIES, parseSystemProperties } from './system-properties.js';

test('no definitions: no failing keyspace, the default query handler', () => {
  assert.deepEqual(parseSystemProperties([]), DEFAULT_SYSTEM_PROPERTIES);
  assert.deepEqual(DEFAULT_SYSTEM_PROPERTIES, { testFailWritesKeyspace: null, queryHandler: 'default', authBcryptGensaltLog2Rounds: 10, superuserSetupDelayMs: 10_000, tlsReloadPeriodMs: null, commitlogIgnoreReplayErrors: false });
});

test('cassandra.commitlog.ignorereplayerrors: true (any case) turns it on, anything else leaves it off', () => {
  assert.equal(parseSystemProperties(['cassandra.commitlog.ignorereplayerrors=true']).commitlogIgnoreReplayErrors, true);
  assert.equal(parseSystemProperties(['cassandra.commitlog.ignorereplayerrors=TRUE']).commitlogIgnoreReplayErrors, true);
  assert.equal(parseSystemProperties(['cassandra.commitlog.ignorereplayerrors=yes']).commitlogIgnoreReplayErrors, false);
  assert.equal(parseSystemProperties(['cassandra.commitlog.ignorereplayerrors=true', 'cassandra.commitlog.ignorereplayerrors=false']).commitlogIgnoreReplayErrors, false);
});

test('fail_writes_ks and the payload-mirroring query handler are read; a later definition wins', () => {
  const p = parseSystemProperties([
    'cassandra.test.fail_writes_ks=other',
    'cassandra.test.fail_writes_ks=test',
    'cassandra.custom_query_handler_class=org.apache.cassandra.cql3.CustomPayloadMirroringQueryHandler',
  ]);
  assert.deepEqual(p, { ...DEFAULT_SYSTEM_PROPERTIES, testFailWritesKeyspace: 'test', queryHandler: 'custom-payload-mirroring' });
  assert.equal(parseSystemProperties(['cassandra.custom_query_handler_class=org.apache.cassandra.cql3.QueryProcessor']).queryHandler, 'default');
  assert.equal(parseSystemProperties(['cassandra.test.fail_writes_ks=']).testFailWritesKeyspace, null, 'empty: off, as in Cassandra');
});

test('the bcrypt cost (4…31) and the default superuser delay, as Cassandra reads them', () => {
  const p = parseSystemProperties(['cassandra.auth_bcrypt_gensalt_log2_rounds=4', 'cassandra.superuser_setup_delay_ms=0']);
  assert.equal(p.authBcryptGensaltLog2Rounds, 4);
  assert.equal(p.superuserSetupDelayMs, 0);
  assert.throws(() => parseSystemProperties(['cassandra.auth_bcrypt_gensalt_log2_rounds=32']), /Please use a value between 4 and 31 inclusively/);
});

test("Ilium's TLS reload test hook: a positive number of milliseconds", () => {
  assert.equal(parseSystemProperties(['ilium.test.tls_reload_period_ms=500']).tlsReloadPeriodMs, 500);
  assert.throws(() => parseSystemProperties(['ilium.test.tls_reload_period_ms=0']), (e: unknown) => e instanceof ConfigurationError && /tls_reload_period_ms: a positive whole number/.test(e.message));
});

test('unknown properties and query handlers are refused by name', () => {
  assert.throws(() => parseSystemProperties(['cassandra.join_ring=false']), (e: unknown) => e instanceof ConfigurationError && /-Dcassandra\.join_ring: unknown system property/.test(e.message));
  assert.throws(
    () => parseSystemProperties(['cassandra.custom_query_handler_class=com.example.Mine']),
    (e: unknown) => e instanceof ConfigurationError && /unsupported query handler 'com\.example\.Mine'/.test(e.message),
  );
});
