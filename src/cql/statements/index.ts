/**
 * The data statements (one file each) and their preparers by kind.
 *
 * One file per data statement with its preparer: `use`, `select`, `insert`, `update`, `delete`,
 * `batch` (also `executeBatch` for the protocol's BATCH message; its size guard, batch_size_warn/
 * fail_threshold_in_kb, in `batch-size.ts`), `truncate`
 */
import type { PreparerTable } from '../execution/index.js';
import { prepareBatch } from './batch.js';
import { prepareDelete } from './delete.js';
import { prepareInsert } from './insert.js';
import { prepareSelect } from './select.js';
import { prepareTruncate } from './truncate.js';
import { prepareUpdate } from './update.js';
import { prepareUse } from './use.js';

export { executeBatch, prepareBatchSteps, type BatchItem } from './batch.js';

export const DATA_PREPARERS: PreparerTable = {
  use: prepareUse,
  select: prepareSelect,
  insert: prepareInsert,
  update: prepareUpdate,
  delete: prepareDelete,
  batch: prepareBatch,
  truncate: prepareTruncate,
};
