/**
 * One thing a statement does to one column of a row: an assignment of UPDATE or INSERT, or a
 * deletion of DELETE. Operations are bound at prepare time (their terms typed by the column) and
 * executed per row with the write's parameters, adding cells and tombstones to the partition's
 * builder. Those that need the current value (list elements by index or value, counters) say so
 * and get the row read under the partition lock.
 */
import type { CqlColumn } from '../../schema/index.js';
import type { BoundValue, CqlContext } from '../execution/index.js';
import type { ExistingRows } from './existing-rows.js';
import type { PartitionBuilder } from './partition-builder.js';
import type { WriteParams } from './write-params.js';

export interface OperationEnv {
  readonly ctx: CqlContext;
  readonly builder: PartitionBuilder;
  /** The row's clustering values (ignored for static columns). */
  readonly clustering: readonly Buffer[];
  readonly params: WriteParams;
  readonly values: readonly BoundValue[];
  /** The current rows, when some operation of the statement requires a read. */
  readonly existing: ExistingRows | null;
}

export interface Operation {
  readonly column: CqlColumn;
  /** Reads the current row before writing (under the partition lock). */
  readonly requiresRead: boolean;
  execute(env: OperationEnv): void;
}
