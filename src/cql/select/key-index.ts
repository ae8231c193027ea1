/** Where a paging state's partition key lies among the sorted partition keys of a query by keys. */
import { InvalidRequestError } from '../../errors/index.js';
import type { CqlTable } from '../../schema/index.js';
import { decodePartitionKey } from '../../db/cql-layout/partition-key.js';

/** Where `key` is among the sorted keys (or where it would be). */
export function keyIndex(t: CqlTable, keys: readonly Buffer[], key: Buffer): { index: number; found: boolean } {
  const i = keys.findIndex((k) => k.equals(key));
  if (i >= 0) return { index: i, found: true };
  let parts: Buffer[];
  try {
    parts = decodePartitionKey(t, key);
  } catch {
    throw new InvalidRequestError('Invalid value for the paging state');
  }
  const cmp = (k: Buffer): number => {
    const ks = decodePartitionKey(t, k);
    for (let c = 0; c < ks.length; c++) {
      const d = t.partitionKey[c]!.type.compare(ks[c]!, parts[c]!);
      if (d !== 0) return d;
    }
    return 0;
  };
  const after = keys.findIndex((k) => cmp(k) > 0);
  return { index: after < 0 ? keys.length : after, found: false };
}
