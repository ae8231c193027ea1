/**
 * A replica's answer for one partition (the engine's PartitionResult) on the wire, reusing the
 * commit log's mutation grammar (storage/commitlog/mutation-codec.ts) for the cells and deletions:
 *
 *   result  = flags:u8 [body:bytes]
 *   flags   = bit 0 present (else the replica holds nothing the query asked for),
 *             bit 1 truncated (a limit stopped the read); other bits 0
 *   body    = mutation with an empty table id; the LIVE partition deletion is written as absent
 *
 * Cells keep the replica's order (the query's order); the decoder takes them as they come.
 */
import { decodeMutation, encodeMutation } from '../../storage/commitlog/mutation-codec.js';
import { LIVE_DELETION, isLiveDeletion } from '../../storage/model/index.js';
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import type { ByteReader } from '../../util/byte-reader.js';
import type { ByteWriter } from '../../util/byte-writer.js';
import { readFlags } from './wire-decoding.js';

const F_PRESENT = 0x01;
const F_TRUNCATED = 0x02;

export function writePartitionResult(w: ByteWriter, result: PartitionResult | null): void {
  if (result === null) {
    w.u8(0);
    return;
  }
  w.u8(F_PRESENT | (result.truncated ? F_TRUNCATED : 0));
  const d = result.partitionDeletion;
  const pd = isLiveDeletion(d) && d.localDeletionTime === LIVE_DELETION.localDeletionTime ? null : d;
  w.lenBytes(encodeMutation({ tableId: '', update: { key: result.key, partitionDeletion: pd, rangeTombstones: result.rangeTombstones, cells: result.cells } }));
}

export function readPartitionResult(r: ByteReader): PartitionResult | null {
  const flags = readFlags(r, F_PRESENT | F_TRUNCATED, 'partition result');
  if ((flags & F_PRESENT) === 0) {
    if (flags !== 0) throw new RangeError('an absent partition cannot be truncated');
    return null;
  }
  const m = decodeMutation(r.lenBytes(), 'partition result');
  if (m.tableId !== '') throw new RangeError('partition result with a table id');
  const u = m.update;
  return {
    key: u.key,
    partitionDeletion: u.partitionDeletion ?? LIVE_DELETION,
    rangeTombstones: u.rangeTombstones,
    cells: [...u.cells],
    truncated: (flags & F_TRUNCATED) !== 0,
  };
}
