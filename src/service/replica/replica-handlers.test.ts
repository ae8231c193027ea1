/** The replica side of the data verbs, spoken to directly over messaging. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { simAwait } from '../../../test/support/net-sim.js';
import { ErrorCode } from '../../errors/index.js';
import { RemoteFailureError, type VerbName } from '../../net/index.js';
import { liveCell } from '../../storage/model/index.js';
import { digestOf } from '../digest.js';
import { SimCluster, WHOLE } from '../../../test/support/service/sim-cluster.js';
import { encodeIndexRead } from '../wire/index-messages.js';
import { encodeMutationMessage } from '../wire/mutation-message.js';
import { encodeRangeReadCommand } from '../wire/range-read-command.js';
import { decodeRangeResponse } from '../wire/range-response.js';
import { encodeReadCommand } from '../wire/read-command.js';
import { decodeReadResponse } from '../wire/read-response.js';
import { encodeTruncate } from '../wire/truncate-message.js';

test('MUTATION, READ (data and digest), RANGE_READ, READ_REPAIR, HINT and TRUNCATE on a replica', async () => {
  const c = await SimCluster.start({ seed: 61, nodes: 2, replication: { class: 'SimpleStrategy', options: { replication_factor: '2' } } });
  const [a, b] = [c.node(0), c.node(1)];
  const ask = (verb: VerbName, payload: Uint8Array) => simAwait(c.env, a.messaging.request(b.messaging.address, { verb, payload }));
  const update = (v: string, ts: bigint) => ({ key: Buffer.from('k'), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(c.name('col'), Buffer.from(v), ts)] });
  const ack = await ask('MUTATION', encodeMutationMessage({ tableId: c.cf.id, update: update('one', 1n) }));
  assert.equal(ack.verb, 'MUTATION_RSP');
  assert.equal(ack.payload.length, 0);
  assert.equal(c.localRow(1, 'k').get('col'), 'one');
  assert.equal(c.localRow(0, 'k').size, 0, 'only the replica asked applied it');

  const read = (digestOnly: boolean) => encodeReadCommand({ tableId: c.cf.id, key: Buffer.from('k'), query: WHOLE, groupKind: undefined, nowSec: c.nowSec(), digestOnly });
  const data = decodeReadResponse((await ask('READ', read(false))).payload);
  assert.equal(data.kind, 'data');
  assert.equal(c.columns(data.kind === 'data' ? data.result : null).get('col'), 'one');
  const digest = decodeReadResponse((await ask('READ', read(true))).payload);
  assert.deepEqual(digest, { kind: 'digest', digest: digestOf(data.kind === 'data' ? data.result : null) });

  await ask('READ_REPAIR', encodeMutationMessage({ tableId: c.cf.id, update: update('two', 2n) }));
  assert.equal(c.localRow(1, 'k').get('col'), 'two');
  assert.equal((await ask('HINT', encodeMutationMessage({ tableId: c.cf.id, update: update('hinted', 3n) }))).verb, 'HINT_RSP');
  assert.equal(c.localRow(1, 'k').get('col'), 'hinted');
  await ask('READ_REPAIR', encodeMutationMessage({ tableId: c.cf.id, update: update('two', 4n) }));
  const range = decodeRangeResponse((await ask('RANGE_READ', encodeRangeReadCommand({ tableId: c.cf.id, from: undefined, to: undefined, partitionLimit: 10, query: WHOLE, groupKind: undefined, nowSec: c.nowSec() }))).payload);
  assert.deepEqual(range.map((p) => p.key.toString()), ['k']);

  await ask('TRUNCATE', encodeTruncate(c.cf.id));
  assert.equal(c.localRow(1, 'k').size, 0);
  await c.close();
});

test('a garbled payload is answered BAD_PAYLOAD, an unknown table INVALID; nothing is applied', async () => {
  const c = await SimCluster.start({ seed: 62, nodes: 2, replication: { class: 'SimpleStrategy', options: { replication_factor: '2' } } });
  const ask = (verb: VerbName, payload: Uint8Array) => simAwait(c.env, c.node(0).messaging.request(c.node(1).messaging.address, { verb, payload }));
  for (const verb of ['MUTATION', 'READ', 'RANGE_READ', 'READ_REPAIR', 'TRUNCATE', 'HINT', 'INDEX_READ', 'INDEX_CLEAN'] as const) {
    await assert.rejects(ask(verb, Buffer.from([0xff, 0xff, 0xff])), (e: unknown) => {
      assert.ok(e instanceof RemoteFailureError, String(e));
      assert.equal(e.reason, 'BAD_PAYLOAD', verb);
      assert.equal(e.remoteErrorCode, ErrorCode.PROTOCOL_ERROR);
      return true;
    });
  }
  const stranger = encodeMutationMessage({ tableId: 'no-such-table', update: { key: Buffer.from('k'), partitionDeletion: null, rangeTombstones: [], cells: [] } });
  await assert.rejects(ask('MUTATION', stranger), (e: unknown) => e instanceof RemoteFailureError && e.reason === 'HANDLER_ERROR' && e.remoteErrorCode === ErrorCode.INVALID && /Unknown table id no-such-table/.test(e.message));
  assert.equal((await ask('HINT', stranger)).verb, 'HINT_RSP', 'a hint for a dropped table is acknowledged (and dropped)');
  const noIndex = encodeIndexRead({ tableId: c.cf.id, indexName: 'no_such_index', indexKey: Buffer.from('k'), query: WHOLE, nowSec: 0 });
  await assert.rejects(ask('INDEX_READ', noIndex), (e: unknown) => e instanceof RemoteFailureError && e.remoteErrorCode === ErrorCode.INVALID && /Index no_such_index on ks.t does not exist/.test(e.message));
  await c.close();
});
