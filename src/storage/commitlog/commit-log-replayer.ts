/**
 * Replay: reads every segment in a commit log directory, oldest first, and hands each mutation to
 * the engine with its position (the same position add() returned for it: the end of its entry).
 *
 * What a failed check means depends on where it is (format in `segment-format.ts`):
 * - Torn tail — the crash cut the last write short. In the LAST segment, a bad entry with no
 *   valid entry anywhere after it. The file is truncated there (ftruncate + fsync) and reported.
 *   A last segment whose header is short or bad and which holds no valid entry was cut short
 *   right after creation: it is removed. A bit flip in the last entry looks exactly like a torn
 *   write and is treated as one: nothing can tell them apart, and nothing after it is lost.
 * - Corruption — everything else: a bad entry followed by a valid one, a bad entry or header in a
 *   segment that is not the last (the writer fsyncs a segment before starting the next), an entry
 *   whose checksums hold but whose payload does not decode. Replay throws CorruptionError so the
 *   node refuses to start — unless `ignoreReplayErrors`, when the bad region is skipped (resyncing
 *   at the next valid entry) and listed in the report.
 */
import type { Env, FileSystem } from '../../env/env.js';
import { CorruptionError } from '../../errors/ilium-error.js';
import type { CommitLogPosition } from '../model/commit-log-position.js';
import type { Mutation } from '../model/partition-update.js';
import { decodeMutation } from './mutation-codec.js';
import { valueTooLong } from '../model/value-size.js';
import type { ReplayReport, ReplayedSegment, SkippedRegion, TornTail } from './replay-report.js';
import { listSegmentFiles, type SegmentFile } from './segment-directory.js';
import {
  ENTRY_HEADER_BYTES,
  ENTRY_OVERHEAD_BYTES,
  ENTRY_TRAILER_BYTES,
  EntryProbe,
  SEGMENT_HEADER_BYTES,
  checkSegmentHeader,
  entryPayloadLength,
  findNextValidEntry,
  probeEntry,
  segmentSalt,
} from './segment-format.js';

export interface ReplayOptions {
  readonly env: Env;
  readonly dir: string;
  /** Called in log order. Buffers in `m` are the mutation's own copies. Exceptions abort replay. */
  readonly onMutation: (m: Mutation, position: CommitLogPosition) => void;
  /** Skip corrupt regions instead of throwing (cassandra.yaml: ignore_replay_errors-like). */
  readonly ignoreReplayErrors?: boolean;
  /**
   * Whether the entry at `position` for `tableId` is still wanted (its table exists and has not
   * flushed or truncated past it); unwanted entries are not delivered. All are wanted by default.
   */
  readonly wanted?: (tableId: string, position: CommitLogPosition) => boolean;
  /**
   * A wanted entry holding a longer cell value is damage, as a payload that does not decode is
   * (max_value_size_in_mb; Cassandra 4.0's CommitLogReader fails the replay on a mutation that does
   * not deserialize). Entries already flushed are not held to it: their data is read from SSTables.
   */
  readonly maxValueSizeBytes?: number;
}

interface ReplayState {
  readonly fs: FileSystem;
  readonly opts: ReplayOptions;
  readonly segments: ReplayedSegment[];
  readonly skipped: SkippedRegion[];
  entries: number;
  tornTail: TornTail | null;
}

export function replayCommitLog(opts: ReplayOptions): ReplayReport {
  const st: ReplayState = { fs: opts.env.fs, opts, segments: [], skipped: [], entries: 0, tornTail: null };
  const files = listSegmentFiles(st.fs, opts.dir);
  files.forEach((file, i) => replaySegment(st, file, i === files.length - 1));
  return {
    segments: st.segments,
    segmentsReplayed: st.segments.length,
    entriesReplayed: st.entries,
    tornTail: st.tornTail,
    skipped: st.skipped,
  };
}

