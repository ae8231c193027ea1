import type { CellBlockIndex } from './partition-index.js';
import type { Slice } from './partition-cursor.js';

/**
 * Where a slice's cells lie in a wide partition (one with a cell index), as a byte range from the
 * partition's start: from the first cell block that can hold the slice's first name to the last
 * that can hold its last, cut to `bytesMax` from the end the cursor starts at (the front for a
 * forward slice, the back for a reverse one). Cell blocks are written one after another, so the
 * range is contiguous. Null when no block can hold a name of the slice.
 *
 * A read prefetches this range before its synchronous pass (`SSTableReader.prefetch`); a read that
 * goes further than `bytesMax` (a page of many large rows) reads the rest on the loop.
 */
export function sliceExtent(blocks: CellBlockIndex, slice: Slice, bytesMax: number): { offset: number; length: number } | null {
  const first = blocks.firstEndingAtOrAfter(slice.start);
  const last = blocks.lastStartingAtOrBefore(slice.end);
  if (first >= blocks.count || last < 0 || first > last) return null;
  const from = blocks.span(first).offset;
  const lastSpan = blocks.span(last);
  const to = lastSpan.offset + lastSpan.width;
  if (to - from <= bytesMax) return { offset: from, length: to - from };
  return slice.reversed ? { offset: to - bytesMax, length: bytesMax } : { offset: from, length: bytesMax };
}
