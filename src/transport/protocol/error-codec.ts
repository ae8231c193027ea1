import { ErrorCode, type WriteType } from '../../errors/index.js';
import type { BodyReader } from './body-reader.js';
import type { BodyWriter } from './body-writer.js';
import type { ErrorMessage } from './error-message.js';
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
      w.consistency(e.consistency).int(e.received).int(e.blockFor).int(e.numFailures).byte(e.dataPresent ? 1 : 0);
      return;
    case ErrorCode.WRITE_FAILURE:
      w.consistency(e.consistency).int(e.received).int(e.blockFor).int(e.numFailures).string(e.writeType);
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
export function readError(r: BodyReader): ErrorMessage {
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
      const numFailures = r.int();
      return { code, message, consistency, received, blockFor, numFailures, dataPresent: r.byte() !== 0 };
    }
    case ErrorCode.WRITE_FAILURE: {
      const consistency = r.consistency();
      const received = r.int();
      const blockFor = r.int();
      const numFailures = r.int();
      return { code, message, consistency, received, blockFor, numFailures, writeType: r.string() as WriteType };
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
