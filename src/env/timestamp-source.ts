/**
 * Write timestamps for the API: microseconds from the env's clock, strictly increasing per
 * instance, so two writes from one client never tie (a later write always wins, even within the
 * same microsecond or after the clock steps back).
 */
import type { Clock } from './env.js';

export class TimestampSource {
  private last = -1n;

  constructor(private readonly clock: Pick<Clock, 'nowMicros'>) {}

  next(): bigint {
    const now = this.clock.nowMicros();
    this.last = now > this.last ? now : this.last + 1n;
    return this.last;
  }
}
