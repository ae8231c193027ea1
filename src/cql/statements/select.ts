/**
 * SELECT: binds the statement to its table (a user table or a virtual one, read through the
 * table's DataStore), checks what Cassandra checks (DISTINCT, ORDER BY, static-only selections,
 * LIMIT), and runs it (select/select-executor.ts). Result columns are known at prepare time.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type CqlStatement, type Preparer, checkReadConsistency, lookupTable } from '../execution/index.js';
import type { SelectStatement } from '../parser/index.js';
import { prepareWhere } from '../restrictions/where-clause.js';
import { prepareGroupBy } from '../select/group-by.js';
import { prepareLimit } from '../select/limits.js';
import { prepareOrdering } from '../select/ordering.js';
import { type SelectPlan, executeSelect } from '../select/select-executor.js';
import { prepareSelection } from '../select/selection.js';
import { BindVariables, CalledFunctions, type TermScope } from '../terms/index.js';

export const prepareSelect: Preparer<SelectStatement> = (stmt, parsed, ctx, sessionKeyspace) => {
  const table = lookupTable(ctx, stmt.table, sessionKeyspace);
  const { cf } = table;
  const markers = new BindVariables(parsed.bindMarkerCount, parsed.bindMarkerNames);
  const terms: TermScope = { ctx, keyspace: cf.keyspace, markers, called: new CalledFunctions() };
  const selection = prepareSelection(stmt, { ctx, table: cf.cql, keyspace: cf.keyspace, tableName: cf.name, terms });
  const where = prepareWhere(stmt.where, table, terms, 'select', { allowFiltering: stmt.allowFiltering });
  const regularRestricted = where.filterColumns.some((c) => c.kind === 'regular');
  if (stmt.distinct) checkDistinct(stmt, selection.nonStaticColumns, cf.cql.partitionKey.map((c) => c.name), selection.readColumns, where.clusteringRestricted || regularRestricted);
  if (selection.onlyStatic && where.clusteringRestricted) throw new InvalidRequestError('Cannot restrict clustering columns when selecting only static columns');
  if (where.usesIndex && stmt.orderBy.length > 0) throw new InvalidRequestError('ORDER BY with 2ndary indexes is not supported.');
  const plan: SelectPlan = {
    table,
    where,
    selection,
    ordering: prepareOrdering(stmt.orderBy, cf.cql, where),
    distinct: stmt.distinct,
    limit: prepareLimit(stmt.limit, 'LIMIT', cf.keyspace, cf.name, terms),
    perPartitionLimit: prepareLimit(stmt.perPartitionLimit, 'PER PARTITION LIMIT', cf.keyspace, cf.name, terms),
    staticOnlyRows: !where.clusteringRestricted && !regularRestricted,
    groupBy: prepareGroupBy(stmt.groupBy, cf.cql, where),
  };
  const statement: CqlStatement = {
    kind: 'select',
    bindVariables: markers.all(),
    pkIndexes: where.pkMarkerIndexes,
    resultColumns: selection.columns,
    calledFunctions: terms.called.all(),
    execute: (state, options) => {
      // Not async: the executor's promise is the request's (a refused level rejects it).
      try {
        checkReadConsistency(options);
      } catch (e) {
        return Promise.reject(e as Error);
      }
      return executeSelect(plan, ctx, options, (m) => state.warn(m));
    },
  };
  return statement;
};

function checkDistinct(stmt: SelectStatement, nonStatic: readonly { name: string }[], pk: readonly string[], read: ReadonlySet<{ name: string }>, restricted: boolean): void {
  if (stmt.perPartitionLimit !== null) throw new InvalidRequestError('PER PARTITION LIMIT is not allowed with SELECT DISTINCT queries');
  if (nonStatic.length > 0) throw new InvalidRequestError(`SELECT DISTINCT queries must only request partition key columns and/or static columns (not ${nonStatic[0]!.name})`);
  const names = new Set([...read].map((c) => c.name));
  const missing = pk.filter((n) => !names.has(n));
  if (missing.length > 0) throw new InvalidRequestError(`SELECT DISTINCT queries must request all the partition key columns (missing ${missing.join(', ')})`);
  if (restricted) throw new InvalidRequestError('SELECT DISTINCT with WHERE clause only supports restriction by partition key and/or static columns.');
}
