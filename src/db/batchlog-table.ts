/**
 * The node-local batch log (Cassandra's `system.batchlog`), hidden from the schema: one partition
 * per logged batch another coordinator asked this node to keep, keyed by the batch id (a
 * TimeUUID: its time is when the batch was written), with one cell holding the batch's mutations
 * as opaque bytes the service layer encodes. Removing a batch deletes its partition. Its id and
 * cell name are on-disk constants: never change them.
 */
import { ByteOrderedPartitioner } from '../dht/index.js';
import { BYTES_TYPE } from '../marshal/index.js';
import { BOTTOM, TOP, cellName, liveCell } from '../storage/model/index.js';
import { encodeMutation } from '../storage/commitlog/mutation-codec.js';
import type { Mutation } from '../storage/model/index.js';
import type { StorageEngine } from '../storage/storage-engine.js';
import { ByteWriter } from '../util/byte-writer.js';
import type { TableDef } from '../storage/table-def.js';
import { SYSTEM_KEYSPACE } from './schema-table.js';

export const BATCHLOG_TABLE_ID = '5c4e0a7e-0000-4000-8000-5c4e0a7e0003';
export const BATCHLOG_TABLE_NAME = 'batchlog';

/** Mutations per stored batch: never change (readers bound the count with it). */
export const BATCH_MUTATIONS_MAX = 0xffff;

export function encodeBatchMutations(mutations: readonly Mutation[]): Buffer {
  if (mutations.length > BATCH_MUTATIONS_MAX) throw new RangeError(`a batch of ${mutations.length} mutations exceeds ${BATCH_MUTATIONS_MAX}`);
  const w = new ByteWriter();
  w.varint(mutations.length);
  for (const m of mutations) w.lenBytes(encodeMutation(m));
  return w.toBuffer();
}

const DATA = cellName([BYTES_TYPE.toComparable(Buffer.from('data'))]);
const WHOLE = { slices: [{ start: BOTTOM, end: TOP }], reversed: false } as const;

export function batchlogTableDef(): TableDef {
  return { id: BATCHLOG_TABLE_ID, keyspace: SYSTEM_KEYSPACE, name: BATCHLOG_TABLE_NAME, partitioner: new ByteOrderedPartitioner(), gcGraceSeconds: 0 };
}

export interface StoredBatch {
  readonly id: Buffer;
  readonly data: Buffer;
}

export class BatchlogTable {
  constructor(private readonly engine: StorageEngine) {
    engine.addTable(batchlogTableDef()); // idempotent; see paxos-table.ts
  }

  store(id: Buffer, data: Buffer, timestampMicros: bigint): Promise<void> {
    return this.engine.apply(BATCHLOG_TABLE_ID, { key: id, partitionDeletion: null, rangeTombstones: [], cells: [liveCell(DATA, data, timestampMicros)] });
  }

  /** Deletes the batch (a partition deletion after anything stored). */
  remove(id: Buffer, timestampMicros: bigint, nowSec: number): Promise<void> {
    return this.engine.apply(BATCHLOG_TABLE_ID, { key: id, partitionDeletion: { markedForDeleteAt: timestampMicros, localDeletionTime: nowSec }, rangeTombstones: [], cells: [] });
  }

  /** Up to `limit` stored batches, oldest id first among equal bytes order (ids are TimeUUIDs). */
  list(limit: number, nowSec: number): StoredBatch[] {
    const out: StoredBatch[] = [];
    for (const p of this.engine.scan(BATCHLOG_TABLE_ID, undefined, undefined, WHOLE, limit, nowSec)) {
      const cell = p.cells.find((c) => c.name.equals(DATA));
      if (cell !== undefined) out.push({ id: Buffer.from(p.key), data: Buffer.from(cell.value) });
    }
    return out;
  }
}
