/**
 * The digest a replica answers instead of data (Cassandra's digest reads): MD5 over a canonical
 * form of what the query found — the partition deletion, range tombstones and cells, each cell
 * with name, kind, value, timestamp, TTL and local deletion time — so two replicas holding the
 * same answer give the same 16 bytes and any difference in a timestamp or tombstone shows.
 * The key and the `truncated` flag are left out (the same for every replica of one query), and an
 * absent partition digests like an empty one.
 *
 *   digest input = pdMarkedAt:i64 pdLocal:u32 rtCount:u32 (start end mark:i64 local:u32)*
 *                  cellCount:u32 (name kind:u8 value ts:i64 ttl:u32 ldt:u32)*
 *   (name, value, start, end: len:u32 bytes)
 */
import { createHash } from 'node:crypto';
import { LIVE_DELETION } from '../storage/model/index.js';
import type { PartitionResult } from '../storage/read/partition-reader.js';
import { ByteWriter } from '../util/byte-writer.js';

export const DIGEST_BYTES = 16;

export function digestOf(result: PartitionResult | null): Buffer {
  const w = new ByteWriter(256);
  const pd = result?.partitionDeletion ?? LIVE_DELETION;
  w.i64(pd.markedForDeleteAt).u32(pd.localDeletionTime);
  const rts = result?.rangeTombstones ?? [];
  w.u32(rts.length);
  for (const rt of rts) {
    lenBytes(w, rt.start);
    lenBytes(w, rt.end);
    w.i64(rt.deletion.markedForDeleteAt).u32(rt.deletion.localDeletionTime);
  }
  const cells = result?.cells ?? [];
  w.u32(cells.length);
  for (const c of cells) {
    lenBytes(w, c.name);
    w.u8(c.kind);
    lenBytes(w, c.value);
    w.i64(c.timestamp).u32(c.ttl).u32(c.localDeletionTime);
  }
  return createHash('md5').update(w.view()).digest();
}

function lenBytes(w: ByteWriter, b: Uint8Array): void {
  w.u32(b.length).bytes(b);
}
