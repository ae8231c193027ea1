/**
 * The commit log: every mutation is appended here, and acknowledged as durable per the sync mode
 * (`sync-policy.ts`), before the engine applies it to a memtable. The write path:
 *
 *   add(m) ── encode + frame into the shared buffer, in call order (synchronous) ─┐
 *            position = (active segment, end offset of the entry); mark table dirty │
 *            full segment? write the rest of the old one, start its fsync, plan the next │
 *   end of turn / window / buffer full ── one writeSync of everything buffered ────┤
 *   fsync (policy decides when; one in flight at a time) ──────────────────────────┘
 *   ack: resolve every add the policy's level (written or synced) now covers.
 *
 * Sequence numbers: the n-th entry appended has seq n. `writtenSeq` and `syncedSeq` say how far
 * the OS has the entries and how far they are durable; an add resolves when its seq is covered.
 * Only the last segment file ever holds unsynced bytes: a full segment is fsynced before its
 * successor gets a byte, so damage in a non-last segment is always corruption to the replayer.
 * That fsync ("sealing") runs off the event loop: meanwhile adds go on into the buffer and take
 * positions in the next segment, which has no file yet (CommitLogSegment.planned); once the seal
 * is durable, the buffer is written there. Should the next segment fill before the seal returns
 * (a segment's worth of writes within one fsync), the seal is finished synchronously.
 *
 * After a failed write or fsync the state of the file is unknown (the kernel may have dropped the
 * dirty pages and cleared the error): every pending and later add fails with WriteFailureError
 * until the node restarts and replays.
 */
import type { Env, FileSystem, TimerHandle } from '../../env/env.js';
import {
  EngineStateError,
  InvalidRequestError,
  OverloadedError,
  WriteFailureError,
} from '../../errors/ilium-error.js';
import type { CommitLogPosition } from '../model/commit-log-position.js';
import type { Mutation } from '../model/partition-update.js';
import { AckQueue } from './ack-queue.js';
import { CommitLogSegment } from './commit-log-segment.js';
import { LogBuffer } from './log-buffer.js';
import { encodeMutationInto } from './mutation-codec.js';
import type { ReplayReport } from './replay-report.js';
import { listSegmentFiles } from './segment-directory.js';
import { ENTRY_HEADER_BYTES, ENTRY_TRAILER_BYTES, frameEntry } from './segment-format.js';
import { createSyncPolicy, type SyncMode, type SyncPolicy } from './sync-policy.js';
import { resolveConfig, type CommitLogOptions, type ResolvedConfig } from './commit-log-options.js';
import { invariant } from '../../util/invariant.js';

/** Capacity the write buffer starts with and shrinks back to after a huge entry. */
const WRITE_BUFFER_INITIAL_BYTES = 64 * 1024;
const WRITE_BUFFER_RETAINED_BYTES_MAX = 4 * 1024 * 1024;

type LogState = 'open' | 'closing' | 'closed';

export class CommitLog {
  /** Cassandra's max_mutation_size: half a segment, framing included. */
  readonly maxMutationSizeBytes: number;
  private readonly fs: FileSystem;
  private readonly buffer = new LogBuffer(WRITE_BUFFER_INITIAL_BYTES, WRITE_BUFFER_RETAINED_BYTES_MAX);
  private readonly acks: AckQueue;
  private readonly syncCallers: AckQueue;
  private readonly policy: SyncPolicy;
  private nextSegmentId: number;
  private appendedSeq = 0;
  private writtenSeq = 0;
  private syncedSeq = 0;
  private syncInFlight = false;
  private syncAgain = false;
  /** The previous segment while its sealing fsync is in flight (no write goes to the active one). */
  private sealing: { readonly segment: CommitLogSegment; readonly seq: number } | null = null;
  private turnEnd: TimerHandle | null = null;
  private turnEndSyncs = false;
  private state: LogState = 'open';
  private failure: WriteFailureError | null = null;
  private closed: Promise<void> | null = null;

