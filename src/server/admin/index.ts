/**
 * What nodetool talks to (Cassandra's JMX):
 * - `admin-wire.ts` (one JSON request/response per line, credentials in it; grammar and limits in
 *   its header),
 * - `admin-auth.ts` (with authentication on, a superuser's credentials on every request, checked
 *   through the node's `SuperuserCheck` seam; refusals delayed one at a time),
 * - `admin-connection.ts` (answers in order; bad lines answered, an oversized line closes),
 * - `admin-server.ts` (over transport's `SocketListener`),
 * - `node-admin.ts` (the command table over an `IliumNode`: version, info, status, ring,
 *   describecluster, gossipinfo, flush, compact, verify, scrub, snapshot, clearsnapshot, drain, tablestats,
 *   repair, hints, getendpoints, faults),
 * - `get-endpoints.ts` (getendpoints: a partition key's natural replicas — read by the table's key
 *   type, its token, the keyspace's placement on the coordinator's current ring),
 * - `fault-commands.ts` (**testing hook** `faults partition <addr…> | heal | list`: installs net's
 *   host-partition filter in the node's `MessagingService.filters`, refused unless the Ilium-only
 *   `enable_fault_injection: true`; run on every node of both sides),
 * - `cluster-status.ts` (status / ring / describecluster / gossipinfo from the node's
 *   `StorageService`: every ring member with up/down, Normal/Joining/Leaving, gossiped LOAD, token
 *   count, ownership, host id, rack, grouped by data center). `ilium start` runs it on
 *   admin_address:admin_port (127.0.0.1:7199 by default; docs/SECURITY.md)
 */
export * from './admin-wire.js';
export * from './admin-auth.js';
export * from './admin-connection.js';
export * from './admin-server.js';
export * from './node-admin.js';
export * from './nodetool-commands.js';
export * from './stats-commands.js';
export * from './table-args.js';
export * from './maintenance-commands.js';
export * from './gc-stats.js';
