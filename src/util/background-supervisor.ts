/**
 * The one place background work reports its failures (flush, compaction, hints, batchlog replay,
 * gossip rounds, schema pulls, …): each failure is handed to the node's sink (a log line) and
 * counted per (task, error class), so nothing that runs off a request is ever swallowed and tests
 * or an operator can read what failed (`snapshot()`; nodetool bgfailures shows it).
 *
 * A task is a short stable name (`flush`, `batchlog-replay`, …: the list is in
 * docs/RELIABILITY.md). `run` and `watch` start work nobody awaits; `report` is for code that
 * caught a failure it handles (a corrupt record quarantined, a retry later) but must still tell.
 * One supervisor per node, made by the composition root and passed down: no global state.
 */

/** One failure of background work, as logged. */
export interface BackgroundFailure {
  readonly task: string;
  /** The error's class name (`FsError`, `InvariantViolation`, …), or its typeof when not an Error. */
  readonly errorClass: string;
  readonly message: string;
}

/** How often one task failed with one error class, and the last message. */
export interface BackgroundFailureCount extends BackgroundFailure {
  readonly count: number;
}

export type BackgroundFailureSink = (failure: BackgroundFailure) => void;

/** Distinct (task, error class) counters kept; beyond it the class is counted as `Other`. */
const countersMax = 256;

export class BackgroundSupervisor {
  private readonly counters = new Map<string, { failure: BackgroundFailure; count: number }>();

  constructor(private readonly sink: BackgroundFailureSink) {}

  /**
   * Records that `task` failed with `error`: logged through the sink and counted. `about` names
   * what it was working on (a table, a peer, a record), prefixed to the message.
   */
  report(task: string, error: unknown, about?: string): void {
    const message = about === undefined ? messageOf(error) : `${about}: ${messageOf(error)}`;
    const failure: BackgroundFailure = { task, errorClass: errorClassOf(error), message };
    let errorClass = failure.errorClass;
    if (!this.counters.has(keyOf(task, errorClass)) && this.counters.size >= countersMax) errorClass = 'Other';
    const key = keyOf(task, errorClass);
    const c = this.counters.get(key);
    if (c === undefined) this.counters.set(key, { failure: { ...failure, errorClass }, count: 1 });
    else {
      c.failure = { ...failure, errorClass };
      c.count++;
    }
    this.sink(failure);
  }

  /** Runs `work` as `task` without awaiting it; a throw or a rejection is reported. */
  run(task: string, work: () => unknown, about?: string): void {
    try {
      const r = work();
      if (r instanceof Promise) this.watch(task, r, about);
    } catch (e) {
      this.report(task, e, about);
    }
  }

  /** Reports `promise`'s rejection, if any, as a failure of `task`. */
  watch(task: string, promise: Promise<unknown>, about?: string): void {
    promise.catch((e: unknown) => this.report(task, e, about));
  }

  /** The counters, by task then error class. */
  snapshot(): BackgroundFailureCount[] {
    const out = [...this.counters.values()].map((c) => ({ ...c.failure, count: c.count }));
    return out.sort((a, b) => (a.task === b.task ? (a.errorClass < b.errorClass ? -1 : 1) : a.task < b.task ? -1 : 1));
  }

  /** Failures of `task` (every error class), or of all tasks. */
  failures(task?: string): number {
    let n = 0;
    for (const c of this.counters.values()) if (task === undefined || c.failure.task === task) n += c.count;
    return n;
  }
}

function keyOf(task: string, errorClass: string): string {
  return `${task}\u0000${errorClass}`;
}

function errorClassOf(e: unknown): string {
  if (e instanceof Error) return e.name !== 'Error' ? e.name : e.constructor.name;
  return e === null ? 'null' : typeof e;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
