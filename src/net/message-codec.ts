/**
 * A message ↔ a frame body (protocol version 1):
 *
 *   message := id:varint verb:u16 kindAndFlags:u8 createdAtMs:varint remainingMs:varint
 *              [traceSession:byte[16]] payloadLength:varint payload:byte[payloadLength]
 *
 * `id` is a non-negative safe integer; `verb` a number from the verb table; `kindAndFlags` the
 * kind from MESSAGE_KIND_IDS in its low bits, and TRACED_FLAG (0x80) when the message belongs to a
 * traced request: the 16-byte trace session id follows the times (Cassandra's TRACE_SESSION
 * header; a build before it refuses such a message as an unknown kind, so only traced requests
 * are affected in a ring of mixed builds); `remainingMs` the time left before the message expires when it was encoded
 * (the receiver adds it to its own clock). The sender is not repeated per message: the
 * connection's handshake named it. Nothing may follow the payload.
 */
import { ByteReader } from '../util/byte-reader.js';
import { ByteWriter } from '../util/byte-writer.js';
import type { InetAddressAndPort } from './inet-address.js';
import { MESSAGE_KIND_IDS, type Message, type MessageKind } from './message.js';
import { InternodeProtocolError } from './net-errors.js';
import { VERBS, verbById } from './verbs.js';

const KIND_BY_ID: readonly MessageKind[] = ['oneway', 'request', 'response', 'failure'];
/** Set in the kind byte: a trace session id follows the times. Never change. */
const TRACED_FLAG = 0x80;
const TRACE_SESSION_BYTES = 16;

export function encodeMessage(m: Message, nowMs: number): Buffer {
  const w = new ByteWriter(32 + m.payload.length);
  const traced = m.traceSession !== undefined;
  w.varint(m.id).u16(VERBS[m.verb].id).u8(MESSAGE_KIND_IDS[m.kind] | (traced ? TRACED_FLAG : 0));
  w.varint(Math.max(0, Math.floor(m.createdAtMs)));
  w.varint(Math.max(0, Math.ceil(m.expiresAtMs - nowMs)));
  if (traced) {
    if (m.traceSession.length !== TRACE_SESSION_BYTES) throw new RangeError(`a trace session id is ${TRACE_SESSION_BYTES} bytes, got ${m.traceSession.length}`);
    w.bytes(m.traceSession);
  }
  w.lenBytes(m.payload);
  return w.toBuffer();
}

/** A well-formed message whose verb number this build does not know. */
export class UnknownVerbError extends InternodeProtocolError {
  constructor(
    readonly messageId: number,
    readonly verbId: number,
    readonly kind: MessageKind,
  ) {
    super(`unknown verb ${verbId}`);
  }
}

/**
 * Reads a frame body sent by `from` and received at `nowMs`. Throws `UnknownVerbError` for an
 * unknown verb (the stream is still in sync) and `InternodeProtocolError` for anything malformed.
 */
export function decodeMessage(body: Buffer, from: InetAddressAndPort, nowMs: number): Message {
  let id: number, verbId: number, kind: MessageKind, createdAtMs: number, remainingMs: number, payload: Buffer;
  let traceSession: Buffer | undefined;
  try {
    const r = new ByteReader(body);
    id = r.varint();
    verbId = r.u16();
    const kindAndFlags = r.u8();
    const kindId = kindAndFlags & ~TRACED_FLAG;
    const k = KIND_BY_ID[kindId];
    if (k === undefined) throw new InternodeProtocolError(`unknown message kind ${kindId}`);
    kind = k;
    createdAtMs = r.varint();
    remainingMs = r.varint();
    if ((kindAndFlags & TRACED_FLAG) !== 0) traceSession = Buffer.from(r.bytes(TRACE_SESSION_BYTES));
    payload = Buffer.from(r.lenBytes());
    if (r.remaining !== 0) throw new InternodeProtocolError(`${r.remaining} stray bytes after the payload`);
  } catch (err) {
    if (err instanceof InternodeProtocolError) throw err;
    throw new InternodeProtocolError(`malformed message: ${(err as Error).message}`);
  }
  const verb = verbById(verbId);
  if (verb === undefined) throw new UnknownVerbError(id, verbId, kind);
  return { id, verb, kind, from, createdAtMs, expiresAtMs: nowMs + remainingMs, payload, ...(traceSession === undefined ? {} : { traceSession }) };
}
