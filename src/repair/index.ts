/**
 * Anti-entropy repair:
 * - `merkle-tree.ts` (`MerkleTree` over a token range: the range halved at the partitioner's
 *   midpoint to a depth, so replicas build identical shapes independently; leaves XOR partition
 *   digests, inner nodes SHA-256 their children, cached until an add; `difference` gives the
 *   disagreeing sub-ranges merged; a pre-order codec that refuses a non-canonical shape; `depthFor`
 *   ≈ one leaf per partition, capped at 2^20 leaves);
 * - `partition-digest.ts` (a leaf's input: SHA-256 of the key and service/digest.ts's read digest
 *   of the whole partition with tombstones, range tombstones made canonical first — sorted,
 *   deduplicated, without those covered by a newer wider one or the partition deletion — so copies
 *   in several SSTables digest like one; an empty partition counts as absent);
 * - `range-scan.ts` (a token range as position intervals, read whole with `includeTombstones`, page
 *   by page);
 * - `validation.ts` (a replica's tree of a table over a range from its local DataStore at the
 *   coordinator's `nowSec`);
 * - `sync.ts` (pull ranges of a table from a peer through paged RANGE_READ and apply each partition
 *   locally as an ordinary write), registered while it runs in `stream-sessions.ts` (netstats);
 *
 * `wire/` (VALIDATION_REQ `tableId nowSec depth range` → VALIDATION_RSP the tree, depth ≤ 16 so it
 * fits a frame; SYNC_REQ `tableId nowSec source ranges` → SYNC_RSP partitions and pages; tokens in
 * the partitioner's byte form; `MalformedMessageError` on bad bytes);
 * - `validation-verb.ts`,
 * - `sync-verb.ts`,
 * - `register-repair-handlers.ts` (BAD_PAYLOAD / INVALID as the replica verbs);
 * - `repair-session.ts` (`RepairService.repair(keyspace, tables?)` → `RepairSession`: every range
 *   this node replicates (`range-addresses.ts`), trees from every replica (its own locally),
 *   pairwise `difference`, both sides of a disagreeing pair pull the differing sub-ranges; report
 *   per table: ranges compared, ranges out of sync, syncs, partitions streamed;
 *   `RepairReplicaDownError` up front when a replica is down, `RepairFailedError` when a validation
 *   or sync fails);
 * - (test code: `test/support/repair/repair-cluster.ts`, repair on the service's SimCluster and
 *   `localDump` of a node's table).
 *
 * Not yet: incremental repair and anticompaction, primary-range-only (-pr), parallel sessions,
 * streaming SSTable sections (sync re-reads and re-writes partitions; a partition larger than a
 * frame cannot be synced), tree depth from partition estimates (fixed default 10)
 */
export * from './merkle-tree.js';
export * from './partition-digest.js';
export * from './range-scan.js';
export * from './validation.js';
export * from './sync.js';
export * from './stream-sessions.js';
export * from './repair-context.js';
export * from './repair-errors.js';
export * from './repair-session.js';
export * from './register-repair-handlers.js';
export * from './wire/validation-message.js';
export * from './wire/sync-message.js';
