import type { ByteReader } from '../../util/byte-reader.js';
import type { ByteWriter } from '../../util/byte-writer.js';
import { compareBytes } from './bytes.js';
import { indexBlockBytesMax, positionBytesMax } from './limits.js';
import type { SummaryEntry } from './partition-index.js';

/**
 * Summary.db: one entry per Index.db block, held in memory so a lookup reads one index block.
 * Body grammar (inside the component envelope of `component-io.ts`, magic "ILSU"):
 *
 *   body     = blockCount:varint sumEntry{blockCount}
 *   sumEntry = posLen:varint firstPosition indexLength:varint
 *
 * Blocks are contiguous: block i starts where block i−1 ends (block 0 at 0), and their lengths
 * add up to the size of Index.db. firstPositions strictly increase. Magic, version and layout
 * are on-disk constants: never change them (add a version instead).
 */
export const summaryMagic = 'ILSU';
export const summaryVersion = 1;

export function encodeSummary(w: ByteWriter, entries: readonly SummaryEntry[]): void {
  w.varint(entries.length);
  for (const e of entries) w.lenBytes(e.firstPosition).varint(e.length);
}

export class Summary {
  private constructor(
    private readonly positions: readonly Buffer[],
    private readonly offsets: Float64Array,
  ) {}

  get blockCount(): number {
    return this.positions.length;
  }

  /** Decodes and validates against the size of Index.db; throws RangeError if inconsistent. */
  static decode(r: ByteReader, indexFileBytes: number): Summary {
    const count = r.varint();
    if (count > r.remaining) throw new RangeError(`bad summary block count ${count}`);
    const positions: Buffer[] = [];
    const offsets = new Float64Array(count + 1);
    for (let i = 0; i < count; i++) {
      const n = r.varint();
      if (n > positionBytesMax) throw new RangeError(`position length ${n}`);
      const p = r.bytes(n);
      if (i > 0 && compareBytes(positions[i - 1]!, p) >= 0) throw new RangeError('summary positions out of order');
      positions.push(p);
      const len = r.varint();
      if (len < 8 || len > indexBlockBytesMax) throw new RangeError(`bad index block length ${len}`);
      offsets[i + 1] = offsets[i]! + len;
    }
    if (offsets[count] !== indexFileBytes) {
      throw new RangeError(`index blocks cover ${offsets[count]} bytes, Index.db has ${indexFileBytes}`);
    }
    return new Summary(positions, offsets);
  }

  firstPosition(i: number): Buffer {
    return this.positions[i]!;
  }

  offset(i: number): number {
    return this.offsets[i]!;
  }

  length(i: number): number {
    return this.offsets[i + 1]! - this.offsets[i]!;
  }

  /** The last block whose first position is ≤ target; -1 if target precedes every block. */
  blockFor(target: Uint8Array): number {
    let lo = 0;
    let hi = this.positions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareBytes(this.positions[mid]!, target) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }
}
