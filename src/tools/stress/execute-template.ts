/**
 * A precomputed EXECUTE frame (v4) of one prepared statement whose bound values all have fixed
 * sizes, for `--client native`: encoded once by the protocol codec, then copied per request with
 * only the stream id (native-connection.ts) and the values' bytes written over. The frame is
 *
 *   header:9  id:[short bytes]  consistency:[short]  flags:[byte]  n:[short]  (length:[int] bytes)*n
 *
 * with no flag after VALUES (and SKIP_METADATA, which has no bytes), so the values are the last
 * bytes of the frame and each value's offset follows from the sizes, counted from the end.
 */
import { type ConsistencyLevel, encodeRequestFrame } from '../../transport/protocol/index.js';
import { NATIVE_VERSION } from './native-connection.js';

export class ExecuteTemplate {
  private readonly frame: Buffer;
  /** Where each value's bytes start (after its [int] length). */
  readonly valueOffsets: readonly number[];

  constructor(
    id: Buffer,
    consistency: ConsistencyLevel,
    readonly valueSizes: readonly number[],
    skipMetadata: boolean,
  ) {
    // placeholder values of the right sizes; each one's bytes are overwritten per request
    const values = valueSizes.map((n) => Buffer.alloc(n));
    this.frame = encodeRequestFrame({ opcode: 'EXECUTE', id, params: { consistency, values, skipMetadata } }, { version: NATIVE_VERSION, stream: 0 });
    const offsets: number[] = [];
    let end = this.frame.length;
    for (let i = valueSizes.length - 1; i >= 0; i--) {
      offsets[i] = end - valueSizes[i]!;
      if (this.frame.readInt32BE(offsets[i]! - 4) !== valueSizes[i]) throw new Error(`EXECUTE template: value ${i} is not where its size puts it`);
      end = offsets[i]! - 4;
    }
    this.valueOffsets = offsets;
  }

  /** A fresh copy of the frame, its values still the placeholders'. */
  copy(): Buffer {
    const out = Buffer.allocUnsafe(this.frame.length);
    this.frame.copy(out);
    return out;
  }
}
