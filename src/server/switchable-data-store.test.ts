import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SeededRandom } from '../env/seeded-random.js';
import { UnavailableError } from '../errors/index.js';
import { endpoint } from '../locator/index.js';
import { type Replication, createKeyspace } from '../schema/index.js';
import type { DataStore } from '../service/index.js';
import { BOTTOM, TOP } from '../storage/model/index.js';
import { SwitchableDataStore, requiredReplicasOf } from './switchable-data-store.js';

const random = new SeededRandom(7);
const ks = createKeyspace({ name: 'ks', replication: { class: 'SimpleStrategy', options: { replication_factor: 3 } }, tables: [{ name: 'cf' }] }, random);
const nts = createKeyspace({ name: 'nts', replication: { class: 'NetworkTopologyStrategy', options: { dc1: 3, dc2: 2 } }, tables: [{ name: 'cf' }] }, random);
const keyspaces = new Map<string, Replication>([['ks', ks.replication], ['nts', nts.replication]]);
const required = requiredReplicasOf((name) => keyspaces.get(name), endpoint('127.0.0.1'), 'dc1');
const cf = ks.tables[0]!;
const WHOLE = { slices: [{ start: BOTTOM, end: TOP }], reversed: false };

async function refusal(p: Promise<unknown>): Promise<UnavailableError> {
  const e = await p.then(() => assert.fail('answered before the coordinator was switched in'), (err: unknown) => err);
  assert.ok(e instanceof UnavailableError, `expected UnavailableError, got ${String(e)}`);
  assert.match(e.message, /starting/);
  assert.equal(e.alive, 0);
  return e;
}

test('before the switch every data call is Unavailable, required = blockFor of the level', async () => {
  const store = new SwitchableDataStore(required);
  const key = Buffer.from('k');
  const read = await refusal(store.read(cf, key, WHOLE, 'QUORUM', 0));
  assert.deepEqual([read.consistency, read.required], ['QUORUM', 2]);
  assert.equal((await refusal(store.readMany(cf, [key], WHOLE, 'ALL', 0))).required, 3);
  assert.equal((await refusal(store.scan(cf, undefined, undefined, WHOLE, 10, 'ONE', 0))).required, 1);
  assert.equal((await refusal(store.apply([{ cf, update: { key, cells: [] } as never }], 'TWO'))).required, 2);
  const cas = await refusal(store.cas(cf, key, { serial: 'SERIAL', commit: 'QUORUM' }, () => assert.fail('decided')));
  assert.deepEqual([cas.consistency, cas.required], ['SERIAL', 2]);
  assert.deepEqual([(await refusal(store.truncate(cf))).consistency], ['ALL']);
  await refusal(store.withPartitionLock(cf, key, () => assert.fail('ran under the lock')));
  const local = await refusal(store.read(nts.tables[0]!, key, WHOLE, 'LOCAL_QUORUM', 0));
  assert.equal(local.required, 2, 'quorum of dc1 (3)');
  assert.equal((await refusal(store.read(nts.tables[0]!, key, WHOLE, 'EACH_QUORUM', 0))).required, 4, '2 of dc1 + 2 of dc2');
});

test('after the switch every call is the coordinator\'s', async () => {
  const store = new SwitchableDataStore(required);
  const calls: string[] = [];
  const coordinator = new Proxy({}, { get: (_t, name) => (...args: unknown[]) => {
    calls.push(String(name));
    return name === 'withPartitionLock' ? (args[2] as () => Promise<unknown>)() : Promise.resolve(null);
  } }) as DataStore;
  store.switchTo(coordinator);
  const key = Buffer.from('k');
  assert.equal(await store.read(cf, key, WHOLE, 'QUORUM', 0), null);
  await store.scan(cf, undefined, undefined, WHOLE, 10, 'QUORUM', 0);
  await store.apply([], 'QUORUM');
  assert.equal(await store.withPartitionLock(cf, key, async () => 5), 5);
  assert.deepEqual(calls, ['read', 'scan', 'apply', 'withPartitionLock']);
});
