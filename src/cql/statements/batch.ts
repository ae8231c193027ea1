/**
 * BEGIN [UNLOGGED | COUNTER] BATCH [USING TIMESTAMP ts] statements APPLY BATCH, and
 * `executeBatch`, which runs the native protocol's BATCH message (statements prepared or not, each
 * with its own values) the same way. Writes are grouped into one update per (table, partition),
 * each applied atomically; every statement without its own timestamp writes at the batch's.
 * Cassandra's rules: only INSERT, UPDATE and DELETE; counter updates only in COUNTER batches and
 * nothing else there; a timestamp on the batch or on its statements, not both; no batch TTL;
 * conditions only within one partition of one table (all checked, then all applied).
 *
 * One node: the batch log that makes LOGGED batches survive a coordinator failure is the cluster
 * issue's business; here every batch is applied directly.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { BatchType } from '../parser/index.js';
import type { BoundValue, ClientState, CqlContext, CqlResult, CqlStatement, Preparer, QueryOptions } from '../execution/index.js';
import { BatchSizeGuard } from './batch-size.js';
import { type WrittenPartition, executeModifications } from '../modification/execute-modifications.js';
import { ModificationStatement } from '../modification/modification-statement.js';
import type { ModificationBinder, ScopeFor } from '../modification/prepare-support.js';
import { BoundAttributes, defaultTimestamp } from '../modification/write-params.js';
import type { BatchStatement, ModificationStatement as ParsedModification } from '../parser/index.js';
import { BindVariables, CalledFunctions } from '../terms/index.js';
import { bindDelete } from './delete.js';
import { bindInsert } from './insert.js';
import { bindUpdate } from './update.js';
import { type Steps, runSteps } from '../../util/steps.js';

export interface BatchItem {
  readonly statement: CqlStatement;
  readonly values: readonly BoundValue[];
}

export const prepareBatch: Preparer<BatchStatement> = (stmt, parsed, ctx, sessionKeyspace) => runSteps(prepareBatchSteps(stmt, parsed, ctx, sessionKeyspace));

/** `prepareBatch`, breaking after each statement bound (~10 µs each), so a long batch binds in steps. */
export function* prepareBatchSteps(...[stmt, parsed, ctx, sessionKeyspace]: Parameters<Preparer<BatchStatement>>): Steps<CqlStatement> {
  const markers = new BindVariables(parsed.bindMarkerCount, parsed.bindMarkerNames);
  const called = new CalledFunctions();
  const scopeFor: ScopeFor = (table) => ({ ctx, keyspace: table.cf.keyspace, markers, called });
  const statements: ModificationStatement[] = [];
  for (const s of stmt.statements) {
    const { spec } = bindOne(s, ctx, sessionKeyspace, scopeFor);
    statements.push(new ModificationStatement(ctx, spec, [], []));
    yield;
  }
  if (stmt.using.ttl !== null) throw new InvalidRequestError('Global TTL on the BATCH statement is not supported.');
  const firstTable = statements[0]?.spec.table;
  const attributes = BoundAttributes.bind(stmt.using, firstTable?.cf ?? { keyspace: sessionKeyspace ?? '', name: '' }, { ctx, keyspace: sessionKeyspace ?? '', markers, called });
  validateBatch(stmt.batchType, statements, attributes.isTimestampSet);
  const batch: CqlStatement = {
    kind: 'batch',
    bindVariables: markers.all(),
    pkIndexes: [],
    resultColumns: null,
    calledFunctions: called.all(),
    execute: (state: ClientState, options: QueryOptions) => {
      const timestamp = attributes.isTimestampSet ? attributes.timestamp(options.values, defaultTimestamp(ctx, options)) : undefined;
      return runBatch(ctx, state, stmt.batchType, statements.map((s) => ({ statement: s, values: options.values })), options, timestamp);
    },
  };
  return batch;
};

function bindOne(s: ParsedModification, ctx: CqlContext, sessionKeyspace: string | undefined, scopeFor: ScopeFor) {
  const binders: { [K in ParsedModification['kind']]: ModificationBinder<Extract<ParsedModification, { kind: K }>> } = { insert: bindInsert, update: bindUpdate, delete: bindDelete };
  return (binders[s.kind] as ModificationBinder<ParsedModification>)(s, ctx, sessionKeyspace, scopeFor);
}

/** The protocol's BATCH message: each statement with its own values; options give the timestamp. */
export function executeBatch(ctx: CqlContext, state: ClientState, batchType: BatchType, items: readonly BatchItem[], options: QueryOptions): Promise<CqlResult> {
  try {
    const statements = items.map((i) => {
      if (!(i.statement instanceof ModificationStatement)) throw new InvalidRequestError('Invalid statement in batch: only UPDATE, INSERT and DELETE statements are allowed.');
      return i.statement;
    });
    validateBatch(batchType, statements, false);
    return runBatch(ctx, state, batchType, items.map((i, k) => ({ statement: statements[k]!, values: i.values })), options, undefined);
  } catch (e) {
    return Promise.reject(e);
  }
}

function runBatch(ctx: CqlContext, state: ClientState, batchType: BatchType, items: readonly { statement: ModificationStatement; values: readonly BoundValue[] }[], options: QueryOptions, timestamp: bigint | undefined): Promise<CqlResult> {
  const guard = new BatchSizeGuard(ctx, state);
  return executeModifications(ctx, items, options, {
    isBatch: true,
    logged: batchType === 'logged',
    guard,
    ...(timestamp === undefined ? {} : { timestamp }),
    ...(batchType === 'unlogged' ? { grouped: (partitions: readonly WrittenPartition[]) => warnIfWide(state, partitions, ctx.limits.unloggedBatchPartitionsWarn) } : {}),
  });
}

/** Cassandra's batch rules (see the header). */
export function validateBatch(batchType: BatchType, statements: readonly ModificationStatement[], timestampSet: boolean): void {
  let counters = false;
  let others = false;
  let conditional = false;
  for (const s of statements) {
    if (timestampSet && s.spec.attributes.isTimestampSet) throw new InvalidRequestError('Timestamp must be set either on BATCH or individual statements');
    if (s.spec.isCounter) counters = true;
    else others = true;
    if (s.isConditional) conditional = true;
  }
  if (counters && others) throw new InvalidRequestError('Counter and non-counter mutations cannot exist in the same batch');
  if (batchType === 'counter' && others) throw new InvalidRequestError('Cannot include non-counter statement in a counter batch');
  if (batchType === 'logged' && counters) throw new InvalidRequestError('Cannot include a counter statement in a logged batch');
  if (conditional && timestampSet) throw new InvalidRequestError('Cannot provide custom timestamp for conditional BATCH');
  if (conditional && new Set(statements.map((s) => s.spec.table.cf.id)).size > 1) throw new InvalidRequestError('Batch with conditions cannot span multiple tables');
}

/**
 * More partitions than unlogged_batch_across_partitions_warn_threshold warn the client, as Cassandra
 * 4.0's BatchStatement.verifyBatchType does. The partitions come grouped by the run (one pass over
 * the statements, not a second one here).
 */
function warnIfWide(state: ClientState, partitions: readonly WrittenPartition[], threshold: number): void {
  if (partitions.length <= threshold) return;
  const tables = new Set<string>();
  for (const { statement } of partitions) tables.add(`${statement.spec.table.cf.keyspace}.${statement.spec.table.cf.name}`);
  state.warn(`Unlogged batch covering ${partitions.length} partitions detected against table${tables.size > 1 ? 's' : ''} [${[...tables].join(', ')}]. You should use a logged batch for atomicity, or asynchronous writes for performance.`);
}
