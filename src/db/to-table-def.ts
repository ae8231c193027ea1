/**
 * A column family definition → what the storage engine needs of it. Lives in db, not schema,
 * because the engine's TableDef belongs to the storage layer, above schema.
 */
import type { ColumnFamilyDef } from '../schema/index.js';
import type { KeyDecorator, TableDef } from '../storage/table-def.js';

export function toTableDef(cf: ColumnFamilyDef, partitioner: KeyDecorator): TableDef {
  return { id: cf.id, keyspace: cf.keyspace, name: cf.name, partitioner, gcGraceSeconds: cf.gcGraceSeconds };
}
