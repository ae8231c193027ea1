/**
 * The frame header of protocol versions 3 and 4 (v4 spec §2), and of v5's envelopes (v5 spec §2.3:
 * the same 9 bytes, carried inside segments once STARTUP is answered, see segment-format.ts):
 *
 *   version:u8 (bit 7 set on responses)  flags:u8  stream:i16  opcode:u8  length:i32 (body bytes)
 *
 * Versions 1 and 2 used an 8-byte header with a one-byte stream; we only read those far enough
 * to answer "unsupported version" in a form their clients can parse.
 */
export const HEADER_LENGTH = 9;
export const LEGACY_HEADER_LENGTH = 8;

export const RESPONSE_BIT = 0x80;
export const VERSION_MASK = 0x7f;

/** The versions this server speaks, highest first. */
export const SUPPORTED_VERSIONS: readonly number[] = [5, 4, 3];
export const MAX_VERSION = 5;

export function isSupportedVersion(v: number): boolean {
  return v === 3 || v === 4 || v === 5;
}

/**
 * The versions as Cassandra names them ("%d/%s" of transport/ProtocolVersion), lowest first: in
 * SUPPORTED's PROTOCOL_VERSIONS and in the "unsupported version" error. Cassandra 4.0 also lists
 * "6/v6-beta", a beta version we do not speak; its v5 is no longer beta, so "v5-beta" is gone.
 */
export const SUPPORTED_VERSION_NAMES: readonly string[] = ['3/v3', '4/v4', '5/v5'];

/** Cassandra's text for a version it does not speak (transport/ProtocolVersion.invalidVersionMessage). */
export function unsupportedVersionMessage(version: number): string {
  return `Invalid or unsupported protocol version (${version}); supported versions are (${SUPPORTED_VERSION_NAMES.join(', ')})`;
}

/**
 * Cassandra's answer to a version below v5 when native_transport_allow_older_protocols is false
 * (transport/ProtocolVersion.decode: "Rejecting Protocol Version %s < %s.", both as "%d/%s").
 */
export function olderProtocolRefusedMessage(version: number): string {
  return `Rejecting Protocol Version ${version}/v${version} < ${MAX_VERSION}/v${MAX_VERSION}.`;
}

/** Header flag bits (v4 spec §2.2). v3 defines only COMPRESSION and TRACING. */
export const FrameFlag = {
  COMPRESSION: 0x01,
  TRACING: 0x02,
  CUSTOM_PAYLOAD: 0x04,
  WARNING: 0x08,
  /**
   * The beta flag (v5 spec §2.2). Required only for a beta version; v5 is not one in Cassandra 4.0,
   * which accepts a v5 envelope with the flag and ignores it (Envelope.Decoder) — as we do.
   */
  USE_BETA: 0x10,
} as const;

export interface FrameHeader {
  /** Protocol version without the response bit. */
  readonly version: number;
  readonly isResponse: boolean;
  readonly flags: number;
  readonly stream: number;
  readonly opcode: number;
  /** Declared body length; may be negative or huge in a hostile frame. */
  readonly length: number;
}

/** Reads a 9-byte header at `at` (the caller made sure 9 bytes are there). */
export function readHeader(buf: Buffer, at = 0): FrameHeader {
  const v = buf[at]!;
  return {
    version: v & VERSION_MASK,
    isResponse: (v & RESPONSE_BIT) !== 0,
    flags: buf[at + 1]!,
    stream: buf.readInt16BE(at + 2),
    opcode: buf[at + 4]!,
    length: buf.readInt32BE(at + 5),
  };
}

/** Writes a 9-byte header into `buf` at `at`. */
export function writeHeader(
  buf: Buffer,
  at: number,
  h: { version: number; isResponse: boolean; flags: number; stream: number; opcode: number; length: number },
): void {
  buf[at] = (h.version & VERSION_MASK) | (h.isResponse ? RESPONSE_BIT : 0);
  buf[at + 1] = h.flags & 0xff;
  buf.writeInt16BE(h.stream, at + 2);
  buf[at + 4] = h.opcode;
  buf.writeInt32BE(h.length, at + 5);
}

/** A whole frame (header + body) as one buffer. */
export function buildFrame(
  version: number,
  isResponse: boolean,
  flags: number,
  stream: number,
  opcode: number,
  body: Uint8Array,
): Buffer {
  const out = Buffer.allocUnsafe(HEADER_LENGTH + body.length);
  writeHeader(out, 0, { version, isResponse, flags, stream, opcode, length: body.length });
  out.set(body, HEADER_LENGTH);
  return out;
}

/**
 * A frame in the v1/v2 layout (8-byte header, one-byte stream). Used only to tell such a client
 * that its version is not supported.
 */
export function buildLegacyFrame(version: number, stream: number, opcode: number, body: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(LEGACY_HEADER_LENGTH + body.length);
  out[0] = (version & VERSION_MASK) | RESPONSE_BIT;
  out[1] = 0;
  out.writeInt8(stream, 2);
  out[3] = opcode;
  out.writeInt32BE(body.length, 4);
  out.set(body, LEGACY_HEADER_LENGTH);
  return out;
}
