import { cellName } from '../../src/storage/model/cell-name.js';
import type { TableDef } from '../../src/storage/table-def.js';

/** The table and key layout shared by the crash writer and the crash tests' verifier. */
export const CRASH_TABLE: TableDef = {
  id: '0f3e8f9a-6d1c-4c4e-9a57-8b2f0e1d2c3b',
  keyspace: 'crash',
  name: 'writes',
  partitioner: { decorate: (key: Buffer) => ({ position: key }) },
  gcGraceSeconds: 864000,
};

export const PARTITIONS = 97;

export function seqKey(seq: number): Buffer {
  return Buffer.from(`p${seq % PARTITIONS}`);
}

export function seqName(seq: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(seq));
  return cellName([b]);
}
