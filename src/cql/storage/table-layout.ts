/** How a CQL table's rows lie in cells: it lives in db/cql-layout (index maintenance below the CQL layer needs it too). */
export * from '../../db/cql-layout/table-layout.js';
