/** Merkle trees: identical shapes from the range alone, differences found exactly, codec round trips. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { ByteOrderedPartitioner, Murmur3Partitioner, Range, type Partitioner, type Token } from '../dht/index.js';
import { depthFor, MerkleTree } from './merkle-tree.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

function treeOf<T extends Token>(p: Partitioner<T>, range: Range<T>, depth: number, rows: ReadonlyMap<string, string>): MerkleTree<T> {
  const t = MerkleTree.create(p, range, depth);
  for (const [key, value] of rows) {
    const token = p.token(Buffer.from(key));
    if (range.contains(token)) t.add(token, digest(`${key}=${value}`));
  }
  return t;
}

const murmur = new Murmur3Partitioner();

test('replicas with the same data agree whatever the order the partitions were added in', () => {
  fc.assert(
    fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 60 }), fc.integer({ min: 0, max: 8 }), (keys, depth) => {
      const rows = new Map(keys.map((k) => [k, `v-${k}`]));
      const ring = Range.fullRing(murmur);
      const a = treeOf(murmur, ring, depth, rows);
      const b = treeOf(murmur, ring, depth, new Map([...rows].reverse()));
      assert.ok(a.hash().equals(b.hash()));
      assert.deepEqual(MerkleTree.difference(a, b), []);
      assert.equal(a.partitions, keys.length);
    }),
  );
});

test('every differing key lies in a reported range; keys that agree outside them are untouched', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 80 }),
      fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
      fc.integer({ min: 1, max: 10 }),
      (keys, picks, depth) => {
        const ring = new Range(murmur, murmur.tokenFromString('-4611686018427387904'), murmur.tokenFromString('4611686018427387904'));
        const rows = new Map(keys.map((k) => [k, 'same']));
        const other = new Map(rows);
        const changed = new Set<string>();
        for (const i of picks) {
          const k = keys[i % keys.length]!;
          if (i % 3 === 0) other.delete(k);
          else other.set(k, 'different');
          changed.add(k);
        }
        const diff = MerkleTree.difference(treeOf(murmur, ring, depth, rows), treeOf(murmur, ring, depth, other));
        for (const k of changed) {
          const t = murmur.token(Buffer.from(k));
          if (ring.contains(t)) assert.ok(diff.some((r) => r.contains(t)), `changed key ${k} not covered`);
        }
        for (let i = 1; i < diff.length; i++) assert.notEqual(murmur.compareTokens(diff[i - 1]!.right, diff[i]!.left), 0, 'adjacent ranges are merged');
        const inRange = [...changed].filter((k) => ring.contains(murmur.token(Buffer.from(k))));
        if (inRange.length === 0) assert.deepEqual(diff, []);
      },
    ),
  );
});

test('a single changed partition at depth 10 narrows the difference to one leaf of the range', () => {
  const ring = Range.fullRing(murmur);
  const rows = new Map(Array.from({ length: 500 }, (_, i) => [`k${i}`, 'v'] as const));
  const a = treeOf(murmur, ring, 10, rows);
  const b = treeOf(murmur, ring, 10, new Map([...rows, ['k77', 'changed']]));
  const diff = MerkleTree.difference(a, b);
  assert.equal(diff.length, 1);
  const width = BigInt(diff[0]!.right as bigint) - BigInt(diff[0]!.left as bigint);
  assert.equal(width, 2n ** 64n / 1024n, 'one leaf of 1024');
  assert.ok(diff[0]!.contains(murmur.token(Buffer.from('k77'))));
});

test('serialized trees come back identical, for hash and byte-ordered partitioners and wrapping ranges', () => {
  const bop = new ByteOrderedPartitioner();
  const cases: [Partitioner, Range, Map<string, string>][] = [
    [murmur, new Range(murmur, murmur.tokenFromString('100'), murmur.tokenFromString('-100')), new Map([['a', '1'], ['b', '2'], ['zz', '3']])],
    [bop, new Range(bop, bop.tokenFromString('61'), bop.tokenFromString('7a')), new Map([['apple', '1'], ['kiwi', '2'], ['pear', '3']])],
  ];
  for (const [p, range, rows] of cases) {
    const t = treeOf(p, range, 6, rows);
    const back = MerkleTree.deserialize(p, t.serialize());
    assert.ok(back.hash().equals(t.hash()));
    assert.equal(back.partitions, t.partitions);
    assert.deepEqual(MerkleTree.difference(t, back), []);
  }
});

test('malformed or mismatched trees are refused with a RangeError', () => {
  const t = treeOf(murmur, Range.fullRing(murmur), 3, new Map([['a', '1']]));
  const bytes = t.serialize();
  assert.throws(() => MerkleTree.deserialize(murmur, bytes.subarray(0, bytes.length - 1)), RangeError);
  assert.throws(() => MerkleTree.deserialize(murmur, Buffer.concat([bytes, Buffer.of(0)])), RangeError);
  const wrongVersion = Buffer.from(bytes);
  wrongVersion[0] = 9;
  assert.throws(() => MerkleTree.deserialize(murmur, wrongVersion), RangeError);
  assert.throws(() => MerkleTree.difference(t, MerkleTree.create(murmur, Range.fullRing(murmur), 4)), RangeError);
  assert.throws(() => MerkleTree.create(murmur, Range.fullRing(murmur), 21), RangeError);
  const half = MerkleTree.create(murmur, new Range(murmur, murmur.tokenFromString('0'), murmur.tokenFromString('10')), 2);
  assert.throws(() => half.add(murmur.tokenFromString('11'), digest('x')), RangeError);
});

test('depthFor gives about one leaf per partition, capped at 20', () => {
  assert.equal(depthFor(0), 0);
  assert.equal(depthFor(1), 0);
  assert.equal(depthFor(1000), 10);
  assert.equal(depthFor(1e9), 20);
});
