/**
 * Frame generators for fuzzing the CQL server: valid requests of every kind, mutated bodies
 * (flipped bytes, truncation, garbage tails, absurd counts and lengths, invalid UTF-8), random
 * opcodes and flags, compressed flags with and without real compression, and frames that kill
 * a connection's framing (unknown versions, negative or huge lengths, raw garbage).
 */
import type { SeededRandom } from '../../src/env/index.js';
import {
  BodyWriter,
  type FrameCompressor,
  type Request,
  UNSET,
  buildFrame,
  compressorFor,
  encodeSegments,
  requestOpcode,
  writeRequestBody,
} from '../../src/transport/protocol/index.js';

const BASE: readonly Request[] = [
  { opcode: 'OPTIONS' },
  { opcode: 'STARTUP', options: new Map([['CQL_VERSION', '3.0.0']]) },
  { opcode: 'STARTUP', options: new Map([['CQL_VERSION', '3.0.0'], ['COMPRESSION', 'lz4']]) },
  { opcode: 'STARTUP', options: new Map([['CQL_VERSION', '3.0.0'], ['COMPRESSION', 'snappy']]) },
  { opcode: 'AUTH_RESPONSE', token: Buffer.from('\0user\0pass') },
  { opcode: 'QUERY', query: "SELECT * FROM system.local WHERE key='local'", params: { consistency: 'ONE', values: [], skipMetadata: false } },
  {
    opcode: 'QUERY',
    query: 'SELECT k, v FROM ks.kv WHERE k = ?',
    params: {
      consistency: 'LOCAL_QUORUM',
      values: [Buffer.from('k1')],
      names: ['k'],
      skipMetadata: true,
      pageSize: 10,
      pagingState: Buffer.from([0, 0, 0, 0]),
      serialConsistency: 'SERIAL',
      timestamp: 1n,
    },
  },
  { opcode: 'QUERY', query: 'INSERT INTO kv (k, v) VALUES (?, ?)', params: { consistency: 'ONE', values: [Buffer.from('a'), UNSET], skipMetadata: false } },
  { opcode: 'QUERY', query: 'USE ks', params: { consistency: 'ONE', values: [], skipMetadata: false } },
  { opcode: 'PREPARE', query: 'SELECT k, v FROM ks.kv WHERE k = ?' },
  { opcode: 'EXECUTE', id: Buffer.from('0123456789abcdef', 'hex'), params: { consistency: 'ONE', values: [null], skipMetadata: false } },
  {
    opcode: 'BATCH',
    type: 'LOGGED',
    statements: [
      { kind: 'query', query: 'INSERT INTO kv (k, v) VALUES (?, ?)', values: [Buffer.from('x'), Buffer.from('y')] },
      { kind: 'prepared', id: Buffer.from([1, 2]), values: [] },
    ],
    consistency: 'QUORUM',
    serialConsistency: 'LOCAL_SERIAL',
    timestamp: 5n,
  },
  { opcode: 'REGISTER', events: ['TOPOLOGY_CHANGE', 'STATUS_CHANGE', 'SCHEMA_CHANGE'] },
];

const INTERESTING_INTS = [0x7fffffff, -1, -2, -3, 0x10000, 0x7ffffff0, 0x80000000 | 0];

function mutate(rng: SeededRandom, body: Buffer): Buffer {
  let b: Buffer = Buffer.from(body);
  const rounds = 1 + rng.int(3);
  for (let i = 0; i < rounds; i++) {
    const at = b.length === 0 ? 0 : rng.int(b.length);
    switch (rng.int(8)) {
      case 0: // flip bytes
        if (b.length > 0) b[at] = rng.int(256);
        break;
      case 1: // truncate
        b = b.subarray(0, rng.int(b.length + 1));
        break;
      case 2: // garbage tail
        b = Buffer.concat([b, rng.bytes(rng.int(32))]);
        break;
      case 3: // absurd [short] count
        if (b.length >= 2) b.writeUInt16BE(rng.chance(0.5) ? 0xffff : 0x8000, Math.min(at, b.length - 2));
        break;
      case 4: // absurd or special [int] length
        if (b.length >= 4) b.writeInt32BE(INTERESTING_INTS[rng.int(INTERESTING_INTS.length)]!, Math.min(at, b.length - 4));
        break;
      case 5: // invalid UTF-8
        b = Buffer.concat([b.subarray(0, at), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), b.subarray(at)]);
        break;
      case 6: // random body
        b = rng.bytes(rng.int(48));
        break;
      default: // splice two regions
        b = Buffer.concat([b.subarray(at), b.subarray(0, at)]);
        break;
    }
  }
  return b;
}

