import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CellKind, liveCell, expiringCell, tombstoneCell } from '../model/cell.js';
import { cellName, boundBefore, boundAfter } from '../model/cell-name.js';
import { LIVE_DELETION } from '../model/deletion.js';
import type { PartitionData } from '../model/partition-data.js';
import { mergePartition } from './merge-partition.js';

const n = (s: string): Buffer => cellName([Buffer.from(s)]);
const part = (p: Partial<PartitionData>): PartitionData => ({ key: Buffer.from('k'), position: Buffer.from('k'), partitionDeletion: LIVE_DELETION, rangeTombstones: [], cells: [], ...p });
const KEEP_ALL = { gcBefore: 0, maxPurgeableTimestamp: -(2n ** 63n) };
const PURGE_ALL = { gcBefore: 2 ** 31 - 1, maxPurgeableTimestamp: 2n ** 63n - 1n };

test('reconciles versions across inputs and drops what deletions shadow', () => {
  const a = part({ cells: [liveCell(n('a'), Buffer.from('old'), 1n), liveCell(n('b'), Buffer.from('b'), 5n)] });
  const b = part({ cells: [liveCell(n('a'), Buffer.from('new'), 2n)], rangeTombstones: [{ start: boundBefore([Buffer.from('b')]), end: boundAfter([Buffer.from('b')]), deletion: { markedForDeleteAt: 5n, localDeletionTime: 100 } }] });
  const m = mergePartition([a, b], 100, KEEP_ALL)!;
  assert.deepEqual(m.cells.map((c) => c.value.toString()), ['new']);
  assert.equal(m.rangeTombstones.length, 1, 'the tombstone stays until gc_grace passes');
});

test('tombstones are purged only past gc_grace and when nothing older lives elsewhere', () => {
  const p = part({ cells: [tombstoneCell(n('a'), 10n, 100)], partitionDeletion: { markedForDeleteAt: 3n, localDeletionTime: 100 } });
  assert.equal(mergePartition([p], 200, { gcBefore: 100, maxPurgeableTimestamp: 2n ** 62n })?.cells.length, 1, 'deleted at 100, gcBefore 100: too young');
  assert.equal(mergePartition([p], 200, { gcBefore: 101, maxPurgeableTimestamp: 10n })?.cells.length, 1, 'older data elsewhere (ts 10) could resurrect');
  assert.equal(mergePartition([p], 200, { gcBefore: 101, maxPurgeableTimestamp: 11n }), null, 'all purged');
});

test('expired cells become tombstones dated from their write, then purge', () => {
  const p = part({ cells: [expiringCell(n('a'), Buffer.from('v'), 1n, 10, 100)] });
  const kept = mergePartition([p], 111, KEEP_ALL)!;
  assert.equal(kept.cells[0]!.kind, CellKind.TOMBSTONE);
  assert.equal(kept.cells[0]!.localDeletionTime, 100);
  assert.equal(mergePartition([p], 111, PURGE_ALL), null);
  assert.equal(mergePartition([p], 105, PURGE_ALL)!.cells[0]!.kind, CellKind.EXPIRING, 'not yet expired: untouched');
});
