/**
 * A node's heartbeat: `generation` is the second (since the epoch) the node's gossip started, so a
 * restart is a higher generation; `version` rises with every gossip round within a generation.
 * Peers treat a higher generation as a new incarnation (all state replaced) and a higher version
 * as news. Both are int32 on the wire.
 */
import { VERSION_MAX } from './versioned-value.js';

export interface HeartbeatState {
  readonly generation: number;
  readonly version: number;
}

export function heartbeat(generation: number, version: number): HeartbeatState {
  if (!Number.isInteger(generation) || generation < 0 || generation > VERSION_MAX) throw new RangeError(`gossip generation out of range: ${generation}`);
  if (!Number.isInteger(version) || version < 0 || version > VERSION_MAX) throw new RangeError(`heartbeat version out of range: ${version}`);
  return Object.freeze({ generation, version });
}

/** The generation for a gossiper started at `nowMs`, never below a previous one (restarts within a second). */
export function generationAt(nowMs: number, previous?: number): number {
  const seconds = Math.floor(nowMs / 1000);
  return previous !== undefined && previous >= seconds ? previous + 1 : seconds;
}
