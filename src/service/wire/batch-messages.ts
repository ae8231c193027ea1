/**
 * BATCH_STORE: the batch id (a 16-byte TimeUUID, checked), then the batch's mutations — a varint
 * count (at most 65,535) and each mutation length-prefixed in the commit log's grammar; the same
 * mutations bytes are what the batch log keeps. BATCH_REMOVE: the batch id. Both answers are
 * empty acknowledgements.
 */
import type { Mutation } from '../../storage/model/index.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { decodeMutationMessage, encodeMutationMessage } from './mutation-message.js';
import { readBallot } from './paxos-commit-codec.js';
import { decodeWire, readBoundedVarint } from './wire-decoding.js';

const MAX_MUTATIONS = 0xffff;

export interface BatchStore {
  readonly id: Buffer;
  readonly mutations: readonly Mutation[];
}

export function encodeBatchMutations(mutations: readonly Mutation[]): Buffer {
  if (mutations.length > MAX_MUTATIONS) throw new RangeError(`a batch of ${mutations.length} mutations exceeds ${MAX_MUTATIONS}`);
  const w = new ByteWriter();
  w.varint(mutations.length);
  for (const m of mutations) w.lenBytes(encodeMutationMessage(m));
  return w.toBuffer();
}

export function decodeBatchMutations(data: Uint8Array, what = 'batch mutations'): Mutation[] {
  return decodeWire(what, data, (r) => {
    const n = readBoundedVarint(r, MAX_MUTATIONS, 'mutation count');
    const out: Mutation[] = [];
    for (let i = 0; i < n; i++) out.push(decodeMutationMessage(r.lenBytes(), what));
    return out;
  });
}

export function encodeBatchStore(b: BatchStore): Buffer {
  return Buffer.concat([b.id, encodeBatchMutations(b.mutations)]);
}

/** The id and the mutations' bytes as the batch log keeps them (checked by decoding them). */
export function decodeBatchStore(payload: Uint8Array): { readonly id: Buffer; readonly data: Buffer } {
  return decodeWire('batch store', payload, (r) => {
    const id = readBallot(r);
    const data = Buffer.from(r.bytes(r.remaining));
    decodeBatchMutations(data, 'batch store');
    return { id, data };
  });
}

export function decodeBatchRemove(payload: Uint8Array): Buffer {
  return decodeWire('batch remove', payload, (r) => readBallot(r));
}
