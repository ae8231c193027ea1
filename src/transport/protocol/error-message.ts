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

/** v4 form: a failure count (v5 sends a reason map instead). */
export interface ReadFailureErrorMessage {
  readonly code: C['READ_FAILURE'];
  readonly message: string;
  readonly consistency: ConsistencyLevel;
  readonly received: number;
  readonly blockFor: number;
  readonly numFailures: number;
  readonly dataPresent: boolean;
}

export interface WriteFailureErrorMessage {
  readonly code: C['WRITE_FAILURE'];
  readonly message: string;
  readonly consistency: ConsistencyLevel;
  readonly received: number;
  readonly blockFor: number;
  readonly numFailures: number;
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
