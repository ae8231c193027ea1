/**
 * The replicas a read over token ranges asks, piece by piece (range scans, index reads): each
 * piece of the ring (range-split.ts) gets the live replicas its consistency level needs — checked
 * for every piece before anything is sent, so an unavailable range fails the read up front —
 * and adjacent pieces asked of the same replicas are merged (with vnodes a full walk would
 * otherwise take a round trip per token). Replicas stop at the limit they were given, so an
 * answer is only trusted up to the smallest last item among the answers that a limit cut.
 */
import { type Consistency, type Endpoint, type KeyspacePlacement, type TokenMetadata, assureSufficientLiveForRead, blockFor as blockForRead } from '../../locator/index.js';
import type { PositionBound } from '../../storage/table-store.js';
import type { ProxyDeps } from './proxy-deps.js';
import { liveByProximity, readTargets, replicasOf } from './replica-selection.js';
import { type RangeSplit, coalesceAdjacent } from './range-split.js';

export interface RangePiece {
  readonly from: PositionBound;
  readonly to: PositionBound | undefined;
  readonly targets: readonly Endpoint[];
  readonly blockFor: number;
}

/** The pieces to read in order, with their targets; throws UnavailableError when some piece's live replicas cannot meet `cl`. */
export function rangePieces(d: ProxyDeps, ring: TokenMetadata, placement: KeyspacePlacement, cl: Consistency, splits: readonly RangeSplit[]): RangePiece[] {
  const pieces = splits.map((split): RangePiece => {
    const replicas = replicasOf(placement, ring, split.token, d.selection);
    const live = liveByProximity(replicas.natural, d.selection);
    assureSufficientLiveForRead(cl, replicas.ctx, live);
    const blockFor = blockForRead(cl, replicas.ctx);
    return { from: split.from, to: split.to, targets: readTargets(cl, replicas.ctx, live, blockFor), blockFor };
  });
  return coalesceAdjacent(pieces, sameTargets);
}

/** Pieces asked of the same replicas (in any order: every target sends full data). */
function sameTargets(a: RangePiece, b: RangePiece): boolean {
  return a.blockFor === b.blockFor && [...a.targets].sort().join() === [...b.targets].sort().join();
}

/**
 * How far every answer is complete: the smallest last item (by `nameOf`) among the answers the
 * limit cut — they hold `limit` items or more — or null when none was cut.
 */
export function trustedUpTo<T>(answers: Iterable<readonly T[]>, limit: number, nameOf: (item: T) => Buffer): Buffer | null {
  let safe: Buffer | null = null;
  for (const list of answers) {
    if (list.length < limit) continue;
    const last = nameOf(list[list.length - 1]!);
    if (safe === null || Buffer.compare(last, safe) < 0) safe = last;
  }
  return safe;
}
