/**
 * A table's partitions in a token range, as repair sees them: every partition whose token is in
 * the range (position intervals from the partitioner), read whole with tombstones, page by page
 * so neither a scan nor a message holds more than `pageSize` partitions. `fetch` is the scan of
 * one page: the local DataStore for validation, a replica's RANGE_READ for sync.
 */
import { type Range, type Token, rangeToPositionIntervals } from '../dht/index.js';
import type { PositionBound, ScannedPartition, SliceQuery } from '../service/data-store.js';
import { BOTTOM, TOP } from '../storage/model/index.js';

/** The whole partition, deletions included. */
export const REPAIR_QUERY: SliceQuery = Object.freeze({ slices: [{ start: BOTTOM, end: TOP }], reversed: false, includeTombstones: true });

export const DEFAULT_REPAIR_PAGE = 128;

export type PageFetch = (from: PositionBound | undefined, to: PositionBound | undefined, limit: number) => Promise<ScannedPartition[]>;

/** Calls `each` for every page of partitions in `range`, in position order. */
export async function forEachPage<T extends Token>(range: Range<T>, pageSize: number, fetch: PageFetch, each: (page: ScannedPartition[]) => Promise<void> | void): Promise<void> {
  for (const interval of rangeToPositionIntervals(range)) {
    let from: PositionBound | undefined = interval.start;
    const to = interval.end ?? undefined;
    for (;;) {
      const page = await fetch(from, to, pageSize);
      if (page.length > 0) await each(page);
      if (page.length < pageSize) break;
      from = { position: page[page.length - 1]!.position, inclusive: false };
    }
  }
}
