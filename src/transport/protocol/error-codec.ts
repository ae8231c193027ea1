import { ErrorCode, type WriteType } from '../../errors/index.js';
import type { BodyReader } from './body-reader.js';
import type { BodyWriter } from './body-writer.js';
import type { ErrorMessage, FailureReason } from './error-message.js';
import { ProtocolViolation } from './protocol-violation.js';

/**
 * ERROR bodies: <code:int><message:string><extra>. A v3 client does not know READ_FAILURE,
 * WRITE_FAILURE or FUNCTION_FAILURE; as Cassandra does, those become READ_TIMEOUT, WRITE_TIMEOUT
 * and INVALID for it.
 */
export function downgradeError(e: ErrorMessage, version: number): ErrorMessage {
  if (version >= 4) return e;
  switch (e.code) {
    case ErrorCode.READ_FAILURE:
      return {
        code: ErrorCode.READ_TIMEOUT,
        message: e.message,
        consistency: e.consistency,
        received: e.received,
        blockFor: e.blockFor,
        dataPresent: e.dataPresent,
      };
    case ErrorCode.WRITE_FAILURE:
      return {
        code: ErrorCode.WRITE_TIMEOUT,
        message: e.message,
        consistency: e.consistency,
        received: e.received,
        blockFor: e.blockFor,
        writeType: e.writeType,
      };
    case ErrorCode.FUNCTION_FAILURE:
      return { code: ErrorCode.INVALID, message: e.message };
    default:
      return e;
  }
}

export function writeError(w: BodyWriter, error: ErrorMessage, version: number): void {
  const e = downgradeError(error, version);
  w.int(e.code).messageString(e.message);
  switch (e.code) {
    case ErrorCode.UNAVAILABLE:
      w.consistency(e.consistency).int(e.required).int(e.alive);
      return;
    case ErrorCode.WRITE_TIMEOUT:
      w.consistency(e.consistency).int(e.received).int(e.blockFor).string(e.writeType);
      return;
    case ErrorCode.READ_TIMEOUT:
      w.consistency(e.consistency).int(e.received).int(e.blockFor).byte(e.dataPresent ? 1 : 0);
      return;
    case ErrorCode.READ_FAILURE:
      w.consistency(e.consistency).int(e.received).int(e.blockFor);
      writeFailures(w, e, version);
      w.byte(e.dataPresent ? 1 : 0);
      return;
    case ErrorCode.WRITE_FAILURE:
      w.consistency(e.consistency).int(e.received).int(e.blockFor);
      writeFailures(w, e, version);
      w.string(e.writeType);
      return;
    case ErrorCode.FUNCTION_FAILURE:
      w.string(e.keyspace).string(e.functionName).stringList(e.argTypes);
      return;
    case ErrorCode.ALREADY_EXISTS:
      w.string(e.keyspace).string(e.table);
      return;
    case ErrorCode.UNPREPARED:
      w.shortBytes(e.id);
      return;
    default:
      return;
  }
}

/**
 * <numfailures:[int]> below v5; from v5 the <reasonmap>: [int] n, then n × <endpoint:[inetaddr]>
 * <failurecode:[short]> (v5 spec §9). An error raised without its replicas (a local failure)
 * sends an empty map.
 */
function writeFailures(w: BodyWriter, e: { readonly numFailures: number; readonly reasons?: readonly FailureReason[] }, version: number): void {
  if (version < 5) {
    w.int(e.numFailures);
    return;
  }
  const reasons = e.reasons ?? [];
  w.int(reasons.length);
  for (const r of reasons) w.inetAddr(r.address).short(r.code);
}

function readFailures(r: BodyReader, version: number): { numFailures: number; reasons?: FailureReason[] } {
  const n = r.int();
  if (version < 5) return { numFailures: n };
  if (n < 0 || n * 7 > r.remaining) throw new ProtocolViolation(`reason map of ${n} entries cannot fit`);
  const reasons: FailureReason[] = [];
  for (let i = 0; i < n; i++) reasons.push({ address: r.inetAddr(), code: r.short() });
  return { numFailures: n, reasons };
}

const PLAIN_CODES: ReadonlySet<number> = new Set([
  ErrorCode.SERVER_ERROR,
  ErrorCode.PROTOCOL_ERROR,
  ErrorCode.BAD_CREDENTIALS,
  ErrorCode.OVERLOADED,
  ErrorCode.IS_BOOTSTRAPPING,
  ErrorCode.TRUNCATE_ERROR,
  ErrorCode.SYNTAX_ERROR,
  ErrorCode.UNAUTHORIZED,
  ErrorCode.INVALID,
  ErrorCode.CONFIG_ERROR,
]);

/** Reads an ERROR body (client side). */
export function readError(r: BodyReader, version = 4): ErrorMessage {
  const code = r.int();
  const message = r.string();
  switch (code) {
    case ErrorCode.UNAVAILABLE: {
      const consistency = r.consistency();
      const required = r.int();
      return { code, message, consistency, required, alive: r.int() };
    }
    case ErrorCode.WRITE_TIMEOUT: {
      const consistency = r.consistency();
      const received = r.int();
      const blockFor = r.int();
      return { code, message, consistency, received, blockFor, writeType: r.string() as WriteType };
    }
    case ErrorCode.READ_TIMEOUT: {
      const consistency = r.consistency();
      const received = r.int();
      const blockFor = r.int();
      return { code, message, consistency, received, blockFor, dataPresent: r.byte() !== 0 };
    }
    case ErrorCode.READ_FAILURE: {
      const consistency = r.consistency();
      const received = r.int();
      const blockFor = r.int();
      const failures = readFailures(r, version);
      return { code, message, consistency, received, blockFor, ...failures, dataPresent: r.byte() !== 0 };
    }
    case ErrorCode.WRITE_FAILURE: {
      const consistency = r.consistency();
      const received = r.int();
      const blockFor = r.int();
      const failures = readFailures(r, version);
      return { code, message, consistency, received, blockFor, ...failures, writeType: r.string() as WriteType };
    }
    case ErrorCode.FUNCTION_FAILURE: {
      const keyspace = r.string();
      const functionName = r.string();
      return { code, message, keyspace, functionName, argTypes: r.stringList() };
    }
    case ErrorCode.ALREADY_EXISTS: {
      const keyspace = r.string();
      return { code, message, keyspace, table: r.string() };
    }
    case ErrorCode.UNPREPARED:
      return { code, message, id: r.shortBytes() };
    default:
      if (!PLAIN_CODES.has(code)) throw new ProtocolViolation(`unknown error code 0x${code.toString(16)}`);
      return { code: code as ErrorMessage['code'], message } as ErrorMessage;
  }
}
