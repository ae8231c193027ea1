/**
 * A value of one application state with the version it was set at. Versions come from the owning
 * node's `VersionGenerator`, shared by its heartbeat and all its states, so "newer" is one integer
 * comparison within a generation (Cassandra's VersionedValue / VersionGenerator, but one generator
 * per node instead of a static one, so many nodes live in one process).
 */
export interface VersionedValue {
  readonly value: string;
  readonly version: number;
}

/** Versions are int32 on the wire. */
export const VERSION_MAX = 0x7fffffff;

export function versioned(value: string, version: number): VersionedValue {
  if (!Number.isInteger(version) || version < 0 || version > VERSION_MAX) throw new RangeError(`gossip version out of range: ${version}`);
  return Object.freeze({ value, version });
}

/** One per node: hands out increasing versions for its heartbeat and application states. */
export class VersionGenerator {
  private last = 0;

  next(): number {
    if (this.last >= VERSION_MAX - 1) throw new RangeError('gossip versions exhausted for this generation');
    return ++this.last;
  }

  get current(): number {
    return this.last;
  }
}