  private constructor(
    private readonly env: Env,
    private readonly dir: string,
    private readonly config: ResolvedConfig,
    mode: SyncMode,
    /** Oldest first; the last one is the active segment. */
    private readonly segments: CommitLogSegment[],
    firstSegmentId: number,
    private readonly onSpacePressure: ((tableIds: readonly string[]) => void) | undefined,
    private readonly onFailure: ((error: Error) => void) | undefined,
  ) {
    this.fs = env.fs;
    this.maxMutationSizeBytes = Math.floor(config.segmentSizeBytes / 2);
    this.acks = new AckQueue(config.unackedAddsMax);
    this.syncCallers = new AckQueue(config.unackedAddsMax);
    this.nextSegmentId = firstSegmentId;
    this.segments.push(CommitLogSegment.create(this.fs, dir, this.nextSegmentId++));
    this.deleteCleanSegments();
    this.policy = createSyncPolicy({
      mode,
      timers: env.timers,
      syncPeriodMs: config.syncPeriodMs,
      groupWindowMs: config.groupWindowMs,
      host: {
        scheduleWrite: () => this.scheduleTurnEnd(false),
        scheduleSync: () => this.scheduleTurnEnd(true),
        requestSync: () => this.requestSync(),
      },
    });
  }

  /**
   * Opens the log in `dir` with a fresh segment whose id is above every segment there, above
   * `minSegmentId`, and not below the wall clock in milliseconds (so ids are not reused even
   * after every segment was discarded). Segments already in `dir` must appear in `replayed`;
   * they are kept, dirty for the tables the replay found in them, until discarded.
   */
  static open(opts: CommitLogOptions): CommitLog {
    const config = resolveConfig(opts);
    opts.env.fs.mkdirSync(opts.dir);
    const leftovers = adoptReplayedSegments(opts.env.fs, opts.dir, opts.replayed);
    const highest = leftovers.reduce((max, s) => Math.max(max, s.id), 0);
    const firstId = Math.max(highest + 1, (opts.minSegmentId ?? 0) + 1, Math.floor(opts.env.clock.nowMs()));
    return new CommitLog(opts.env, opts.dir, config, opts.sync, leftovers, firstId, opts.onSpacePressure, opts.onFailure);
  }

  /**
   * Appends `m` now (so log order is call order) and resolves with the position just past its
   * entry once the sync mode's durability is reached: `addAll` of one. Rejects with
   * InvalidRequestError when the mutation exceeds `maxMutationSizeBytes`, OverloadedError when
   * `unackedAddsMax` adds are pending, WriteFailureError once a write or fsync has failed,
   * EngineStateError after close().
   */
  add(m: Mutation): Promise<CommitLogPosition> {
    const { refused, acked, position } = this.addAll([m]);
    return acked === null ? Promise.reject(refused![0]!) : acked.then(() => position!);
  }

  /**
   * The append path, for one mutation or the partitions of a batch: each is appended now, in
   * order, as its own entry (what as many `add` calls would write), and they share one
   * acknowledgement. `refused` is null when every mutation was appended, else one slot per
   * mutation: null when it was appended, or the error that refused it (the others are appended
   * all the same). `position` is the position just past the last entry appended, and `acked`
   * resolves once the sync mode's durability covers it (both null when none was appended); adds
   * made before anything of them was written share one `acked` (AckQueue). The log failed or closed, or
   * `unackedAddsMax` acknowledgements pending, refuse every mutation; an oversized one refuses
   * only itself.
   */
  addAll(ms: readonly Mutation[]): { readonly refused: (Error | null)[] | null; readonly acked: Promise<void> | null; readonly position: CommitLogPosition | null } {
    let refusal = this.refusal();
    if (refusal === null && this.acks.isFull) refusal = new OverloadedError(`commit log has ${this.acks.size} unacknowledged adds (unackedAddsMax)`);
    if (refusal !== null) return { refused: new Array<Error | null>(ms.length).fill(refusal), acked: null, position: null };
    let refused: (Error | null)[] | null = null;
    let position: CommitLogPosition | null = null;
    for (let i = 0; i < ms.length; i++) {
      try {
        position = this.append(ms[i]!);
      } catch (err) {
        refused ??= new Array<Error | null>(ms.length).fill(null);
        refused[i] = err instanceof Error ? err : new Error(String(err));
        // A failed write (rollover) fails the log: the rest are refused as later adds would be.
        const after = this.refusal();
        if (after !== null) {
          for (let j = i + 1; j < ms.length; j++) refused[j] = after;
          break;
        }
        continue;
      }
      if (this.buffer.pos >= this.config.writeBatchBytesMax) this.writeBuffered();
    }
    if (position === null) return { refused, acked: null, position: null };
    // The log failed after some were appended: their adds would have been rejected with it.
    const failed = this.refusal();
    if (failed !== null) return { refused, acked: Promise.reject(failed), position };
    const acked = this.acks.push(this.appendedSeq, this.writtenSeq);
    this.policy.onAppend();
    // Written already (a full buffer went out above)? Then no later write would ack it.
    if (this.buffer.pos === 0) this.ackCovered();
    return { refused, acked, position };
  }

