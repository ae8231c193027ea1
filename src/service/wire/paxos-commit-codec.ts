/**
 * A Paxos proposal/commit on the wire and in the Paxos state table: the 16-byte ballot (a
 * version-1 UUID, checked), then the table id and partition update as a length-prefixed
 * mutation in the commit log's grammar. PAXOS_PROPOSE and PAXOS_COMMIT payloads are exactly one.
 */
import { uuidVersion } from '../../marshal/timeuuid.js';
import type { ByteReader } from '../../util/byte-reader.js';
import { ByteWriter } from '../../util/byte-writer.js';
import type { PaxosCommit } from '../paxos/paxos-commit.js';
import { decodeMutationMessage, encodeMutationMessage } from './mutation-message.js';
import { decodeWire } from './wire-decoding.js';

export function writeCommit(w: ByteWriter, c: PaxosCommit): void {
  w.bytes(c.ballot);
  w.lenBytes(encodeMutationMessage({ tableId: c.tableId, update: c.update }));
}

export function readBallot(r: ByteReader): Buffer {
  const b = Buffer.from(r.bytes(16));
  if (uuidVersion(b) !== 1) throw new RangeError('a ballot must be a version 1 UUID');
  return b;
}

export function readCommit(r: ByteReader, what: string): PaxosCommit {
  const ballot = readBallot(r);
  const m = decodeMutationMessage(r.lenBytes(), what);
  return { tableId: m.tableId, ballot, update: m.update };
}

export function encodeCommit(c: PaxosCommit): Buffer {
  const w = new ByteWriter();
  writeCommit(w, c);
  return w.toBuffer();
}

export function decodeCommit(payload: Uint8Array, what = 'paxos commit'): PaxosCommit {
  return decodeWire(what, payload, (r) => readCommit(r, what));
}
