/** VALIDATION_REQ and SYNC_REQ on a replica, spoken to directly over messaging. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Range } from '../dht/index.js';
import { ErrorCode } from '../errors/index.js';
import { RemoteFailureError, type VerbName } from '../net/index.js';
import { SimCluster, partitioner } from '../../test/support/service/sim-cluster.js';
import { simAwait } from '../../test/support/net-sim.js';
import { MerkleTree } from './merkle-tree.js';
import { localDump, withRepair } from '../../test/support/repair/repair-cluster.js';
import { buildValidationTree } from './validation.js';
import { decodeSyncResponse, encodeSyncRequest } from './wire/sync-message.js';
import { decodeValidationResponse, encodeValidationRequest } from './wire/validation-message.js';

const RF2 = { class: 'SimpleStrategy', options: { replication_factor: '2' } };
const WHOLE_RING = new Range(partitioner, partitioner.minimumToken(), partitioner.minimumToken());

test('VALIDATION_REQ answers the replica tree; SYNC_REQ pulls what differs and says how much', async () => {
  const c = await SimCluster.start({ seed: 91, nodes: 2, replication: RF2 });
  withRepair(c, 2);
  const ask = (verb: VerbName, payload: Uint8Array) => simAwait(c.env, c.node(0).messaging.request(c.node(1).messaging.address, { verb, payload }));
  for (let i = 0; i < 7; i++) await c.write(0, `k${i}`, 'a', `v${i}`, 1n, 'ALL');
  await simAwait(c.env, c.node(1).engine.flush());
  await c.deleteColumn(0, 'k3', 'a', 2n, 'ALL');
  const nowSec = c.nowSec();
  const remote = decodeValidationResponse((await ask('VALIDATION_REQ', encodeValidationRequest({ tableId: c.cf.id, nowSec, depth: 5, range: WHOLE_RING }))).payload, partitioner);
  const mine = await simAwait(c.env, buildValidationTree(c.node(0).local, c.cf, partitioner, WHOLE_RING, 5, nowSec));
  assert.equal(remote.partitions, 7, 'the deleted cell counts: k3 is still there as a tombstone');
  assert.deepEqual(MerkleTree.difference(mine, remote), [], 'memtable and SSTable copies digest like the memtable only');

  // Node 1 takes writes node 2 does not see; node 2 pulls them.
  for (let i = 0; i < 5; i++) {
    await simAwait(c.env, c.node(0).local.apply([{ cf: c.cf, update: { key: Buffer.from(`n${i}`), partitionDeletion: null, rangeTombstones: [], cells: [{ name: c.name('b'), value: Buffer.from('x'), timestamp: 5n, kind: 0, ttl: 0, localDeletionTime: 0x7fffffff }] } }]));
  }
  const stale = decodeValidationResponse((await ask('VALIDATION_REQ', encodeValidationRequest({ tableId: c.cf.id, nowSec, depth: 5, range: WHOLE_RING }))).payload, partitioner);
  const fresh = await simAwait(c.env, buildValidationTree(c.node(0).local, c.cf, partitioner, WHOLE_RING, 5, nowSec));
  const diff = MerkleTree.difference(fresh, stale);
  assert.ok(diff.length > 0);
  const sync = decodeSyncResponse((await ask('SYNC_REQ', encodeSyncRequest({ tableId: c.cf.id, nowSec, source: c.node(0).endpoint, ranges: diff, viewUpdates: true }))).payload);
  assert.ok(sync.partitions >= 5, `${sync.partitions} partitions`);
  assert.ok(sync.pages >= 3, `paged: ${sync.pages} range reads of 2 partitions`);
  assert.deepEqual(localDump(c, 1), localDump(c, 0));
  await c.close();
});

test('garbled VALIDATION_REQ and SYNC_REQ are answered BAD_PAYLOAD, an unknown table INVALID', async () => {
  const c = await SimCluster.start({ seed: 92, nodes: 2, replication: RF2 });
  withRepair(c);
  const ask = (verb: VerbName, payload: Uint8Array) => simAwait(c.env, c.node(0).messaging.request(c.node(1).messaging.address, { verb, payload }));
  for (const verb of ['VALIDATION_REQ', 'SYNC_REQ'] as const) {
    await assert.rejects(ask(verb, Buffer.from([0xff, 0xff, 0xff])), (e: unknown) => e instanceof RemoteFailureError && e.reason === 'BAD_PAYLOAD' && e.remoteErrorCode === ErrorCode.PROTOCOL_ERROR);
  }
  const unknown = (e: unknown) => e instanceof RemoteFailureError && e.reason === 'HANDLER_ERROR' && e.remoteErrorCode === ErrorCode.INVALID && /Unknown table id nope/.test(e.message);
  await assert.rejects(ask('VALIDATION_REQ', encodeValidationRequest({ tableId: 'nope', nowSec: 0, depth: 1, range: WHOLE_RING })), unknown);
  await assert.rejects(ask('SYNC_REQ', encodeSyncRequest({ tableId: 'nope', nowSec: 0, source: c.node(0).endpoint, ranges: [WHOLE_RING], viewUpdates: true })), unknown);
  await c.close();
});
