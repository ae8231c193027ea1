/**
 * The V8 flags an `ilium start` process runs with: the launcher `bin/ilium.js` (its `#!` line),
 * `ilium cluster start` and the test support's `startIliumProcess` pass them; run by hand, a node
 * wants them too (`node --max-semi-space-size=64 dist/src/tools/ilium.js start`), as Cassandra
 * wants its HEAP_NEWSIZE.
 *
 * `--max-semi-space-size=64`: a young generation of 64 MiB semi-spaces instead of V8's 16 MiB.
 * Every request allocates short-lived objects (frames, values, statements, results) while
 * memtable cells live until a flush; with small semi-spaces scavenges run so often that request
 * garbage is still live at many of them and gets copied. Measured with bench/cql-server-path.ts,
 * the two settings run side by side on the same build (docs/PERFORMANCE.md), CPU per request was
 * lower in every pair: single-row INSERT by 2–7%, SELECT by 0–11%, a BATCH of 20 by 6–24%, an IN
 * of 20 keys by 19–22%.
 * The cost is memory: up to 3 × 64 MiB more under load (the semi-spaces grow only when used).
 */
export const SERVER_NODE_FLAGS: readonly string[] = Object.freeze(['--max-semi-space-size=64']);
