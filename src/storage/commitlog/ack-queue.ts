/**
 * The adds waiting for their acknowledgement, in log order. Each waits for a sequence number (the
 * count of entries appended when it was appended) to be reached by whatever the sync mode acks on
 * (written to the OS, or fsynced). Entries are appended in order, so the queue is FIFO and acking
 * "everything through n" pops from the front.
 *
 * Adds share a waiter: an add joins the newest waiter when none of that waiter's entries has been
 * handed to the OS yet (its sequence number is above `joinAbove`, what the log has written), since
 * the one write that covers the new entry covers the waiter's older ones too, so none of them waits
 * longer. In one event-loop turn every add of the turn thus shares one promise (the turn's write
 * acks them all), unless a full buffer or a rollover was written in between.
 *
 * Bounded by `unackedAddsMax` adds (not waiters): the log refuses a new add (OverloadedError)
 * rather than grow it.
 */
interface Waiter {
  seq: number;
  adds: number;
  readonly promise: Promise<void>;
  readonly resolve: () => void;
  readonly reject: (e: unknown) => void;
}

export class AckQueue {
  private waiters: Waiter[] = [];
  private head = 0;
  private pendingAdds = 0;

  constructor(readonly unackedAddsMax: number) {}

  /** Adds waiting (each add counts once, whatever waiter it shares). */
  get size(): number {
    return this.pendingAdds;
  }

  get isFull(): boolean {
    return this.pendingAdds >= this.unackedAddsMax;
  }

  /**
   * One add that waits for `seq`: it joins the newest waiter when that one's sequence number is
   * above `joinAbove` (nothing of it acknowledged-by-write yet), else starts a new one.
   */
  push(seq: number, joinAbove: number): Promise<void> {
    this.pendingAdds++;
    const tail = this.head < this.waiters.length ? this.waiters[this.waiters.length - 1]! : undefined;
    if (tail !== undefined && tail.seq > joinAbove && tail.seq <= seq) {
      tail.seq = seq;
      tail.adds++;
      return tail.promise;
    }
    let resolve!: () => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.waiters.push({ seq, adds: 1, promise, resolve, reject });
    return promise;
  }

  /** Resolves every waiter whose sequence number is at most `seq`. */
  resolveThrough(seq: number): void {
    const waiters = this.waiters;
    const end = waiters.length;
    let i = this.head;
    while (i < end && waiters[i]!.seq <= seq) {
      const w = waiters[i]!;
      this.pendingAdds -= w.adds;
      w.resolve();
      i++;
    }
    this.dropFront(i);
  }

  rejectAll(err: unknown): void {
    for (let i = this.head; i < this.waiters.length; i++) this.waiters[i]!.reject(err);
    this.pendingAdds = 0;
    this.dropFront(this.waiters.length);
  }

  private dropFront(newHead: number): void {
    this.head = newHead;
    if (this.head === this.waiters.length) {
      this.waiters.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.waiters.length) {
      this.waiters = this.waiters.slice(this.head);
      this.head = 0;
    }
  }
}
