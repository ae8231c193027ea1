/**
 * The V8 flags an `ilium start` process runs with: the launcher `bin/ilium.js` (its `#!` line),
 * `ilium cluster start` and the test support's `startIliumProcess` pass them; run by hand, a node
 * wants them too (`node --max-semi-space-size=16 dist/src/tools/ilium.js start`), as Cassandra
 * wants its HEAP_NEWSIZE.
 *
 * `--max-semi-space-size=16`: a young generation of 16 MiB semi-spaces, V8's own default on this
 * platform, said here so that the node does not depend on it. Until 2026-11-28 a node ran with 64
 * MiB semi-spaces, which had cut CPU per request by 2–24 % in bench/cql-server-path.ts. Measured
 * again after the memtable kept fewer objects per partition (docs/PERFORMANCE.md, "Young
 * generation"): the CPU per request of the two settings is the same within noise (writes, reads,
 * batches, IN), while a scavenge of 64 MiB semi-spaces under a write load takes 5 ms at the median
 * and 16–19 ms at p99 against 2 and 7 ms, the event loop's delay under bench:cql is about half,
 * and a loaded node holds ~200 MiB less.
 */
export const SERVER_NODE_FLAGS: readonly string[] = Object.freeze(['--max-semi-space-size=16']);
