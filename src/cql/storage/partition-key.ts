/** A CQL partition key ↔ row key bytes: it lives in db/cql-layout (index maintenance below the CQL layer needs it too). */
export * from '../../db/cql-layout/partition-key.js';
