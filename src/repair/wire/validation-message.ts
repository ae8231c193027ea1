/**
 * VALIDATION_REQ asks a replica for its Merkle tree of one table over one token range;
 * VALIDATION_RSP carries the tree (merkle-tree.ts's serialized form, shape checked on reading).
 *
 *   validationRequest = tableId:str nowSec:u32 depth:u8 range        (token-range-codec.ts)
 *   validationResponse = tree
 *
 * The depth is capped at MAX_VALIDATION_DEPTH so an answer stays well inside one frame.
 */
import type { Partitioner, Range, Token } from '../../dht/index.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { decodeWire, readString, writeString } from '../../service/wire/wire-decoding.js';
import { MerkleTree } from '../merkle-tree.js';
import { readTokenRange, writeTokenRange } from './token-range-codec.js';

/** 2^16 leaves: about 2.5 MiB of tree, far below the 32 MiB frame. */
export const MAX_VALIDATION_DEPTH = 16;

export interface ValidationRequest<T extends Token = Token> {
  readonly tableId: string;
  readonly nowSec: number;
  readonly depth: number;
  readonly range: Range<T>;
}

export function encodeValidationRequest<T extends Token>(v: ValidationRequest<T>): Buffer {
  if (!Number.isInteger(v.depth) || v.depth < 0 || v.depth > MAX_VALIDATION_DEPTH) throw new RangeError(`validation depth ${v.depth} is not in 0..${MAX_VALIDATION_DEPTH}`);
  const w = new ByteWriter(64);
  writeString(w, v.tableId);
  w.u32(v.nowSec).u8(v.depth);
  writeTokenRange(w, v.range);
  return w.toBuffer();
}

export function decodeValidationRequest<T extends Token>(payload: Uint8Array, partitioner: Partitioner<T>): ValidationRequest<T> {
  return decodeWire('validation request', payload, (r) => {
    const tableId = readString(r);
    const nowSec = r.u32();
    const depth = r.u8();
    if (depth > MAX_VALIDATION_DEPTH) throw new RangeError(`validation depth ${depth} exceeds ${MAX_VALIDATION_DEPTH}`);
    return { tableId, nowSec, depth, range: readTokenRange(r, partitioner) };
  });
}

export function encodeValidationResponse<T extends Token>(tree: MerkleTree<T>): Buffer {
  return tree.serialize();
}

export function decodeValidationResponse<T extends Token>(payload: Uint8Array, partitioner: Partitioner<T>): MerkleTree<T> {
  return decodeWire('validation response', payload, (r) => {
    const bytes = Buffer.from(r.bytes(r.remaining));
    try {
      return MerkleTree.deserialize(partitioner, bytes);
    } catch (e) {
      throw e instanceof RangeError ? e : new RangeError(e instanceof Error ? e.message : String(e));
    }
  });
}
