/**
 * INSERT INTO t (cols) VALUES (terms) | JSON 'doc' [DEFAULT NULL | DEFAULT UNSET]
 * [IF NOT EXISTS] [USING TTL t AND TIMESTAMP ts]: writes the row marker (sparse tables), each
 * column given (null: a tombstone; a whole collection: a range tombstone first), never touches
 * what is unset. Every primary key column is required — except that an INSERT of only static
 * columns may leave out the clustering columns. Counter tables refuse INSERT.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { CqlColumn } from '../../schema/index.js';
import type { BoundValue, Preparer } from '../execution/index.js';
import { columnSpec, lookupColumn } from '../modification/bind-operations.js';
import { JsonDocument } from '../modification/insert-json.js';
import type { Operation } from '../modification/operation.js';
import { checkUsing, isCounterTable, modifiableTable, type ModificationBinder, modificationPreparer, routingIndexes } from '../modification/prepare-support.js';
import { SetValue } from '../modification/set-operations.js';
import { type TargetRows, checkClustering, keyValue, partitionKey } from '../modification/target-rows.js';
import { BoundAttributes } from '../modification/write-params.js';
import type { InsertStatement } from '../parser/index.js';
import { type BoundTerm, bindTerm } from '../terms/index.js';

export const bindInsert: ModificationBinder<InsertStatement> = (stmt, ctx, sessionKeyspace, scopeFor) => {
  const table = modifiableTable(ctx, stmt.table, sessionKeyspace);
  const { cf } = table;
  if (isCounterTable(table)) throw new InvalidRequestError('INSERT statements are not allowed on counter tables, use UPDATE instead');
  checkUsing(stmt.using, false, stmt.ifNotExists);
  const scope = scopeFor(table);
  const attributes = BoundAttributes.bind(stmt.using, cf, scope);
  const terms = new Map<CqlColumn, BoundTerm>();
  if (stmt.values.kind === 'values') {
    const { columns, values } = stmt.values;
    if (columns.length !== values.length) throw new InvalidRequestError('Unmatched column names/values');
    columns.forEach((name, i) => {
      const column = lookupColumn(cf, name);
      if (terms.has(column)) throw new InvalidRequestError(`Multiple definitions found for column ${name}`);
      terms.set(column, bindTerm(values[i]!, columnSpec(cf, column), scope));
    });
  } else {
    const doc = new JsonDocument(cf, stmt.values.json, stmt.values.defaultUnset, scope);
    for (const column of cf.cql.columns.values()) terms.set(column, doc.column(column.name));
  }
  const t = cf.cql;
  const missingPk = t.partitionKey.filter((c) => !terms.has(c));
  if (missingPk.length > 0) throw new InvalidRequestError(`Some partition key parts are missing: ${missingPk.map((c) => c.name).join(', ')}`);
  const operations: Operation[] = [];
  for (const [column, term] of terms) if (column.kind === 'regular' || column.kind === 'static') operations.push(new SetValue(column, term));
  const missingClustering = t.clustering.filter((c) => !terms.has(c));
  const staticOnly = missingClustering.length === t.clustering.length && t.clustering.length > 0 && operations.length > 0 && operations.every((o) => o.column.kind === 'static');
  if (missingClustering.length > 0 && !staticOnly) throw new InvalidRequestError(`Missing mandatory PRIMARY KEY part ${missingClustering[0]!.name}`);
  const pkTerms = t.partitionKey.map((c) => terms.get(c)!);
  const clusteringTerms = staticOnly ? [] : t.clustering.map((c) => terms.get(c)!);
  const target = (values: readonly BoundValue[]): TargetRows => {
    // An INSERT names one value per key column: one partition.
    const keys = [partitionKey(t, pkTerms.map((term, i) => keyValue(term.evaluate(values), t.partitionKey[i]!)))];
    if (staticOnly) return { keys, rows: { kind: 'partition' } };
    const clustering = clusteringTerms.map((term, i) => keyValue(term.evaluate(values), t.clustering[i]!));
    checkClustering(clustering);
    return { keys, rows: { kind: 'rows', clusterings: [clustering] } };
  };
  return {
    spec: {
        kind: 'insert',
        table,
        target,
        operations,
        deletesRows: false,
        writesMarker: !staticOnly,
        conditions: [],
        ifExists: false,
        ifNotExists: stmt.ifNotExists,
        attributes,
        isCounter: false,
      },
    pkIndexes: routingIndexes(pkTerms),
  };
};

export const prepareInsert: Preparer<InsertStatement> = modificationPreparer(bindInsert);
