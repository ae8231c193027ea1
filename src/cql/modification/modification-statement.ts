/**
 * INSERT, UPDATE and DELETE once prepared: the table, which rows a run targets (evaluated from the
 * bind values), the operations on each row, row deletion and the row marker, the IF conditions
 * and the USING attributes. BATCH runs several of these together (execute-modifications.ts); a
 * statement on its own is a batch of one.
 */
import type { BoundValue, ClientState, ColumnSpec, CqlContext, CqlResult, CqlStatement, QueryOptions, TableRef } from '../execution/index.js';
import type { CqlFunction } from '../functions/function-model.js';
import type { BoundCondition } from './conditions.js';
import { executeModifications } from './execute-modifications.js';
import type { Operation } from './operation.js';
import type { TargetRows } from './target-rows.js';
import type { BoundAttributes } from './write-params.js';

export interface ModificationSpec {
  readonly kind: 'insert' | 'update' | 'delete';
  readonly table: TableRef;
  /** The partitions and rows a run with these values targets. */
  readonly target: (values: readonly BoundValue[]) => TargetRows;
  readonly operations: readonly Operation[];
  /** DELETE without column selections: the rows (or partition) themselves are deleted. */
  readonly deletesRows: boolean;
  /** INSERT into a table with row markers: the row exists even with every column null. */
  readonly writesMarker: boolean;
  readonly conditions: readonly BoundCondition[];
  readonly ifExists: boolean;
  readonly ifNotExists: boolean;
  readonly attributes: BoundAttributes;
  /** Updates counters (counter tables only, never mixed with other writes). */
  readonly isCounter: boolean;
}

export class ModificationStatement implements CqlStatement {
  readonly kind: 'insert' | 'update' | 'delete';
  readonly resultColumns = null;
  /** IF NOT EXISTS, IF EXISTS or IF conditions. */
  readonly isConditional: boolean;
  /** Whether some operation reads the row before writing (lists by index or value, counters). */
  readonly requiresRead: boolean;
  /** The table's name when it has counter columns (its writes are checked as counter writes). */
  readonly counterTable: string | undefined;

  constructor(
    private readonly ctx: CqlContext,
    readonly spec: ModificationSpec,
    readonly bindVariables: readonly ColumnSpec[],
    readonly pkIndexes: readonly number[],
    readonly calledFunctions: readonly CqlFunction[] = [],
  ) {
    // Known once prepared: a run reads them for every statement of every request.
    this.kind = spec.kind;
    this.isConditional = spec.ifExists || spec.ifNotExists || spec.conditions.length > 0;
    this.requiresRead = spec.operations.some((o) => o.requiresRead);
    const { cql, name } = spec.table.cf;
    const counters = cql.regular.some(isCounterColumn) || cql.statics.some(isCounterColumn);
    this.counterTable = counters ? name : undefined;
  }

  execute(_state: ClientState, options: QueryOptions): Promise<CqlResult> {
    return executeModifications(this.ctx, [{ statement: this, values: options.values }], options, { isBatch: false });
  }
}

function isCounterColumn(c: { readonly type: { readonly name: string } }): boolean {
  return c.type.name === 'CounterColumnType';
}
