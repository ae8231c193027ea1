import type { BodyReader } from './body-reader.js';
import type { BodyWriter } from './body-writer.js';
import { ProtocolViolation } from './protocol-violation.js';

/**
 * The body shared by the Schema_change result and the SCHEMA_CHANGE event (v4 spec §4.2.6):
 *
 *   change_type:[string] target:[string] options
 *   KEYSPACE          options = keyspace:[string]
 *   TABLE | TYPE      options = keyspace:[string] name:[string]
 *   FUNCTION | AGGREGATE  options = keyspace:[string] name:[string] arg_types:[string list]
 *
 * v3 has no FUNCTION/AGGREGATE targets: such a change is announced to a v3 client as an update
 * of its keyspace, as Cassandra does.
 */
export type SchemaChangeType = 'CREATED' | 'UPDATED' | 'DROPPED';

export type SchemaChange =
  | { readonly change: SchemaChangeType; readonly target: 'KEYSPACE'; readonly keyspace: string }
  | { readonly change: SchemaChangeType; readonly target: 'TABLE' | 'TYPE'; readonly keyspace: string; readonly name: string }
  | {
      readonly change: SchemaChangeType;
      readonly target: 'FUNCTION' | 'AGGREGATE';
      readonly keyspace: string;
      readonly name: string;
      /** One CQL type per argument. */
      readonly argTypes: readonly string[];
    };

export function writeSchemaChange(w: BodyWriter, c: SchemaChange, version: number): void {
  if ((c.target === 'FUNCTION' || c.target === 'AGGREGATE') && version < 4) {
    w.string('UPDATED').string('KEYSPACE').string(c.keyspace);
    return;
  }
  w.string(c.change).string(c.target).string(c.keyspace);
  if (c.target === 'KEYSPACE') return;
  w.string(c.name);
  if (c.target === 'FUNCTION' || c.target === 'AGGREGATE') w.stringList(c.argTypes);
}

export function readSchemaChange(r: BodyReader): SchemaChange {
  const change = r.string();
  if (change !== 'CREATED' && change !== 'UPDATED' && change !== 'DROPPED') {
    throw new ProtocolViolation(`unknown schema change type ${change}`);
  }
  const target = r.string();
  const keyspace = r.string();
  switch (target) {
    case 'KEYSPACE':
      return { change, target, keyspace };
    case 'TABLE':
    case 'TYPE':
      return { change, target, keyspace, name: r.string() };
    case 'FUNCTION':
    case 'AGGREGATE': {
      const name = r.string();
      return { change, target, keyspace, name, argTypes: r.stringList() };
    }
    default:
      throw new ProtocolViolation(`unknown schema change target ${target}`);
  }
}
