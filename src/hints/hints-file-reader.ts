/**
 * Reads a hints file record by record, from any record boundary (a delivery that stopped part-way
 * resumes at the offset it reached). Reading stops at the end, at a torn tail (a record cut short
 * by a crash: the normal end of a file being written when the process died), or at a damaged
 * record (bad length or CRC), which is reported so the caller can count it; nothing after damage
 * is trusted, because record boundaries cannot be found again reliably.
 */
import type { FileSystem } from '../env/index.js';
import { bodyLengthOf, decodeHintBody, RECORD_HEADER_BYTES, type Hint } from './hint-record.js';

export type ReadStep =
  | { readonly kind: 'hint'; readonly hint: Hint; readonly offset: number; readonly next: number }
  | { readonly kind: 'end'; readonly offset: number }
  | { readonly kind: 'torn'; readonly offset: number }
  | { readonly kind: 'damaged'; readonly offset: number; readonly reason: string };

export class HintsFileReader {
  private readonly fd: number;
  private readonly size: number;

  constructor(
    private readonly fs: FileSystem,
    readonly path: string,
  ) {
    this.fd = fs.openSync(path, 'r');
    this.size = fs.fstatSync(this.fd).size;
  }

  /** The record at `offset` (a record boundary). */
  read(offset: number): ReadStep {
    if (offset >= this.size) return { kind: 'end', offset };
    if (this.size - offset < RECORD_HEADER_BYTES) return { kind: 'torn', offset };
    const header = this.bytes(offset, RECORD_HEADER_BYTES);
    const length = bodyLengthOf(header);
    if (length === null) return { kind: 'damaged', offset, reason: 'damaged record header' };
    const bodyAt = offset + RECORD_HEADER_BYTES;
    if (this.size - bodyAt < length) return { kind: 'torn', offset };
    const hint = decodeHintBody(this.bytes(bodyAt, length), header);
    if (hint === null) return { kind: 'damaged', offset, reason: 'checksum or version mismatch' };
    return { kind: 'hint', hint, offset, next: bodyAt + length };
  }

  close(): void {
    this.fs.closeSync(this.fd);
  }

  private bytes(position: number, length: number): Buffer {
    const out = Buffer.allocUnsafe(length);
    let got = 0;
    while (got < length) {
      const n = this.fs.readSync(this.fd, out, got, length - got, position + got);
      if (n === 0) throw new RangeError(`${this.path}: file shrank while being read at ${position + got}`);
      got += n;
    }
    return out;
  }
}
