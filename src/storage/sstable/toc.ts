import type { FileSystem } from '../../env/env.js';
import { CorruptionError } from '../../errors/ilium-error.js';
import { crc32c } from '../../util/crc.js';
import { type Component, dataComponents } from './descriptor.js';
import { tocBytesMax } from './limits.js';

/**
 * TOC.txt: the table of contents, written last; its presence means the SSTable is complete.
 *
 *   toc     = "ilium-sstable 1\n" entry{6} "crc32c " hex8 "\n"
 *   entry   = component " " size "\n"          ; size = the component's file size in decimal
 *
 * Entries follow `dataComponents` order; the crc (lowercase hex, 8 digits) covers every byte
 * before the "crc32c" line. Recording sizes lets open() notice a truncated or extended file
 * without reading it. The header line and layout are on-disk constants.
 */
const headerLine = 'ilium-sstable 1';

export type ComponentSizes = ReadonlyMap<Component, number>;

export function encodeToc(sizes: ComponentSizes): Buffer {
  let text = `${headerLine}\n`;
  for (const c of dataComponents) {
    const size = sizes.get(c);
    if (size === undefined) throw new Error(`no size for component ${c}`);
    text += `${c} ${size}\n`;
  }
  const body = Buffer.from(text, 'latin1');
  const crc = crc32c(body).toString(16).padStart(8, '0');
  return Buffer.concat([body, Buffer.from(`crc32c ${crc}\n`, 'latin1')]);
}

/** Reads and verifies a TOC; throws CorruptionError if it is malformed or fails its checksum. */
export function readToc(fs: FileSystem, path: string): Map<Component, number> {
  const size = fs.statSync(path).size;
  if (size > tocBytesMax) throw new CorruptionError(path, 0, `TOC too large: ${size}`);
  const buf = fs.readFileSync(path);
  const crcAt = buf.lastIndexOf('crc32c ', undefined, 'latin1');
  const crcLine = crcAt < 0 ? '' : buf.toString('latin1', crcAt);
  const m = /^crc32c ([0-9a-f]{8})\n$/.exec(crcLine);
  if (m === null) throw new CorruptionError(path, Math.max(0, crcAt), 'missing or malformed checksum line');
  if (parseInt(m[1]!, 16) !== crc32c(buf.subarray(0, crcAt))) {
    throw new CorruptionError(path, crcAt, 'TOC checksum mismatch');
  }
  const lines = buf.toString('latin1', 0, crcAt).split('\n');
  if (lines[0] !== headerLine) throw new CorruptionError(path, 0, `unknown TOC header ${JSON.stringify(lines[0])}`);
  const sizes = new Map<Component, number>();
  for (let i = 0; i < dataComponents.length; i++) {
    const c = dataComponents[i]!;
    const e = /^(\S+) (0|[1-9][0-9]{0,15})$/.exec(lines[i + 1] ?? '');
    if (e === null || e[1] !== c) throw new CorruptionError(path, 0, `TOC line ${i + 1}: expected ${c}`);
    sizes.set(c, Number(e[2]));
  }
  if (lines.length !== dataComponents.length + 2 || lines[lines.length - 1] !== '') {
    throw new CorruptionError(path, 0, 'unexpected TOC lines');
  }
  return sizes;
}
