/**
 * Validation (Cassandra's Validator): one replica's Merkle tree of a table over a token range,
 * built by scanning the local data with tombstones and mixing each partition's digest into the
 * leaf holding its token. `nowSec` is the repair coordinator's, so every replica judges TTLs at
 * the same instant.
 */
import type { Range, Token, Partitioner } from '../dht/index.js';
import type { ColumnFamilyDef } from '../schema/index.js';
import type { DataStore } from '../service/data-store.js';
import { MerkleTree } from './merkle-tree.js';
import { partitionDigest } from './partition-digest.js';
import { DEFAULT_REPAIR_PAGE, REPAIR_QUERY, forEachPage } from './range-scan.js';

export async function buildValidationTree<T extends Token>(local: DataStore, cf: ColumnFamilyDef, partitioner: Partitioner<T>, range: Range<T>, depth: number, nowSec: number, pageSize = DEFAULT_REPAIR_PAGE): Promise<MerkleTree<T>> {
  const tree = MerkleTree.create(partitioner, range, depth);
  const fetch = (from: Parameters<DataStore['scan']>[1], to: Parameters<DataStore['scan']>[2], limit: number) => local.scan(cf, from, to, REPAIR_QUERY, limit, 'ONE', nowSec);
  await forEachPage(range, pageSize, fetch, (page) => {
    for (const p of page) {
      const digest = partitionDigest(p);
      if (digest !== null) tree.add(partitioner.token(p.key), digest);
    }
  });
  return tree;
}
