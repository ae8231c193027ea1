/**
 * Counting a write's acknowledgements against its consistency level (Cassandra's write response
 * handlers): `blockFor` acks from replicas that count (any for most levels; the local data
 * center's for LOCAL_ levels; for EACH_QUORUM a quorum — plus its pending endpoints — in every
 * data center), a stored hint counting as an ack for ANY only. It settles once: done when
 * satisfied, `WriteTimeoutError` at the timeout with the acks received, a failure error once too
 * many replicas failed for the level to be reachable.
 */
import type { TimerHandle, Timers } from '../../env/index.js';
import { ReplicaWriteFailureError, WriteTimeoutError, type WriteType } from '../../errors/index.js';
import { type Consistency, type ConsistencyContext, type Endpoint, countsForConsistency, eachQuorumBlockFor } from '../../locator/index.js';

export interface WriteAckTrackerInit {
  readonly cl: Consistency;
  readonly ctx: ConsistencyContext;
  readonly blockFor: number;
  readonly pending: readonly Endpoint[];
  /** The replicas the write was sent to (failures among them can make the level unreachable). */
  readonly targets: readonly Endpoint[];
  readonly writeType: WriteType;
  readonly timers: Timers;
  readonly timeoutMs: number;
}

export class WriteAckTracker {
  readonly done: Promise<void>;
  private received = 0;
  /** The replicas that failed (counting ones only): their number decides, and WRITE_FAILURE lists them. */
  private readonly failed: Endpoint[] = [];
  private readonly perDc: Map<string, number> | undefined;
  private readonly ackedPerDc = new Map<string, number>();
  private settled = false;
  private resolve!: () => void;
  private reject!: (e: Error) => void;
  private readonly timer: TimerHandle;

  constructor(private readonly init: WriteAckTrackerInit) {
    this.perDc = init.cl === 'EACH_QUORUM' ? eachQuorumBlockFor(init.ctx, init.pending) : undefined;
    this.done = new Promise((res, rej) => {
      this.resolve = res;
      this.reject = rej;
    });
    this.timer = init.timers.setTimeout(() => this.settle(this.timeoutError()), init.timeoutMs);
    if (this.satisfied()) this.settle(null);
  }

  ack(from: Endpoint): void {
    if (this.settled) return;
    if (!countsForConsistency(this.init.cl, this.init.ctx, from)) return;
    this.received++;
    if (this.perDc !== undefined) {
      const dc = this.init.ctx.datacenterOf(from);
      this.ackedPerDc.set(dc, (this.ackedPerDc.get(dc) ?? 0) + 1);
    }
    if (this.satisfied()) this.settle(null);
  }

  /** A hint was stored for a replica: an acknowledgement for ANY, nothing for other levels. */
  hinted(): void {
    if (this.settled || this.init.cl !== 'ANY') return;
    this.received++;
    if (this.satisfied()) this.settle(null);
  }

  fail(from: Endpoint): void {
    if (this.settled) return;
    if (!countsForConsistency(this.init.cl, this.init.ctx, from)) return;
    this.failed.push(from);
    const counting = this.init.targets.filter((e) => countsForConsistency(this.init.cl, this.init.ctx, e)).length;
    if (this.init.cl !== 'ANY' && counting - this.failed.length < this.init.blockFor) {
      const i = this.init;
      this.settle(new ReplicaWriteFailureError(`Operation failed - received ${this.received} responses and ${this.failed.length} failures`, i.cl, this.received, i.blockFor, this.failed.length, i.writeType, this.failed));
    }
  }

  private satisfied(): boolean {
    if (this.perDc !== undefined) {
      for (const [dc, n] of this.perDc) if ((this.ackedPerDc.get(dc) ?? 0) < n) return false;
      return true;
    }
    return this.received >= this.init.blockFor;
  }

  /** Acks that count: for EACH_QUORUM at most each data center's quorum (extra acks in one DC do not make up for another). */
  private counted(): number {
    if (this.perDc === undefined) return this.received;
    let n = 0;
    for (const [dc, required] of this.perDc) n += Math.min(required, this.ackedPerDc.get(dc) ?? 0);
    return n;
  }

  private timeoutError(): WriteTimeoutError {
    const i = this.init;
    const received = this.counted();
    return new WriteTimeoutError(`Operation timed out - received only ${received} responses.`, i.cl, received, i.blockFor, i.writeType);
  }

  private settle(error: Error | null): void {
    if (this.settled) return;
    this.settled = true;
    this.timer.cancel();
    if (error === null) this.resolve();
    else this.reject(error);
  }
}
