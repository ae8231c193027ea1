import { isUtf8 } from 'node:buffer';

/**
 * Strict UTF-8 validation (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF)
 * that reports where the first bad sequence starts, so errors can say so.
 */

/** Returns -1 when `b` is valid UTF-8, else the offset of the first invalid sequence. */
export function findInvalidUtf8(b: Uint8Array): number {
  // Node's native check is also strict RFC 3629; the loop below only runs to locate an error.
  if (isUtf8(b)) return -1;
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    const n = sequenceLength(c);
    if (n === 0 || i + n > b.length) return i;
    // The second byte's allowed range is narrower after E0, ED, F0 and F4 (overlongs, surrogates,
    // code points above U+10FFFF); every other continuation byte is 0x80..0xBF.
    const c1 = b[i + 1]!;
    const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    if (c1 < lo || c1 > hi) return i;
    for (let k = 2; k < n; k++) if ((b[i + k]! & 0xc0) !== 0x80) return i;
    i += n;
  }
  return -1;
}

function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}
