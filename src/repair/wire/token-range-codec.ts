/**
 * Token ranges in repair messages: `range = left:bytes right:bytes`, each token in the
 * partitioner's byte form. A token the partitioner cannot read is a RangeError, so the message
 * decoders (decodeWire) report it as a malformed message.
 */
import { Range, type Partitioner, type Token } from '../../dht/index.js';
import type { ByteReader } from '../../util/byte-reader.js';
import type { ByteWriter } from '../../util/byte-writer.js';

export function writeTokenRange<T extends Token>(w: ByteWriter, range: Range<T>): void {
  const p = range.partitioner;
  w.lenBytes(p.tokenToBytes(range.left)).lenBytes(p.tokenToBytes(range.right));
}

export function readTokenRange<T extends Token>(r: ByteReader, partitioner: Partitioner<T>): Range<T> {
  const left = readToken(r, partitioner);
  const right = readToken(r, partitioner);
  return new Range(partitioner, left, right);
}

function readToken<T extends Token>(r: ByteReader, partitioner: Partitioner<T>): T {
  const bytes = Buffer.from(r.lenBytes());
  try {
    return partitioner.tokenFromBytes(bytes);
  } catch (e) {
    throw new RangeError(`bad token: ${e instanceof Error ? e.message : String(e)}`);
  }
}
