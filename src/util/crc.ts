import { crc32 as nativeCrc32, crc32c as nativeCrc32c } from '@node-rs/crc32';

/**
 * CRC-32C (Castagnoli) of `data`, optionally continuing from `initial`. Every on-disk frame
 * (commit-log entries, SSTable blocks and components) is checked with it. Hardware-accelerated
 * through @node-rs/crc32 (see docs/DEPENDENCIES.md).
 */
export function crc32c(data: Uint8Array, initial = 0): number {
  return nativeCrc32c(data as Buffer, initial) >>> 0;
}

/** CRC-32 (IEEE, zlib's) of `data`, optionally continuing from `initial` (native protocol v5 frames). */
export function crc32(data: Uint8Array, initial = 0): number {
  return nativeCrc32(data as Buffer, initial) >>> 0;
}
