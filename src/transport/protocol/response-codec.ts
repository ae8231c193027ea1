import { type Steps, runSteps } from '../../util/steps.js';
import { BodyReader } from './body-reader.js';
import { BodyWriter } from './body-writer.js';
import type { FrameCompressor } from './compression.js';
import { readError, writeError } from './error-codec.js';
import { FrameFlag, type FrameHeader, HEADER_LENGTH, buildFrame, writeHeader } from './frame-header.js';
import { Opcode, opcodeName } from './opcode.js';
import { ProtocolViolation } from './protocol-violation.js';
import type { Response } from './responses.js';
import { readResult, writeResultHead, writeRowsStep } from './result-codec.js';
import { readEvent, writeEvent } from './server-event.js';

/**
 * Response frames. A body is, in order: the tracing id ([uuid], if the TRACING flag), the
 * warnings ([string list], if the WARNING flag, v4 only), the custom payload ([bytes map], if the
 * CUSTOM_PAYLOAD flag, v4 only), then the message. When compression
 * was negotiated the whole body is compressed, but only if that makes it smaller (the flag is
 * cleared otherwise; clients decompress only flagged frames).
 *
 * The server encodes a frame in steps (`encodeResponseSteps`): a RESULT's rows go in steps of
 * result-codec.ts's size, and the server yields between them; the frame is whole only at the end,
 * so it is written to the socket in one piece. The body is written after room for the header,
 * which is filled in last: an uncompressed frame is the writer's bytes, not a copy of them.
 */
const OPCODES: Readonly<Record<Response['opcode'], number>> = {
  ERROR: Opcode.ERROR,
  READY: Opcode.READY,
  AUTHENTICATE: Opcode.AUTHENTICATE,
  SUPPORTED: Opcode.SUPPORTED,
  RESULT: Opcode.RESULT,
  EVENT: Opcode.EVENT,
  AUTH_CHALLENGE: Opcode.AUTH_CHALLENGE,
  AUTH_SUCCESS: Opcode.AUTH_SUCCESS,
};

/** Bodies shorter than this are sent as they are (compression would not pay). */
export const MIN_COMPRESS_BYTES = 64;

/** Writes a response message but for a Rows result's rows (result-codec.ts's `writeRowsStep`). */
function writeMessageHead(w: BodyWriter, r: Response, version: number, skipMetadata: boolean): void {
  switch (r.opcode) {
    case 'ERROR':
      writeError(w, r.error, version);
      return;
    case 'READY':
      return;
    case 'AUTHENTICATE':
      w.string(r.authenticator);
      return;
    case 'SUPPORTED':
      w.stringMultimap(r.options);
      return;
    case 'RESULT':
      writeResultHead(w, r.result, version, skipMetadata);
      return;
    case 'EVENT':
      writeEvent(w, r.event, version);
      return;
    case 'AUTH_CHALLENGE':
    case 'AUTH_SUCCESS':
      w.bytesValue(r.token);
      return;
  }
}

export interface ResponseEnvelope {
  readonly version: number;
  readonly stream: number;
  readonly response: Response;
  /** Sent from v4 on; dropped for v3 clients. */
  readonly warnings?: readonly string[];
  /** A 16-byte tracing session id: sets the TRACING flag. */
  readonly tracingId?: Buffer;
  readonly compressor?: FrameCompressor;
  /** Send Rows with No_metadata (the request set Skip_metadata). */
  readonly skipMetadata?: boolean;
  /** A custom payload for the client (v4 and later; dropped for v3 clients). */
  readonly customPayload?: ReadonlyMap<string, Buffer | null>;
}

/**
 * The response's frame, encoded in steps (see the header): the generator yields between two
 * steps of a Rows result's rows and returns the frame; any other response is complete at the
 * first `next()`.
 */
