/**
 * A ring of one node still honours the level against the keyspace's replication factor: RF 3 at
 * QUORUM or TWO is Unavailable for a partition, a scan (SELECT * / count(*)) and an index read
 * alike, while ONE is served by the local store. Scans at SERIAL count replicas as QUORUM does.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError, UnavailableError } from '../errors/index.js';
import type { Consistency } from '../locator/index.js';
import type { IndexDef } from '../schema/index.js';
import { simAwait } from '../../test/support/net-sim.js';
import { SimCluster, WHOLE } from '../../test/support/service/sim-cluster.js';

const RF3 = { class: 'SimpleStrategy', options: { replication_factor: '3' } } as const;
const RF1 = { class: 'SimpleStrategy', options: { replication_factor: '1' } } as const;

function unavailable(cl: Consistency, required: number, alive: number): (e: unknown) => boolean {
  return (e) => e instanceof UnavailableError && e.consistency === cl && e.required === required && e.alive === alive;
}

test('one node, RF=3: scans at QUORUM, TWO and SERIAL are Unavailable as single-partition reads are; ONE scans', async () => {
  const c = await SimCluster.start({ seed: 301, nodes: 1, replication: RF3 });
  await c.write(0, 'a', 'v', 'x', 1n, 'ONE');
  await c.write(0, 'b', 'v', 'y', 1n, 'ONE');
  const scan = (cl: Consistency) => simAwait(c.env, c.node(0).proxy.scan(c.cf, undefined, undefined, WHOLE, 100, cl, c.nowSec()));
  assert.equal((await scan('ONE')).length, 2);
  assert.equal((await scan('LOCAL_ONE')).length, 2);
  await assert.rejects(c.read(0, 'a', 'QUORUM'), unavailable('QUORUM', 2, 1));
  await assert.rejects(scan('QUORUM'), unavailable('QUORUM', 2, 1));
  await assert.rejects(scan('TWO'), unavailable('TWO', 2, 1));
  await assert.rejects(scan('ALL'), unavailable('ALL', 3, 1));
  await assert.rejects(scan('SERIAL'), unavailable('SERIAL', 2, 1));
  await c.close();
});

test('one node, RF=1: a scan at QUORUM and at SERIAL is served; TWO is Unavailable', async () => {
  const c = await SimCluster.start({ seed: 302, nodes: 1, replication: RF1 });
  await c.write(0, 'a', 'v', 'x', 1n, 'ONE');
  const scan = (cl: Consistency) => simAwait(c.env, c.node(0).proxy.scan(c.cf, undefined, undefined, WHOLE, 100, cl, c.nowSec()));
  assert.equal((await scan('QUORUM')).length, 1);
  assert.equal((await scan('SERIAL')).length, 1);
  await assert.rejects(scan('TWO'), unavailable('TWO', 2, 1));
  await c.close();
});

test('one node, RF=3: an index read checks the level before the local index is asked', async () => {
  const c = await SimCluster.start({ seed: 303, nodes: 1, replication: RF3 });
  const index = { name: 'v_idx' } as IndexDef;
  const readIndex = (cl: Consistency) => c.node(0).proxy.readIndex(c.cf, index, Buffer.from('x'), { slices: [], reversed: false }, cl, 0);
  await assert.rejects(readIndex('QUORUM'), unavailable('QUORUM', 2, 1));
  await assert.rejects(readIndex('TWO'), unavailable('TWO', 2, 1));
  // ONE passes the check and reaches the local store (which knows no such index here).
  await assert.rejects(readIndex('ONE'), (e: unknown) => !(e instanceof UnavailableError));
  await c.close();
});

test('SERIAL reads of more than one partition are refused on any ring size, as Cassandra 4.0 refuses them', async () => {
  for (const nodes of [1, 3]) {
    const c = await SimCluster.start({ seed: 304 + nodes, nodes, replication: RF1 });
    await c.write(0, 'a', 'v', 'x', 1n, 'ONE');
    const readMany = (keys: string[]) => simAwait(c.env, c.node(0).proxy.readMany(c.cf, keys.map((k) => Buffer.from(k)), WHOLE, 'SERIAL', c.nowSec()));
    await assert.rejects(readMany(['a', 'b']), (e: unknown) => e instanceof InvalidRequestError && /^SERIAL\/LOCAL_SERIAL consistency may only be requested for one partition at a time$/.test(e.message), `${nodes} node(s)`);
    const one = await readMany(['a']);
    assert.equal(one.length, 1);
    assert.ok(one[0] !== null, `a single partition at SERIAL is read (${nodes} node(s))`);
    await c.close();
  }
});
