/**
 * Splits a scan's position interval by the ring: each NORMAL token's primary range (predecessor,
 * token] becomes its position intervals (dht's rangeToPositionIntervals), clipped to the request.
 * The pieces come back in position order, each with the ring token whose replicas hold it, so a
 * scan that walks them in order returns partitions in position (token) order.
 */
import { rangeToPositionIntervals, type Token } from '../../dht/index.js';
import type { TokenMetadata } from '../../locator/index.js';
import type { PositionBound } from '../../storage/table-store.js';

export interface RangeSplit {
  readonly from: PositionBound;
  /** undefined: to the end of the ring. */
  readonly to: PositionBound | undefined;
  readonly token: Token;
}

export function splitByRing(ring: TokenMetadata, from: PositionBound | undefined, to: PositionBound | undefined): RangeSplit[] {
  const pieces: RangeSplit[] = [];
  for (const token of ring.sortedTokens()) {
    for (const iv of rangeToPositionIntervals(ring.primaryRangeOf(token))) pieces.push({ from: iv.start, to: iv.end ?? undefined, token });
  }
  pieces.sort((a, b) => compareLower(a.from, b.from));
  const out: RangeSplit[] = [];
  for (const p of pieces) {
    const lower = from === undefined || compareLower(p.from, from) >= 0 ? p.from : from;
    const upper = to === undefined || (p.to !== undefined && compareUpper(p.to, to) <= 0) ? p.to : to;
    if (!isEmpty(lower, upper)) out.push({ from: lower, to: upper, token: p.token });
  }
  return out;
}

/** Lower bounds: by position; at one position an exclusive bound starts later. */
function compareLower(a: PositionBound, b: PositionBound): number {
  return Buffer.compare(a.position, b.position) || Number(!a.inclusive) - Number(!b.inclusive);
}

/** Upper bounds: by position; at one position an exclusive bound ends earlier. */
function compareUpper(a: PositionBound, b: PositionBound): number {
  return Buffer.compare(a.position, b.position) || Number(a.inclusive) - Number(b.inclusive);
}

function isEmpty(lower: PositionBound, upper: PositionBound | undefined): boolean {
  if (upper === undefined) return false;
  const c = Buffer.compare(lower.position, upper.position);
  return c > 0 || (c === 0 && !(lower.inclusive && upper.inclusive));
}

/**
 * Merges runs of adjacent pieces (each one's end meets the next one's start) that `same` puts
 * together into one piece spanning them; other fields are the first piece's.
 */
export function coalesceAdjacent<P extends { readonly from: PositionBound; readonly to: PositionBound | undefined }>(pieces: readonly P[], same: (a: P, b: P) => boolean): P[] {
  const out: P[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (last !== undefined && meets(last.to, p.from) && same(last, p)) out[out.length - 1] = { ...last, to: p.to };
    else out.push(p);
  }
  return out;
}

function meets(end: PositionBound | undefined, start: PositionBound): boolean {
  return end !== undefined && end.position.equals(start.position) && end.inclusive !== start.inclusive;
}
