/**
 * UPDATE t [USING TTL t AND TIMESTAMP ts] SET assignments WHERE keys [IF EXISTS | IF conditions]:
 * every assignment form (bind-operations.ts) on whole rows — all primary key columns by = / IN —
 * or, when only static columns are set, on the partition's static row. Unlike INSERT it writes no
 * row marker: a row whose every column is then deleted is gone. Counter tables accept only
 * counter increments, and counters nothing else.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { Preparer } from '../execution/index.js';
import { bindAssignment } from '../modification/bind-operations.js';
import { bindCondition } from '../modification/conditions.js';
import type { Operation } from '../modification/operation.js';
import { checkUsing, isCounterTable, modifiableTable, type ModificationBinder, modificationPreparer } from '../modification/prepare-support.js';
import { SetValue } from '../modification/set-operations.js';
import { whereRoutingIndexes, whereTarget } from '../modification/where-target.js';
import { BoundAttributes } from '../modification/write-params.js';
import type { UpdateStatement } from '../parser/index.js';
import { prepareWhere } from '../restrictions/where-clause.js';

export const bindUpdate: ModificationBinder<UpdateStatement> = (stmt, ctx, sessionKeyspace, scopeFor) => {
  const table = modifiableTable(ctx, stmt.table, sessionKeyspace);
  const { cf } = table;
  const counter = isCounterTable(table);
  const conditional = stmt.ifExists || stmt.conditions.length > 0;
  if (counter && conditional) throw new InvalidRequestError('Conditional updates are not supported on counter tables');
  checkUsing(stmt.using, counter, conditional);
  const scope = scopeFor(table);
  const attributes = BoundAttributes.bind(stmt.using, cf, scope);
  const operations: Operation[] = stmt.assignments.map((a) => bindAssignment(a, cf, scope));
  checkDistinctColumns(operations);
  const where = prepareWhere(stmt.where, table, scope, 'modification', { statement: 'UPDATE' });
  const conditions = stmt.conditions.map((c) => bindCondition(c, cf, scope));
  const target = whereTarget(where, table, {
    statement: 'UPDATE',
    operations,
    deletesRows: false,
    conditional,
    rowConditions: conditions.some((c) => c.column.kind !== 'static'),
  });
  return {
    spec: { kind: 'update', table, target, operations, deletesRows: false, writesMarker: false, conditions, ifExists: stmt.ifExists, ifNotExists: false, attributes, isCounter: counter },
    pkIndexes: whereRoutingIndexes(stmt.where, table),
  };
};

/** A column set whole may not also be changed otherwise in the same statement (Cassandra's rule). */
function checkDistinctColumns(operations: readonly Operation[]): void {
  const whole = new Set<string>();
  for (const op of operations) if (op instanceof SetValue) {
    if (whole.has(op.column.name)) throw new InvalidRequestError(`Multiple incompatible setting of column ${op.column.name}`);
    whole.add(op.column.name);
  }
  for (const op of operations) if (!(op instanceof SetValue) && whole.has(op.column.name)) throw new InvalidRequestError(`Multiple incompatible setting of column ${op.column.name}`);
}

export const prepareUpdate: Preparer<UpdateStatement> = modificationPreparer(bindUpdate);
