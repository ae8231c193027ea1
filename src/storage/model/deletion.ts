/**
 * Deletions above the cell grain. A `DeletionTime` shadows every cell with a timestamp less than
 * or equal to its own (Cassandra: `cell.timestamp <= deletion.markedForDeleteAt` is deleted).
 */
export interface DeletionTime {
  /** Microseconds, as cell timestamps. */
  readonly markedForDeleteAt: bigint;
  /** Server-local seconds since epoch when the deletion was written (gc_grace counts from it). */
  readonly localDeletionTime: number;
}

/** Marks "not deleted"; shadows nothing. */
export const LIVE_DELETION: DeletionTime = Object.freeze({
  markedForDeleteAt: -(2n ** 63n),
  localDeletionTime: 0x7fffffff,
});

export function isLiveDeletion(d: DeletionTime): boolean {
  return d.markedForDeleteAt === LIVE_DELETION.markedForDeleteAt;
}

/** The deletion that wins: higher markedForDeleteAt, then higher localDeletionTime. */
export function supersedes(a: DeletionTime, b: DeletionTime): boolean {
  if (a.markedForDeleteAt !== b.markedForDeleteAt) return a.markedForDeleteAt > b.markedForDeleteAt;
  return a.localDeletionTime > b.localDeletionTime;
}

export function maxDeletion(a: DeletionTime, b: DeletionTime): DeletionTime {
  return supersedes(b, a) ? b : a;
}

/**
 * Deletion of every cell whose name lies in [start, end] (both inclusive, compared as bytes).
 * Bounds are built by `cell-name.ts` so that a clustering prefix's range covers exactly the
 * names that extend it (deleting a super column, a CQL row, or a slice).
 */
export interface RangeTombstone {
  readonly start: Buffer;
  readonly end: Buffer;
  readonly deletion: DeletionTime;
}
