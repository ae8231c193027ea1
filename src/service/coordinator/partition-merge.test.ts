/** Reconciling replicas' answers: order-independent, repairs make replicas agree, limits as the engine counts them. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { type Cell, CellKind, LIVE_DELETION, NO_DELETION_TIME, cellName } from '../../storage/model/index.js';
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import { limitResult, mergeReplicaResults, repairFor } from './partition-merge.js';

const NOW = 1_000;
const KEY = Buffer.from('k');
const name = (i: number) => cellName([Buffer.from([i])]);

const cellArb: fc.Arbitrary<Cell> = fc.record({ n: fc.integer({ min: 0, max: 5 }), ts: fc.integer({ min: 1, max: 6 }), dead: fc.boolean(), v: fc.integer({ min: 0, max: 2 }) }).map(({ n, ts, dead, v }) =>
  dead
    ? { name: name(n), kind: CellKind.TOMBSTONE, value: Buffer.alloc(0), timestamp: BigInt(ts), ttl: 0, localDeletionTime: NOW - 1 }
    : { name: name(n), kind: CellKind.LIVE, value: Buffer.from([v]), timestamp: BigInt(ts), ttl: 0, localDeletionTime: NO_DELETION_TIME },
);

/** A replica's answer: at most one version per name, in name order, maybe a partition deletion. */
const answerArb: fc.Arbitrary<PartitionResult | null> = fc.option(
  fc.record({ cells: fc.uniqueArray(cellArb, { selector: (c) => c.name.toString('hex'), maxLength: 6 }), pd: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }) }).map(({ cells, pd }) => ({
    key: KEY,
    partitionDeletion: pd === null ? LIVE_DELETION : { markedForDeleteAt: BigInt(pd), localDeletionTime: NOW - 1 },
    rangeTombstones: [],
    cells: [...cells].sort((a, b) => Buffer.compare(a.name, b.name)).filter((c) => pd === null || c.timestamp > BigInt(pd)),
    truncated: false,
  })),
  { nil: null },
);

test('merging does not depend on the order of the answers', () => {
  fc.assert(
    fc.property(fc.array(answerArb, { minLength: 1, maxLength: 4 }), (answers) => {
      const a = mergeReplicaResults(KEY, answers, false, NOW);
      const b = mergeReplicaResults(KEY, [...answers].reverse(), false, NOW);
      assert.deepEqual(a, b);
    }),
    { numRuns: 300, seed: 1001 },
  );
});

test('after applying its repair, every replica merges to the same answer, and needs no further repair', () => {
  fc.assert(
    fc.property(fc.array(answerArb, { minLength: 2, maxLength: 4 }), (answers) => {
      const merged = mergeReplicaResults(KEY, answers, false, NOW);
      if (merged === null) return;
      for (const answer of answers) {
        // A replica without the partition is an empty one.
        const a: PartitionResult = answer ?? { key: KEY, partitionDeletion: LIVE_DELETION, rangeTombstones: [], cells: [], truncated: false };
        const fix = repairFor(merged, a, NOW);
        const repaired = fix === null ? a : mergeReplicaResults(KEY, [a, { key: KEY, partitionDeletion: fix.partitionDeletion ?? LIVE_DELETION, rangeTombstones: fix.rangeTombstones, cells: [...fix.cells], truncated: false }], false, NOW);
        assert.deepEqual(repaired?.cells, merged.cells);
        assert.deepEqual(repaired?.partitionDeletion, merged.partitionDeletion);
        assert.equal(repairFor(merged, repaired!, NOW), null);
      }
    }),
    { numRuns: 300, seed: 1002 },
  );
});

test('the newest version wins, a tombstone beats a live cell of the same timestamp, deletions shadow', () => {
  const live = (n: number, ts: number, v: number): Cell => ({ name: name(n), kind: CellKind.LIVE, value: Buffer.from([v]), timestamp: BigInt(ts), ttl: 0, localDeletionTime: NO_DELETION_TIME });
  const dead = (n: number, ts: number): Cell => ({ name: name(n), kind: CellKind.TOMBSTONE, value: Buffer.alloc(0), timestamp: BigInt(ts), ttl: 0, localDeletionTime: NOW - 1 });
  const r = (cells: Cell[], pd?: number): PartitionResult => ({ key: KEY, partitionDeletion: pd === undefined ? LIVE_DELETION : { markedForDeleteAt: BigInt(pd), localDeletionTime: 1 }, rangeTombstones: [], cells, truncated: false });
  const merged = mergeReplicaResults(KEY, [r([live(1, 5, 1), live(2, 3, 1), live(3, 7, 1)]), r([live(1, 6, 2), dead(2, 3)], 4), null], false, NOW)!;
  assert.deepEqual(merged.cells, [live(1, 6, 2), live(3, 7, 1)]);
  assert.equal(merged.partitionDeletion.markedForDeleteAt, 4n);
  // Reversed queries come back in descending name order.
  assert.deepEqual(mergeReplicaResults(KEY, [r([live(1, 1, 1), live(2, 1, 1)])], true, NOW)!.cells.map((c) => c.name[1]), [2, 1]);
  assert.equal(mergeReplicaResults(KEY, [null, null], false, NOW), null);
});

test('limits count live cells and groups only; tombstones are dropped unless asked for', () => {
  const cells: Cell[] = [0, 1, 2, 3, 4].map((i) => (i === 1 ? { name: name(i), kind: CellKind.TOMBSTONE, value: Buffer.alloc(0), timestamp: 1n, ttl: 0, localDeletionTime: 5 } : { name: name(i), kind: CellKind.LIVE, value: Buffer.from('v'), timestamp: 1n, ttl: 0, localDeletionTime: NO_DELETION_TIME }));
  const merged: PartitionResult = { key: KEY, partitionDeletion: LIVE_DELETION, rangeTombstones: [], cells, truncated: false };
  const q = { slices: [], reversed: false };
  assert.deepEqual(limitResult(merged, { ...q, cellLimit: 2 }, NOW).cells.map((c) => c.name[1]), [0, 2]);
  assert.equal(limitResult(merged, { ...q, cellLimit: 2 }, NOW).truncated, true);
  assert.equal(limitResult(merged, { ...q, cellLimit: 4 }, NOW).truncated, false);
  assert.deepEqual(limitResult(merged, { ...q, cellLimit: 2, includeTombstones: true }, NOW).cells.map((c) => c.name[1]), [0, 1, 2]);
  // Groups of two names ([0,1], [2,3], [4]) by the first byte pair: name(i) = NEXT i END, group = i >> 1.
  const groupLength = () => 1;
  const grouped: PartitionResult = { ...merged, cells: cells.map((c, i) => ({ ...c, name: Buffer.from([i >> 1, i]) })) };
  assert.deepEqual(limitResult(grouped, { ...q, groupLimit: 2, groupLength }, NOW).cells.map((c) => c.name[1]), [0, 2, 3]);
});
