import type { Env } from './env.js';
import { MemoryFileSystem } from './memory-file-system.js';
import { SeededRandom } from './seeded-random.js';
import { SIM_EPOCH_MS, SimClock } from './sim-clock.js';
import { SimNetwork } from './sim-network.js';
import { SimProcesses } from './sim-processes.js';
import { SimTimers } from './sim-timers.js';

/** The simulated `Env` with its concrete parts exposed, so a test can drive time and inject faults. */
export interface SimEnv extends Env {
  readonly clock: SimClock;
  readonly timers: SimTimers;
  readonly random: SeededRandom;
  readonly fs: MemoryFileSystem;
  readonly net: SimNetwork;
  readonly processes: SimProcesses;
}

export interface SimEnvOptions {
  /** Simulated wall-clock start, ms since the epoch. */
  readonly startMs?: number;
  /** Simulated fsync duration; 0 (default) completes fsyncs at the next microtask. */
  readonly fsyncLatencyMs?: number;
  /** Deliver network bytes in random chunks of up to this many bytes (default: 64 KiB chunks). */
  readonly netMaxSegmentBytes?: number;
}

/**
 * A deterministic `Env`: manual clock, queued timers, seeded randomness, an in-memory,
 * crash-simulating file system, an in-process network and a simulated process table. The same
 * seed replays the same run. The file system draws from its own fork of the seed, so adding a
 * random draw elsewhere does not change crash outcomes.
 */
export function createSimEnv(seed: number, options: SimEnvOptions = {}): SimEnv {
  const random = new SeededRandom(seed);
  const clock = new SimClock(options.startMs ?? SIM_EPOCH_MS);
  const timers = new SimTimers(clock);
  const fs = new MemoryFileSystem({ random: random.fork(), timers, fsyncLatencyMs: options.fsyncLatencyMs ?? 0 });
  const net = new SimNetwork({
    maxSegmentBytes: options.netMaxSegmentBytes,
    random: options.netMaxSegmentBytes === undefined ? undefined : random.fork(),
  });
  return { clock, timers, random, fs, net, processes: new SimProcesses() };
}
