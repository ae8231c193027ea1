import type { FileSystem } from '../../env/env.js';
import { CorruptionError } from '../../errors/ilium-error.js';
import { ByteReader } from '../../util/byte-reader.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { crc32c } from '../../util/crc.js';

/**
 * The envelope of every small SSTable component (CompressionInfo, Summary, Filter, Statistics),
 * each read whole and verified at open:
 *
 *   component = magic:byte{4} version:u8 body crc32c:u32      ; crc over magic, version and body
 *
 * Magics are ASCII and on-disk constants (never change them); each component owner documents its
 * body grammar.
 */
const envelopeBytes = 4 + 1 + 4;

export function encodeComponent(magic: string, version: number, body: (w: ByteWriter) => void): Buffer {
  if (magic.length !== 4) throw new RangeError(`magic must be 4 ASCII bytes: ${magic}`);
  const w = new ByteWriter(1024);
  w.bytes(Buffer.from(magic, 'latin1')).u8(version);
  body(w);
  w.u32(crc32c(w.view()));
  return w.toBuffer();
}

/**
 * Reads and verifies a whole component. Returns a reader over its body (positions are file
 * offsets). Throws CorruptionError on a bad size, magic, version or checksum.
 */
export function readComponent(
  fs: FileSystem,
  path: string,
  magic: string,
  version: number,
  bytesMax: number,
): ByteReader {
  return readVersionedComponent(fs, path, magic, version, version, bytesMax).body;
}

/** `readComponent` for an owner that reads several versions, [versionMin, versionMax]: the body and its version. */
export function readVersionedComponent(
  fs: FileSystem,
  path: string,
  magic: string,
  versionMin: number,
  versionMax: number,
  bytesMax: number,
): { body: ByteReader; version: number } {
  const size = fs.statSync(path).size;
  if (size < envelopeBytes || size > bytesMax) throw new CorruptionError(path, 0, `bad component size ${size}`);
  const buf = fs.readFileSync(path);
  if (buf.length !== size) throw new CorruptionError(path, 0, `size changed while reading (${buf.length} != ${size})`);
  const stored = buf.readUInt32BE(size - 4);
  const actual = crc32c(buf.subarray(0, size - 4));
  if (stored !== actual) throw new CorruptionError(path, size - 4, 'component checksum mismatch');
  if (buf.toString('latin1', 0, 4) !== magic) throw new CorruptionError(path, 0, `bad magic, expected ${magic}`);
  const version = buf[4]!;
  if (version < versionMin || version > versionMax) throw new CorruptionError(path, 4, `unsupported version ${version}`);
  return { body: new ByteReader(buf, 5, size - 4), version };
}

/** Runs a body decoder; a malformed body (RangeError and the like) becomes a CorruptionError. */
export function decodeBody<T>(path: string, r: ByteReader, decode: (r: ByteReader) => T): T {
  try {
    const value = decode(r);
    if (r.remaining !== 0) throw new RangeError(`${r.remaining} trailing bytes`);
    return value;
  } catch (e) {
    if (e instanceof CorruptionError) throw e;
    throw new CorruptionError(path, r.pos, e instanceof Error ? e.message : String(e));
  }
}

/** Creates `path` (it must not exist), writes `bytes`, and returns the open fd for a later fsync. */
export function writeNewFile(fs: FileSystem, path: string, bytes: Uint8Array): number {
  const fd = fs.openSync(path, 'wx');
  try {
    let done = 0;
    while (done < bytes.length) done += fs.writeSync(fd, bytes, done, bytes.length - done, done);
    return fd;
  } catch (e) {
    fs.closeSync(fd);
    throw e;
  }
}
