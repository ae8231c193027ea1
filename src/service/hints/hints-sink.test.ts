/** The coordinator's HintSink over the hints layer: host ids, MUTATION payloads, gc_grace expiry. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSimEnv } from '../../env/index.js';
import { Murmur3Partitioner } from '../../dht/index.js';
import { SimpleSnitch, TokenMetadata, endpoint } from '../../locator/index.js';
import { createColumnFamily } from '../../schema/index.js';
import { liveCell } from '../../storage/model/index.js';
import { SchemaRingProvider } from '../coordinator/ring-providers.js';
import { decodeMutationMessage } from '../wire/mutation-message.js';
import { HintsServiceSink, hintExpiryMs } from './hints-sink.js';

test('a missed mutation becomes a hint for the replica host id, its MUTATION payload, expiring after gc_grace', () => {
  const env = createSimEnv(3);
  const [a, b] = [endpoint('127.0.0.1'), endpoint('127.0.0.2')];
  const hostA = '00000000-0000-4000-8000-00000000000a';
  const ring = TokenMetadata.empty(new Murmur3Partitioner(), new SimpleSnitch()).withNormalTokens(a, [1n]).withNormalTokens(b, [2n]).withHostId(a, hostA);
  const rings = new SchemaRingProvider(() => ring, () => undefined, a);
  const cf = createColumnFamily({ keyspace: 'ks', name: 't', gcGraceSeconds: 60 }, env.random);
  const got: { target: string; payload: Uint8Array; expiresAtMs: number }[] = [];
  const sink = new HintsServiceSink({ hints: { hint: (target, payload, expiresAtMs) => (got.push({ target, payload, expiresAtMs }), true) }, rings, clock: env.clock, tableById: (id) => (id === cf.id ? cf : undefined) });
  const update = { key: Buffer.from('k'), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(Buffer.from([0, 1]), Buffer.from('v'), 1n)] };
  assert.equal(sink.hint(a, { tableId: cf.id, update }), true);
  assert.equal(got[0]!.target, hostA);
  assert.equal(got[0]!.expiresAtMs, env.clock.nowMs() + 60_000);
  assert.deepEqual(decodeMutationMessage(got[0]!.payload).update.key, Buffer.from('k'));
  assert.equal(sink.hint(b, { tableId: cf.id, update }), false, 'no host id: not hinted');
  assert.equal(sink.hint(a, { tableId: 'dropped', update }), false, 'unknown table: not hinted');
  assert.equal(got.length, 1);
  const broken = new HintsServiceSink({ hints: { hint: () => { throw new Error('ENOSPC'); } }, rings, clock: env.clock, tableById: () => cf });
  assert.equal(broken.hint(a, { tableId: cf.id, update }), false, 'a hint that could not be written is not counted');
  assert.equal(broken.failures, 1);
});

test('the expiry is the smallest gc_grace of the tables', () => {
  const env = createSimEnv(4);
  const t = (g: number) => createColumnFamily({ keyspace: 'ks', name: `t${g}`, gcGraceSeconds: g }, env.random);
  assert.equal(hintExpiryMs(1000, [t(30), t(10), t(20)]), 11_000);
  assert.equal(hintExpiryMs(1000, [t(0)]), 1000);
});
