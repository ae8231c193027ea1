/**
 * What the INSERT, UPDATE and DELETE preparers share: resolving the table (refusing virtual
 * ones), the term scope, and the checks Cassandra makes on the statement as a whole (counters vs
 * TTL/TIMESTAMP, conditional updates vs USING TIMESTAMP and IN, counter tables).
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { CqlContext, Preparer, TableRef } from '../execution/index.js';
import { lookupTable } from '../execution/index.js';
import type { QualifiedName, Statement, UsingClause } from '../parser/index.js';
import { type ModificationSpec, ModificationStatement } from './modification-statement.js';
import { BindVariables, type BoundTerm, CalledFunctions, type TermScope } from '../terms/index.js';

export function modifiableTable(ctx: CqlContext, name: QualifiedName, sessionKeyspace: string | undefined): TableRef {
  const table = lookupTable(ctx, name, sessionKeyspace);
  if (table.virtual) throw new InvalidRequestError(`Modification is not supported on virtual table ${table.cf.keyspace}.${table.cf.name}`);
  // Cassandra 4.0 (ModificationStatement.validate): views change only through their base table.
  if (table.cf.view !== null) throw new InvalidRequestError('Cannot directly modify a materialized view');
  return table;
}

/** The scope a statement on `table` binds its terms in (a BATCH shares its markers across statements). */
export type ScopeFor = (table: TableRef) => TermScope;

/** A modification bound to the schema, before it becomes a statement (alone, or in a BATCH). */
export interface BoundModification {
  readonly spec: ModificationSpec;
  readonly pkIndexes: readonly number[];
}

export type ModificationBinder<S> = (stmt: S, ctx: CqlContext, sessionKeyspace: string | undefined, scopeFor: ScopeFor) => BoundModification;

/** The preparer of a statement on its own: its own bind variables. */
export function modificationPreparer<S extends Statement>(bind: ModificationBinder<S>): Preparer<S> {
  return (stmt, parsed, ctx, sessionKeyspace) => {
    const markers = new BindVariables(parsed.bindMarkerCount, parsed.bindMarkerNames);
    const called = new CalledFunctions();
    const { spec, pkIndexes } = bind(stmt, ctx, sessionKeyspace, (table) => ({ ctx, keyspace: table.cf.keyspace, markers, called }));
    return new ModificationStatement(ctx, spec, markers.all(), pkIndexes, called.all());
  };
}

export function isCounterTable(table: TableRef): boolean {
  return [...table.cf.cql.regular, ...table.cf.cql.statics].some((c) => c.type.name === 'CounterColumnType');
}

/** Checks on USING for counters and conditional statements. */
export function checkUsing(using: UsingClause, counter: boolean, conditional: boolean): void {
  if (counter && using.timestamp !== null) throw new InvalidRequestError('Cannot provide custom timestamp for counter updates');
  if (counter && using.ttl !== null) throw new InvalidRequestError('Cannot provide custom TTL for counter updates');
  if (conditional && using.timestamp !== null) throw new InvalidRequestError('Cannot provide custom timestamp for conditional updates');
}

/** Marker indexes of the partition key columns when each is a plain marker (driver routing). */
export function routingIndexes(terms: readonly (BoundTerm | undefined)[]): number[] {
  const out: number[] = [];
  for (const t of terms) {
    if (t?.markerIndex === undefined) return [];
    out.push(t.markerIndex);
  }
  return out;
}
