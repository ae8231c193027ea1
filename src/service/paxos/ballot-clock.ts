/**
 * A coordinator's ballot source (Cassandra's getTimestampForPaxos): each ballot's microsecond is
 * the Env clock's, but strictly after this coordinator's previous ballot and after any ballot a
 * replica told it was promised, so a retry after losing to a newer ballot can win.
 */
import type { Clock, Random } from '../../env/index.js';
import { type Ballot, ballotMicros, newBallot } from './ballot.js';

export class BallotClock {
  private last = -1n;

  constructor(
    private readonly clock: Clock,
    private readonly random: Random,
  ) {}

  /** A fresh ballot after `after` (when given) and after every ballot this clock made. */
  next(after: Ballot | null): Ballot {
    let micros = this.clock.nowMicros();
    if (micros <= this.last) micros = this.last + 1n;
    if (after !== null) {
      const seen = ballotMicros(after);
      if (micros <= seen) micros = seen + 1n;
    }
    this.last = micros;
    return newBallot(micros, this.random);
  }
}
