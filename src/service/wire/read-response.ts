/**
 * READ_RSP payload: the partition's data, or only its digest (digest.ts).
 *
 *   response = DATA(0) result   (partition-result-codec.ts)
 *            | DIGEST(1) digest:bytes(16)
 */
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { DIGEST_BYTES } from '../digest.js';
import { readPartitionResult, writePartitionResult } from './partition-result-codec.js';
import { decodeWire } from './wire-decoding.js';

export type ReadResponse = { readonly kind: 'data'; readonly result: PartitionResult | null } | { readonly kind: 'digest'; readonly digest: Buffer };

const DATA = 0;
const DIGEST = 1;

export function encodeReadResponse(r: ReadResponse): Buffer {
  const w = new ByteWriter(64);
  if (r.kind === 'digest') {
    if (r.digest.length !== DIGEST_BYTES) throw new RangeError(`a digest has ${DIGEST_BYTES} bytes`);
    w.u8(DIGEST).bytes(r.digest);
  } else {
    w.u8(DATA);
    writePartitionResult(w, r.result);
  }
  return w.toBuffer();
}

export function decodeReadResponse(payload: Uint8Array): ReadResponse {
  return decodeWire('read response', payload, (r) => {
    const kind = r.u8();
    if (kind === DIGEST) return { kind: 'digest', digest: Buffer.from(r.bytes(DIGEST_BYTES)) };
    if (kind !== DATA) throw new RangeError(`unknown read response kind ${kind}`);
    return { kind: 'data', result: readPartitionResult(r) };
  });
}
