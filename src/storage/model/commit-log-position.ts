/**
 * A point in the commit log: segment id then byte offset within that segment. SSTables record the
 * highest position their data covers, so replay skips what is already flushed.
 */
export interface CommitLogPosition {
  readonly segmentId: number;
  readonly offset: number;
}

export const NO_POSITION: CommitLogPosition = Object.freeze({ segmentId: -1, offset: 0 });

export function comparePositions(a: CommitLogPosition, b: CommitLogPosition): number {
  return a.segmentId !== b.segmentId ? a.segmentId - b.segmentId : a.offset - b.offset;
}
