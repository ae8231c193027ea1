/**
 * A seeded workload under message loss, delay and a partition (the VOPR idea on a small scale):
 * concurrent clients write and read at QUORUM through random coordinators; every read must see,
 * for each column, a write at least as new as every QUORUM write acknowledged, and every value a
 * QUORUM read returned, before the read began (acknowledged writes are never lost, reads never go
 * back in time). After healing, ALL
 * reads make the replicas converge. The same seed replays the same run: the trace is compared.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { delayBy, dropWithProbability, isolate } from '../net/index.js';
import { IliumError } from '../errors/index.js';
import type { Consistency } from '../locator/index.js';
import { SimCluster, WHOLE } from '../../test/support/service/sim-cluster.js';

const KEYS = ['a', 'b', 'c', 'd', 'e', 'f'];
const COLUMNS = ['x', 'y'];
const CLIENTS = 4;
const OPS_PER_CLIENT = 75;

interface Ack {
  readonly key: string;
  readonly column: string;
  readonly ts: bigint;
  readonly atMs: number;
}

async function runWorkload(seed: number, readCl: Consistency = 'QUORUM'): Promise<{ trace: string[]; violations: string[] }> {
  const c = await SimCluster.start({ seed, nodes: 5, replication: { class: 'SimpleStrategy', options: { replication_factor: '3' } }, writeTimeoutMs: 200, readTimeoutMs: 300 });
  const env = c.env;
  const rnd = env.random;
  for (const n of c.nodes) {
    n.messaging.filters.add(dropWithProbability(0.05, rnd));
    n.messaging.filters.add(delayBy(1, rnd, 40));
  }
  // A partition: one node cut off for a while in the middle of the run.
  const victim = c.node(Math.floor(rnd.next() * 5)).messaging;
  env.timers.setTimeout(() => victim.filters.add(isolate(victim.address, 'partition')), 1_500);
  env.timers.setTimeout(() => victim.filters.remove('partition'), 4_000);

  const trace: string[] = [];
  const acked: Ack[] = [];
  const observed: Ack[] = [];
  const attempted = new Set<bigint>();
  let nextTs = 1n;
  const violations: string[] = [];

  const client = async (id: number) => {
    for (let op = 0; op < OPS_PER_CLIENT; op++) {
      const key = KEYS[Math.floor(rnd.next() * KEYS.length)]!;
      const via = Math.floor(rnd.next() * 5);
      if (rnd.next() < 0.5) {
        const column = COLUMNS[Math.floor(rnd.next() * COLUMNS.length)]!;
        const ts = nextTs++;
        attempted.add(ts);
        try {
          await c.node(via).proxy.apply([{ cf: c.cf, update: { key: Buffer.from(key), partitionDeletion: null, rangeTombstones: [], cells: [cell(c, column, ts)] } }], 'QUORUM');
          acked.push({ key, column, ts, atMs: env.clock.nowMs() });
          trace.push(`${id} w ${key}.${column}=${ts} ok @${env.clock.nowMs()}`);
        } catch (e) {
          trace.push(`${id} w ${key}.${column}=${ts} ${errName(e)} @${env.clock.nowMs()}`);
        }
      } else {
        const startedMs = env.clock.nowMs();
        try {
          const r = await c.node(via).proxy.read(c.cf, Buffer.from(key), WHOLE, readCl, c.nowSec());
          const row = c.columns(r);
          for (const column of COLUMNS) {
            const seen = row.has(column) ? BigInt(row.get(column)!) : 0n;
            if (seen !== 0n && !attempted.has(seen)) violations.push(`read ${key}.${column}=${seen}: never written`);
            // Acknowledged writes, and what earlier completed reads returned (blocking read repair: no going back).
            const mustSee = [...acked, ...observed].filter((a) => a.key === key && a.column === column && a.atMs < startedMs).reduce((m, a) => (a.ts > m ? a.ts : m), 0n);
            if (seen < mustSee) violations.push(`seed ${seed}: read of ${key}.${column} at ${startedMs} via ${via} saw ${seen}, but ${mustSee} was acknowledged before`);
          }
          for (const column of COLUMNS) if (row.has(column)) observed.push({ key, column, ts: BigInt(row.get(column)!), atMs: env.clock.nowMs() });
          trace.push(`${id} r ${key} ${[...row.entries()].join(',')} @${env.clock.nowMs()}`);
        } catch (e) {
          trace.push(`${id} r ${key} ${errName(e)} @${env.clock.nowMs()}`);
        }
      }
    }
  };
  const { simAwait } = await import('../../test/support/net-sim.js');
  await simAwait(env, Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i))), 600_000);
  if (violations.length > 0) {
    await c.close();
    return { trace, violations };
  }
  assert.ok(acked.length > 10, `seed ${seed}: only ${acked.length} writes acknowledged`);

  // Healed: ALL reads through one coordinator make every replica hold the same row.
  for (const n of c.nodes) n.messaging.filters.clear();
  await simAwait(env, new Promise<void>((resolve) => env.timers.setTimeout(resolve, 1_000)));
  for (const key of KEYS) {
    const row = await c.read(0, key, 'ALL');
    trace.push(`final ${key} ${[...row.entries()].join(',')}`);
    const holders = c.replicasOf(key).map((e) => c.nodes.indexOf(c.nodeOf(e)));
    for (const i of holders) assert.deepEqual(c.localRow(i, key), row, `seed ${seed}: replica ${i} of ${key} after repair`);
    for (const column of COLUMNS) {
      const newest = acked.filter((a) => a.key === key && a.column === column).reduce((m, a) => (a.ts > m ? a.ts : m), 0n);
      assert.ok((row.has(column) ? BigInt(row.get(column)!) : 0n) >= newest, `seed ${seed}: ${key}.${column} lost an acknowledged write`);
    }
  }
  trace.push(`acked ${acked.length} of ${attempted.size}`);
  await c.close();
  return { trace, violations };
}

function cell(c: SimCluster, column: string, ts: bigint) {
  return { name: c.name(column), kind: 0 as const, value: Buffer.from(String(ts)), timestamp: ts, ttl: 0, localDeletionTime: 0x7fffffff };
}

function errName(e: unknown): string {
  if (e instanceof IliumError) return e.name;
  throw e;
}

for (const seed of [101, 202, 303]) {
  test(`seed ${seed}: acknowledged QUORUM writes are seen by every later QUORUM read, under loss, delay and a partition`, async () => {
    const { violations } = await runWorkload(seed);
    assert.deepEqual(violations, []);
  });
}

test('the same seed replays the same run', async () => {
  const first = (await runWorkload(404)).trace;
  const second = (await runWorkload(404)).trace;
  assert.deepEqual(second, first);
  assert.ok(first.some((l) => / (WriteTimeoutError|ReadTimeoutError) /.test(l)), 'the faults did bite');
});

test('the checker has teeth: reads at ONE after QUORUM writes are caught going back in time', async () => {
  const { violations } = await runWorkload(505, 'ONE');
  assert.ok(violations.length > 0, 'reads at ONE under these faults should miss some acknowledged write');
});
