import {
  ErrorCode,
  FunctionFailureError,
  IliumError,
  ReadFailureError,
  ReadTimeoutError,
  ReplicaWriteFailureError,
  UnavailableError,
  UnpreparedError,
  WriteTimeoutError,
} from '../../errors/index.js';
import { type ConsistencyLevel, isConsistencyLevel } from './consistency.js';
import type { ErrorMessage, FailureReason } from './error-message.js';

/**
 * Turns whatever a request threw into the ERROR message for the wire. Typed Ilium errors keep
 * their code and fields; an IliumError whose code needs fields it does not carry gets neutral
 * ones (ONE, 0 received, 1 required…); anything else is a SERVER_ERROR with its message, flagged
 * `unexpected` so the server logs it.
 */
export function toErrorMessage(err: unknown): { error: ErrorMessage; unexpected: boolean } {
  if (!(err instanceof IliumError)) {
    const message = err instanceof Error ? err.message : String(err);
    return { error: { code: ErrorCode.SERVER_ERROR, message: message || 'internal error' }, unexpected: true };
  }
  return { error: fromIliumError(err), unexpected: false };
}

function cl(name: string): ConsistencyLevel {
  return isConsistencyLevel(name) ? name : 'ONE';
}

function fromIliumError(e: IliumError): ErrorMessage {
  const message = e.message;
  if (e instanceof UnavailableError) {
    return { code: ErrorCode.UNAVAILABLE, message, consistency: cl(e.consistency), required: e.required, alive: e.alive };
  }
  if (e instanceof WriteTimeoutError) {
    const { received, blockFor, writeType } = e;
    return { code: ErrorCode.WRITE_TIMEOUT, message, consistency: cl(e.consistency), received, blockFor, writeType };
  }
  if (e instanceof ReadTimeoutError) {
    const { received, blockFor, dataPresent } = e;
    return { code: ErrorCode.READ_TIMEOUT, message, consistency: cl(e.consistency), received, blockFor, dataPresent };
  }
  if (e instanceof ReadFailureError) {
    const { received, blockFor, numFailures, dataPresent } = e;
    const consistency = cl(e.consistency);
    return { code: ErrorCode.READ_FAILURE, message, consistency, received, blockFor, numFailures, reasons: failureReasons(e.failedReplicas), dataPresent };
  }
  if (e instanceof ReplicaWriteFailureError) {
    const { received, blockFor, numFailures, writeType } = e;
    const consistency = cl(e.consistency);
    return { code: ErrorCode.WRITE_FAILURE, message, consistency, received, blockFor, numFailures, reasons: failureReasons(e.failedReplicas), writeType };
  }
  if (e instanceof FunctionFailureError) {
    const { keyspace, functionName, argTypes } = e;
    return { code: ErrorCode.FUNCTION_FAILURE, message, keyspace, functionName, argTypes };
  }
  if (e.code === ErrorCode.ALREADY_EXISTS) {
    // src/schema's AlreadyExistsError (a layer above us) carries these two fields.
    const { keyspace, table } = e as IliumError & { keyspace?: unknown; table?: unknown };
    return {
      code: ErrorCode.ALREADY_EXISTS,
      message,
      keyspace: typeof keyspace === 'string' ? keyspace : '',
      table: typeof table === 'string' ? table : '',
    };
  }
  if (e instanceof UnpreparedError) return { code: ErrorCode.UNPREPARED, message, id: Buffer.from(e.id) };
  return withNeutralFields(e.code, message);
}

/** An error message for `code` when the thrown error did not carry the code's fields. */
function withNeutralFields(code: IliumError['code'], message: string): ErrorMessage {
  const base = { consistency: 'ONE' as const, received: 0, blockFor: 1 };
  switch (code) {
    case ErrorCode.UNAVAILABLE:
      return { code, message, consistency: 'ONE', required: 1, alive: 0 };
    case ErrorCode.WRITE_TIMEOUT:
      return { code, message, ...base, writeType: 'SIMPLE' };
    case ErrorCode.READ_TIMEOUT:
      return { code, message, ...base, dataPresent: false };
    case ErrorCode.READ_FAILURE:
      return { code, message, ...base, numFailures: 1, dataPresent: false };
    case ErrorCode.WRITE_FAILURE:
      return { code, message, ...base, numFailures: 1, writeType: 'SIMPLE' };
    case ErrorCode.FUNCTION_FAILURE:
      return { code, message, keyspace: '', functionName: '', argTypes: [] };
    case ErrorCode.ALREADY_EXISTS:
      return { code, message, keyspace: '', table: '' };
    case ErrorCode.UNPREPARED:
      return { code, message, id: Buffer.alloc(0) };
    default:
      return { code, message };
  }
}

/**
 * The failed replicas (`address:port`) as the v5 reason map: one entry per address, with code 0
 * (UNKNOWN: a replica's failure is not told apart by kind here).
 */
function failureReasons(replicas: readonly string[]): FailureReason[] {
  const addresses = new Set(replicas.map((r) => r.replace(/:\d+$/, '')));
  return [...addresses].map((address) => ({ address, code: 0 }));
}
