import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_STORAGE_PROXY_OPTIONS, storageProxyOptions } from './storage-proxy-options.js';

test('timeouts come from cassandra.yaml names, defaulting to Cassandra\'s', () => {
  assert.deepEqual(storageProxyOptions(), DEFAULT_STORAGE_PROXY_OPTIONS);
  assert.deepEqual(storageProxyOptions({ write_request_timeout_in_ms: 150, range_request_timeout_in_ms: 900 }), { writeTimeoutMs: 150, readTimeoutMs: 5_000, rangeTimeoutMs: 900, truncateTimeoutMs: 60_000, speculativeRetryMs: 100, casContentionTimeoutMs: 1_000 });
  assert.equal(storageProxyOptions({ cas_contention_timeout_in_ms: 250 }).casContentionTimeoutMs, 250);
  assert.throws(() => storageProxyOptions({ read_request_timeout_in_ms: 0 }), /read_request_timeout_in_ms must be a positive number/);
});
