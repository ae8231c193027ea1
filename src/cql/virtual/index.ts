/**
 * Virtual tables: system.local/peers/peers_v2, system_schema.*, system_virtual_schema.*, and their
 * read-only store.
 *
 * The virtual tables (`createVirtualTables`, the default of `createCqlContext`):
 * `system.local/peers/peers_v2` (node info, live schema version), `system_schema.*` (4.0 column
 * sets, rows from the live schema incl. Thrift-made column families' CQL view and flags,
 * `schema-rows.ts`), `system_virtual_schema.*`; each a CQL table definition whose rows are computed
 * at read, laid into cells by TableLayout (`row-cells.ts`) in a throwaway memtable and answered by
 * the engine's read path (`virtual-data-store.ts`); writes and TRUNCATE refused
 */
export { createVirtualTables } from './create-virtual-tables.js';
export { VirtualDataStore } from './virtual-data-store.js';
export { type VirtualRow, type VirtualTable, type VirtualTableSpec, virtualTableDef } from './virtual-table.js';
export { tableFlags } from './schema-rows.js';
