/**
 * What a base write does to one view (Cassandra's ViewUpdateGenerator): the view rows of the
 * touched base rows before the write and after it (view-rows.ts) compared base row by base row —
 *  - a view row whose key moved, or whose base row is gone or no longer passes the filters, is
 *    deleted: a row tombstone at the write's timestamp (the newest timestamp the base update
 *    carries, as a key column's new cell or the deletion);
 *  - a view row after the write is put whole (the same cells again are harmless), and the cells
 *    its previous version had that it has no more (deleted base cells) get tombstones at that
 *    timestamp.
 * One update per view partition.
 */
import { type Cell, type PartitionUpdate, type RangeTombstone, tombstoneCell } from '../../storage/model/index.js';
import type { ViewRow, ViewTarget } from './view-rows.js';

interface Pending {
  readonly key: Buffer;
  readonly rangeTombstones: RangeTombstone[];
  readonly cells: Cell[];
}

export function viewUpdates(t: ViewTarget, before: ReadonlyMap<string, ViewRow>, after: ReadonlyMap<string, ViewRow>, timestamp: bigint, nowSec: number): PartitionUpdate[] {
  const byKey = new Map<string, Pending>();
  const pending = (key: Buffer): Pending => {
    const id = key.toString('hex');
    let p = byKey.get(id);
    if (p === undefined) byKey.set(id, (p = { key, rangeTombstones: [], cells: [] }));
    return p;
  };
  const deletion = { markedForDeleteAt: timestamp, localDeletionTime: nowSec };
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(id);
    const a = after.get(id);
    if (b !== undefined && (a === undefined || a.id !== b.id)) {
      pending(b.key).rangeTombstones.push({ start: t.layout.prefixStart(b.clustering), end: t.layout.prefixEnd(b.clustering), deletion });
    }
    if (a === undefined) continue;
    const p = pending(a.key);
    for (const c of a.cells) p.cells.push(c);
    if (b === undefined || b.id !== a.id) continue;
    const kept = new Set(a.cells.map((c) => c.name.toString('hex')));
    for (const c of b.cells) if (!kept.has(c.name.toString('hex'))) p.cells.push(tombstoneCell(c.name, timestamp, nowSec));
  }
  return [...byKey.values()].map((p) => ({ key: p.key, partitionDeletion: null, rangeTombstones: p.rangeTombstones, cells: p.cells }));
}
