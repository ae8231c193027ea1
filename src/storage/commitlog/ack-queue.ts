/**
 * The adds waiting for their acknowledgement, in log order. Each waits for a sequence number (the
 * count of entries appended when it was appended) to be reached by whatever the sync mode acks on
 * (written to the OS, or fsynced). Entries are appended in order, so the queue is FIFO and acking
 * "everything through n" pops from the front.
 *
 * Bounded by `unackedAddsMax`: the log refuses a new add (OverloadedError) rather than grow it.
 */
import type { CommitLogPosition } from '../model/commit-log-position.js';

export class AckQueue {
  private seqs: number[] = [];
  private positions: CommitLogPosition[] = [];
  private resolves: ((p: CommitLogPosition) => void)[] = [];
  private rejects: ((e: unknown) => void)[] = [];
  private head = 0;

  constructor(readonly unackedAddsMax: number) {}

  get size(): number {
    return this.seqs.length - this.head;
  }

  get isFull(): boolean {
    return this.size >= this.unackedAddsMax;
  }

  /** The sequence number of the newest waiter, or -1. */
  get lastSeq(): number {
    return this.size === 0 ? -1 : this.seqs[this.seqs.length - 1]!;
  }

  push(seq: number, position: CommitLogPosition): Promise<CommitLogPosition> {
    return new Promise((resolve, reject) => {
      this.seqs.push(seq);
      this.positions.push(position);
      this.resolves.push(resolve);
      this.rejects.push(reject);
    });
  }

  /** Resolves every waiter whose sequence number is at most `seq`. */
  resolveThrough(seq: number): void {
    const end = this.seqs.length;
    let i = this.head;
    while (i < end && this.seqs[i]! <= seq) {
      this.resolves[i]!(this.positions[i]!);
      i++;
    }
    this.dropFront(i);
  }

  rejectAll(err: unknown): void {
    for (let i = this.head; i < this.seqs.length; i++) this.rejects[i]!(err);
    this.dropFront(this.seqs.length);
  }

  private dropFront(newHead: number): void {
    this.head = newHead;
    if (this.head === this.seqs.length) {
      this.seqs.length = 0;
      this.positions.length = 0;
      this.resolves.length = 0;
      this.rejects.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.seqs.length) {
      this.seqs = this.seqs.slice(this.head);
      this.positions = this.positions.slice(this.head);
      this.resolves = this.resolves.slice(this.head);
      this.rejects = this.rejects.slice(this.head);
      this.head = 0;
    }
  }
}
