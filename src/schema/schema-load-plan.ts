/**
 * Loading a schema file into a live schema: the file's keyspaces that do not exist are added
 * whole; in keyspaces that do, the column families that do not exist are added; what exists is
 * left as it is (reported, with whether the file defines it differently). Every addition is
 * first applied to a snapshot of the live schema, so a file that cannot be loaded as a whole is
 * refused before anything changes.
 */
import { ConfigurationError } from '../errors/index.js';
import type { ColumnFamilyDef } from './column-family-def.js';
import type { KeyspaceDef } from './keyspace-def.js';
import type { Schema } from './schema.js';

/** A keyspace or column family of the file that exists already (and is left unchanged). */
export interface ExistingDefinition {
  readonly keyspace: string;
  /** Undefined for the keyspace itself. */
  readonly columnFamily?: string;
  /** True when the file's definition orders or validates differently from the stored one. */
  readonly differs: boolean;
}

export interface SchemaLoadPlan {
  /** Keyspaces to add, with their column families. */
  readonly keyspaces: KeyspaceDef[];
  /** Column families to add to keyspaces that exist. */
  readonly columnFamilies: ColumnFamilyDef[];
  readonly existing: ExistingDefinition[];
}

export function planSchemaLoad(current: Schema, loaded: readonly KeyspaceDef[]): SchemaLoadPlan {
  const names = new Set<string>();
  for (const ks of loaded) {
    if (names.has(ks.name)) throw new ConfigurationError(`keyspace ${ks.name} is defined twice in the schema`);
    names.add(ks.name);
  }
  const plan: SchemaLoadPlan = { keyspaces: [], columnFamilies: [], existing: [] };
  let s = current;
  for (const ks of loaded) {
    const stored = current.keyspace(ks.name);
    if (stored === undefined) {
      s = s.addKeyspace(ks);
      plan.keyspaces.push(ks);
      continue;
    }
    plan.existing.push({ keyspace: ks.name, differs: !sameReplication(stored, ks) });
    for (const cf of ks.tables) {
      const old = stored.tables.find((t) => t.name === cf.name);
      if (old === undefined) {
        s = s.addColumnFamily(cf);
        plan.columnFamilies.push(cf);
      } else {
        plan.existing.push({ keyspace: ks.name, columnFamily: cf.name, differs: !sameShape(old, cf) });
      }
    }
  }
  return plan;
}

function sameReplication(a: KeyspaceDef, b: KeyspaceDef): boolean {
  const options = (k: KeyspaceDef) => JSON.stringify(Object.entries(k.replication.options).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  return a.replication.class === b.replication.class && options(a) === options(b);
}

/** Whether two definitions agree on what decides order and validation. */
function sameShape(a: ColumnFamilyDef, b: ColumnFamilyDef): boolean {
  return (
    a.columnType === b.columnType &&
    a.comparator.fullName === b.comparator.fullName &&
    (a.subcomparator?.fullName ?? null) === (b.subcomparator?.fullName ?? null) &&
    a.defaultValidator.fullName === b.defaultValidator.fullName &&
    a.keyValidator.fullName === b.keyValidator.fullName
  );
}
