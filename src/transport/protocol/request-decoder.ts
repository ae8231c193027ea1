import { type Steps, runSteps, runStepsPaced } from '../../util/steps.js';
import { BodyReader } from './body-reader.js';
import { Opcode, opcodeName } from './opcode.js';
import { ProtocolViolation } from './protocol-violation.js';
import { readQueryParameters, readValues } from './query-parameters.js';
import {
  type BatchStatement,
  type BatchType,
  EVENT_TYPES,
  type EventType,
  type Request,
} from './requests.js';
import type { ConsistencyLevel } from './consistency.js';

/** A request and the custom payload its frame carried (v4 and later, flag 0x04). */
export interface DecodedRequest {
  readonly request: Request;
  /** Undefined when the frame had no custom payload flag (or the opcode takes none). */
  readonly customPayload: ReadonlyMap<string, Buffer | null> | undefined;
}

/**
 * Decodes a request body (already decompressed, custom payload still in front when `flags` says
 * so). Throws `ProtocolViolation` for anything malformed, including unknown opcodes and bytes
 * that are not requests. Trailing bytes are ignored, as the spec allows.
 */
export function decodeRequest(opcode: number, body: Buffer, version: number, hasCustomPayload: boolean): Request {
  return decodeRequestFrame(opcode, body, version, hasCustomPayload).request;
}

/** `decodeRequest`, keeping the custom payload ([bytes map], first in the body) for the handler. */
export function decodeRequestFrame(opcode: number, body: Buffer, version: number, hasCustomPayload: boolean): DecodedRequest {
  return opcode === Opcode.BATCH ? runSteps(decodeBatchFrame(body, version, hasCustomPayload)) : decodeFrame(opcode, body, version, hasCustomPayload);
}

/**
 * `decodeRequestFrame` for the server: a BATCH's statements are decoded BATCH_STATEMENTS_PER_STEP
 * at a time, awaiting `pace` between (a BATCH of 65,535 statements is ~200 ms of decoding). Every
 * other request, and a BATCH of at most that many statements, is decoded at once and returned as is.
 */
export function decodeRequestFramePaced(opcode: number, body: Buffer, version: number, hasCustomPayload: boolean, pace: () => Promise<void>): DecodedRequest | Promise<DecodedRequest> {
  return opcode === Opcode.BATCH ? runStepsPaced(decodeBatchFrame(body, version, hasCustomPayload), pace) : decodeFrame(opcode, body, version, hasCustomPayload);
}

/**
 * Statements of a BATCH decoded between two breaks: ~3 µs each, so a step is ~3 ms unloaded (and
 * tens of ms on a loaded machine, still within a request's share of the loop).
 */
export const BATCH_STATEMENTS_PER_STEP = 1024;

/** A BATCH frame, its statements in steps. */
function* decodeBatchFrame(body: Buffer, version: number, hasCustomPayload: boolean): Steps<DecodedRequest> {
  const r = new BodyReader(body);
  const customPayload = readCustomPayload(r, Opcode.BATCH, version, hasCustomPayload);
  return { request: yield* decodeBatch(r, version), customPayload };
}

/** Any other frame, at once. */
function decodeFrame(opcode: number, body: Buffer, version: number, hasCustomPayload: boolean): DecodedRequest {
  const r = new BodyReader(body);
  const customPayload = readCustomPayload(r, opcode, version, hasCustomPayload);
  return { request: decodeBody(r, opcode, version), customPayload };
}

function readCustomPayload(r: BodyReader, opcode: number, version: number, hasCustomPayload: boolean): ReadonlyMap<string, Buffer | null> | undefined {
  return hasCustomPayload && version >= 4 && PAYLOAD_OPCODES.has(opcode) ? r.bytesMap() : undefined;
}

function decodeBody(r: BodyReader, opcode: number, version: number): Request {
  switch (opcode) {
    case Opcode.STARTUP:
      return { opcode: 'STARTUP', options: r.stringMap() };
    case Opcode.AUTH_RESPONSE:
      return { opcode: 'AUTH_RESPONSE', token: r.bytes() };
    case Opcode.OPTIONS:
      return { opcode: 'OPTIONS' };
    case Opcode.QUERY: {
      const query = r.longString();
      return { opcode: 'QUERY', query, params: readQueryParameters(r, version) };
    }
    case Opcode.PREPARE:
      return decodePrepare(r, version);
    case Opcode.EXECUTE: {
      const id = r.shortBytes();
      if (id.length === 0) throw new ProtocolViolation('EXECUTE with an empty prepared id');
      if (version < 5) return { opcode: 'EXECUTE', id, params: readQueryParameters(r, version) };
      const resultMetadataId = r.shortBytes();
      return { opcode: 'EXECUTE', id, resultMetadataId, params: readQueryParameters(r, version) };
    }
    case Opcode.REGISTER:
      return { opcode: 'REGISTER', events: r.stringList().map(eventType) };
    default:
      throw new ProtocolViolation(`unknown or non-request opcode ${opcodeName(opcode)}`);
  }
}

