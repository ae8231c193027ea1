/**
 * One end of an interval of partition positions (see `DecoratedKey.position`). A scan by position
 * uses these instead of tokens, so the storage engine stays ignorant of partitioners.
 */
export interface PositionBound {
  readonly position: Buffer;
  readonly inclusive: boolean;
}

/**
 * Positions from `start` to `end`; `end: null` runs to the end of the ring. An empty inclusive
 * `start` is the beginning of the ring (no position sorts before the empty byte string).
 */
export interface PositionInterval {
  readonly start: PositionBound;
  readonly end: PositionBound | null;
}

/** Whether `position` lies in `interval`. */
export function intervalContains(interval: PositionInterval, position: Buffer): boolean {
  const s = Buffer.compare(position, interval.start.position);
  if (s < 0 || (s === 0 && !interval.start.inclusive)) return false;
  if (interval.end === null) return true;
  const e = Buffer.compare(position, interval.end.position);
  return e < 0 || (e === 0 && interval.end.inclusive);
}
