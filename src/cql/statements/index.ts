/** The data statements (one file each) and their preparers by kind. */
import type { PreparerTable } from '../execution/index.js';
import { prepareInsert } from './insert.js';
import { prepareUse } from './use.js';

export const DATA_PREPARERS: PreparerTable = {
  use: prepareUse,
  insert: prepareInsert,
};
