/** The repair digest of a partition: what changes it, and what (copies of one deletion) does not. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { LIVE_DELETION, type RangeTombstone, liveCell, tombstoneCell } from '../storage/model/index.js';
import type { PartitionResult } from '../storage/read/partition-reader.js';
import { canonicalRangeTombstones, partitionDigest } from './partition-digest.js';

const name = (s: string) => Buffer.from([0, ...Buffer.from(s)]);
const rt = (a: string, b: string, at: bigint, ldt = 100): RangeTombstone => ({ start: name(a), end: name(b), deletion: { markedForDeleteAt: at, localDeletionTime: ldt } });
const part = (over: Partial<PartitionResult> = {}): PartitionResult => ({ key: Buffer.from('k'), partitionDeletion: LIVE_DELETION, rangeTombstones: [], cells: [liveCell(name('a'), Buffer.from('v'), 1n)], truncated: false, ...over });

test('key, value, timestamp, kind and deletions all change the digest', () => {
  const base = partitionDigest(part())!;
  assert.equal(base.length, 32);
  const variants = [
    part({ key: Buffer.from('k2') }),
    part({ cells: [liveCell(name('a'), Buffer.from('w'), 1n)] }),
    part({ cells: [liveCell(name('a'), Buffer.from('v'), 2n)] }),
    part({ cells: [tombstoneCell(name('a'), 1n, 100)] }),
    part({ partitionDeletion: { markedForDeleteAt: 0n, localDeletionTime: 5 } }),
    part({ rangeTombstones: [rt('b', 'c', 3n)] }),
  ];
  for (const v of variants) assert.notDeepEqual(partitionDigest(v), base);
  assert.deepEqual(partitionDigest(part({ truncated: true })), base, 'the truncated flag is not data');
});

test('a partition holding nothing digests as absent', () => {
  assert.equal(partitionDigest(part({ cells: [] })), null);
  assert.notEqual(partitionDigest(part({ cells: [], partitionDeletion: { markedForDeleteAt: 1n, localDeletionTime: 1 } })), null);
});

test('range tombstones: order, duplicates, covered and partition-shadowed ones do not matter', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.constantFrom('d', 'e', 'f'), fc.bigInt({ min: 1n, max: 6n }), fc.constantFrom(100, 101)), { maxLength: 6 }), fc.bigInt({ min: 0n, max: 6n }), (spec, pdAt) => {
      const rts = spec.map(([a, b, at, ldt]) => rt(a, b, at, ldt));
      const pd = pdAt === 0n ? LIVE_DELETION : { markedForDeleteAt: pdAt, localDeletionTime: 100 };
      const once = canonicalRangeTombstones(rts, pd.markedForDeleteAt, pdAt === 0n);
      const twice = canonicalRangeTombstones([...rts, ...[...rts].reverse()], pd.markedForDeleteAt, pdAt === 0n);
      assert.deepEqual(twice, once, 'duplicated and reordered copies');
      assert.deepEqual(canonicalRangeTombstones(once, pd.markedForDeleteAt, pdAt === 0n), once, 'idempotent');
      const d1 = partitionDigest(part({ partitionDeletion: pd, rangeTombstones: rts }));
      const d2 = partitionDigest(part({ partitionDeletion: pd, rangeTombstones: [...rts, ...rts].reverse() }));
      assert.deepEqual(d1, d2);
    }),
  );
  assert.deepEqual(canonicalRangeTombstones([rt('a', 'f', 5n), rt('b', 'c', 4n)], 0n, true), [rt('a', 'f', 5n)], 'inside a wider, newer one');
  assert.deepEqual(canonicalRangeTombstones([rt('b', 'c', 2n)], 3n, false), [], 'shadowed by the partition deletion');
});