/** A forged lz4 body: a huge declared size in front of a few bytes. */
function lz4Bomb(rng: SeededRandom): Buffer {
  const b = Buffer.concat([Buffer.alloc(4), rng.bytes(1 + rng.int(16))]);
  b.writeUInt32BE(0x7fffffff - rng.int(1000), 0);
  return b;
}

export interface FuzzFrame {
  readonly bytes: Buffer;
  readonly stream: number;
}

/**
 * A frame whose header is well formed (`version`, 4 by default; length = body length), so it must
 * be answered by exactly one response on its stream while the connection goes on.
 */
export function wellFramedFrame(rng: SeededRandom, stream: number, version = 4): FuzzFrame {
  const base = BASE[rng.int(BASE.length)]!;
  const w = new BodyWriter(64);
  writeRequestBody(w, base, version);
  let body: Buffer = w.toBuffer();
  if (rng.chance(0.85)) body = mutate(rng, body);
  let opcode = requestOpcode(base);
  if (rng.chance(0.08)) opcode = rng.int(256);
  let flags = 0;
  if (rng.chance(0.3)) flags = rng.int(256);
  if (rng.chance(0.1)) {
    flags |= 1;
    const c: FrameCompressor = compressorFor(rng.chance(0.5) ? 'lz4' : 'snappy')!;
    const r = rng.int(3);
    body = r === 0 ? c.compress(body) : r === 1 ? lz4Bomb(rng) : rng.bytes(rng.int(40));
  }
  const s = rng.chance(0.02) ? -1 - rng.int(0x8000) : stream;
  const frame = buildFrame(version, rng.chance(0.02), flags, s, opcode, body);
  return { bytes: frame, stream: s };
}

export type KillerKind = 'bad-version' | 'negative-length' | 'oversized' | 'truncated-then-close' | 'garbage' | 'corrupt-segment';

/**
 * Frames after which a connection's framing is gone (answered then closed, or swallowed). For a
 * v5 connection (`version` 5) they come inside well-formed segments, or as a segment with one byte
 * flipped (its CRC no longer matches: answered, then closed).
 */
export function killerFrame(rng: SeededRandom, maxFrameBytes: number, version = 4): { kind: KillerKind; bytes: Buffer } {
  const kinds: KillerKind[] = ['bad-version', 'negative-length', 'oversized', 'truncated-then-close', 'garbage'];
  if (version >= 5) kinds.push('corrupt-segment', 'corrupt-segment');
  const kind = kinds[rng.int(kinds.length)]!;
  const bytes = killerBytes(rng, kind, maxFrameBytes, version);
  if (version < 5) return { kind, bytes };
  if (kind !== 'corrupt-segment') return { kind, bytes: Buffer.concat(encodeSegments([bytes], false)) };
  const seg = Buffer.concat(encodeSegments([bytes], false));
  const at = rng.int(seg.length);
  seg[at] = seg[at]! ^ (1 + rng.int(255));
  return { kind, bytes: seg };
}

function killerBytes(rng: SeededRandom, kind: KillerKind, maxFrameBytes: number, version: number): Buffer {
  const header = Buffer.alloc(9);
  header[0] = version;
  header.writeInt16BE(rng.int(0x8000), 2);
  header[4] = 0x07;
  switch (kind) {
    case 'bad-version': {
      let v = rng.int(128);
      while (v >= 3 && v <= 5) v = rng.int(128);
      header[0] = v | (rng.chance(0.2) ? 0x80 : 0);
      header.writeInt32BE(rng.int(100), 5);
      return Buffer.concat([header, rng.bytes(rng.int(100))]);
    }
    case 'negative-length':
      header.writeInt32BE(-1 - rng.int(0x7fffffff), 5);
      return header;
    case 'oversized':
      header.writeInt32BE(maxFrameBytes + 1 + rng.int(0x7fffffff - maxFrameBytes - 1), 5);
      return Buffer.concat([header, rng.bytes(rng.int(64))]);
    case 'truncated-then-close':
    case 'corrupt-segment':
      header.writeInt32BE(rng.int(maxFrameBytes), 5);
      return Buffer.concat([header, rng.bytes(rng.int(64))]);
    case 'garbage':
      return rng.bytes(1 + rng.int(200));
  }
}
