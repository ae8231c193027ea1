/** The data statements (one file each) and their preparers by kind. */
import type { PreparerTable } from '../execution/index.js';
import { prepareSelect } from './select.js';
import { prepareUse } from './use.js';

export const DATA_PREPARERS: PreparerTable = {
  use: prepareUse,
  select: prepareSelect,
};
