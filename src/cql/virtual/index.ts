/** Virtual tables: system.local/peers/peers_v2, system_schema.*, system_virtual_schema.*, and their read-only store. */
export { createVirtualTables } from './create-virtual-tables.js';
export { VirtualDataStore } from './virtual-data-store.js';
export { type VirtualRow, type VirtualTable, type VirtualTableSpec, tableId, virtualTableDef } from './virtual-table.js';
export { tableFlags } from './schema-rows.js';
