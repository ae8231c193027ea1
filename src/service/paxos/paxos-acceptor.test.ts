/** One replica's Paxos state: the promise/accept/commit rules, and durability across power loss. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Murmur3Partitioner } from '../../dht/index.js';
import { RowLocks } from '../../db/operations/row-locks.js';
import { LocalOperations } from '../../db/operations/local-operations.js';
import { openNodeStorage } from '../../db/open-node-storage.js';
import { PaxosStateTable } from '../../db/paxos-table.js';
import type { SimEnv } from '../../env/index.js';
import { createKeyspace } from '../../schema/index.js';
import { cellName, liveCell } from '../../storage/model/index.js';
import { newSimEnv, simAwait } from '../../../test/support/net-sim.js';
import { LocalDataStore } from '../local-data-store.js';
import { WHOLE } from '../../../test/support/service/sim-cluster.js';
import { newBallot } from './ballot.js';
import { PaxosAcceptor } from './paxos-acceptor.js';
import type { PaxosCommit } from './paxos-commit.js';

const partitioner = new Murmur3Partitioner();

async function openNode(env: SimEnv, keyspace?: ReturnType<typeof createKeyspace>) {
  const { engine, keeper } = await simAwait(env, openNodeStorage({ env, dataDir: '/n', partitioner, options: { commitlogSync: 'batch' } }));
  if (keyspace !== undefined && keeper.schema.keyspace('ks') === undefined) await simAwait(env, keeper.addKeyspace(keyspace));
  const local = new LocalDataStore(new LocalOperations(keeper, engine, env, partitioner).ctx);
  const acceptor = new PaxosAcceptor({ table: new PaxosStateTable(engine), locks: new RowLocks(), clock: env.clock, local, tableById: (id) => keeper.schema.tableById(id) });
  return { engine, keeper, acceptor };
}

test('promises only later ballots, accepts unless a later ballot was promised, commits apply and clear what they supersede — all of it survives power loss, and expires after gc_grace_seconds idle', async () => {
  const env = newSimEnv(71);
  const keyspace = createKeyspace({ name: 'ks', replication: { class: 'SimpleStrategy', options: { replication_factor: '1' } }, tables: [{ name: 't', comparator: 'BytesType', keyValidator: 'BytesType' }] }, env.random);
  const cf = keyspace.tables[0]!;
  const key = Buffer.from('pk');
  const [b1, b2, b3, b4] = [100n, 200n, 300n, 400n].map((m) => newBallot(m, env.random)) as [Buffer, Buffer, Buffer, Buffer];
  const proposal = (ballot: Buffer, v: string): PaxosCommit => ({ tableId: cf.id, ballot, update: { key, partitionDeletion: null, rangeTombstones: [], cells: [liveCell(cellName([Buffer.from('v')]), Buffer.from(v), 1n)] } });

  let n = await openNode(env, keyspace);
  assert.deepEqual(await simAwait(env, n.acceptor.prepare(cf.id, key, b2)), { promised: true, promisedBallot: b2, accepted: null, committed: null });
  const refused = await simAwait(env, n.acceptor.prepare(cf.id, key, b1));
  assert.equal(refused.promised, false);
  assert.deepEqual(refused.promisedBallot, b2);
  assert.equal(await simAwait(env, n.acceptor.propose(proposal(b1, 'old'))), false, 'b1 < promised b2');
  assert.equal(await simAwait(env, n.acceptor.propose(proposal(b2, 'two'))), true);

  env.fs.crash();
  n = await openNode(env, keyspace);
  const after = await simAwait(env, n.acceptor.prepare(cf.id, key, b1));
  assert.equal(after.promised, false, 'the promise survived');
  assert.deepEqual(after.accepted, proposal(b2, 'two'), 'so did the accepted proposal');
  assert.equal((await simAwait(env, n.acceptor.prepare(cf.id, key, b3))).promised, true);

  await simAwait(env, n.acceptor.commit(proposal(b2, 'two')));
  assert.equal(n.engine.read(cf.id, key, WHOLE)?.cells[0]?.value.toString(), 'two', 'the commit is applied to the table');
  env.fs.crash();
  n = await openNode(env, keyspace);
  const later = await simAwait(env, n.acceptor.prepare(cf.id, key, b4));
  assert.equal(later.promised, true);
  assert.equal(later.accepted, null, 'the commit cleared the accepted proposal it completes');
  assert.deepEqual(later.committed, proposal(b2, 'two'));
  // An older commit arriving late changes nothing recorded.
  await simAwait(env, n.acceptor.commit(proposal(b1, 'old')));
  assert.deepEqual((await simAwait(env, n.acceptor.prepare(cf.id, key, newBallot(500n, env.random)))).committed, proposal(b2, 'two'));
  // Idle past the table's gc_grace_seconds (Cassandra's paxos TTL), the state is gone.
  env.clock.advanceMs((cf.gcGraceSeconds + 1) * 1000);
  assert.deepEqual(await simAwait(env, n.acceptor.prepare(cf.id, key, b1)), { promised: true, promisedBallot: b1, accepted: null, committed: null });
});

test('a second copy of an accepted proposal is accepted again after a later promise; another proposal of an older ballot is not (simulation seed 11 --large: a duplicate answered "refused" made a CAS report its own applied value as a failure)', async () => {
  const env = newSimEnv(72);
  const keyspace = createKeyspace({ name: 'ks', replication: { class: 'SimpleStrategy', options: { replication_factor: '1' } }, tables: [{ name: 't', comparator: 'BytesType', keyValidator: 'BytesType' }] }, env.random);
  const cf = keyspace.tables[0]!;
  const key = Buffer.from('pk');
  const [b1, b2, b3] = [100n, 200n, 300n].map((m) => newBallot(m, env.random)) as [Buffer, Buffer, Buffer];
  const proposal = (ballot: Buffer, v: string): PaxosCommit => ({ tableId: cf.id, ballot, update: { key, partitionDeletion: null, rangeTombstones: [], cells: [liveCell(cellName([Buffer.from('v')]), Buffer.from(v), 1n)] } });
  const n = await openNode(env, keyspace);
  assert.equal((await simAwait(env, n.acceptor.prepare(cf.id, key, b2))).promised, true);
  assert.equal(await simAwait(env, n.acceptor.propose(proposal(b2, 'mine'))), true);
  assert.equal((await simAwait(env, n.acceptor.prepare(cf.id, key, b3))).promised, true, 'a later proposer promised');
  assert.equal(await simAwait(env, n.acceptor.propose(proposal(b2, 'mine'))), true, 'the duplicate of what was accepted');
  assert.equal(await simAwait(env, n.acceptor.propose(proposal(b1, 'older'))), false);
  const state = await simAwait(env, n.acceptor.prepare(cf.id, key, newBallot(400n, env.random)));
  assert.deepEqual(state.accepted, proposal(b2, 'mine'), 'the accepted proposal is unchanged');
});
