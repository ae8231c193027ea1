/**
 * Ring changes with streaming (imports
 * env/dht/errors/gms/locator/net/schema/storage/service/repair):
 * - `range-transfers.ts` (pure: `joiningFetches` — each range a joining node will replicate with
 *   its current replicas, the one losing it first; `leavingTransfers` — each range a leaving or
 *   removed node replicates, the replica gaining it and those keeping it),
 * - `stream-ranges.ts` (`streamTable`: the target pulls ranges of a table from the source through
 *   repair's paged RANGE_READ pulls — itself locally, another node by SYNC_REQ),
 * - `topology-context.ts` (what the operations need from the node; streamed keyspaces = user
 *   keyspaces not LocalStrategy),
 * - `bootstrap.ts` (wait for a live NORMAL peer and schema agreement, announce BOOT, a ring delay,
 *   pull every range from a live current replica, announce NORMAL; run by `IliumNode.start` when
 *   auto_bootstrap is on, the node is no seed, has other seeds and its identity is not yet
 *   `bootstrapped` — a crash mid-bootstrap bootstraps again on restart),
 * - `decommission.ts` (refusals: not NORMAL, others joining/leaving, a keyspace keeping fewer nodes
 *   than its RF — per DC for NTS; LEAVING, a ring delay, each range pulled by its new owner from
 *   this node, LEFT with a 3-day expiry, a ring delay; the node then stops messaging, gossip,
 *   client servers and hints: mode DECOMMISSIONED; its identity is marked so a restart on the same
 *   directory is refused),
 * - `remove-node.ts` (refused for unknown, own or live host ids; gossips `removing` for the dead
 *   node, streams each of its ranges to the replica gaining it from a live replica keeping it —
 *   this node drives every stream —, then `removed`; ranges with no live source are reported as
 *   lost),
 * - `cleanup.ts` (each table flushed and its SSTables rewritten keeping only partitions of the
 *   ranges this node replicates, natural or pending: `StorageEngine.cleanup`, a `keep` filter on
 *   the compaction job).
 *
 * Not yet: streaming of whole SSTable sections (rows are re-read and re-written; a partition larger
 * than a frame cannot move), hints handed over on decommission, replace_address, `nodetool move`,
 * resumable bootstrap (a restart streams everything again), cleanup of index tables, a forced
 * decommission, hints or the batchlog handed over by a leaving node
 */
export * from './range-transfers.js';
export * from './topology-context.js';
export * from './stream-ranges.js';
export * from './bootstrap.js';
export * from './decommission.js';
export * from './remove-node.js';
export * from './cleanup.js';
