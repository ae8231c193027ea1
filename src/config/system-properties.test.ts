/** `-D` system properties: the two Cassandra properties Ilium honours, and refusals of the rest. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigurationError } from '../errors/index.js';
import { DEFAULT_SYSTEM_PROPERTIES, parseSystemProperties } from './system-properties.js';

test('no definitions: no failing keyspace, the default query handler', () => {
  assert.deepEqual(parseSystemProperties([]), DEFAULT_SYSTEM_PROPERTIES);
  assert.deepEqual(DEFAULT_SYSTEM_PROPERTIES, { testFailWritesKeyspace: null, queryHandler: 'default', tlsReloadPeriodMs: null });
});

test('fail_writes_ks and the payload-mirroring query handler are read; a later definition wins', () => {
  const p = parseSystemProperties([
    'cassandra.test.fail_writes_ks=other',
    'cassandra.test.fail_writes_ks=test',
    'cassandra.custom_query_handler_class=org.apache.cassandra.cql3.CustomPayloadMirroringQueryHandler',
  ]);
  assert.deepEqual(p, { testFailWritesKeyspace: 'test', queryHandler: 'custom-payload-mirroring', tlsReloadPeriodMs: null });
  assert.equal(parseSystemProperties(['cassandra.custom_query_handler_class=org.apache.cassandra.cql3.QueryProcessor']).queryHandler, 'default');
  assert.equal(parseSystemProperties(['cassandra.test.fail_writes_ks=']).testFailWritesKeyspace, null, 'empty: off, as in Cassandra');
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
