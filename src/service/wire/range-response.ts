/**
 * RANGE_READ_RSP payload: the partitions found, in position order.
 *
 *   rangeResponse = count:uv (position:bytes result){count}     (partition-result-codec.ts;
 *                   every result is present)
 */
import type { ScannedPartition } from '../../storage/table-store.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { readPartitionResult, writePartitionResult } from './partition-result-codec.js';
import { decodeWire, readBoundedVarint } from './wire-decoding.js';

export function encodeRangeResponse(partitions: readonly ScannedPartition[]): Buffer {
  const w = new ByteWriter(256);
  w.varint(partitions.length);
  for (const p of partitions) {
    w.lenBytes(p.position);
    writePartitionResult(w, p);
  }
  return w.toBuffer();
}

export function decodeRangeResponse(payload: Uint8Array): ScannedPartition[] {
  return decodeWire('range response', payload, (r) => {
    const count = readBoundedVarint(r, r.remaining, 'partition count');
    const out: ScannedPartition[] = [];
    let previous: Buffer | null = null;
    for (let i = 0; i < count; i++) {
      const position = Buffer.from(r.lenBytes());
      if (previous !== null && Buffer.compare(previous, position) >= 0) throw new RangeError('partitions out of position order');
      const result = readPartitionResult(r);
      if (result === null) throw new RangeError('an absent partition in a range response');
      out.push({ ...result, position });
      previous = position;
    }
    return out;
  });
}
