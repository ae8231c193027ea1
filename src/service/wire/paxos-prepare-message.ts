/**
 * PAXOS_PREPARE: the instance (table id, partition key) and the ballot to promise.
 * PAXOS_PREPARE_RSP: flags (promised, has accepted, has committed), the replica's promised
 * ballot, then the accepted proposal and the most recent commit when present. Keys are bounded
 * by the native protocol's 64 KiB partition key limit.
 */
import { ByteWriter } from '../../util/byte-writer.js';
import type { PaxosCommit, PrepareResponse } from '../paxos/paxos-commit.js';
import { readBallot, readCommit, writeCommit } from './paxos-commit-codec.js';
import { decodeWire, readFlags, readString, writeString } from './wire-decoding.js';

export interface PrepareRequest {
  readonly tableId: string;
  readonly key: Buffer;
  readonly ballot: Buffer;
}

const MAX_KEY = 0xffff;
const PROMISED = 1;
const HAS_ACCEPTED = 2;
const HAS_COMMITTED = 4;

export function encodePrepareRequest(p: PrepareRequest): Buffer {
  const w = new ByteWriter();
  writeString(w, p.tableId);
  w.lenBytes(p.key);
  w.bytes(p.ballot);
  return w.toBuffer();
}

export function decodePrepareRequest(payload: Uint8Array): PrepareRequest {
  return decodeWire('paxos prepare', payload, (r) => {
    const tableId = readString(r);
    const key = r.lenBytes();
    if (key.length > MAX_KEY) throw new RangeError(`partition key of ${key.length} bytes exceeds ${MAX_KEY}`);
    return { tableId, key: Buffer.from(key), ballot: readBallot(r) };
  });
}

export function encodePrepareResponse(p: PrepareResponse): Buffer {
  const w = new ByteWriter();
  w.u8((p.promised ? PROMISED : 0) | (p.accepted !== null ? HAS_ACCEPTED : 0) | (p.committed !== null ? HAS_COMMITTED : 0));
  w.bytes(p.promisedBallot);
  if (p.accepted !== null) writeCommit(w, p.accepted);
  if (p.committed !== null) writeCommit(w, p.committed);
  return w.toBuffer();
}

export function decodePrepareResponse(payload: Uint8Array): PrepareResponse {
  return decodeWire('paxos prepare response', payload, (r) => {
    const flags = readFlags(r, PROMISED | HAS_ACCEPTED | HAS_COMMITTED, 'paxos prepare response');
    const promisedBallot = readBallot(r);
    const accepted: PaxosCommit | null = flags & HAS_ACCEPTED ? readCommit(r, 'paxos accepted proposal') : null;
    const committed: PaxosCommit | null = flags & HAS_COMMITTED ? readCommit(r, 'paxos commit') : null;
    return { promised: (flags & PROMISED) !== 0, promisedBallot, accepted, committed };
  });
}
