/**
 * Part 2 of the operations: multiget_slice, get_count, multiget_count, get_range_slices (key ranges
 * under ByteOrderedPartitioner, token ranges and key paging under Murmur3, range ghosts), truncate,
 * and data plus schema surviving a restart.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ByteOrderedPartitioner, Murmur3Partitioner } from '../../dht/index.js';
import { InvalidRequestError } from '../../errors/index.js';
import { b, openTestNode } from '../../../test/support/operations-test-node.js';
import type { KeySlice } from './thrift-types.js';

const ALL = { sliceRange: { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: false, count: 100 } };
const keys = (slices: KeySlice[]): string[] => slices.map((s) => s.key.toString());

test('multiget_slice and multiget_count answer in request order; get_count is capped by the slice count', async () => {
  const node = await openTestNode();
  try {
    const { ops } = node;
    for (const k of ['a', 'b']) for (const c of ['x', 'y', 'z']) await ops.insert('Twitter', b(k), { columnFamily: 'Users' }, { name: b(c), value: b(k + c), timestamp: 1n });
    const got = (await ops.multigetSlice('Twitter', [b('b'), b('none'), b('a'), b('b')], { columnFamily: 'Users' }, { columnNames: [b('y')] }));
    assert.deepEqual(got.map((s) => [s.key.toString(), s.columns.map((c) => c.column!.value.toString())]), [['b', ['by']], ['none', []], ['a', ['ay']]]);
    const counts = (await ops.multigetCount('Twitter', [b('a'), b('none')], { columnFamily: 'Users' }, ALL));
    assert.deepEqual(counts.map((c) => [c.key.toString(), c.count]), [['a', 3], ['none', 0]]);
    assert.equal((await ops.getCount('Twitter', b('a'), { columnFamily: 'Users' }, { sliceRange: { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: false, count: 2 } })), 2);
    await assert.rejects(async () => (await ops.multigetSlice('Twitter', [b('a'), Buffer.alloc(0)], { columnFamily: 'Users' }, ALL)), InvalidRequestError);
  } finally {
    await node.close();
  }
});

test("get_range_slices under ByteOrderedPartitioner: key ranges like '10050'..'10070', count, ghosts", async () => {
  const node = await openTestNode(new ByteOrderedPartitioner());
  try {
    const { ops } = node;
    for (let k = 10040; k <= 10080; k += 5) await ops.insert('Twitter', b(String(k)), { columnFamily: 'Users' }, { name: b('n'), value: b(String(k)), timestamp: 1n });
    const range = async (startKey: string, endKey: string, count: number) => keys((await ops.getRangeSlices('Twitter', { columnFamily: 'Users' }, ALL, { startKey: b(startKey), endKey: b(endKey), count })));
    assert.deepEqual((await range('10050', '10070', 100)), ['10050', '10055', '10060', '10065', '10070']);
    assert.deepEqual((await range('10050', '10070', 2)), ['10050', '10055']);
    assert.deepEqual((await range('', '', 3)), ['10040', '10045', '10050']);
    assert.deepEqual((await range('10076', '', 100)), ['10080']);
    // A deleted row is still returned, empty (0.7's range ghost), and counts toward `count`.
    await ops.remove('Twitter', b('10055'), { columnFamily: 'Users' }, 2n);
    const withGhost = (await ops.getRangeSlices('Twitter', { columnFamily: 'Users' }, ALL, { startKey: b('10050'), endKey: b('10060'), count: 100 }));
    assert.deepEqual(withGhost.map((s) => [s.key.toString(), s.columns.length]), [['10050', 1], ['10055', 0], ['10060', 1]]);
    await assert.rejects(async () => (await range('10070', '10050', 10)), /start key must sort before/);
    await assert.rejects(async () => (await ops.getRangeSlices('Twitter', { columnFamily: 'Users' }, ALL, { startKey: b('1'), startToken: '00', count: 1 })), InvalidRequestError);
    await assert.rejects(async () => (await ops.getRangeSlices('Twitter', { columnFamily: 'Users' }, ALL, { startKey: b('1'), count: 0 })), /maxRows must be positive/);
  } finally {
    await node.close();
  }
});

test('get_range_slices under Murmur3: token ranges (start exclusive, end inclusive), wrap-around, key paging', async () => {
  const p = new Murmur3Partitioner();
  const node = await openTestNode(p);
  try {
    const { ops } = node;
    const all = Array.from({ length: 20 }, (_, i) => `user${i}`);
    for (const k of all) await ops.insert('Twitter', b(k), { columnFamily: 'Users' }, { name: b('n'), value: b(k), timestamp: 1n });
    const byToken = [...all].sort((x, y) => p.compareTokens(p.token(b(x)), p.token(b(y))));
    const tok = (k: string) => p.tokenToString(p.token(b(k)));
    const tokens = async (startToken: string, endToken: string) => keys((await ops.getRangeSlices('Twitter', { columnFamily: 'Users' }, ALL, { startToken, endToken, count: 100 })));
    assert.deepEqual((await tokens(tok(byToken[3]!), tok(byToken[7]!))), byToken.slice(4, 8));
    const min = p.tokenToString(p.minimumToken());
    assert.deepEqual((await tokens(min, min)), byToken, 'the full ring');
    assert.deepEqual((await tokens(tok(byToken[17]!), tok(byToken[1]!))), [...byToken.slice(18), ...byToken.slice(0, 2)], 'wrapping');
    // Paging as 0.7 clients did: the next page starts at the last key seen (inclusive).
    const page1 = keys((await ops.getRangeSlices('Twitter', { columnFamily: 'Users' }, ALL, { startKey: Buffer.alloc(0), endKey: Buffer.alloc(0), count: 8 })));
    const page2 = keys((await ops.getRangeSlices('Twitter', { columnFamily: 'Users' }, ALL, { startKey: b(page1[7]!), count: 100 })));
    assert.deepEqual([...page1, ...page2.slice(1)], byToken);
    await assert.rejects(async () => (await tokens('not-a-token', min)), InvalidRequestError);
  } finally {
    await node.close();
  }
});

test('get_range_slices of a super column family counts super columns per row', async () => {
  const node = await openTestNode(new ByteOrderedPartitioner());
  try {
    const { ops } = node;
    for (const k of ['r1', 'r2']) for (const sc of ['a', 'b', 'c']) await ops.insert('Test', b(k), { columnFamily: 'Super', superColumn: b(sc) }, { name: Buffer.alloc(8), value: b(sc), timestamp: 1n });
    const rows = (await ops.getRangeSlices('Test', { columnFamily: 'Super' }, { sliceRange: { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: true, count: 2 } }, { startKey: Buffer.alloc(0), count: 10 }));
    assert.deepEqual(rows.map((r) => [r.key.toString(), r.columns.map((c) => c.superColumn!.name.toString())]), [['r1', ['c', 'b']], ['r2', ['c', 'b']]]);
  } finally {
    await node.close();
  }
});

test('truncate empties a column family; data and schema survive a restart', async () => {
  let node = await openTestNode(new ByteOrderedPartitioner());
  try {
    await node.ops.insert('Twitter', b('5'), { columnFamily: 'Users' }, { name: b('screen_name'), value: b('buttonscat'), timestamp: 1n });
    await node.ops.insert('Twitter', b('1'), { columnFamily: 'Statuses' }, { name: b('text'), value: b('Nom'), timestamp: 1n });
    await node.ops.truncate('Twitter', 'Statuses');
    assert.deepEqual((await node.ops.getRangeSlices('Twitter', { columnFamily: 'Statuses' }, ALL, { startKey: Buffer.alloc(0), count: 10 })), []);
    await assert.rejects(node.ops.truncate('Twitter', 'Nope'), /unconfigured columnfamily/);
    node = await node.restart();
    assert.equal((await node.ops.get('Twitter', b('5'), { columnFamily: 'Users', column: b('screen_name') })).column!.value.toString(), 'buttonscat');
    assert.equal(node.keeper.schema.getTable('Twitter', 'UserRelationships').columnType, 'Super');
    assert.deepEqual((await node.ops.getSlice('Twitter', b('1'), { columnFamily: 'Statuses' }, ALL)), []);
  } finally {
    await node.close();
  }
});
