/** Why a repair did not run or did not finish. */
import { ErrorCode, IliumError } from '../errors/index.js';
import type { Endpoint } from '../locator/index.js';

/** A replica of a range to repair is down: Cassandra refuses the whole repair rather than repair part of it. */
export class RepairReplicaDownError extends IliumError {
  constructor(
    readonly keyspace: string,
    readonly down: readonly Endpoint[],
  ) {
    super(ErrorCode.UNAVAILABLE, `Cannot repair ${keyspace}: replica${down.length === 1 ? '' : 's'} ${down.join(', ')} ${down.length === 1 ? 'is' : 'are'} not alive`);
  }
}

/** A validation or sync failed (a replica timed out, answered an error or a tree of the wrong shape). */
export class RepairFailedError extends IliumError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(ErrorCode.SERVER_ERROR, message, options);
  }
}