  /** Makes everything added so far durable now, whatever the sync mode. */
  sync(): Promise<void> {
    const refusal = this.failure ?? (this.state === 'closed' ? closedError() : null);
    if (refusal !== null) return Promise.reject(refusal);
    if (!this.writeBuffered()) return Promise.reject(this.failure);
    // appendedSeq, not writtenSeq: while a segment is sealing the buffer is not written yet.
    if (this.syncedSeq >= this.appendedSeq) return Promise.resolve();
    if (this.syncCallers.isFull) return Promise.reject(new OverloadedError('too many sync() calls pending'));
    const done = this.syncCallers.push(this.appendedSeq, this.writtenSeq);
    this.requestSync();
    return done;
  }

  /** The position just past the last entry added (where the next one will start). */
  currentPosition(): CommitLogPosition {
    const active = this.active;
    return { segmentId: active.id, offset: active.fileEnd + this.buffer.pos };
  }

  /**
   * Entries added since open, and of them those on disk and synced (Cassandra's CommitLog metrics
   * count tasks: pending = added − synced), with the number of segments the log holds.
   */
  stats(): { readonly addedEntries: number; readonly syncedEntries: number; readonly segments: number } {
    return { addedEntries: this.appendedSeq, syncedEntries: this.syncedSeq, segments: this.segments.length };
  }

  /** Ids of the segments the log still holds, oldest first; the last is the active one. */
  activeSegmentIds(): number[] {
    return this.segments.map((s) => s.id);
  }

  /** Seals the active segment (if it holds entries) and starts a new one. */
  forceNewSegment(): void {
    const refusal = this.refusal();
    if (refusal !== null) throw refusal;
    if (this.active.isEmpty && this.buffer.pos === 0) return;
    this.rollover(this.buffer.pos);
  }

  /**
   * `tableId`'s memtable is flushed up to `upTo` (a position from add() or currentPosition()):
   * its entries at or before `upTo` are no longer needed. Deletes every segment, other than the
   * active one, in which no table remains dirty.
   */
  discardCompletedSegments(tableId: string, upTo: CommitLogPosition): void {
    for (const s of this.segments) s.markClean(tableId, upTo);
    this.deleteCleanSegments();
  }

  /** Writes and fsyncs what is buffered, then closes every file. Later adds fail. */
  close(): Promise<void> {
    if (this.closed === null) {
      this.state = 'closing';
      this.closed = this.shutdown();
    }
    return this.closed;
  }

  private async shutdown(): Promise<void> {
    const failedBefore = this.failure !== null;
    this.policy.stop();
    this.cancelTurnEnd();
    try {
      if (!failedBefore) await this.sync();
    } finally {
      for (const s of this.segments) s.retire();
      this.state = 'closed';
    }
  }

  private get active(): CommitLogSegment {
    return this.segments[this.segments.length - 1]!;
  }

  private refusal(): Error | null {
    if (this.failure !== null) return this.failure;
    if (this.state !== 'open') return closedError();
    return null;
  }