export function* encodeResponseSteps(env: ResponseEnvelope): Steps<Buffer> {
  const w = new BodyWriter(128);
  w.skip(HEADER_LENGTH);
  let flags = 0;
  if (env.tracingId !== undefined) {
    flags |= FrameFlag.TRACING;
    w.uuid(env.tracingId);
  }
  if (env.warnings !== undefined && env.warnings.length > 0 && env.version >= 4) {
    flags |= FrameFlag.WARNING;
    w.short(env.warnings.length);
    for (const warning of env.warnings) w.messageString(warning);
  }
  if (env.customPayload !== undefined && env.version >= 4) {
    flags |= FrameFlag.CUSTOM_PAYLOAD;
    w.bytesMap(env.customPayload);
  }
  const r = env.response;
  writeMessageHead(w, r, env.version, env.skipMetadata === true);
  if (r.opcode === 'RESULT' && r.result.kind === 'rows') {
    const { rows } = r.result;
    const width = r.result.metadata.columns.length;
    for (let next = writeRowsStep(w, rows, width, 0); next < rows.length; next = writeRowsStep(w, rows, width, next)) yield;
  }
  const opcode = OPCODES[r.opcode];
  const frame = w.view();
  const length = frame.length - HEADER_LENGTH;
  if (env.compressor !== undefined && length >= MIN_COMPRESS_BYTES) {
    const packed = env.compressor.compress(frame.subarray(HEADER_LENGTH));
    if (packed.length < length) return buildFrame(env.version, true, flags | FrameFlag.COMPRESSION, env.stream, opcode, packed);
  }
  writeHeader(frame, 0, { version: env.version, isResponse: true, flags, stream: env.stream, opcode, length });
  return frame;
}

/** The response's frame, encoded in one go (clients, tests). */
export function encodeResponseFrame(env: ResponseEnvelope): Buffer {
  return runSteps(encodeResponseSteps(env));
}

export interface DecodedResponse {
  readonly stream: number;
  readonly response: Response;
  readonly warnings: readonly string[];
  readonly tracingId?: Buffer;
  readonly customPayload?: ReadonlyMap<string, Buffer | null>;
}

/** Decodes a response frame's body (client side: tests, tools). */
export function decodeResponse(header: FrameHeader, rawBody: Buffer, compressor?: FrameCompressor): DecodedResponse {
  let body = rawBody;
  if (header.flags & FrameFlag.COMPRESSION) {
    if (compressor === undefined) throw new ProtocolViolation('compressed response without negotiated compression');
    body = compressor.decompress(body, 0x7fffffff);
  }
  const r = new BodyReader(body);
  const tracingId = header.flags & FrameFlag.TRACING ? r.uuid() : undefined;
  const warnings = header.flags & FrameFlag.WARNING ? r.stringList() : [];
  const customPayload = header.flags & FrameFlag.CUSTOM_PAYLOAD ? r.bytesMap() : undefined;
  const response = readResponseBody(r, header.opcode, header.version);
  return {
    stream: header.stream,
    response,
    warnings,
    ...(tracingId === undefined ? {} : { tracingId }),
    ...(customPayload === undefined ? {} : { customPayload }),
  };
}

function readResponseBody(r: BodyReader, opcode: number, version: number): Response {
  switch (opcode) {
    case Opcode.ERROR:
      return { opcode: 'ERROR', error: readError(r, version) };
    case Opcode.READY:
      return { opcode: 'READY' };
    case Opcode.AUTHENTICATE:
      return { opcode: 'AUTHENTICATE', authenticator: r.string() };
    case Opcode.SUPPORTED:
      return { opcode: 'SUPPORTED', options: r.stringMultimap() };
    case Opcode.RESULT:
      return { opcode: 'RESULT', result: readResult(r, version) };
    case Opcode.EVENT:
      return { opcode: 'EVENT', event: readEvent(r) };
    case Opcode.AUTH_CHALLENGE:
      return { opcode: 'AUTH_CHALLENGE', token: r.bytes() };
    case Opcode.AUTH_SUCCESS:
      return { opcode: 'AUTH_SUCCESS', token: r.bytes() };
    default:
      throw new ProtocolViolation(`not a response opcode: ${opcodeName(opcode)}`);
  }
}
