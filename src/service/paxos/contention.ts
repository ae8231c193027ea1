/**
 * Retrying Paxos rounds lost to contention: a random pause of up to 100 ms on the Env timers
 * (Cassandra's), within the cas_contention_timeout_in_ms deadline; past it, WriteTimeoutError
 * with writeType CAS.
 */
import { WriteTimeoutError } from '../../errors/index.js';
import type { Env } from '../../env/index.js';
import type { Participants } from './paxos-participants.js';

export class ContentionDeadline {
  private readonly end: number;

  constructor(
    private readonly env: Env,
    timeoutMs: number,
  ) {
    this.end = env.clock.nowMs() + timeoutMs;
  }

  get passed(): boolean {
    return this.env.clock.nowMs() >= this.end;
  }

  backoff(): Promise<void> {
    const ms = Math.floor(this.env.random.next() * 100);
    return new Promise((resolve) => this.env.timers.setTimeout(resolve, ms));
  }

  timeout(p: Participants): WriteTimeoutError {
    return new WriteTimeoutError('CAS operation timed out - encountered contentions', p.serial, 0, p.required, 'CAS');
  }
}
