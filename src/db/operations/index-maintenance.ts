/**
 * Keeping KEYS indexes in step with a row write, as 0.7 did with read-before-write: from the
 * row's current indexed values (`before`) and the update, work out each indexed column's value
 * after the write; a new or refreshed value gets an entry (with the data cell's timestamp and
 * TTL), a replaced or deleted value's entry gets a tombstone at the timestamp that superseded it.
 * Entries are written before the data and tombstones after it, so a crash in between leaves at
 * worst a stale entry — which queries filter out by re-checking the row — never a missing one.
 */
import type { Partitioner } from '../../dht/index.js';
import { type Cell, type PartitionUpdate, isLive, tombstoneCell } from '../../storage/model/index.js';
import { reconcile } from '../../storage/model/reconcile.js';
import { type KeysIndex, indexEntryName, indexPartitionKey } from './keys-index.js';

export interface IndexWrite {
  readonly tableId: string;
  readonly update: PartitionUpdate;
}

export interface IndexChanges {
  readonly additions: IndexWrite[];
  readonly removals: IndexWrite[];
}

const EMPTY = Buffer.alloc(0);

/** `before`: the row's live indexed cells, by cell name in hex. */
export function planIndexChanges(indexes: readonly KeysIndex[], before: ReadonlyMap<string, Cell>, update: PartitionUpdate, partitioner: Partitioner, nowSec: number): IndexChanges {
  const changes: IndexChanges = { additions: [], removals: [] };
  const entryName = indexEntryName(partitioner, update.key);
  for (const index of indexes) {
    const old = before.get(index.cellName.toString('hex'));
    const incoming = incomingCell(update, index.cellName, nowSec);
    const deletedAt = deletionOver(update, index.cellName);
    const after = afterWrite(old, incoming, deletedAt, nowSec);
    if (after !== undefined && after !== old) {
      const entry: Cell = { ...after, name: entryName, value: EMPTY };
      changes.additions.push(write(index, after.value, entry));
    }
    if (old !== undefined && (after === undefined || !after.value.equals(old.value))) {
      const at = after?.timestamp ?? maxOf(deletedAt, incoming?.timestamp);
      changes.removals.push(write(index, old.value, tombstoneCell(entryName, at, nowSec)));
    }
  }
  return changes;
}

/** The live value after the write, or undefined when the column is gone. */
function afterWrite(old: Cell | undefined, incoming: Cell | undefined, deletedAt: bigint | null, nowSec: number): Cell | undefined {
  const survives = (c: Cell | undefined) => c !== undefined && (deletedAt === null || c.timestamp > deletedAt);
  let after = survives(old) ? old : undefined;
  if (survives(incoming)) after = after === undefined ? incoming : reconcile(after, incoming!, nowSec);
  return after !== undefined && isLive(after, nowSec) ? after : undefined;
}

/** The update's own cell for `name`, reconciled when it repeats the name. */
function incomingCell(update: PartitionUpdate, name: Buffer, nowSec: number): Cell | undefined {
  let out: Cell | undefined;
  for (const c of update.cells) if (c.name.equals(name)) out = out === undefined ? c : reconcile(out, c, nowSec);
  return out;
}

/** The highest partition or range deletion in the update covering `name`, or null. */
function deletionOver(update: PartitionUpdate, name: Buffer): bigint | null {
  let at: bigint | null = update.partitionDeletion?.markedForDeleteAt ?? null;
  for (const rt of update.rangeTombstones) {
    const covers = Buffer.compare(rt.start, name) <= 0 && Buffer.compare(name, rt.end) <= 0;
    if (covers && (at === null || rt.deletion.markedForDeleteAt > at)) at = rt.deletion.markedForDeleteAt;
  }
  return at;
}

function maxOf(a: bigint | null, b: bigint | undefined): bigint {
  if (a === null) return b!;
  return b === undefined || a > b ? a : b;
}

function write(index: KeysIndex, value: Buffer, cell: Cell): IndexWrite {
  return { tableId: index.table.id, update: { key: indexPartitionKey(value), partitionDeletion: null, rangeTombstones: [], cells: [cell] } };
}
