/**
 * Small helpers every layer may use, with no knowledge of Cassandra:
 * - `byte-writer.ts` / `byte-reader.ts`: binary encoding, bounds-checked;
 * - `crc.ts`: `crc32c`;
 * - `compare-bytes.ts`: `compareBytes`, the engine's comparator;
 * - `btree.ts`: the B+tree import the memtable is built on;
 * - `invariant.ts`: `invariant(cond, message)`, the always-on assertion (a broken relation throws
 *   InvariantViolation, "invariant violated: …", where it broke);
 * - `background-supervisor.ts`: `BackgroundSupervisor`, where work nobody awaits reports its
 *   failures (logged through the node's sink, counted per task and error class);
 * - `estimated-size.ts`: `estimatedHeapBytes`, a walked estimate of a data graph's heap size;
 * - `push-all.ts`: `pushAll`, appending arrays of any size (never `push(...big)`).
 * - `steps.ts`: `runSteps` / `runStepsPaced`, one generator of long work run in one go or yielding at its breaks.
 */
export {};