  /** Encodes and frames `m` at the end of the buffer; returns the position just past it. */
  private append(m: Mutation): CommitLogPosition {
    const buf = this.buffer;
    const start = buf.pos;
    try {
      buf.reserve(ENTRY_HEADER_BYTES);
      encodeMutationInto(buf, m);
      buf.reserve(ENTRY_TRAILER_BYTES);
    } catch (err) {
      buf.truncate(start);
      throw err;
    }
    const size = buf.pos - start;
    if (size > this.maxMutationSizeBytes) {
      buf.truncate(start);
      throw new InvalidRequestError(
        `mutation of ${size} bytes for table ${m.tableId} exceeds max_mutation_size of ${this.maxMutationSizeBytes} bytes (half of commitlog_segment_size)`,
      );
    }
    let active = this.active;
    if (active.fileEnd + buf.pos > this.config.segmentSizeBytes) active = this.rollover(start);
    frameEntry(buf.buf, buf.pos - size, buf.pos - ENTRY_TRAILER_BYTES, active.salt);
    const end = active.fileEnd + buf.pos;
    active.markDirty(m.tableId, end);
    this.appendedSeq++;
    this.checkSequence();
    return { segmentId: active.id, offset: end };
  }

  /**
   * Writes `buffer[0, keepFrom)` to the active segment, starts its sealing fsync (the successor
   * gets no byte before it is durable), retires it and plans the next segment; `buffer[keepFrom,
   * pos)` moves to the front to become the new segment's first bytes. Fails the log on any I/O error.
   */
  private rollover(keepFrom: number): CommitLogSegment {
    const old = this.active;
    // The segment before filled up before its seal came back: finish that seal here.
    if (this.sealing !== null) this.finishSealSync(this.sealing);
    try {
      old.write(this.buffer.buf, 0, keepFrom);
    } catch (err) {
      throw this.fail('write', err);
    }
    this.writtenSeq = this.appendedSeq;
    this.checkSequence();
    this.buffer.shiftToFront(keepFrom);
    const seal = { segment: old, seq: this.writtenSeq };
    this.sealing = seal;
    old.fsync().then(
      () => this.onSealed(seal),
      (err: unknown) => {
        if (this.sealing === seal) this.sealing = null;
        this.fail('sync', err);
      },
    );
    old.retire(); // its descriptor closes once the seal is done
    this.ackCovered();
    const next = CommitLogSegment.planned(this.fs, this.dir, this.nextSegmentId++);
    this.segments.push(next);
    this.checkSpace();
    return next;
  }

  private onSealed(seal: { readonly segment: CommitLogSegment; readonly seq: number }): void {
    if (this.sealing !== seal) return; // finished synchronously meanwhile
    this.sealing = null;
    if (this.failure !== null) return;
    this.syncedSeq = Math.max(this.syncedSeq, seal.seq);
    this.checkSequence();
    this.ackCovered();
    // Adds made while sealing wait in the buffer: write them (and sync them if asked).
    if (this.syncAgain && !this.syncInFlight) {
      this.syncAgain = false;
      this.requestSync();
    } else {
      this.writeBuffered();
    }
  }

  private finishSealSync(seal: { readonly segment: CommitLogSegment; readonly seq: number }): void {
    this.sealing = null;
    try {
      seal.segment.fsyncSync();
    } catch (err) {
      throw this.fail('sync', err);
    }
    this.syncedSeq = Math.max(this.syncedSeq, seal.seq);
    this.checkSequence();
  }

  /** Over commitlog_total_space: ask (outside this call stack) for the oldest segment's tables to flush. */
  private checkSpace(): void {
    const callback = this.onSpacePressure;
    if (callback === undefined || this.segments.length < 2) return;
    const held = this.segments.reduce((sum, s) => sum + s.fileEnd, 0);
    if (held <= this.config.totalSpaceBytesMax) return;
    const tables = this.segments[0]!.dirtyTables();
    this.env.timers.setImmediate(() => callback(tables));
  }

