/**
 * SELECT's paging state: opaque to clients, handed back in QueryOptions.pagingState to resume
 * exactly after the last row returned. Grammar (never change a version's meaning; add versions):
 *
 *   state     = VERSION(u8 = 1) flags(u8) key clustering? rowsLeft partitionRowsLeft
 *   key       = varint length, bytes           the last partition's row key
 *   clustering= varint count, (varint length, bytes)*   the last row's clustering values,
 *                                               present when flags & IN_PARTITION: the partition
 *                                               may hold more rows after it; absent: the partition
 *                                               is finished, resume with the next one
 *   rowsLeft  = varint + 1 (0: no LIMIT)       rows the LIMIT still allows
 *   partitionRowsLeft = varint + 1 (0: none)   rows PER PARTITION LIMIT still allows in that partition
 *
 * With GROUP BY, rowsLeft and partitionRowsLeft count groups (as Cassandra's PagingState counts
 * its `remaining` in groups for such a query), and the key and clustering are those of the last
 * row of the page's last group. The state names only the data (key, clustering), nothing of the
 * node that made it: any coordinator of the ring can resume from it.
 *
 * Anything else (another version, trailing bytes, a truncated value) is refused with an
 * InvalidRequestError, never a crash.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { ByteReader } from '../../util/byte-reader.js';
import { ByteWriter } from '../../util/byte-writer.js';

const VERSION = 1;
const IN_PARTITION = 1;
/** A clustering has at most this many values (a sanity bound on untrusted input). */
const CLUSTERING_MAX = 1024;

export interface PagingState {
  readonly key: Buffer;
  /** The last row's clustering when the partition may continue; null when it is finished. */
  readonly clustering: readonly Buffer[] | null;
  /** Rows LIMIT still allows (Infinity: no LIMIT). */
  readonly rowsLeft: number;
  /** Rows PER PARTITION LIMIT still allows in the partition `key` (Infinity: none). */
  readonly partitionRowsLeft: number;
}

export function encodePagingState(s: PagingState): Buffer {
  const w = new ByteWriter(64 + s.key.length);
  w.u8(VERSION).u8(s.clustering === null ? 0 : IN_PARTITION).lenBytes(s.key);
  if (s.clustering !== null) {
    w.varint(s.clustering.length);
    for (const c of s.clustering) w.lenBytes(c);
  }
  w.varint(count(s.rowsLeft)).varint(count(s.partitionRowsLeft));
  return w.toBuffer();
}

export function decodePagingState(b: Buffer): PagingState {
  try {
    const r = new ByteReader(b);
    if (r.u8() !== VERSION) throw new RangeError('version');
    const flags = r.u8();
    if ((flags & ~IN_PARTITION) !== 0) throw new RangeError('flags');
    const key = Buffer.from(r.lenBytes());
    let clustering: Buffer[] | null = null;
    if ((flags & IN_PARTITION) !== 0) {
      const n = r.varint();
      if (n > CLUSTERING_MAX) throw new RangeError('clustering');
      clustering = [];
      for (let i = 0; i < n; i++) clustering.push(Buffer.from(r.lenBytes()));
    }
    const rowsLeft = uncount(r.varint());
    const partitionRowsLeft = uncount(r.varint());
    if (r.remaining !== 0) throw new RangeError('trailing bytes');
    return { key, clustering, rowsLeft, partitionRowsLeft };
  } catch (e) {
    if (e instanceof RangeError) throw new InvalidRequestError('Invalid value for the paging state');
    throw e;
  }
}

function count(n: number): number {
  return n === Infinity ? 0 : n + 1;
}

function uncount(n: number): number {
  return n === 0 ? Infinity : n - 1;
}
