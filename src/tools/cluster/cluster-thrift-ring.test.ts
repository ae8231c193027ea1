/**
 * Thrift describe_ring on a three-process cluster answers the real ring: a range per ring token
 * (3 nodes × num_tokens 16), contiguous around the ring, each with the keyspace's RF=2 replicas —
 * the token's owner (as `nodetool ring` lists it) first — their rpc addresses and data centre and
 * rack; the same answer from every node.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connectThrift } from '../../thrift/client/connect-thrift.js';
import type { TokenRange } from '../../thrift/service/cassandra-service.js';
import { allUp, pinned, startTestCluster, tableEverywhere, type TestCluster } from '../../../test/support/test-cluster.js';

let cluster: TestCluster;

before(async () => {
  cluster = await startTestCluster('127.0.0.156', 3);
  await allUp(cluster);
  const c = pinned(cluster.addresses[0]!);
  try {
    await c.execute("CREATE KEYSPACE tr WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
    await c.execute('CREATE TABLE tr.t (k text PRIMARY KEY, v text)');
  } finally {
    await c.shutdown();
  }
  await tableEverywhere(cluster, 'tr', 't');
});

after(async () => {
  await cluster?.stop();
});

async function describeRing(address: string): Promise<TokenRange[]> {
  const client = await connectThrift({ host: address });
  try {
    return await client.describeRing('tr');
  } finally {
    await client.close();
  }
}

test('describe_ring over Thrift: every ring token, its replicas, rpc endpoints and endpoint details', async () => {
  const ringOut = await cluster.nodetool(cluster.addresses[0]!, 'ring');
  assert.equal(ringOut.code, 0, ringOut.stderr);
  const owner = new Map<string, string>();
  for (const m of ringOut.stdout.matchAll(/^(127\.0\.0\.\d+)\s.*\s(-?\d+)$/gm)) owner.set(m[2]!, m[1]!);
  assert.equal(owner.size, 48, ringOut.stdout);

  const ranges = await describeRing(cluster.addresses[0]!);
  assert.equal(ranges.length, 48);
  const ends = new Set(ranges.map((r) => r.endToken));
  assert.deepEqual([...ends].sort(), [...owner.keys()].sort(), 'one range per ring token');
  // Contiguous: every range starts where another ends, so together they cover the ring.
  for (const r of ranges) assert.ok(ends.has(r.startToken), `range (${r.startToken}, ${r.endToken}] starts at a ring token`);
  assert.equal(new Set(ranges.map((r) => r.startToken)).size, 48);
  const used = new Set<string>();
  for (const r of ranges) {
    assert.equal(r.endpoints.length, 2, JSON.stringify(r));
    assert.equal(new Set(r.endpoints).size, 2);
    assert.equal(r.endpoints[0], owner.get(r.endToken), `the owner of ${r.endToken} first`);
    assert.deepEqual(r.rpcEndpoints, r.endpoints, 'rpc_address = listen_address in a local cluster');
    assert.deepEqual(r.endpointDetails, r.endpoints.map((host) => ({ host, datacenter: 'datacenter1', rack: 'rack1' })));
    for (const e of r.endpoints) used.add(e);
  }
  assert.deepEqual([...used].sort(), [...cluster.addresses]);

  const fromNode3 = await describeRing(cluster.addresses[2]!);
  const byEnd = (rs: TokenRange[]) => [...rs].sort((a, b) => a.endToken.localeCompare(b.endToken));
  assert.deepEqual(byEnd(fromNode3), byEnd(ranges));
  // describe_schema_versions: the whole cluster under one version (not just the node asked).
  const client = await connectThrift({ host: cluster.addresses[1]! });
  try {
    const versions = await client.describeSchemaVersions();
    assert.equal(versions.size, 1, JSON.stringify([...versions]));
    assert.deepEqual([...versions.values()][0]!.slice().sort(), [...cluster.addresses].sort());
  } finally {
    await client.close();
  }
});

test('nodetool faults is refused by a node without enable_fault_injection', async () => {
  const r = await cluster.nodetool(cluster.addresses[0]!, 'faults', 'partition', cluster.addresses[2]!);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /testing hook: start the node with enable_fault_injection: true/);
});
