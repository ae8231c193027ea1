/**
 * The size of one internal read step, shared by the CQL SELECT executor and the 0.7 Thrift
 * operations (issue 16): a request reads at most ROWS_PER_READ_MAX CQL rows — or Thrift columns,
 * or super columns — per read, each read resuming after the last one read, and a scan fetches as
 * many partitions a step as fit that many at the size per partition seen so far. One read runs
 * without yielding the event loop; 1000 rows of a memtable take ~10 ms on our 2-core machine, so
 * a request between two yields (RequestBudget.pace) holds the loop about that long.
 */

/**
 * Rows (columns, super columns) per internal read. Cassandra pages aggregates internally by the
 * client's page size, or 10000 rows without one (SelectStatement's DEFAULT_COUNT_PAGE_SIZE); a
 * read of 10000 rows takes ~100 ms here, so no read is larger than this (ScyllaDB caps the
 * client's size at its internal one likewise).
 */
export const ROWS_PER_READ_MAX = 1000;

/** Partitions fetched per scan step at most. */
export const SCAN_PARTITIONS_PER_STEP_MAX = 128;

/** Partitions a scan's steps found so far and the rows (columns) they read: the next step's size follows it. */
export interface ScanShape {
  partitions: number;
  rows: number;
}

/**
 * Partitions to scan in one step, at most `partitionsMax`: as many as fit ROWS_PER_READ_MAX rows
 * at the rows per partition seen so far (one partition first), so a scan over wide partitions
 * stays a short step and one over narrow ones takes many partitions a step.
 */
export function partitionsPerStep(scanned: ScanShape, partitionsMax: number): number {
  if (scanned.partitions === 0) return 1;
  const rowsPerPartition = Math.max(1, scanned.rows / scanned.partitions);
  return Math.max(1, Math.min(SCAN_PARTITIONS_PER_STEP_MAX, partitionsMax, Math.floor(ROWS_PER_READ_MAX / rowsPerPartition)));
}
