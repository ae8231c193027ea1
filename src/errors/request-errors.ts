import { ErrorCode } from './error-codes.js';
import { IliumError, WriteFailureError } from './ilium-error.js';

/**
 * Errors of request execution that clients tell apart by code and extra fields (native protocol
 * v4 §9): the coordinator and query layers throw these, and the CQL transport sends each field.
 * Consistency levels are their CQL names (`ONE`, `LOCAL_QUORUM`, …). ALREADY_EXISTS is the
 * schema layer's `AlreadyExistsError` (src/schema), which carries its keyspace and table.
 */

/** Kinds of write named by write timeouts and failures. */
export type WriteType = 'SIMPLE' | 'BATCH' | 'UNLOGGED_BATCH' | 'COUNTER' | 'BATCH_LOG' | 'CAS' | 'VIEW' | 'CDC';

/** Not enough replicas alive to even try the request at its consistency level. */
export class UnavailableError extends IliumError {
  constructor(
    message: string,
    readonly consistency: string,
    readonly required: number,
    readonly alive: number,
  ) {
    super(ErrorCode.UNAVAILABLE, message);
  }
}

/** Replicas did not acknowledge a write in time. */
export class WriteTimeoutError extends IliumError {
  constructor(
    message: string,
    readonly consistency: string,
    readonly received: number,
    readonly blockFor: number,
    readonly writeType: WriteType,
  ) {
    super(ErrorCode.WRITE_TIMEOUT, message);
  }
}

/** Replicas did not answer a read in time. */
export class ReadTimeoutError extends IliumError {
  constructor(
    message: string,
    readonly consistency: string,
    readonly received: number,
    readonly blockFor: number,
    readonly dataPresent: boolean,
  ) {
    super(ErrorCode.READ_TIMEOUT, message);
  }
}

/**
 * A read met more tombstones than tombstone_failure_threshold and was aborted (Cassandra's
 * TombstoneOverwhelmingException). The replica logs it; the client sees a READ_FAILURE.
 */
export class TombstoneOverwhelmingError extends IliumError {
  constructor(readonly tombstones: number) {
    super(ErrorCode.READ_FAILURE, `Scanned over ${tombstones} tombstones; query aborted`);
  }
}

/** Replicas failed (not timed out) while reading. */
export class ReadFailureError extends IliumError {
  constructor(
    message: string,
    readonly consistency: string,
    readonly received: number,
    readonly blockFor: number,
    readonly numFailures: number,
    readonly dataPresent: boolean,
    /** The replicas that failed, as `address:port` (the v5 error's reason map), when known. */
    readonly failedReplicas: readonly string[] = [],
  ) {
    super(ErrorCode.READ_FAILURE, message);
  }
}

/** Replicas failed (not timed out) while writing: a `WriteFailureError` with the replica counts. */
export class ReplicaWriteFailureError extends WriteFailureError {
  constructor(
    message: string,
    readonly consistency: string,
    readonly received: number,
    readonly blockFor: number,
    readonly numFailures: number,
    readonly writeType: WriteType,
    /** The replicas that failed, as `address:port` (the v5 error's reason map), when known. */
    readonly failedReplicas: readonly string[] = [],
  ) {
    super(message);
  }
}

/** A user-defined function threw. */
export class FunctionFailureError extends IliumError {
  constructor(
    message: string,
    readonly keyspace: string,
    readonly functionName: string,
    readonly argTypes: readonly string[],
  ) {
    super(ErrorCode.FUNCTION_FAILURE, message);
  }
}

/** EXECUTE of a prepared statement id this node does not know (the client re-prepares). */
export class UnpreparedError extends IliumError {
  constructor(
    message: string,
    readonly id: Uint8Array,
  ) {
    super(ErrorCode.UNPREPARED, message);
  }
}

/** CQL text that does not parse (named apart from the global SyntaxError). */
export class CqlSyntaxError extends IliumError {
  constructor(message: string) {
    super(ErrorCode.SYNTAX_ERROR, message);
  }
}

/** The logged-in user may not do this. */
export class UnauthorizedError extends IliumError {
  constructor(message: string) {
    super(ErrorCode.UNAUTHORIZED, message);
  }
}

/** Authentication failed (bad credentials). */
export class AuthenticationError extends IliumError {
  constructor(message: string) {
    super(ErrorCode.BAD_CREDENTIALS, message);
  }
}

/** A read reached a node that is still bootstrapping. */
export class IsBootstrappingError extends IliumError {
  constructor(message: string) {
    super(ErrorCode.IS_BOOTSTRAPPING, message);
  }
}

/** TRUNCATE could not complete. */
export class TruncateError extends IliumError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(ErrorCode.TRUNCATE_ERROR, message, options);
  }
}

/**
 * An internode message whose payload does not follow its verb's grammar (truncated, garbled, an
 * unknown tag). The receiver refuses it whole; nothing half-read is ever acted on.
 */
export class MalformedMessageError extends IliumError {
  constructor(
    readonly what: string,
    message: string,
  ) {
    super(ErrorCode.PROTOCOL_ERROR, `malformed ${what}: ${message}`);
  }
}
