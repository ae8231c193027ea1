/**
 * Background work on a whole node (IliumNode on the simulated Env): a stored batch that does not
 * decode is quarantined — its bytes moved to <data>/quarantine/batchlog, the failure logged and
 * counted — and the batches after it still replay, on demand and from the periodic replay; the
 * counters show in nodetool bgfailures.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BatchlogTable } from '../db/batchlog-table.js';
import { createSimEnv } from '../env/index.js';
import { createKeyspace } from '../schema/index.js';
import { newBallot } from '../service/paxos/ballot.js';
import { encodeBatchMutations } from '../service/wire/batch-messages.js';
import { BOTTOM, TOP, cellName, liveCell } from '../storage/model/index.js';
import { formatBackgroundFailures } from '../tools/nodetool/nodetool-output.js';
import { RecordingNetLogger, runFor, simAwait } from '../../test/support/net-sim.js';
import { startRingNode } from '../../test/support/ring-sim.js';
import { createNodeAdmin } from './admin/index.js';

const WHOLE = { slices: [{ start: BOTTOM, end: TOP }], reversed: false } as const;

test('a stored batch that does not decode is quarantined and counted; later batches still replay', async () => {
  const env = createSimEnv(1601);
  const log = new RecordingNetLogger();
  const node = await startRingNode(env, 1, {}, log);
  try {
    await simAwait(env, node.keeper.addKeyspace(createKeyspace({ name: 'app', replication: { class: 'SimpleStrategy', options: { replication_factor: '1' } }, tables: [{ name: 't', comparator: 'UTF8Type', keyValidator: 'UTF8Type' }] }, env.random)));
    const cf = node.keeper.schema.table('app', 't')!;
    const batch = (key: string, value: string) => encodeBatchMutations([{ tableId: cf.id, update: { key: Buffer.from(key), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(cellName([cf.comparator.toComparable(Buffer.from('v'))]), Buffer.from(value), 10n)] } }]);
    const value = (key: string) => node.engine.read(cf.id, Buffer.from(key), WHOLE)?.cells[0]?.value.toString();
    const stored = new BatchlogTable(node.engine);
    const oldId = () => newBallot(env.clock.nowMicros() - 60_000_000n, env.random);
    const nowMicros = env.clock.nowMicros();
    // Ids are kept in byte order: the all-zero id and the short one come before every good batch.
    const badData = Buffer.from([0xff, 0xff, 0xff, 0xff]);
    await simAwait(env, stored.store(Buffer.alloc(16), badData, nowMicros));
    await simAwait(env, stored.store(Buffer.from([1, 2, 3]), batch('short-id', 'never'), nowMicros));
    await simAwait(env, stored.store(oldId(), batch('a', 'one'), nowMicros));
    await simAwait(env, stored.store(oldId(), batch('b', 'two'), nowMicros));

    assert.equal(await simAwait(env, node.cluster.batchlog.replayOnce()), 2, 'both good batches replayed past the bad ones');
    assert.equal(value('a'), 'one');
    assert.equal(value('b'), 'two');
    assert.equal(value('short-id'), undefined, 'a quarantined batch is not applied');
    assert.deepEqual(stored.list(100, Math.floor(env.clock.nowMs() / 1000)), [], 'the bad batches left the log too');
    const dir = '/node1/quarantine/batchlog';
    assert.deepEqual(env.fs.readFileSync(`${dir}/00000000-0000-0000-0000-000000000000.batch`), badData, 'the bytes as stored');
    assert.deepEqual(env.fs.readFileSync(`${dir}/id-010203.batch`), batch('short-id', 'never'));
    assert.equal(node.cluster.batchlog.quarantined, 2);
    const failures = node.background.snapshot().filter((f) => f.task === 'batchlog-replay');
    assert.deepEqual(failures.map((f) => [f.errorClass, f.count]).sort(), [['MarshalError', 1], ['RangeError', 1]]);
    const logged = log.entries.filter((e) => e.event === 'background_task_failed' && e.fields['task'] === 'batchlog-replay');
    assert.equal(logged.length, 2);
    assert.ok(logged.every((e) => e.level === 'warn' && String(e.fields['message']).includes(dir)), 'each log line says where the bytes went');

    // The periodic replay (every 10 s) goes on, and finds nothing bad again.
    await simAwait(env, stored.store(oldId(), batch('c', 'three'), env.clock.nowMicros()));
    await runFor(env, 10_500);
    assert.equal(value('c'), 'three', 'replayed by the timer');
    assert.equal(node.background.failures('batchlog-replay'), 2);

    const shown = formatBackgroundFailures((await createNodeAdmin(node, 0)('bgfailures', [])) as never);
    assert.match(shown, /batchlog-replay\s+MarshalError\s+1\s+/);
    assert.match(shown, /Quarantined batches: 2/);
  } finally {
    await simAwait(env, node.close());
  }
});
