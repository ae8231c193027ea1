/** A scheduled callback; an interval keeps one `SimTimer` across its many firings. */
export interface SimTimer {
  readonly fn: () => void;
  /** 0 for one-shot timers; the period of an interval otherwise. */
  readonly periodUs: number;
  /** Set once cancelled or, for one-shot timers, once run. */
  done: boolean;
}

/** One firing of a timer. `seq` breaks ties so equal due times run in scheduling order. */
export interface TimerEntry {
  readonly dueUs: number;
  readonly seq: number;
  readonly timer: SimTimer;
}

function before(a: TimerEntry, b: TimerEntry): boolean {
  return a.dueUs < b.dueUs || (a.dueUs === b.dueUs && a.seq < b.seq);
}

/** A binary min-heap of timer firings ordered by (due time, sequence). */
export class TimerHeap {
  private readonly items: TimerEntry[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): TimerEntry | undefined {
    return this.items[0];
  }

  push(entry: TimerEntry): void {
    const items = this.items;
    items.push(entry);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): TimerEntry | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < items.length && before(items[l]!, items[m]!)) m = l;
      if (r < items.length && before(items[r]!, items[m]!)) m = r;
      if (m === i) break;
      [items[i], items[m]] = [items[m]!, items[i]!];
      i = m;
    }
    return top;
  }
}
