import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareBytes } from '../../util/compare-bytes.js';
import { MemPartition } from './mem-partition.js';
import { PartitionIndex, prefixOf } from './partition-index.js';

test('prefixOf orders like the bytes (never strictly against them), short positions padded with zeros', () => {
  const samples = [[], [0], [0, 0], [1], [1, 0], [1, 0, 0, 0, 0, 0, 0], [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6, 0], [1, 2, 3, 4, 5, 6, 255], [1, 2, 3, 4, 5, 7], [255, 255, 255, 255, 255, 255, 255], [128, 0, 0, 0, 0, 0], [127, 255, 255, 255, 255, 255, 9]].map((a) => Buffer.from(a));
  for (const a of samples) {
    for (const b of samples) {
      if (compareBytes(a, b) < 0) assert.ok(prefixOf(a) <= prefixOf(b), `${a.toString('hex')} < ${b.toString('hex')}`);
    }
  }
  assert.equal(prefixOf(Buffer.from([255, 255, 255, 255, 255, 255])), 2 ** 48 - 1);
  assert.equal(prefixOf(Buffer.from([0x80, 0, 0, 1])), 0x80 * 2 ** 40 + 0x10000);
});

test('PartitionIndex: positions that share a prefix (an ordered partitioner\'s keys) and ones that do not, found and listed in byte order between any bounds', () => {
  const index = new PartitionIndex();
  const positions: Buffer[] = [];
  // Token-like 8-byte positions, and keys with a common start (ByteOrdered), some shorter than the prefix.
  for (let i = 0; i < 300; i++) positions.push(Buffer.from([(i * 37) & 0xff, (i * 91) & 0xff, i & 0xff, 7, 1, 2, 3, i >> 8]));
  for (let i = 0; i < 200; i++) positions.push(Buffer.from(`user:${String(i * 13 % 200).padStart(4, '0')}`));
  positions.push(Buffer.from('us'), Buffer.from('user'), Buffer.from('user:'), Buffer.alloc(0));
  for (const [i, p] of positions.entries()) {
    assert.equal(index.get(p), undefined);
    index.add(new MemPartition(p, p));
    assert.equal(index.size, i + 1);
  }
  for (const p of positions) assert.equal(index.get(p)?.position, p);
  // Adding a position twice is a bug in the caller, refused whether its prefix is shared or not.
  assert.throws(() => index.add(new MemPartition(Buffer.from('user:0013'), Buffer.from('user:0013'))), /added once/);
  assert.throws(() => index.add(new MemPartition(positions[0]!, positions[0]!)), /added once/);
  assert.equal(index.size, positions.length);
  assert.equal(index.get(Buffer.from('user:9999')), undefined);
  const sorted = [...positions].sort(compareBytes).map((p) => p.toString('hex'));
  assert.deepEqual([...index.range()].map((p) => p.position.toString('hex')), sorted);
  for (const from of [Buffer.from('user:0100'), Buffer.from('user:01'), Buffer.from('us'), Buffer.from([37, 91, 1, 7, 1, 2, 3, 0]), Buffer.from([0x40]), Buffer.alloc(0), Buffer.from([0xff, 0xff])]) {
    for (const inclusive of [true, false]) {
      const c = (p: string) => compareBytes(Buffer.from(p, 'hex'), from);
      const expected = sorted.filter((p) => c(p) > 0 || (inclusive && c(p) === 0));
      assert.deepEqual([...index.range({ position: from, inclusive })].map((p) => p.position.toString('hex')), expected, `from ${from.toString('hex')} ${inclusive ? 'inclusive' : 'exclusive'}`);
      // The same bound as the end of a range from the first partition.
      const upTo = sorted.filter((p) => c(p) < 0 || (inclusive && c(p) === 0));
      assert.deepEqual([...index.range(undefined, { position: from, inclusive })].map((p) => p.position.toString('hex')), upTo, `to ${from.toString('hex')} ${inclusive ? 'inclusive' : 'exclusive'}`);
    }
  }
});
