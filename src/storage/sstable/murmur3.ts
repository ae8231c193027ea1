/**
 * MurmurHash3, x86 32-bit variant (Austin Appleby's public-domain algorithm), written for the
 * bloom filter's hot path: positions are short, so a JS loop beats a native call. The output for
 * a given (bytes, seed) is part of the Filter.db format: never change it.
 */
const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

function mixK(k: number): number {
  k = Math.imul(k, C1);
  k = (k << 15) | (k >>> 17);
  return Math.imul(k, C2);
}

function finalMix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The 32-bit MurmurHash3 of `data` under `seed`, as an unsigned number. */
export function murmur3x86_32(data: Uint8Array, seed: number): number {
  const len = data.length;
  const blocksEnd = len & ~3;
  let h = seed | 0;
  for (let i = 0; i < blocksEnd; i += 4) {
    const k = data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24);
    h ^= mixK(k);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  const tail = len & 3;
  if (tail !== 0) {
    let k = data[blocksEnd]!;
    if (tail > 1) k ^= data[blocksEnd + 1]! << 8;
    if (tail > 2) k ^= data[blocksEnd + 2]! << 16;
    h ^= mixK(k);
  }
  return finalMix(h ^ len);
}
