/** Endpoint addresses and host ids: one canonical spelling, clear errors for the rest. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigurationError } from '../errors/index.js';
import { compareEndpoints, endpoint, endpointHost, endpointPort } from './endpoint.js';
import { canonicalHostId } from './host-id.js';
import { TopologyError } from './topology-error.js';

test('an address gets the storage port when it has none, and one canonical form', () => {
  assert.equal(endpoint('127.0.0.2'), '127.0.0.2:7000');
  assert.equal(endpoint(' 127.0.0.2:7001 '), '127.0.0.2:7001');
  assert.equal(endpoint('127.000.0.02'), '127.0.0.2:7000');
  assert.equal(endpoint('10.0.0.1', 7199), '10.0.0.1:7199');
  assert.equal(endpoint('127.0.0.2'), endpoint('127.0.0.2:7000'));
  assert.equal(endpointHost(endpoint('127.0.0.9:9')), '127.0.0.9');
  assert.equal(endpointPort(endpoint('127.0.0.9:9')), 9);
});

test('bad addresses are ConfigurationErrors naming the input', () => {
  for (const bad of ['localhost', '127.0.0', '127.0.0.256', '127.0.0.1:0', '127.0.0.1:70000', '::1', '127.0.0.1:']) {
    assert.throws(() => endpoint(bad), (e: unknown) => e instanceof ConfigurationError && e.message.includes(bad), bad);
  }
});

test('endpoints order by address numerically, then port', () => {
  const list = ['127.0.0.10', '127.0.0.9', '127.0.0.9:6999', '10.1.1.1'].map((s) => endpoint(s));
  assert.deepEqual(list.sort(compareEndpoints), ['10.1.1.1:7000', '127.0.0.9:6999', '127.0.0.9:7000', '127.0.0.10:7000']);
});

test('host ids are UUIDs, kept lower case', () => {
  assert.equal(canonicalHostId('6D194555-F6EB-41D0-C000-000000000001'.replace('C000', '8000')), '6d194555-f6eb-41d0-8000-000000000001');
  assert.throws(() => canonicalHostId('not-a-uuid'), TopologyError);
});
