/**
 * What a commit log replay found. The engine keeps it to open the new `CommitLog`: every segment
 * left on disk is listed with the tables that have data in it, so the log can keep the file until
 * each of those tables has flushed past it (`CommitLog.discardCompletedSegments`).
 */
export interface ReplayedSegment {
  readonly segmentId: number;
  readonly path: string;
  /** Entries delivered to `onMutation` from this segment. */
  readonly entries: number;
  /** Each table with entries here → end offset of its last entry (its dirty mark). */
  readonly tables: ReadonlyMap<string, number>;
}

/** The end of the last segment that a crash cut short, removed by the replay. */
export interface TornTail {
  readonly segmentId: number;
  /** Where the file now ends (0 when a headerless file was removed). */
  readonly offset: number;
  readonly droppedBytes: number;
}

/** A damaged region passed over because `ignoreReplayErrors` was set. */
export interface SkippedRegion {
  readonly segmentId: number;
  readonly path: string;
  readonly offset: number;
  readonly length: number;
  readonly reason: string;
}

export interface ReplayReport {
  /** The segments still on disk after the replay, oldest first. */
  readonly segments: readonly ReplayedSegment[];
  readonly segmentsReplayed: number;
  readonly entriesReplayed: number;
  readonly tornTail: TornTail | null;
  readonly skipped: readonly SkippedRegion[];
}