function replaySegment(st: ReplayState, file: SegmentFile, isLast: boolean): void {
  const bytes = st.fs.readFileSync(file.path);
  const salt = segmentSalt(file.segmentId);
  const tables = new Map<string, number>();
  let entries = 0;
  let at = SEGMENT_HEADER_BYTES;
  const headerProblem = checkSegmentHeader(bytes, file.segmentId);
  if (headerProblem !== null) {
    const next = findNextValidEntry(bytes, SEGMENT_HEADER_BYTES, bytes.length, salt);
    if (isLast && next < 0) {
      removeHeaderlessSegment(st, file, bytes.length);
      return;
    }
    at = next < 0 ? bytes.length : next;
    damaged(st, file, 0, at, headerProblem);
  }
  while (at < bytes.length) {
    const size = probeEntry(bytes, at, bytes.length, salt);
    if (size > 0) {
      if (deliver(st, file, bytes, at, size, tables)) entries++;
      at += size;
      continue;
    }
    const next = findNextValidEntry(bytes, resyncFrom(bytes, at, size), bytes.length, salt);
    if (isLast && next < 0) {
      truncateTornTail(st, file, at, bytes.length - at);
      break;
    }
    const resume = next < 0 ? bytes.length : next;
    damaged(st, file, at, resume, describeProbe(size, next));
    at = resume;
  }
  st.segments.push({ segmentId: file.segmentId, path: file.path, entries, tables });
}

/**
 * Where to look for the next valid entry after a bad one at `at`. When the length is valid the
 * search starts after the whole entry: a valid-looking entry inside a torn payload (a value that
 * happens to hold log bytes) must not turn a torn tail into "corruption".
 */
function resyncFrom(bytes: Buffer, at: number, probe: number): number {
  if (probe === EntryProbe.BAD_PAYLOAD || probe === EntryProbe.TRUNCATED) {
    return at + ENTRY_OVERHEAD_BYTES + entryPayloadLength(bytes, at);
  }
  return at + 1;
}

function describeProbe(probe: number, next: number): string {
  const where = next < 0 ? 'in a segment that is not the last' : `followed by a valid entry at ${next}`;
  switch (probe) {
    case EntryProbe.SHORT_HEADER:
      return `partial entry header ${where}`;
    case EntryProbe.BAD_LENGTH:
      return `entry length checksum mismatch ${where}`;
    case EntryProbe.TRUNCATED:
      return `entry runs past the end of the segment ${where}`;
    default:
      return `entry payload checksum mismatch ${where}`;
  }
}

/** Decodes and delivers the valid entry at `at`; false if its payload did not decode. */
function deliver(
  st: ReplayState,
  file: SegmentFile,
  bytes: Buffer,
  at: number,
  size: number,
  tables: Map<string, number>,
): boolean {
  // A copy per entry, so the memtable never pins a whole segment's buffer.
  const payload = Buffer.from(bytes.subarray(at + ENTRY_HEADER_BYTES, at + size - ENTRY_TRAILER_BYTES));
  let m: Mutation;
  try {
    m = decodeMutation(payload, file.path);
  } catch (err) {
    if (!(err instanceof CorruptionError)) throw err;
    damaged(st, file, at, at + size, `entry checksums hold but its mutation does not decode: ${err.message}`);
    return false;
  }
  const position: CommitLogPosition = { segmentId: file.segmentId, offset: at + size };
  tables.set(m.tableId, position.offset);
  const wanted = st.opts.wanted?.(m.tableId, position) ?? true;
  const longest = wanted ? longestValueBytes(m) : 0;
  if (st.opts.maxValueSizeBytes !== undefined && longest > st.opts.maxValueSizeBytes) {
    damaged(st, file, at, at + size, `entry checksums hold but its mutation does not decode: ${valueTooLong(longest, st.opts.maxValueSizeBytes)}`);
    return false;
  }
  st.entries++;
  if (wanted) st.opts.onMutation(m, position);
  return true;
}

function longestValueBytes(m: Mutation): number {
  let n = 0;
  for (const c of m.update.cells) if (c.value.length > n) n = c.value.length;
  return n;
}

/** Corruption in `[from, to)`: throws, or records the skip when replay errors are ignored. */
function damaged(st: ReplayState, file: SegmentFile, from: number, to: number, reason: string): void {
  if (st.opts.ignoreReplayErrors !== true) throw new CorruptionError(file.path, from, reason);
  st.skipped.push({ segmentId: file.segmentId, path: file.path, offset: from, length: to - from, reason });
}

function truncateTornTail(st: ReplayState, file: SegmentFile, at: number, droppedBytes: number): void {
  const fd = st.fs.openSync(file.path, 'r+');
  try {
    st.fs.ftruncateSync(fd, at);
    st.fs.fsyncSync(fd);
  } finally {
    st.fs.closeSync(fd);
  }
  st.tornTail = { segmentId: file.segmentId, offset: at, droppedBytes };
}

function removeHeaderlessSegment(st: ReplayState, file: SegmentFile, droppedBytes: number): void {
  st.fs.unlinkSync(file.path);
  st.fs.fsyncDirSync(st.opts.dir);
  st.tornTail = { segmentId: file.segmentId, offset: 0, droppedBytes };
}
