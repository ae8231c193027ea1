/** The verb table: unique numbers, consistent directions, the verbs the cluster needs. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { responseVerbOf, verbById, VERB_NAMES, VERBS, type VerbName } from './verbs.js';
import { endpoint, endpointKey, parseEndpoint, sameEndpoint } from './inet-address.js';

test('every verb has its own number and is found by it', () => {
  const ids = VERB_NAMES.map((v) => VERBS[v].id);
  assert.equal(new Set(ids).size, ids.length);
  for (const v of VERB_NAMES) assert.equal(verbById(VERBS[v].id), v);
  assert.equal(verbById(65000), undefined);
});

test('requests name a response verb and a timeout; one-way and response verbs have none', () => {
  for (const v of VERB_NAMES) {
    const spec = VERBS[v];
    if (spec.direction === 'request') {
      const rsp = responseVerbOf(v);
      assert.ok(rsp !== undefined && VERBS[rsp].direction === 'response', v);
      assert.ok(spec.timeoutMs > 0, v);
    } else {
      assert.equal(responseVerbOf(v), undefined, v);
      assert.equal(spec.timeoutMs, 0, v);
    }
  }
  assert.equal(responseVerbOf('MUTATION'), 'MUTATION_RSP');
  assert.equal(VERBS.MUTATION.timeoutMs, 2000);
  assert.equal(VERBS.READ.timeoutMs, 5000);
  assert.equal(VERBS.GOSSIP_DIGEST_SYN.connection, 'gossip');
});

test('the verbs the cluster work needs are all there', () => {
  const needed: VerbName[] = [
    'ECHO', 'GOSSIP_DIGEST_SYN', 'GOSSIP_DIGEST_ACK', 'GOSSIP_DIGEST_ACK2', 'GOSSIP_SHUTDOWN', 'MUTATION', 'MUTATION_RSP',
    'READ', 'READ_RSP', 'RANGE_READ', 'RANGE_READ_RSP', 'COUNTER_MUTATION', 'HINT', 'PAXOS_PREPARE', 'PAXOS_PROPOSE',
    'PAXOS_COMMIT', 'BATCH_STORE', 'BATCH_REMOVE', 'SCHEMA_PUSH', 'SCHEMA_PULL', 'VALIDATION_REQ', 'VALIDATION_RSP',
    'SYNC_REQ', 'STREAM_INIT', 'STREAM_FILE', 'STREAM_COMPLETE', 'TRUNCATE', 'FAILURE_RSP', 'INDEX_READ', 'INDEX_CLEAN',
  ];
  for (const v of needed) assert.ok(VERBS[v] !== undefined, v);
});

test('endpoints: parsing, keys, localhost', () => {
  assert.deepEqual(parseEndpoint('127.0.0.2'), { host: '127.0.0.2', port: 7000 });
  assert.deepEqual(parseEndpoint('127.0.0.2:7001'), { host: '127.0.0.2', port: 7001 });
  assert.deepEqual(parseEndpoint('[::1]:7002'), { host: '::1', port: 7002 });
  assert.equal(endpointKey(endpoint('::1', 7)), '[::1]:7');
  assert.ok(sameEndpoint(endpoint('localhost', 7000), endpoint('127.0.0.1')));
  assert.throws(() => parseEndpoint('h:x'), /bad port/);
  assert.throws(() => endpoint('h', 70000), /port out of range/);
});
