/**
 * DELETE [selections] FROM t [USING TIMESTAMP ts] WHERE keys [IF EXISTS | IF conditions]:
 * without selections, the partition (no clustering restriction), the rows (all clustering
 * columns), or the rows under a clustering prefix or in a slice — as a partition deletion or range
 * tombstones; with selections, columns, elements (`m[k]`, `s[e]`, `l[i]`) or UDT fields of whole
 * rows, or static columns of the partition.
 */
import type { Preparer } from '../execution/index.js';
import { bindDeletion } from '../modification/bind-operations.js';
import { bindCondition } from '../modification/conditions.js';
import { checkUsing, modifiableTable, type ModificationBinder, modificationPreparer } from '../modification/prepare-support.js';
import { whereRoutingIndexes, whereTarget } from '../modification/where-target.js';
import { BoundAttributes } from '../modification/write-params.js';
import type { DeleteStatement } from '../parser/index.js';
import { prepareWhere } from '../restrictions/where-clause.js';

export const bindDelete: ModificationBinder<DeleteStatement> = (stmt, ctx, sessionKeyspace, scopeFor) => {
  const table = modifiableTable(ctx, stmt.table, sessionKeyspace);
  const { cf } = table;
  const conditional = stmt.ifExists || stmt.conditions.length > 0;
  checkUsing(stmt.using, false, conditional);
  const scope = scopeFor(table);
  const attributes = BoundAttributes.bind(stmt.using, cf, scope);
  const operations = stmt.selections.map((s) => bindDeletion(s, cf, scope));
  const where = prepareWhere(stmt.where, table, scope, 'modification', { statement: 'DELETE' });
  const conditions = stmt.conditions.map((c) => bindCondition(c, cf, scope));
  const deletesRows = operations.length === 0;
  const target = whereTarget(where, table, {
    statement: 'DELETE',
    operations,
    deletesRows,
    conditional,
    rowConditions: conditions.some((c) => c.column.kind !== 'static'),
  });
  return {
    spec: { kind: 'delete', table, target, operations, deletesRows, writesMarker: false, conditions, ifExists: stmt.ifExists, ifNotExists: false, attributes, isCounter: false },
    pkIndexes: whereRoutingIndexes(stmt.where, table),
  };
};

export const prepareDelete: Preparer<DeleteStatement> = modificationPreparer(bindDelete);
