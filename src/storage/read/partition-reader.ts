import { type Cell, isLive } from '../model/cell.js';
import { type DeletionTime, LIVE_DELETION, type RangeTombstone, maxDeletion } from '../model/deletion.js';
import { coveredByRange, deletes } from '../model/reconcile.js';
import { mergeCursors } from './merge-cursor.js';
import type { PartitionView } from './partition-view.js';
import type { SliceQuery } from './slice-query.js';
import { pushAll } from '../../util/push-all.js';
import { TombstoneOverwhelmingError } from '../../errors/index.js';

/** The answer to a slice query on one partition. */
export interface PartitionResult {
  readonly key: Buffer;
  readonly partitionDeletion: DeletionTime;
  /** Range tombstones met inside the queried slices (only filled with includeTombstones). */
  readonly rangeTombstones: readonly RangeTombstone[];
  /** Cells in query order: live ones, plus unshadowed tombstones with includeTombstones. */
  readonly cells: Cell[];
  /** True when a limit stopped the read before the slices were exhausted. */
  readonly truncated: boolean;
  /**
   * Tombstones the read met, as Cassandra counts them for tombstone_warn_threshold: cells that are
   * not live once merged (deleted or expired), range tombstones in the queried slices, and a
   * partition deletion. Set by storage reads (absent on results merged or decoded elsewhere).
   */
  readonly tombstones?: number;
  /**
   * Live rows the read returned: groups (CQL rows) when the query names them (groupLength), else
   * live cells. Set by storage reads, for the table's rows-per-read metric.
   */
  readonly liveRows?: number;
}

/**
 * Answers `query` from several views of the same partition, newest source first: merges their
 * cells per slice, drops what partition and range deletions shadow, and counts live cells and
 * groups against the limits. Returns null when no view holds the partition.
 *
 * Tombstones met are counted; once `countedBefore` (a scan's earlier partitions) plus this read's
 * exceed `failAbove` (tombstone_failure_threshold), the read stops with TombstoneOverwhelmingError.
 */
export function readPartition(views: readonly PartitionView[], query: SliceQuery, nowSec: number, failAbove = Infinity, countedBefore = 0): PartitionResult | null {
  if (views.length === 0) return null;
  let partitionDeletion = LIVE_DELETION;
  for (const v of views) partitionDeletion = maxDeletion(partitionDeletion, v.partitionDeletion);
  const cells: Cell[] = [];
  const seenRts: RangeTombstone[] = [];
  const counter = new LimitCounter(query);
  const slices = query.reversed ? [...query.slices].reverse() : query.slices;
  const bound = failAbove - countedBefore;
  let tombstones = partitionDeletion === LIVE_DELETION ? 0 : 1;
  let truncated = false;
  for (const slice of slices) {
    const rts: RangeTombstone[] = [];
    for (const v of views) for (const rt of v.rangeTombstones(slice.start, slice.end)) rts.push(rt);
    tombstones += rts.length;
    if (query.includeTombstones) pushAll(seenRts, rts);
    const merged = mergeCursors(views.map((v) => v.cursor(slice.start, slice.end, query.reversed)), query.reversed, nowSec);
    for (let cell = merged.next(); cell !== null; cell = merged.next()) {
      if (deletes(partitionDeletion, cell.timestamp)) continue;
      if (rts.length > 0 && coveredByRange(rts, cell.name, cell.timestamp)) continue;
      if (!isLive(cell, nowSec)) {
        if (++tombstones > bound) throw new TombstoneOverwhelmingError(countedBefore + tombstones);
        if (query.includeTombstones) cells.push(cell);
        continue;
      }
      if (!counter.admit(cell.name)) {
        truncated = true;
        break;
      }
      cells.push(cell);
    }
    if (truncated) break;
  }
  if (tombstones > bound) throw new TombstoneOverwhelmingError(countedBefore + tombstones);
  return { key: views[0]!.key, partitionDeletion, rangeTombstones: seenRts, cells, truncated, tombstones, liveRows: counter.rows };
}

/** Counts live cells and groups (when the query names groups); refuses the first cell past either limit. */
class LimitCounter {
  private cells = 0;
  private groups = 0;
  /** The name whose first `lastGroupLength` bytes are the current group; null before the first. */
  private lastName: Buffer | null = null;
  private lastGroupLength = 0;

  constructor(private readonly query: SliceQuery) {}

  /** Live rows admitted: groups when the query names them, else cells. */
  get rows(): number {
    return this.query.groupLength ? this.groups : this.cells;
  }

  admit(name: Buffer): boolean {
    const q = this.query;
    if (q.cellLimit !== undefined && this.cells >= q.cellLimit) return false;
    if (q.groupLength) {
      const length = q.groupLength(name);
      if (this.lastName === null || !samePrefix(name, this.lastName, length, this.lastGroupLength)) {
        if (q.groupLimit !== undefined && this.groups >= q.groupLimit) return false;
        this.groups++;
        this.lastName = name;
        this.lastGroupLength = length;
      }
    }
    this.cells++;
    return true;
  }
}

/** a[0, aLength) equals b[0, bLength) (without slicing either). */
function samePrefix(a: Buffer, b: Buffer, aLength: number, bLength: number): boolean {
  if (aLength !== bLength) return false;
  for (let i = 0; i < aLength; i++) if (a[i] !== b[i]) return false;
  return true;
}
