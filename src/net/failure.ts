/**
 * What a FAILURE_RSP says: why the remote side could not answer a request. The payload grammar:
 *
 *   failure := reason:u8 errorCode:u16 message:varint-length UTF-8
 *
 * `errorCode` is the Ilium error code (src/errors) the remote handler threw, so the coordinator
 * can tell an overloaded replica from a broken one; 0 (SERVER_ERROR) when it was not an
 * IliumError. Reason numbers are wire facts: never renumber.
 */
import { ByteReader } from '../util/byte-reader.js';
import { ByteWriter } from '../util/byte-writer.js';
import { ErrorCode, IliumError } from '../errors/index.js';

export const FAILURE_REASONS = {
  UNKNOWN: 0,
  /** The receiver does not know the verb's number (another build) or has no handler for it. */
  UNKNOWN_VERB: 1,
  /** The handler threw or rejected. */
  HANDLER_ERROR: 2,
  /** The receiver is overloaded and refused the work. */
  OVERLOADED: 3,
  /** The payload could not be read by the verb's handler. */
  BAD_PAYLOAD: 4,
} as const;

export type FailureReason = keyof typeof FAILURE_REASONS;

export interface FailureDetail {
  readonly reason: FailureReason;
  readonly errorCode: number;
  readonly message: string;
}

const REASON_BY_ID = new Map(Object.entries(FAILURE_REASONS).map(([k, v]) => [v as number, k as FailureReason]));
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const MESSAGE_CHARS_MAX = 2_000;

export function encodeFailure(f: FailureDetail): Buffer {
  const w = new ByteWriter(32 + f.message.length);
  w.u8(FAILURE_REASONS[f.reason]).u16(f.errorCode & 0xffff);
  w.lenBytes(Buffer.from(f.message.slice(0, MESSAGE_CHARS_MAX), 'utf8'));
  return w.toBuffer();
}

/** Reads a failure payload; unreadable ones become UNKNOWN with a note (never a throw). */
export function decodeFailure(payload: Uint8Array): FailureDetail {
  try {
    const r = new ByteReader(Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength));
    const reason = REASON_BY_ID.get(r.u8()) ?? 'UNKNOWN';
    const errorCode = r.u16();
    const message = UTF8.decode(r.lenBytes());
    return { reason, errorCode, message };
  } catch {
    return { reason: 'UNKNOWN', errorCode: ErrorCode.SERVER_ERROR, message: 'unreadable failure response' };
  }
}

/** The failure a thrown value becomes. */
export function failureFromError(err: unknown): FailureDetail {
  if (err instanceof IliumError) return { reason: 'HANDLER_ERROR', errorCode: err.code, message: `${err.name}: ${err.message}` };
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return { reason: 'HANDLER_ERROR', errorCode: ErrorCode.SERVER_ERROR, message };
}
