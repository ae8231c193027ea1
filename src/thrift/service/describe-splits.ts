/**
 * describe_splits: cuts the token range (start, end] of a column family into pieces of about
 * `keysPerSplit` rows each, for Hadoop-style input splits. Answered as 0.7 did: the tokens
 * bounding the pieces, `start` first and `end` last. The engine keeps no key samples, so this
 * walks the range's rows in token order (one cell each) and cuts after every `keysPerSplit`-th;
 * past SCANNED_ROWS_MAX rows the last piece simply runs to `end` (best effort, as the original's
 * sampling was).
 */
import { type Partitioner, Range, rangeToPositionIntervals } from '../../dht/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import { BOTTOM, TOP } from '../../storage/model/index.js';
import type { StorageEngine } from '../../storage/storage-engine.js';
import { invalidRequest } from './thrift-exceptions.js';

/** Rows read at most for one call (bounds the work a client can ask of the node). */
export const SCANNED_ROWS_MAX = 1_000_000;

const ONE_CELL = { slices: [{ start: BOTTOM, end: TOP }], reversed: false, cellLimit: 1 };

export function describeSplits(engine: StorageEngine, p: Partitioner, cf: ColumnFamilyDef, startToken: string, endToken: string, keysPerSplit: number, nowSec: number): string[] {
  if (!Number.isInteger(keysPerSplit) || keysPerSplit <= 0) throw invalidRequest(`keys_per_split must be positive, got ${keysPerSplit}`);
  const range = new Range(p, p.tokenFromString(startToken), p.tokenFromString(endToken));
  const splits = [startToken];
  let scanned = 0;
  let sinceCut = 0;
  // Ring order, as get_range_slices walks a wrapping range.
  for (const interval of range.unwrap().flatMap((piece) => rangeToPositionIntervals(piece))) {
    let from = interval.start;
    while (scanned < SCANNED_ROWS_MAX) {
      const limit = Math.min(keysPerSplit - sinceCut, SCANNED_ROWS_MAX - scanned);
      const rows = engine.scan(cf.id, from, interval.end ?? undefined, ONE_CELL, limit, nowSec);
      scanned += rows.length;
      sinceCut += rows.length;
      const last = rows.at(-1);
      if (last === undefined) break;
      if (sinceCut === keysPerSplit) {
        const token = p.tokenToString(p.tokenFromPosition(last.position));
        if (token !== splits.at(-1) && token !== endToken) splits.push(token);
        sinceCut = 0;
      }
      if (rows.length < limit) break;
      from = { position: last.position, inclusive: false };
    }
  }
  splits.push(endToken);
  return splits;
}
