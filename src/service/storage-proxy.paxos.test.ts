/**
 * Compare-and-set by Paxos on SimEnv clusters: concurrent conditional writes through different
 * coordinators, a compare-and-set counter, a coordinator dying between propose and commit, and
 * seeded histories under message loss and delay checked for linearizability.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UnavailableError, WriteTimeoutError } from '../errors/index.js';
import { liveCell } from '../storage/model/index.js';
import { delayBy, dropWithProbability } from '../net/index.js';
import { paxosParticipants } from './paxos/paxos-participants.js';
import { preparePaxos } from './paxos/prepare-round.js';
import { proposePaxos } from './paxos/propose-round.js';
import { ballotMicros, newBallot } from './paxos/ballot.js';
import { type CasOutcome, casRegister, readRegister } from '../../test/support/service/cas-register.js';
import { type CasOp, checkRegisterHistory } from '../../test/support/service/register-history.js';
import { SimCluster, WHOLE } from '../../test/support/service/sim-cluster.js';
import { simAwait } from '../../test/support/net-sim.js';

const RF3 = { class: 'SimpleStrategy', options: { replication_factor: '3' } } as const;

test('3 nodes, RF=3: concurrent "IF NOT EXISTS" through every coordinator — exactly one applies, every replica agrees', async () => {
  for (const seed of [101, 102, 103]) {
    const c = await SimCluster.start({ seed, nodes: 3, replication: RF3 });
    const attempts = Array.from({ length: 6 }, (_, i) => casRegister(c, i % 3, 'k', null, `client-${i}`));
    const outcomes = await simAwait(c.env, Promise.all(attempts));
    const winners = outcomes.map((o, i) => (o.applied ? i : -1)).filter((i) => i >= 0);
    assert.equal(winners.length, 1, `seed ${seed}: ${JSON.stringify(outcomes)}`);
    const value = `client-${winners[0]}`;
    for (const o of outcomes) if (!o.applied) assert.equal(o.current, value, 'the losers saw the winner');
    assert.equal(await simAwait(c.env, readRegister(c, 2, 'k', 'ALL')), value);
    for (let i = 0; i < 3; i++) assert.equal(c.localRow(i, 'k').get('v'), value);
    await c.close();
  }
});

test('a compare-and-set counter incremented by 9 concurrent clients through 3 coordinators ends at exactly 9', async () => {
  const c = await SimCluster.start({ seed: 111, nodes: 3, replication: RF3 });
  let applied = 0;
  let retries = 0;
  const client = async (i: number) => {
    for (;;) {
      const cur = await readRegister(c, i % 3, 'counter');
      const n = cur === null ? 0 : Number(cur);
      const o: CasOutcome = await casRegister(c, (i + 1) % 3, 'counter', cur, String(n + 1));
      if (o.applied) {
        applied++;
        return;
      }
      retries++;
    }
  };
  await simAwait(c.env, Promise.all(Array.from({ length: 9 }, (_, i) => client(i))), 120_000);
  assert.equal(applied, 9);
  assert.ok(retries > 0, 'the clients contended');
  assert.equal(await simAwait(c.env, readRegister(c, 0, 'counter')), '9');
  assert.equal(await simAwait(c.env, readRegister(c, 1, 'counter', 'ALL')), '9');
  await c.close();
});

test('a coordinator that dies between propose and commit: the next proposer (or SERIAL reader) finishes its proposal', async () => {
  const c = await SimCluster.start({ seed: 121, nodes: 3, replication: RF3 });
  const d = c.node(0).proxy.deps;
  const key = Buffer.from('k');
  const p = paxosParticipants(d, c.cf, key, 'SERIAL');
  const ballot = d.ballots.next(null);
  const promised = await simAwait(c.env, preparePaxos(d, p, c.cf.id, key, ballot));
  assert.ok(promised.promised);
  const update = { key, partitionDeletion: null, rangeTombstones: [], cells: [liveCell(c.name('v'), Buffer.from('orphan'), ballotMicros(ballot))] };
  assert.equal(await simAwait(c.env, proposePaxos(d, p, { tableId: c.cf.id, ballot, update }, true)), true);
  // ... and node 0 dies here: no commit was sent. Nothing is visible in the data yet.
  for (let i = 0; i < 3; i++) assert.equal(c.localRow(i, 'k').size, 0);
  assert.equal(await simAwait(c.env, readRegister(c, 1, 'k', 'QUORUM')), null);
  // The next compare-and-set, through another coordinator, first completes the orphan.
  const o = await simAwait(c.env, casRegister(c, 2, 'k', null, 'late'));
  assert.deepEqual(o, { applied: false, current: 'orphan' });
  assert.equal(await simAwait(c.env, readRegister(c, 1, 'k', 'ALL')), 'orphan');
  await c.close();

  // A SERIAL read finishes it as well.
  const c2 = await SimCluster.start({ seed: 122, nodes: 3, replication: RF3 });
  const d2 = c2.node(0).proxy.deps;
  const p2 = paxosParticipants(d2, c2.cf, key, 'SERIAL');
  const b2 = d2.ballots.next(null);
  await simAwait(c2.env, preparePaxos(d2, p2, c2.cf.id, key, b2));
  const u2 = { key, partitionDeletion: null, rangeTombstones: [], cells: [liveCell(c2.name('v'), Buffer.from('orphan'), ballotMicros(b2))] };
  await simAwait(c2.env, proposePaxos(d2, p2, { tableId: c2.cf.id, ballot: b2, update: u2 }, true));
  assert.equal(await simAwait(c2.env, readRegister(c2, 1, 'k', 'SERIAL')), 'orphan');
  assert.equal(await simAwait(c2.env, readRegister(c2, 2, 'k', 'QUORUM')), 'orphan');
  await c2.close();
});

test('too few live replicas for SERIAL (or for the commit level) is UnavailableError before anything is proposed', async () => {
  const c = await SimCluster.start({ seed: 131, nodes: 3, replication: RF3 });
  const others = c.replicasOf('k').filter((e) => e !== c.node(0).endpoint);
  c.liveness.markDown(others[0]!);
  // A quorum (2 of 3) is still alive: works, at commit QUORUM.
  assert.deepEqual(await simAwait(c.env, casRegister(c, 0, 'k', null, 'one')), { applied: true });
  await assert.rejects(simAwait(c.env, casRegister(c, 0, 'k', 'one', 'two', { serial: 'SERIAL', commit: 'ALL' })), (e: unknown) => e instanceof UnavailableError && e.consistency === 'ALL');
  c.liveness.markDown(others[1]!);
  await assert.rejects(simAwait(c.env, casRegister(c, 0, 'k', 'one', 'two')), (e: unknown) => e instanceof UnavailableError && e.consistency === 'SERIAL' && e.required === 2 && e.alive === 1);
  await assert.rejects(simAwait(c.env, readRegister(c, 0, 'k', 'SERIAL')), UnavailableError);
  c.liveness.markUp(others[0]!);
  c.liveness.markUp(others[1]!);
  assert.equal(await simAwait(c.env, readRegister(c, 0, 'k', 'SERIAL')), 'one');
  // A scan at SERIAL is a range read at QUORUM's count (Cassandra 4.0): served with every replica up.
  assert.equal((await simAwait(c.env, c.node(0).proxy.scan(c.cf, undefined, undefined, WHOLE, 10, 'SERIAL', c.nowSec()))).length, 1);
  await c.close();
});

test('a replica promised to a later ballot is outbid; no quorum answering in time is WriteTimeoutError with writeType CAS', async () => {
  const c = await SimCluster.start({ seed: 141, nodes: 3, replication: RF3 });
  // Every replica refuses: a huge ballot was promised everywhere (a coordinator from the future).
  const d = c.node(1).proxy.deps;
  const key = Buffer.from('k');
  const p = paxosParticipants(d, c.cf, key, 'SERIAL');
  const future = newBallot(ballotMicros(d.ballots.next(null)) + 3_600_000_000n, c.env.random);
  await simAwait(c.env, preparePaxos(d, p, c.cf.id, key, future));
  const started = c.env.clock.nowMs();
  const o = await simAwait(c.env, casRegister(c, 0, 'k', null, 'x'));
  // The coordinator learns the promised ballot and outbids it: contention resolves, it is not endless.
  assert.deepEqual(o, { applied: true });
  assert.ok(c.env.clock.nowMs() - started < 1_000);
  // Every message lost: no quorum answers the prepare in time.
  for (const n of c.nodes) n.messaging.filters.add(dropWithProbability(1, c.env.random));
  await assert.rejects(simAwait(c.env, casRegister(c, 0, 'k2', null, 'y')), (e: unknown) => e instanceof WriteTimeoutError && e.writeType === 'CAS' && e.consistency === 'SERIAL');
  await c.close();
});

interface HistoryRun {
  readonly ops: CasOp[];
  readonly trace: string[];
}

async function runHistory(seed: number): Promise<HistoryRun> {
  const c = await SimCluster.start({ seed, nodes: 3, replication: RF3, writeTimeoutMs: 200, readTimeoutMs: 300 });
  const env = c.env;
  const rnd = env.random;
  for (const n of c.nodes) {
    n.messaging.filters.add(dropWithProbability(0.04, rnd));
    n.messaging.filters.add(delayBy(1, rnd, 30));
  }
  const ops: CasOp[] = [];
  const trace: string[] = [];
  const client = async (id: number) => {
    let believed: string | null = null;
    for (let i = 0; i < 12; i++) {
      const via = Math.floor(rnd.next() * 3);
      const startMs = env.clock.nowMs();
      const opId = `c${id}.${i}`;
      if (rnd.next() < 0.25) {
        // A SERIAL read: a compare-and-set that can never apply.
        try {
          const saw = await readRegister(c, via, 'r', 'SERIAL');
          ops.push({ id: opId, startMs, endMs: env.clock.nowMs(), expected: '\u0000never', next: `${opId}-read`, outcome: { kind: 'failed', saw } });
          trace.push(`${opId} read ${saw} @${env.clock.nowMs()}`);
          believed = saw;
        } catch (e) {
          trace.push(`${opId} read failed ${(e as Error).name} @${env.clock.nowMs()}`);
        }
        continue;
      }
      const next = opId;
      try {
        const o = await casRegister(c, via, 'r', believed, next);
        const endMs = env.clock.nowMs();
        ops.push({ id: opId, startMs, endMs, expected: believed, next, outcome: o.applied ? { kind: 'applied' } : { kind: 'failed', saw: o.current } });
        trace.push(`${opId} cas ${believed}->${next} ${o.applied ? 'applied' : `saw ${o.current}`} @${endMs}`);
        believed = o.applied ? next : o.current;
      } catch (e) {
        ops.push({ id: opId, startMs, endMs: Infinity, expected: believed, next, outcome: { kind: 'unknown' } });
        trace.push(`${opId} cas ${believed}->${next} unknown ${(e as Error).name} @${env.clock.nowMs()}`);
      }
    }
  };
  await simAwait(env, Promise.all([0, 1, 2, 3].map(client)), 300_000);
  for (const n of c.nodes) n.messaging.filters.clear();
  // The register's final value is the end of the chain (or an unknown operation's value).
  const final = await simAwait(env, readRegister(c, 0, 'r', 'SERIAL'));
  ops.push({ id: 'final', startMs: env.clock.nowMs(), endMs: env.clock.nowMs(), expected: '\u0000never', next: 'final-read', outcome: { kind: 'failed', saw: final } });
  trace.push(`final ${final}`);
  await c.close();
  return { ops, trace };
}

test('under message loss and delay, seeded histories of compare-and-set and SERIAL reads are linearizable, and replay exactly', async () => {
  // PAXOS_SEEDS=1,2,3 sweeps other seeds.
  const seeds = (process.env['PAXOS_SEEDS'] ?? '151,152,153,154').split(',').map(Number);
  let applied = 0;
  for (const seed of seeds) {
    const run = await runHistory(seed);
    const result = checkRegisterHistory(run.ops);
    if (process.env['PAXOS_STATS'] !== undefined) console.log(seed, run.ops.length, ['applied', 'failed', 'unknown'].map((k) => run.ops.filter((o) => o.outcome.kind === k).length), result.chain.length);
    assert.ok(result.ok, `seed ${seed}: ${result.problems.join('; ')}\n${run.trace.join('\n')}`);
    applied += run.ops.filter((o) => o.outcome.kind === 'applied').length;
    if (seed === seeds[0]) assert.deepEqual((await runHistory(seed)).trace, run.trace, 'the same seed replays the same history');
  }
  assert.ok(applied >= seeds.length, `compare-and-sets applied: ${applied}`);
});

test('two data centers: LOCAL_SERIAL needs a quorum of the local DC only; SERIAL a quorum of all six', async () => {
  const c = await SimCluster.start({
    seed: 161,
    nodes: 6,
    replication: { class: 'NetworkTopologyStrategy', options: { dc1: '3', dc2: '3' } },
    locationOf: (i) => ({ datacenter: i < 3 ? 'dc1' : 'dc2', rack: 'r1' }),
  });
  const local = { serial: 'LOCAL_SERIAL', commit: 'LOCAL_QUORUM' } as const;
  for (let i = 3; i < 6; i++) c.liveness.markDown(c.node(i).endpoint);
  // dc2 is down: SERIAL needs 4 of 6 — unavailable; LOCAL_SERIAL from dc1 works.
  await assert.rejects(simAwait(c.env, casRegister(c, 0, 'k', null, 'a')), (e: unknown) => e instanceof UnavailableError && e.consistency === 'SERIAL' && e.required === 4 && e.alive === 3);
  assert.deepEqual(await simAwait(c.env, casRegister(c, 1, 'k', null, 'a', local)), { applied: true });
  assert.deepEqual(await simAwait(c.env, casRegister(c, 2, 'k', null, 'b', local)), { applied: false, current: 'a' });
  assert.equal(await simAwait(c.env, readRegister(c, 0, 'k', 'LOCAL_SERIAL')), 'a');
  for (let i = 3; i < 6; i++) c.liveness.markUp(c.node(i).endpoint);
  // Back up: a SERIAL compare-and-set from dc2 sees dc1's value (its quorum of six reaches dc1).
  assert.deepEqual(await simAwait(c.env, casRegister(c, 4, 'k', 'a', 'c')), { applied: true });
  assert.equal(await simAwait(c.env, readRegister(c, 1, 'k', 'SERIAL')), 'c');
  await c.close();
});
