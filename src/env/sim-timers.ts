import type { TimerHandle, Timers } from './env.js';
import type { SimClock } from './sim-clock.js';
import { TimerHeap, type SimTimer, type TimerEntry } from './timer-heap.js';

/** Bounds every drain loop so a timer that re-arms itself forever fails the test, not hangs it. */
export const SIM_STEPS_MAX = 1_000_000;

/** Node clamps delays below 1 ms (and non-numbers) to 1 ms; so do we. */
function delayMicros(ms: number): number {
  return ms >= 1 && Number.isFinite(ms) ? Math.round(ms * 1000) : 1000;
}

/**
 * Simulated timers: a queue the test drives explicitly. Nothing runs until `runNext`, `advance`
 * or `runUntilIdle` is called; running a timer first moves the clock to its due time. Callbacks
 * run synchronously in (due time, scheduling order); an exception propagates to the driver.
 */
export class SimTimers implements Timers {
  private readonly heap = new TimerHeap();
  private seq = 0;
  private live = 0;

  constructor(readonly clock: SimClock) {}

  setTimeout(fn: () => void, delayMs: number): TimerHandle {
    return this.schedule(fn, delayMicros(delayMs), 0);
  }

  setInterval(fn: () => void, periodMs: number): TimerHandle {
    const period = delayMicros(periodMs);
    return this.schedule(fn, period, period);
  }

  setImmediate(fn: () => void): TimerHandle {
    return this.schedule(fn, 0, 0);
  }

  /** Timers scheduled and not yet run or cancelled (an interval counts once). */
  get pending(): number {
    return this.live;
  }

  /** When the next timer is due, in simulated ms, or null when none is pending. */
  nextDueMs(): number | null {
    const next = this.peekLive();
    return next === undefined ? null : next.dueUs / 1000;
  }

  /** Runs the earliest timer (moving the clock to it). False when none is pending. */
  runNext(): boolean {
    const entry = this.peekLive();
    if (entry === undefined) return false;
    this.heap.pop();
    this.clock.advanceToMicros(entry.dueUs);
    const timer = entry.timer;
    if (timer.periodUs > 0) {
      // Re-arm before running, so the callback may cancel its own interval.
      this.heap.push({ dueUs: entry.dueUs + timer.periodUs, seq: this.seq++, timer });
    } else {
      timer.done = true;
      this.live--;
    }
    timer.fn();
    return true;
  }

  /** Runs every timer due within `ms` from now, then sets the clock to now + `ms`. */
  advance(ms: number, stepsMax: number = SIM_STEPS_MAX): number {
    const targetUs = this.clock.micros + Math.round(ms * 1000);
    let steps = 0;
    for (let next = this.peekLive(); next !== undefined && next.dueUs <= targetUs; next = this.peekLive()) {
      if (++steps > stepsMax) throw new Error(`SimTimers.advance(${ms}): more than ${stepsMax} timers ran`);
      this.runNext();
    }
    this.clock.advanceToMicros(targetUs);
    return steps;
  }

  /** Runs timers until none is pending; returns how many ran. Intervals keep it from ever idling. */
  runUntilIdle(stepsMax: number = SIM_STEPS_MAX): number {
    let steps = 0;
    while (this.peekLive() !== undefined) {
      if (++steps > stepsMax) throw new Error(`SimTimers.runUntilIdle: not idle after ${stepsMax} timers`);
      this.runNext();
    }
    return steps;
  }

  /**
   * Like runUntilIdle, but lets promise continuations (e.g. code awaiting an fsync) run between
   * timers, as they would between real event-loop turns.
   */
  async runUntilIdleAsync(stepsMax: number = SIM_STEPS_MAX): Promise<number> {
    let steps = 0;
    await flushMicrotasks();
    while (this.peekLive() !== undefined) {
      if (++steps > stepsMax) throw new Error(`SimTimers.runUntilIdleAsync: not idle after ${stepsMax} timers`);
      this.runNext();
      await flushMicrotasks();
    }
    return steps;
  }

  private schedule(fn: () => void, afterUs: number, periodUs: number): TimerHandle {
    const timer: SimTimer = { fn, periodUs, done: false };
    this.heap.push({ dueUs: this.clock.micros + afterUs, seq: this.seq++, timer });
    this.live++;
    return {
      cancel: () => {
        if (timer.done) return;
        timer.done = true;
        this.live--;
      },
    };
  }

  private peekLive(): TimerEntry | undefined {
    let top = this.heap.peek();
    while (top !== undefined && top.timer.done) {
      this.heap.pop();
      top = this.heap.peek();
    }
    return top;
  }
}

/** Lets every queued promise continuation run (a real macrotask boundary drains them all). */
export function flushMicrotasks(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
