/** Writes during a bootstrap: the joining node is a pending replica; it gets the writes of its future range and adds one to the acks awaited. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UnavailableError } from '../errors/index.js';
import { SimCluster, keys, partitioner } from '../../test/support/service/sim-cluster.js';

test('a joining node receives the writes of the range it will own, and counts towards blockFor', async () => {
  const c = await SimCluster.start({ seed: 71, nodes: 4, bootstrapping: 1, replication: { class: 'SimpleStrategy', options: { replication_factor: '3' } } });
  const joining = c.node(3);
  const placement = c.node(0).rings.placement('ks');
  const all = keys(40);
  const pendingKeys = all.filter((k) => placement.pendingEndpoints(partitioner.token(Buffer.from(k)), c.ring).includes(joining.endpoint));
  assert.ok(pendingKeys.length > 3 && pendingKeys.length < all.length, `some keys but not all are pending (${pendingKeys.length})`);
  for (const [i, k] of all.entries()) await c.write(i % 3, k, 'v', k, 1n, 'ALL');
  for (const k of all) assert.equal(c.localRow(3, k).get('v'), pendingKeys.includes(k) ? k : undefined, k);
  // Reads do not ask the joining node: it may lack older data.
  assert.equal((await c.read(3, all[0]!, 'ALL')).get('v'), all[0]);
  // Two of the three natural replicas down: for a pending key QUORUM needs 2 + 1 acks of 2 live; for another key 2 of 1.
  c.liveness.markDown(c.node(1).endpoint);
  c.liveness.markDown(c.node(2).endpoint);
  await assert.rejects(c.write(0, pendingKeys[0]!, 'v', 'x', 2n, 'QUORUM'), (e: unknown) => e instanceof UnavailableError && e.required === 3 && e.alive === 2);
  const other = all.find((k) => !pendingKeys.includes(k))!;
  await assert.rejects(c.write(0, other, 'v', 'x', 2n, 'QUORUM'), (e: unknown) => e instanceof UnavailableError && e.required === 2 && e.alive === 1);
  await c.write(0, pendingKeys[0]!, 'v', 'y', 3n, 'ONE');
  assert.equal(c.localRow(3, pendingKeys[0]!).get('v'), 'y');
  await c.close();
});
