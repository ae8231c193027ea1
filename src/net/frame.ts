/**
 * Internode frames: how a byte stream is cut into checked units. Every handshake and message
 * travels in one frame:
 *
 *   frame := length:u32 headerCrc:u32 body:byte[length] bodyCrc:u32
 *
 * `headerCrc` is CRC-32C of the four length bytes, so a corrupted length is caught before we wait
 * for (or allocate) a body of the wrong size; `bodyCrc` is CRC-32C of the body. `length` must not
 * exceed the connection's frame limit. Integers are big-endian. A violation is an
 * `InternodeProtocolError`: the stream cannot be resynchronised, the connection must close.
 */
import { crc32c } from '../util/crc.js';
import { InternodeProtocolError } from './net-errors.js';

export const FRAME_HEADER_BYTES = 8;
export const FRAME_TRAILER_BYTES = 4;
export const FRAME_OVERHEAD_BYTES = FRAME_HEADER_BYTES + FRAME_TRAILER_BYTES;

export function encodeFrame(body: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(FRAME_OVERHEAD_BYTES + body.length);
  out.writeUInt32BE(body.length, 0);
  out.writeUInt32BE(crc32c(out.subarray(0, 4)), 4);
  out.set(body, FRAME_HEADER_BYTES);
  out.writeUInt32BE(crc32c(body), FRAME_HEADER_BYTES + body.length);
  return out;
}

/**
 * Collects stream chunks and hands out whole frame bodies. After it throws, it must not be fed
 * again (the connection is closing).
 */
export class FrameDecoder {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Body length of the frame being assembled, once its header was checked. */
  private bodyLength = -1;

  constructor(private maxFrameBytes: number) {}

  /** Changes the limit (the handshake frame is small; later frames may be larger). */
  setMaxFrameBytes(n: number): void {
    this.maxFrameBytes = n;
  }

  /** Bytes received but not yet part of a returned frame. */
  get bufferedBytes(): number {
    return this.pendingBytes;
  }

  /** Adds `chunk`; returns the bodies of the frames it completed, in order. */
  push(chunk: Buffer): Buffer[] {
    if (chunk.length > 0) {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
    }
    const bodies: Buffer[] = [];
    for (;;) {
      const body = this.next();
      if (body === undefined) return bodies;
      bodies.push(body);
    }
  }

  private next(): Buffer | undefined {
    if (this.bodyLength < 0) {
      if (this.pendingBytes < FRAME_HEADER_BYTES) return undefined;
      const header = this.take(FRAME_HEADER_BYTES);
      const length = header.readUInt32BE(0);
      if (crc32c(header.subarray(0, 4)) !== header.readUInt32BE(4)) {
        throw new InternodeProtocolError('frame header checksum mismatch (not an Ilium internode stream, or corrupted)');
      }
      if (length > this.maxFrameBytes) {
        throw new InternodeProtocolError(`frame of ${length} bytes exceeds the limit of ${this.maxFrameBytes}`);
      }
      this.bodyLength = length;
    }
    if (this.pendingBytes < this.bodyLength + FRAME_TRAILER_BYTES) return undefined;
    const rest = this.take(this.bodyLength + FRAME_TRAILER_BYTES);
    const body = rest.subarray(0, this.bodyLength);
    if (crc32c(body) !== rest.readUInt32BE(this.bodyLength)) {
      throw new InternodeProtocolError(`frame body checksum mismatch (${this.bodyLength} bytes)`);
    }
    this.bodyLength = -1;
    return body;
  }

  /** Removes and returns the first `n` buffered bytes (copying only when they span chunks). */
  private take(n: number): Buffer {
    const first = this.pending[0]!;
    if (first.length >= n) {
      if (first.length === n) this.pending.shift();
      else this.pending[0] = first.subarray(n);
      this.pendingBytes -= n;
      return first.subarray(0, n);
    }
    const joined = Buffer.concat(this.pending, this.pendingBytes);
    const out = joined.subarray(0, n);
    this.pending = joined.length > n ? [joined.subarray(n)] : [];
    this.pendingBytes -= n;
    return out;
  }
}
