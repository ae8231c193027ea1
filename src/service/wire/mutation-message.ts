/**
 * MUTATION and READ_REPAIR payloads: one partition update addressed to a table by id, in the
 * commit log's mutation grammar (storage/commitlog/mutation-codec.ts) — one format for the disk
 * and the wire. Answers (MUTATION_RSP, READ_REPAIR_RSP) are empty acknowledgements.
 */
import { decodeMutation, encodeMutation } from '../../storage/commitlog/mutation-codec.js';
import type { Mutation } from '../../storage/model/index.js';
import { decodeWire } from './wire-decoding.js';

export function encodeMutationMessage(m: Mutation): Buffer {
  return encodeMutation(m);
}

export function decodeMutationMessage(payload: Uint8Array, what = 'mutation'): Mutation {
  return decodeWire(what, payload, (r) => {
    const m = decodeMutation(r.bytes(r.remaining), what);
    // The decoded buffers are views into the payload: copy them so the network's buffer can be reused.
    return { tableId: m.tableId, update: structuredCloneUpdate(m.update) };
  });
}

function structuredCloneUpdate(u: Mutation['update']): Mutation['update'] {
  const copy = (b: Buffer) => Buffer.from(b);
  return {
    key: copy(u.key),
    partitionDeletion: u.partitionDeletion,
    rangeTombstones: u.rangeTombstones.map((rt) => ({ start: copy(rt.start), end: copy(rt.end), deletion: rt.deletion })),
    cells: u.cells.map((c) => ({ ...c, name: copy(c.name), value: copy(c.value) })),
  };
}
