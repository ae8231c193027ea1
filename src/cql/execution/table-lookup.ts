/**
 * Resolving `[keyspace.]table` for a statement: the session's keyspace fills in a missing one;
 * virtual tables answer before user tables; the errors are the ones Cassandra gives.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { QualifiedName } from '../parser/index.js';
import { TableLayout } from '../../db/cql-layout/table-layout.js';
import type { CqlContext } from './cql-context.js';
import type { DataStore } from './data-store.js';

export interface TableRef {
  readonly cf: ColumnFamilyDef;
  readonly layout: TableLayout;
  /** Where its data lives: the node's DataStore, or the virtual tables' store. */
  readonly store: DataStore;
  readonly virtual: boolean;
}

export function keyspaceOf(name: { readonly keyspace: string | null }, sessionKeyspace: string | undefined): string {
  const ks = name.keyspace ?? sessionKeyspace;
  if (ks === undefined) throw new InvalidRequestError('No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename');
  return ks;
}

export function lookupTable(ctx: CqlContext, name: QualifiedName, sessionKeyspace: string | undefined): TableRef {
  const ks = keyspaceOf(name, sessionKeyspace);
  const virtual = ctx.virtualTables.table(ks, name.name);
  if (virtual !== undefined) return { cf: virtual, layout: ctx.layouts.of(virtual), store: ctx.virtualTables.store, virtual: true };
  if (ctx.virtualTables.isVirtualKeyspace(ks)) throw new InvalidRequestError(`table ${name.name} does not exist`);
  const keyspace = ctx.schema().keyspace(ks);
  if (keyspace === undefined) throw new InvalidRequestError(`Keyspace ${ks} does not exist`);
  const cf = keyspace.tables.find((t) => t.name === name.name);
  if (cf === undefined) throw new InvalidRequestError(`unconfigured table ${name.name}`);
  return { cf, layout: ctx.layouts.of(cf), store: ctx.data, virtual: false };
}

/** Layouts cached per definition object (a schema change makes a new one); one per context. */
export class LayoutCache {
  private readonly layouts = new WeakMap<ColumnFamilyDef, TableLayout>();

  of(cf: ColumnFamilyDef): TableLayout {
    let l = this.layouts.get(cf);
    if (l === undefined) this.layouts.set(cf, (l = new TableLayout(cf)));
    return l;
  }
}
