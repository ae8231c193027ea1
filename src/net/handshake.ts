/**
 * The internode handshake: the first frame each way on a new connection. The connecting side
 * says who it is; the accepting side accepts or refuses with a reason, then (if refused) closes.
 *
 *   hello := magic:u32 version:u16 connectionType:u8 host:string port:u16 clusterName:string
 *   reply := magic:u32 version:u16 status:u8 reason:string        (status 0 accepted, 1 refused)
 *   string := length:varint UTF-8 bytes
 *
 * `magic` is 0x494C4E31 ("ILN1"). `version` is the internode protocol version: a hello with a
 * version the acceptor does not speak is refused, the reply carrying the acceptor's own version
 * so a future sender could retry with it; only the magic and version are read from such a hello.
 * `host`/`port` are the sender's broadcast address (how it wants to be named and answered).
 * A hello from another cluster (cluster_name differs) is refused.
 */
import { ByteReader } from '../util/byte-reader.js';
import { ByteWriter } from '../util/byte-writer.js';
import { endpoint, type InetAddressAndPort } from './inet-address.js';
import { InternodeProtocolError } from './net-errors.js';
import type { ConnectionType } from './verbs.js';

export const HANDSHAKE_MAGIC = 0x494c4e31;
export const PROTOCOL_VERSION = 1;
/** Handshake frames are small; a bigger first frame is not ours. */
export const HANDSHAKE_FRAME_BYTES_MAX = 4096;

const CONNECTION_TYPES: readonly ConnectionType[] = ['small', 'large', 'gossip'];
const UTF8 = new TextDecoder('utf-8', { fatal: true });

export interface Hello {
  readonly version: number;
  readonly connectionType: ConnectionType;
  readonly from: InetAddressAndPort;
  readonly clusterName: string;
}

export type DecodedHello = { readonly kind: 'hello'; readonly hello: Hello } | { readonly kind: 'unsupported'; readonly version: number };

export interface HandshakeReply {
  readonly version: number;
  readonly accepted: boolean;
  readonly reason: string;
}

function str(w: ByteWriter, s: string): void {
  w.lenBytes(Buffer.from(s, 'utf8'));
}

export function encodeHello(h: Hello): Buffer {
  const w = new ByteWriter(64);
  w.u32(HANDSHAKE_MAGIC).u16(h.version).u8(CONNECTION_TYPES.indexOf(h.connectionType));
  str(w, h.from.host);
  w.u16(h.from.port);
  str(w, h.clusterName);
  return w.toBuffer();
}

export function encodeReply(r: HandshakeReply): Buffer {
  const w = new ByteWriter(32 + r.reason.length);
  w.u32(HANDSHAKE_MAGIC).u16(r.version).u8(r.accepted ? 0 : 1);
  str(w, r.reason);
  return w.toBuffer();
}

/** Runs `read`, turning any failure into an InternodeProtocolError naming `what`. */
function guarded<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof InternodeProtocolError) throw err;
    throw new InternodeProtocolError(`malformed ${what}: ${(err as Error).message}`);
  }
}

function readMagic(r: ByteReader, what: string): void {
  const magic = r.u32();
  if (magic !== HANDSHAKE_MAGIC) {
    throw new InternodeProtocolError(`${what} has bad magic 0x${magic.toString(16).padStart(8, '0')} (not an Ilium node)`);
  }
}

export function decodeHello(body: Buffer): DecodedHello {
  return guarded('handshake', () => {
    const r = new ByteReader(body);
    readMagic(r, 'handshake');
    const version = r.u16();
    if (version !== PROTOCOL_VERSION) return { kind: 'unsupported', version };
    const typeId = r.u8();
    const connectionType = CONNECTION_TYPES[typeId];
    if (connectionType === undefined) throw new InternodeProtocolError(`unknown connection type ${typeId}`);
    const host = UTF8.decode(r.lenBytes());
    const port = r.u16();
    const clusterName = UTF8.decode(r.lenBytes());
    if (r.remaining !== 0) throw new InternodeProtocolError('stray bytes after the handshake');
    return { kind: 'hello', hello: { version, connectionType, from: endpoint(host, port), clusterName } };
  });
}

export function decodeReply(body: Buffer): HandshakeReply {
  return guarded('handshake reply', () => {
    const r = new ByteReader(body);
    readMagic(r, 'handshake reply');
    const version = r.u16();
    const status = r.u8();
    if (status > 1) throw new InternodeProtocolError(`unknown handshake status ${status}`);
    const reason = UTF8.decode(r.lenBytes());
    return { version, accepted: status === 0, reason };
  });
}

/** Why the acceptor refuses `hello`, or null to accept. */
export function refusalReason(decoded: DecodedHello, clusterName: string): string | null {
  if (decoded.kind === 'unsupported') {
    return `unsupported internode protocol version ${decoded.version} (this node speaks ${PROTOCOL_VERSION})`;
  }
  if (decoded.hello.clusterName !== clusterName) {
    return `cluster name mismatch: peer is in '${decoded.hello.clusterName}', this node in '${clusterName}'`;
  }
  return null;
}
