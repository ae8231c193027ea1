/**
 * A CQL partition key's values ↔ the row key bytes the partitioner hashes. One column: its
 * serialized value. Several: Cassandra's composite form, which drivers reproduce to compute
 * routing tokens, so it must match byte for byte:
 *
 *   key = ( u16 length, value bytes, 0x00 )*   one entry per partition key column, in order
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { CqlTable } from '../../schema/index.js';

/** The longest serialized component of a composite key (its length is a u16). */
const MAX_COMPONENT = 0xffff;

export function encodePartitionKey(table: CqlTable, values: readonly Buffer[]): Buffer {
  if (values.length !== table.partitionKey.length) throw new InvalidRequestError(`partition key needs ${table.partitionKey.length} values, got ${values.length}`);
  if (values.length === 1) return values[0]!;
  let len = 0;
  for (const v of values) {
    if (v.length > MAX_COMPONENT) throw new InvalidRequestError(`Partition key component is too long: ${v.length} bytes (at most ${MAX_COMPONENT})`);
    len += v.length + 3;
  }
  const out = Buffer.allocUnsafe(len);
  let pos = 0;
  for (const v of values) {
    out.writeUInt16BE(v.length, pos);
    v.copy(out, pos + 2);
    out[pos + 2 + v.length] = 0;
    pos += v.length + 3;
  }
  return out;
}

/** The serialized value of each partition key column (views into `key`). */
export function decodePartitionKey(table: CqlTable, key: Buffer): Buffer[] {
  if (table.partitionKey.length === 1) return [key];
  const out: Buffer[] = [];
  let pos = 0;
  while (pos < key.length) {
    if (pos + 2 > key.length) throw new InvalidRequestError('malformed composite partition key');
    const n = key.readUInt16BE(pos);
    if (pos + 3 + n > key.length) throw new InvalidRequestError('malformed composite partition key');
    out.push(key.subarray(pos + 2, pos + 2 + n));
    pos += n + 3;
  }
  if (out.length !== table.partitionKey.length) throw new InvalidRequestError(`composite partition key has ${out.length} components, the table ${table.partitionKey.length}`);
  return out;
}
