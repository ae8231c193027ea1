/**
 * Hinted handoff on the coordinator's side (imports util/errors/env and net's logger type only):
 * - `hint-record.ts` (the file grammar: length + CRC of the length + CRC of the body, so damage is
 *   told from a torn tail; payloads are opaque serialized mutations with created/expiry times),
 * - `hints-file-reader.ts` (record by record from any boundary: hint / end / torn / damaged),
 * - `hints-store.ts` (a folder per target host id, append-only `<seq>.hints` files written through
 *   at once, fsynced by `flush()` every hints_flush_period_in_ms, rotated at
 *   max_hints_file_size_in_mb, sealed for delivery, deleted when delivered, a damaged one moved to
 *   `_quarantine/`),
 * - `hints-dispatcher.ts` (oldest first, one acknowledged delivery at a time, throttled in bytes
 *   per second, expired hints skipped, resumes where a failed run stopped; a damaged file
 *   quarantined and reported, the next file delivered),
 * - `hints-service.ts` (`HintsService`: `hint()` refuses past max_hint_window_in_ms or when
 *   disabled, delivery on `onAlive` and by a periodic sweep, stats; failures reported to the
 *   node's background supervisor: hints-flush, hints-dispatch, hints-delivery, hints-file)
 */
export * from './hint-record.js';
export * from './hints-file-reader.js';
export * from './hints-store.js';
export * from './hints-dispatcher.js';
export * from './hints-service.js';