/** PREPARE (v5 spec §4.1.5): <query:[long string]>, and from v5 <flags:[int]>[<keyspace:[string]>] (0x01). */
function decodePrepare(r: BodyReader, version: number): Request {
  const query = r.longString();
  if (version < 5) return { opcode: 'PREPARE', query };
  const flags = r.int();
  if ((flags & ~PREPARE_WITH_KEYSPACE) !== 0) throw new ProtocolViolation(`unknown prepare flags 0x${(flags >>> 0).toString(16)}`);
  return flags & PREPARE_WITH_KEYSPACE ? { opcode: 'PREPARE', query, keyspace: r.string() } : { opcode: 'PREPARE', query };
}

const PREPARE_WITH_KEYSPACE = 0x01;

const PAYLOAD_OPCODES: ReadonlySet<number> = new Set([Opcode.QUERY, Opcode.PREPARE, Opcode.EXECUTE, Opcode.BATCH]);

const BATCH_TYPES: readonly BatchType[] = ['LOGGED', 'UNLOGGED', 'COUNTER'];

/** BATCH flags (v4 spec §4.1.7, v5 §4.1.7): only these are meaningful; v5 sends them as an [int] and adds the last two. */
export const BatchFlag = { SERIAL_CONSISTENCY: 0x10, DEFAULT_TIMESTAMP: 0x20, NAMES_FOR_VALUES: 0x40, WITH_KEYSPACE: 0x80, WITH_NOW_IN_SECONDS: 0x100 } as const;

function* decodeBatch(r: BodyReader, version: number): Steps<Request> {
  const typeCode = r.byte();
  const type = BATCH_TYPES[typeCode];
  if (type === undefined) throw new ProtocolViolation(`unknown batch type ${typeCode}`);
  // Each statement is at least kind:1 + (short bytes: 2 | long string: 4) + values count:2.
  const n = r.count(5, 'batch statement');
  const statements = yield* readStatements(r, n, version);
  const consistency = r.consistency();
  const flags = version >= 5 ? r.int() : r.byte();
  if ((flags & 0x0f) !== 0 || (flags & ~(version >= 5 ? 0x1ff : 0x7f)) !== 0) {
    throw new ProtocolViolation(`invalid batch flags 0x${(flags >>> 0).toString(16)}`);
  }
  if (flags & BatchFlag.NAMES_FOR_VALUES) {
    // The flag comes after the values it would describe; the v4 spec itself says it cannot work.
    throw new ProtocolViolation('names for values are not supported in BATCH');
  }
  return finishBatch(r, type, statements, consistency, flags);
}

function finishBatch(
  r: BodyReader,
  type: BatchType,
  statements: BatchStatement[],
  consistency: ConsistencyLevel,
  flags: number,
): Request {
  const batch: { -readonly [K in keyof Extract<Request, { opcode: 'BATCH' }>]: Extract<Request, { opcode: 'BATCH' }>[K] } = {
    opcode: 'BATCH',
    type,
    statements,
    consistency,
  };
  // Any level decodes; a non-serial one is refused by the query layer for conditional batches.
  if (flags & BatchFlag.SERIAL_CONSISTENCY) batch.serialConsistency = r.consistency();
  if (flags & BatchFlag.DEFAULT_TIMESTAMP) {
    const ts = r.long();
    if (ts < 0n) throw new ProtocolViolation(`negative default timestamp ${ts}`);
    batch.timestamp = ts;
  }
  if (flags & BatchFlag.WITH_KEYSPACE) batch.keyspace = r.string();
  if (flags & BatchFlag.WITH_NOW_IN_SECONDS) batch.nowInSeconds = r.int();
  return batch;
}

function* readStatements(r: BodyReader, n: number, version: number): Steps<BatchStatement[]> {
  const out: BatchStatement[] = [];
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % BATCH_STATEMENTS_PER_STEP === 0) yield;
    const kind = r.byte();
    if (kind === 0) {
      const query = r.longString();
      out.push({ kind: 'query', query, values: readValues(r, version, false).values });
    } else if (kind === 1) {
      const id = r.shortBytes();
      if (id.length === 0) throw new ProtocolViolation('batch statement with an empty prepared id');
      out.push({ kind: 'prepared', id, values: readValues(r, version, false).values });
    } else {
      throw new ProtocolViolation(`batch statement kind ${kind} (0 or 1 expected)`);
    }
  }
  return out;
}

function eventType(s: string): EventType {
  if ((EVENT_TYPES as readonly string[]).includes(s)) return s as EventType;
  throw new ProtocolViolation(`invalid event type '${s}'`);
}
