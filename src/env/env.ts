import type { Network } from './network.js';

/**
 * The one door to the outside world. Everything that reads a clock, sets a timer, draws a random
 * number or touches a file goes through an `Env`, so a whole cluster can run deterministically on
 * the simulated twin (`sim-env.ts`) and a crash can be simulated by dropping unsynced file data.
 *
 * The network (`network.ts`) is the same seam for sockets: real TCP, or in-memory socket pairs.
 * `processes` answers which process ids are alive, for the data directory's LOCK (`data-dir-lock.ts`).
 *
 * File operations are synchronous except `fsync`, which is asynchronous so that writers keep
 * queueing while a sync is in flight (that is what makes group commit possible), and `read`, the
 * positional read that SSTable reads use so a disk read does not hold the event loop, and
 * `fsyncDir` (an SSTable's renames made durable at the end of a flush or compaction).
 */
export interface Clock {
  /** Wall clock, milliseconds since the epoch. */
  nowMs(): number;
  /** Wall clock, microseconds since the epoch (Cassandra's write timestamps). */
  nowMicros(): bigint;
  /** Monotonic clock in nanoseconds, for measuring durations only. */
  monotonicNs(): bigint;
}

export interface TimerHandle {
  cancel(): void;
}

export interface Timers {
  setTimeout(fn: () => void, delayMs: number): TimerHandle;
  setInterval(fn: () => void, periodMs: number): TimerHandle;
  /** Runs `fn` after the current I/O callbacks (a yield point for long loops). */
  setImmediate(fn: () => void): TimerHandle;
}

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** `n` random bytes. */
  bytes(n: number): Buffer;
}

export interface FileStat {
  readonly size: number;
  readonly isDirectory: boolean;
  readonly isFile: boolean;
}

/** `r` read, `r+` read/write existing, `w` create/truncate, `wx` create exclusive, `a` append. */
export type OpenFlags = 'r' | 'r+' | 'w' | 'wx' | 'a';

export interface FileSystem {
  openSync(path: string, flags: OpenFlags): number;
  closeSync(fd: number): void;
  /** Reads up to `length` bytes at `position`; returns the count read (0 at end of file). */
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number;
  /** `readSync` off the event loop: resolves with the count read (0 at end of file). */
  read(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): Promise<number>;
  /** Writes at `position`, or at the end for append-mode files when `position` is null. */
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): number;
  fsync(fd: number): Promise<void>;
  fsyncSync(fd: number): void;
  /** Makes a directory's entries (creations, renames, unlinks) durable. */
  fsyncDirSync(path: string): void;
  /** `fsyncDirSync` off the event loop. */
  fsyncDir(path: string): Promise<void>;
  ftruncateSync(fd: number, length: number): void;
  fstatSync(fd: number): FileStat;
  statSync(path: string): FileStat;
  existsSync(path: string): boolean;
  readdirSync(path: string): string[];
  mkdirSync(path: string): void; // recursive, no error if it exists
  renameSync(from: string, to: string): void;
  unlinkSync(path: string): void;
  linkSync(existing: string, newPath: string): void;
  rmSync(path: string): void; // recursive, no error if missing
  readFileSync(path: string): Buffer;
  writeFileSync(path: string, data: Uint8Array): void;
}

/**
 * This process and the others on the machine, as far as a data directory's LOCK needs to know:
 * who we are, and whether the process a LOCK names still runs.
 */
export interface Processes {
  readonly selfPid: number;
  /** True while a process of that id exists (ours or anyone's: a reused id counts as alive). */
  isAlive(pid: number): boolean;
}

export interface Env {
  readonly clock: Clock;
  readonly timers: Timers;
  readonly random: Random;
  readonly fs: FileSystem;
  readonly net: Network;
  readonly processes: Processes;
}