  /** Hands buffered entries to the OS. False when the log has failed. */
  private writeBuffered(): boolean {
    if (this.failure !== null) return false;
    if (this.buffer.pos === 0 || this.sealing !== null) return true;
    try {
      this.active.write(this.buffer.buf, 0, this.buffer.pos);
    } catch (err) {
      this.fail('write', err);
      return false;
    }
    this.buffer.clear();
    this.writtenSeq = this.appendedSeq;
    this.checkSequence();
    this.ackCovered();
    return true;
  }

  /** Writes what is buffered and starts an fsync, or asks for one after the fsync in flight. */
  private requestSync(): void {
    if (this.failure !== null || this.state === 'closed') return;
    if (this.syncInFlight || this.sealing !== null) {
      this.syncAgain = true;
      return;
    }
    if (!this.writeBuffered() || this.syncedSeq >= this.writtenSeq) return;
    const target = this.writtenSeq;
    this.syncInFlight = true;
    this.active.fsync().then(
      () => this.onSynced(target),
      (err: unknown) => {
        this.syncInFlight = false;
        this.fail('sync', err);
      },
    );
  }

  private onSynced(target: number): void {
    this.syncInFlight = false;
    if (this.failure !== null) return;
    this.syncedSeq = Math.max(this.syncedSeq, target);
    this.checkSequence();
    this.ackCovered();
    if (this.syncAgain) {
      this.syncAgain = false;
      this.requestSync();
    }
  }

  private ackCovered(): void {
    this.acks.resolveThrough(this.policy.acksOnWrite ? this.writtenSeq : this.syncedSeq);
    this.syncCallers.resolveThrough(this.syncedSeq);
  }

  /** One write (and maybe fsync) at the end of this event-loop turn, for all adds made in it. */
  private scheduleTurnEnd(sync: boolean): void {
    if (sync) this.turnEndSyncs = true;
    if (this.turnEnd !== null) return;
    this.turnEnd = this.env.timers.setImmediate(() => {
      this.turnEnd = null;
      const syncToo = this.turnEndSyncs;
      this.turnEndSyncs = false;
      if (syncToo) this.requestSync();
      else this.writeBuffered();
    });
  }

  private cancelTurnEnd(): void {
    this.turnEnd?.cancel();
    this.turnEnd = null;
    this.turnEndSyncs = false;
  }

  /** Enters the failed state (once): every pending and later add is refused. */
  private fail(op: string, cause: unknown): WriteFailureError {
    if (this.failure === null) {
      this.failure = new WriteFailureError(
        `commit log is in an unknown state after a failed ${op}; restart the node`,
        { cause },
      );
      this.policy.stop();
      this.cancelTurnEnd();
      this.buffer.clear();
      this.acks.rejectAll(this.failure);
      this.syncCallers.rejectAll(this.failure);
      this.onFailure?.(this.failure);
    }
    return this.failure;
  }

  /** The entries' order through the OS: synced ≤ written ≤ appended, always. */
  private checkSequence(): void {
    invariant(this.syncedSeq <= this.writtenSeq && this.writtenSeq <= this.appendedSeq, 'commit log: synced ≤ written ≤ appended');
  }

  private deleteCleanSegments(): void {
    let deleted = false;
    for (let i = 0; i < this.segments.length - 1; ) {
      const s = this.segments[i]!;
      if (!s.isClean) {
        i++;
        continue;
      }
      s.discard();
      this.segments.splice(i, 1);
      deleted = true;
    }
    if (deleted) this.fs.fsyncDirSync(this.dir);
  }
}

function closedError(): EngineStateError {
  return new EngineStateError('commit log is closed');
}

/** The segments already in `dir`, each of which the replay must have seen. */
function adoptReplayedSegments(fs: FileSystem, dir: string, replayed: ReplayReport | undefined): CommitLogSegment[] {
  const seen = new Map((replayed?.segments ?? []).map((s) => [s.segmentId, s]));
  return listSegmentFiles(fs, dir).map((file) => {
    const r = seen.get(file.segmentId);
    if (r === undefined) {
      throw new EngineStateError(`${file.path} has not been replayed: replay the commit log before opening it`);
    }
    return CommitLogSegment.replayed(fs, file.path, file.segmentId, fs.statSync(file.path).size, r.tables);
  });
}

