import { ErrorCode } from '../../errors/index.js';
import type { WriteType } from '../../errors/index.js';
import type { ConsistencyLevel } from './consistency.js';

/**
 * ERROR messages (v4 spec §4.2.1, §9): <code:int><message:string> and the extra fields some
 * codes carry. The code constants are `ErrorCode` from src/errors.
 */
type C = typeof ErrorCode;

export interface PlainError {
  readonly code:
    | C['SERVER_ERROR']
    | C['PROTOCOL_ERROR']
    | C['BAD_CREDENTIALS']
    | C['OVERLOADED']
    | C['IS_BOOTSTRAPPING']
    | C['TRUNCATE_ERROR']
    | C['SYNTAX_ERROR']
    | C['UNAUTHORIZED']
    | C['INVALID']
    | C['CONFIG_ERROR'];
  readonly message: string;
}

export interface UnavailableErrorMessage {
  readonly code: C['UNAVAILABLE'];
  readonly message: string;
  readonly consistency: ConsistencyLevel;
  readonly required: number;
  readonly alive: number;
}

export interface WriteTimeoutErrorMessage {
  readonly code: C['WRITE_TIMEOUT'];
  readonly message: string;
  readonly consistency: ConsistencyLevel;
  readonly received: number;
  readonly blockFor: number;
  readonly writeType: WriteType;
}

export interface ReadTimeoutErrorMessage {
  readonly code: C['READ_TIMEOUT'];
  readonly message: string;
  readonly consistency: ConsistencyLevel;
  readonly received: number;
  readonly blockFor: number;
  readonly dataPresent: boolean;
}

/**
 * One failed replica of a READ_FAILURE or WRITE_FAILURE: its IP address and Cassandra's failure
 * code (exceptions/RequestFailureReason: 0 UNKNOWN, 1 READ_TOO_MANY_TOMBSTONES, 2 TIMEOUT,
 * 3 INCOMPATIBLE_SCHEMA…). v5 sends these as the <reasonmap>; v3/v4 send only their count.
 */
export interface FailureReason {
  readonly address: string;
  readonly code: number;
}

/** v4 sends the failure count; v5 the reason map (`reasons`, from which numFailures is counted). */
export interface ReadFailureErrorMessage {
  readonly code: C['READ_FAILURE'];
  readonly message: string;
  readonly consistency: ConsistencyLevel;
  readonly received: number;
  readonly blockFor: number;
  readonly numFailures: number;
  readonly reasons?: readonly FailureReason[];
  readonly dataPresent: boolean;
}

export interface WriteFailureErrorMessage {
  readonly code: C['WRITE_FAILURE'];
  readonly message: string;
  readonly consistency: ConsistencyLevel;
  readonly received: number;
  readonly blockFor: number;
  readonly numFailures: number;
  readonly reasons?: readonly FailureReason[];
  readonly writeType: WriteType;
}

export interface FunctionFailureErrorMessage {
  readonly code: C['FUNCTION_FAILURE'];
  readonly message: string;
  readonly keyspace: string;
  readonly functionName: string;
  readonly argTypes: readonly string[];
}

export interface AlreadyExistsErrorMessage {
  readonly code: C['ALREADY_EXISTS'];
  readonly message: string;
  readonly keyspace: string;
  /** '' when a keyspace exists. */
  readonly table: string;
}

export interface UnpreparedErrorMessage {
  readonly code: C['UNPREPARED'];
  readonly message: string;
  readonly id: Buffer;
}

export type ErrorMessage =
  | PlainError
  | UnavailableErrorMessage
  | WriteTimeoutErrorMessage
  | ReadTimeoutErrorMessage
  | ReadFailureErrorMessage
  | WriteFailureErrorMessage
  | FunctionFailureErrorMessage
  | AlreadyExistsErrorMessage
  | UnpreparedErrorMessage;
