/**
 * Building CQL indexes from the rows a table already holds (CREATE INDEX on a table with data):
 * scan the base table a page of partitions at a time and write the entries each partition's live
 * cells call for — the same entries a write of those cells makes (index-entries.ts), one update
 * per index partition and page.
 *
 * Safe beside concurrent writes once every write made without the index has landed (the
 * SchemaKeeper waits for that): later writes maintain the index themselves, and an entry this
 * build writes for a value replaced since is merely stale, which queries handle. Writing an entry
 * twice is harmless, so an interrupted build is simply run again (the keeper's marker says when).
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { StorageEngine } from '../../storage/storage-engine.js';
import type { PositionBound } from '../../storage/table-store.js';
import { BOTTOM, type Cell, TOP } from '../../storage/model/index.js';
import { TableLayout } from '../cql-layout/table-layout.js';
import type { CqlIndex } from './cql-index.js';
import { entriesFor } from './index-entries.js';
import { pushAll } from '../../util/push-all.js';

/** Base partitions read per step. */
const PAGE_PARTITIONS = 64;
const WHOLE_PARTITION = { slices: [{ start: BOTTOM, end: TOP }], reversed: false };

/** Writes the entries of `indexes` (of `cf`) for every live row; returns how many entries. */
export async function buildCqlIndexes(engine: StorageEngine, cf: ColumnFamilyDef, indexes: readonly CqlIndex[], nowSec: number): Promise<number> {
  if (indexes.length === 0) return 0;
  const layout = new TableLayout(cf);
  let from: PositionBound | undefined;
  let written = 0;
  for (;;) {
    const page = engine.scan(cf.id, from, undefined, WHOLE_PARTITION, PAGE_PARTITIONS, nowSec);
    const merged = new Map<string, { tableId: string; key: Buffer; cells: Cell[] }>();
    for (const p of page) {
      for (const b of entriesFor(indexes, layout, p.key, p.position, p.cells, nowSec, { skipOversized: true })) {
        const id = `${b.index.table.id}/${b.key.toString('hex')}`;
        const m = merged.get(id);
        if (m === undefined) merged.set(id, { tableId: b.index.table.id, key: b.key, cells: [...b.cells] });
        else pushAll(m.cells, b.cells);
        written += b.cells.length;
      }
    }
    await Promise.all([...merged.values()].map((m) => engine.apply(m.tableId, { key: m.key, partitionDeletion: null, rangeTombstones: [], cells: m.cells })));
    if (page.length < PAGE_PARTITIONS) return written;
    from = { position: page[page.length - 1]!.position, inclusive: false };
  }
}
