/**
 * The unit of storage. A partition is a sorted set of cells keyed by `name`, a byte string whose
 * plain unsigned byte order is the table's clustering order (see `cell-name.ts`): the engine
 * never interprets names, it only compares them with `Buffer.compare`.
 *
 * Times: `timestamp` is the client's write time in microseconds (bigint, may be any int64);
 * `localDeletionTime` is server-local seconds since the epoch — for an expiring cell the moment it
 * expires, for a tombstone the moment it was written (gc_grace counts from it).
 */
export const CellKind = {
  LIVE: 0,
  EXPIRING: 1,
  TOMBSTONE: 2,
} as const;
export type CellKind = (typeof CellKind)[keyof typeof CellKind];

/** `localDeletionTime` of a cell that never expires. */
export const NO_DELETION_TIME = 0x7fffffff;

export interface Cell {
  readonly name: Buffer;
  readonly kind: CellKind;
  /** Empty for tombstones. */
  readonly value: Buffer;
  readonly timestamp: bigint;
  /** Seconds; 0 unless EXPIRING. */
  readonly ttl: number;
  /** Seconds since epoch: expiry (EXPIRING), deletion (TOMBSTONE), NO_DELETION_TIME (LIVE). */
  readonly localDeletionTime: number;
}

export function liveCell(name: Buffer, value: Buffer, timestamp: bigint): Cell {
  return { name, kind: CellKind.LIVE, value, timestamp, ttl: 0, localDeletionTime: NO_DELETION_TIME };
}

export function expiringCell(name: Buffer, value: Buffer, timestamp: bigint, ttl: number, nowSec: number): Cell {
  return { name, kind: CellKind.EXPIRING, value, timestamp, ttl, localDeletionTime: nowSec + ttl };
}

export function tombstoneCell(name: Buffer, timestamp: bigint, nowSec: number): Cell {
  return { name, kind: CellKind.TOMBSTONE, value: EMPTY, timestamp, ttl: 0, localDeletionTime: nowSec };
}

const EMPTY = Buffer.alloc(0);

/** True if the cell holds a value at `nowSec` (not a tombstone, not expired). */
export function isLive(cell: Cell, nowSec: number): boolean {
  if (cell.kind === CellKind.LIVE) return true;
  if (cell.kind === CellKind.EXPIRING) return nowSec < cell.localDeletionTime;
  return false;
}
