import type { FileSystem } from '../../env/env.js';
import type { Compression } from './compression.js';
import { chunkFrameBytes, type CompressionInfo } from './compression-info.js';
import { frameChunk } from './data-file-format.js';
import { chunkCountMax } from './limits.js';

/**
 * Appends the uncompressed record stream to Data.db (format in `data-file-format.ts`), one frame
 * per full chunk, and remembers where each frame starts for CompressionInfo.db.
 */
export class DataFileWriter {
  private readonly chunk: Buffer;
  private readonly frame: Buffer;
  private fill = 0;
  private readonly offsets: number[] = [0];
  private written = 0;
  private uncompressed = 0;

  constructor(
    private readonly fs: FileSystem,
    readonly fd: number,
    private readonly algorithm: Compression,
    readonly chunkLength: number,
  ) {
    this.chunk = Buffer.allocUnsafe(chunkLength);
    this.frame = Buffer.allocUnsafe(chunkLength + chunkFrameBytes);
  }

  /** Uncompressed bytes appended so far: the offset the next record starts at. */
  get position(): number {
    return this.uncompressed;
  }

  /** Bytes written to disk so far. */
  get onDiskBytes(): number {
    return this.written;
  }

  append(bytes: Uint8Array): void {
    let at = 0;
    while (at < bytes.length) {
      const n = Math.min(bytes.length - at, this.chunkLength - this.fill);
      this.chunk.set(bytes.subarray(at, at + n), this.fill);
      this.fill += n;
      at += n;
      if (this.fill === this.chunkLength) this.flushChunk();
    }
    this.uncompressed += bytes.length;
  }

  /** Writes the last partial chunk; returns the chunk table. The fd stays open for fsync. */
  finish(): CompressionInfo {
    if (this.fill > 0) this.flushChunk();
    return {
      algorithm: this.algorithm,
      chunkLength: this.chunkLength,
      uncompressedLength: this.uncompressed,
      offsets: Float64Array.from(this.offsets),
    };
  }

  private flushChunk(): void {
    if (this.offsets.length > chunkCountMax) throw new RangeError(`more than ${chunkCountMax} chunks`);
    const frame = frameChunk(this.algorithm, this.chunk.subarray(0, this.fill), this.frame);
    let done = 0;
    while (done < frame.length) {
      done += this.fs.writeSync(this.fd, frame, done, frame.length - done, this.written + done);
    }
    this.written += frame.length;
    this.offsets.push(this.written);
    this.fill = 0;
  }
}
