/** The schema statements (one file each) and their preparers by kind. */
import type { PreparerTable } from '../execution/index.js';

export const SCHEMA_PREPARERS: PreparerTable = {};
