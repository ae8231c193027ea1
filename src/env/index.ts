/**
 * The one door to the outside: `Env` = clock, timers, random, file system, network. `real-env.ts`
 * for production (node:net in `real-network.ts`, TLS — required or optional on one port, key material
 * swapped for new connections — through node:tls in `real-tls.ts`);
 * - `sim-env.ts` (seeded random, simulated clock and timers, `MemoryFileSystem` with power-loss
 *   `crash()`, of one directory tree `crashPath(dir)` and fault injection, `SimNetwork`: in-process
 *   socket pairs with seeded chunking and backpressure) for deterministic tests; `mkdirDurable`;
 *   `replaceFileDurable` (write a temporary file, fsync, rename, sync the directory: small state
 *   files such as the node identity, gossip generation, keyspace versions, truncation records and
 *   compaction journals); `Env.processes` (this process id and whether another is alive: signal 0
 *   for real, `SimProcesses` in the simulation);
 * - `data-dir-lock.ts` (`lockDataDir`: the data directory's one owner, DESIGN §8 — `<dataDir>/LOCK`
 *   holds the owner's pid, created whole by a hard link; a live pid, this process's own included,
 *   holds it (`DataDirectoryInUseError`), a dead one's or an empty LOCK is taken over; taken by
 *   `ilium start` and the API's `open()`)
 */
export * from './env.js';
export * from './real-env.js';
export * from './fs-error.js';
export * from './seeded-random.js';
export * from './sim-clock.js';
export * from './sim-timers.js';
export * from './memory-file-system.js';
export * from './sim-env.js';
export * from './sim-processes.js';
export * from './durable-dir.js';
export * from './durable-file.js';
export * from './network.js';
export * from './real-network.js';
export * from './sim-network.js';
export * from './timestamp-source.js';
export * from './data-dir-lock.js';
