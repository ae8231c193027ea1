/**
 * BATCH_STORE: the batch id (a 16-byte TimeUUID, checked), then the batch's mutations — a varint
 * count (at most 65,535) and each mutation length-prefixed in the commit log's grammar — the bytes
 * the batch log keeps (db/batchlog-table.ts owns their encoding). BATCH_REMOVE: the batch id. Both answers are
 * empty acknowledgements.
 */
import type { Mutation } from '../../storage/model/index.js';
import { BATCH_MUTATIONS_MAX, encodeBatchMutations } from '../../db/batchlog-table.js';
import { decodeMutationMessage } from './mutation-message.js';
import { readBallot } from './paxos-commit-codec.js';
import { decodeWire, readBoundedVarint } from './wire-decoding.js';

export { encodeBatchMutations };

export interface BatchStore {
  readonly id: Buffer;
  readonly mutations: readonly Mutation[];
}

export function decodeBatchMutations(data: Uint8Array, what = 'batch mutations'): Mutation[] {
  return decodeWire(what, data, (r) => {
    const n = readBoundedVarint(r, BATCH_MUTATIONS_MAX, 'mutation count');
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
