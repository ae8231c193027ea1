/**
 * Runs modifications — one statement, or the statements of a BATCH — as Cassandra does:
 *
 *   1. each statement's target rows and write parameters are evaluated from its values (a batch
 *      shares one default timestamp);
 *   2. writes are grouped per (table, partition) into one PartitionUpdate each, so every
 *      partition's changes apply atomically;
 *   3. partitions whose writes read first (list elements by index or value, counters) are built
 *      and applied under the partition's lock, after reading the rows they touch;
 *   4. conditional runs (IF …) touch exactly one partition and go through the store's
 *      compare-and-set (`DataStore.cas`: the partition lock on one node, Paxos on a cluster): the
 *      rows are read, every condition checked, then all writes applied — or none, and the rows
 *      read returned. Under Paxos the writes carry the ballot's timestamp.
 *
 * A large run (a BATCH of many statements) paces itself (RequestBudget): statements are grouped and
 * partitions built in steps that yield the event loop, and the writes of a run that is not LOGGED
 * go to the store about APPLY_CELLS_MAX cells at a time (each partition still applied
 * atomically; Cassandra applies an unlogged batch's mutations one by one too). Past
 * write_request_timeout_in_ms it stops with WriteTimeout (partitions already applied stay so, as
 * after any write timeout).
 */
import { InvalidRequestError, type WriteType } from '../../errors/index.js';
import { RequestBudget } from '../../db/request-budget.js';
import type { CqlColumn } from '../../schema/index.js';
import { type ApplyOptions, type BoundValue, type CqlContext, type CqlResult, type DataStore, type QueryOptions, type TableWrite, VOID_RESULT, checkConditionalConsistency, checkWriteConsistency, requestNowSec } from '../execution/index.js';
import type { TableLayout } from '../../db/cql-layout/table-layout.js';
import type { RowData } from '../storage/row-assembler.js';
import { type ReadRow, appliedResult, notAppliedResult } from './cas-result.js';
import { type ExistingRows, readExistingRows } from './existing-rows.js';
import type { ModificationStatement } from './modification-statement.js';
import { PartitionBuilder } from './partition-builder.js';
import type { RowSelection } from './target-rows.js';
import { type WriteParams, defaultTimestamp } from './write-params.js';
import { pushAll } from '../../util/push-all.js';
import { type Steps, runSteps, runStepsPaced } from '../../util/steps.js';

export interface ModificationItem {
  readonly statement: ModificationStatement;
  readonly values: readonly BoundValue[];
}

export interface RunOptions {
  readonly isBatch: boolean;
  /** A LOGGED batch: its writes go through the coordinator's batch log (all or, after a failure, eventually all). */
  readonly logged?: boolean;
  /** The batch's own USING TIMESTAMP, evaluated. */
  readonly timestamp?: bigint;
  /**
   * Sees each write built without a read, then `done`, before any write of the run is applied or
   * read for (the batch size guard); either may throw to refuse the run.
   */
  readonly guard?: WriteGuard;
  /** Sees the partitions the run writes, once grouped (the unlogged batch warning counts them). */
  readonly grouped?: (partitions: readonly WrittenPartition[]) => void;
}

export interface WriteGuard {
  add(write: TableWrite): void;
  done(): void;
}

/** A partition a run writes. */
export interface WrittenPartition {
  readonly statement: ModificationStatement;
  readonly key: Buffer;
}

/** Statements grouped, or statements' parts of partitions built, between two paces of the request. */
const ITEMS_PER_STEP = 256;
/**
 * Cells of a run that is not LOGGED handed to the store at once (whole partitions: a partition
 * larger than this goes alone): a store apply is one synchronous step of ~2 µs a cell.
 */
const APPLY_CELLS_MAX = 5000;

const EMPTY = Buffer.alloc(0);

/** One statement's part in one partition. */
interface PartitionPart {
  readonly statement: ModificationStatement;
  readonly values: readonly BoundValue[];
  readonly params: WriteParams;
  readonly rows: RowSelection;
}

interface PartitionGroup {
  readonly statement: ModificationStatement;
  readonly key: Buffer;
  readonly parts: PartitionPart[];
}

export async function executeModifications(ctx: CqlContext, items: readonly ModificationItem[], options: QueryOptions, run: RunOptions): Promise<CqlResult> {
  const conditional = items.some((i) => i.statement.isConditional);
  if (conditional) checkConditionalConsistency(options);
  else checkWriteConsistency(options, counterTableOf(items));
  const budget = RequestBudget.write(ctx.env, ctx.timeouts.writeMs, options.consistency, writeTypeOf(items, run));
  // One statement's keys are distinct: its groups need no map by key, nor steps.
  const grouping = items.length === 1 ? singleStatementGroups(ctx, items[0]!, options, run) : runStepsPaced(groupByPartition(ctx, items, options, run), () => budget.pace());
  const groups = grouping instanceof Promise ? await grouping : grouping;
  run.grouped?.(groups);
  if (conditional) return executeConditional(ctx, groups, options, run.isBatch);
  // Writes without a read are built (and guarded) first: nothing is applied or read for until the
  // guard has seen them all.
  // Paced by statements' parts built, not partitions: 100 partitions of 1000 rows are as long as 100,000 of one.
  const plain: TableWrite[] = [];
  const reading: PartitionGroup[] = [];
  let parts = 0;
  const due = (): boolean => ++parts % ITEMS_PER_STEP === 0;
  const pace = (): Promise<void> => budget.pace();
  for (const g of groups) {
    if (readsFirst(g)) {
      reading.push(g);
      continue;
    }
    const building = runStepsPaced(buildSteps(ctx, g, null, due), pace);
    const update = building instanceof Promise ? await building : building;
    if (update === null) continue;
    plain.push(update);
    run.guard?.add(update);
  }
  run.guard?.done();
  const applying = plain.length > 0 ? applyPlain(groups[0]!.statement.spec.table.store, plain, options, run, budget) : undefined;
  if (reading.length === 0) {
    if (applying !== undefined) await applying;
    return VOID_RESULT;
  }
  const locked = reading.map((g) => applyReading(ctx, g, options));
  if (applying !== undefined) locked.push(applying);
  await Promise.all(locked);
  return VOID_RESULT;
}

/** Whether a group's writes read the rows first (lists by index or value, counters). */
function readsFirst(g: PartitionGroup): boolean {
  for (const p of g.parts) if (p.statement.requiresRead) return true;
  return false;
}

/** A group whose writes read first: read, built and applied under the partition's lock. */
function applyReading(ctx: CqlContext, g: PartitionGroup, options: QueryOptions): Promise<void> {
  const { cf, store } = g.statement.spec.table;
  return store.withPartitionLock(cf, g.key, async () => {
    const existing = await readFor(store, g, options, requestNowSec(ctx, options));
    const update = build(ctx, g, existing);
    if (update !== null) await store.apply([update], options.consistency, traceOf(options));
  });
}

/**
 * A LOGGED run's writes in one call (the batch log keeps them together); others in paced chunks
 * of APPLY_CELLS_MAX cells. Not async: a run of one chunk hands back the store's promise.
 */
function applyPlain(store: DataStore, plain: readonly TableWrite[], options: QueryOptions, run: RunOptions, budget: RequestBudget): Promise<void> {
  if (run.logged === true) return store.apply(plain, options.consistency, { logged: true, ...traceOf(options) });
  let cells = 0;
  for (const w of plain) cells += w.update.cells.length;
  if (cells < APPLY_CELLS_MAX) return store.apply(plain, options.consistency, traceOf(options));
  return applyChunked(store, plain, options, budget);
}

async function applyChunked(store: DataStore, plain: readonly TableWrite[], options: QueryOptions, budget: RequestBudget): Promise<void> {
  let from = 0;
  let cells = 0;
  for (let i = 0; i < plain.length; i++) {
    cells += plain[i]!.update.cells.length;
    if (cells < APPLY_CELLS_MAX && i < plain.length - 1) continue;
    if (from > 0) await budget.pace();
    await store.apply(plain.slice(from, i + 1), options.consistency, traceOf(options));
    from = i + 1;
    cells = 0;
  }
}

/** The apply options of an unlogged write: the request's trace sink, when it is traced. */
function traceOf(options: QueryOptions): ApplyOptions | undefined {
  return options.trace === undefined ? undefined : { trace: options.trace };
}

function writeTypeOf(items: readonly ModificationItem[], run: RunOptions): WriteType {
  if (items.some((i) => i.statement.spec.isCounter)) return 'COUNTER';
  if (!run.isBatch) return 'SIMPLE';
  return run.logged === true ? 'BATCH' : 'UNLOGGED_BATCH';
}

/** Several items' writes grouped by partition, breaking every ITEMS_PER_STEP items (the run paces itself there). */
function* groupByPartition(ctx: CqlContext, items: readonly ModificationItem[], options: QueryOptions, run: RunOptions): Steps<PartitionGroup[]> {
  const groups = new Map<string, PartitionGroup>();
  const fallback = run.timestamp !== undefined ? () => run.timestamp! : defaultTimestamp(ctx, options);
  const nowSec = requestNowSec(ctx, options);
  for (let i = 0; i < items.length; i++) {
    if (i % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
    const { statement, values } = items[i]!;
    const spec = statement.spec;
    const cf = spec.table.cf;
    const target = spec.target(values);
    const timestamp = spec.isCounter ? ctx.timestamps.next() : spec.attributes.timestamp(values, fallback);
    const params: WriteParams = { timestamp, ttl: spec.attributes.ttl(values, cf), nowSec };
    for (const key of target.keys) {
      const id = `${cf.id}/${key.toString('latin1')}`;
      let g = groups.get(id);
      if (g === undefined) groups.set(id, (g = { statement, key, parts: [] }));
      g.parts.push({ statement, values, params, rows: target.rows });
    }
  }
  return [...groups.values()];
}

/** groupByPartition for one statement: its keys are distinct, so no map by key is needed. */
function singleStatementGroups(ctx: CqlContext, item: ModificationItem, options: QueryOptions, run: RunOptions): PartitionGroup[] {
  const { statement, values } = item;
  const spec = statement.spec;
  const target = spec.target(values);
  const timestamp = spec.isCounter ? ctx.timestamps.next() : spec.attributes.timestamp(values, run.timestamp !== undefined ? () => run.timestamp! : defaultTimestamp(ctx, options));
  const params: WriteParams = { timestamp, ttl: spec.attributes.ttl(values, spec.table.cf), nowSec: requestNowSec(ctx, options) };
  return target.keys.map((key) => ({ statement, key, parts: [{ statement, values, params, rows: target.rows }] }));
}

/** Reads the rows (and statics) the group's statements touch. */
function readFor(store: Pick<DataStore, 'read'>, g: PartitionGroup, options: QueryOptions, nowSec: number): Promise<ExistingRows> {
  const clusterings: (readonly Buffer[])[] = [];
  for (const p of g.parts) if (p.rows.kind === 'rows') pushAll(clusterings, p.rows.clusterings);
  const layout = g.statement.spec.table.layout;
  const anyRow = g.parts.some((p) => p.rows.kind === 'partition' && p.statement.spec.ifExists);
  return readExistingRows(store, layout, g.key, clusterings, true, options.consistency, nowSec, anyRow);
}

/** The group's writes as one update (null when they write nothing). */
function build(ctx: CqlContext, g: PartitionGroup, existing: ExistingRows | null): TableWrite | null {
  return runSteps(buildSteps(ctx, g, existing, () => false));
}

/** `build`, breaking after a part when `due()` says so: nothing is applied until it ends, so it may yield. */
function* buildSteps(ctx: CqlContext, g: PartitionGroup, existing: ExistingRows | null, due: () => boolean): Steps<TableWrite | null> {
  const { cf, layout } = g.statement.spec.table;
  const builder = new PartitionBuilder(cf, layout, g.key);
  for (const part of g.parts) {
    buildPart(ctx, builder, layout, part, existing);
    if (due()) yield;
  }
  return builder.isEmpty ? null : { cf, update: builder.build() };
}

function buildPart(ctx: CqlContext, builder: PartitionBuilder, layout: TableLayout, part: PartitionPart, existing: ExistingRows | null): void {
  const spec = part.statement.spec;
  const { params, values } = part;
  const runOps = (clustering: readonly Buffer[]): void => {
    if (spec.operations.length === 0) return;
    // One context for the row's operations (they read it, never keep it).
    const opCtx = { ctx, builder, clustering, params, values, existing };
    for (const op of spec.operations) op.execute(opCtx);
  };
  switch (part.rows.kind) {
    case 'partition':
      if (spec.deletesRows) builder.deletePartition(params.timestamp, params.nowSec);
      runOps([]);
      return;
    case 'rows':
      for (const clustering of part.rows.clusterings) {
        if (spec.deletesRows) {
          if (layout.table.clustering.length === 0) builder.deletePartition(params.timestamp, params.nowSec);
          else builder.addRangeTombstone(layout.prefixStart(clustering), layout.prefixEnd(clustering), params.timestamp, params.nowSec);
        }
        if (spec.writesMarker) {
          const marker = layout.markerName(clustering);
          if (marker !== null) builder.addCell(marker, EMPTY, params);
        }
        runOps(clustering);
      }
      return;
    case 'ranges':
      for (const s of part.rows.slices) builder.addRangeTombstone(s.start, s.end, params.timestamp, params.nowSec);
      return;
  }
}

/** The name of the counter table among the statements' tables, if any (a batch never mixes). */
function counterTableOf(items: readonly ModificationItem[]): string | undefined {
  for (const { statement } of items) if (statement.counterTable !== undefined) return statement.counterTable;
  return undefined;
}

async function executeConditional(ctx: CqlContext, groups: readonly PartitionGroup[], options: QueryOptions, isBatch: boolean): Promise<CqlResult> {
  if (groups.length === 0) throw new InvalidRequestError('A conditional update must target one partition');
  if (groups.length > 1) {
    const tables = new Set(groups.map((g) => g.statement.spec.table.cf.id));
    throw new InvalidRequestError(tables.size > 1 ? 'Batch with conditions cannot span multiple tables' : 'Batch with conditions cannot span multiple partitions');
  }
  const g = groups[0]!;
  const { cf, store } = g.statement.spec.table;
  const levels = { serial: options.serialConsistency ?? 'SERIAL', commit: options.consistency } as const;
  return store.cas(cf, g.key, levels, async (reader, timestamp) => {
    const group = timestamp === undefined ? g : stampedWith(g, timestamp);
    const existing = await readFor(reader, group, options, requestNowSec(ctx, options));
    const failed = group.parts.filter((p) => !conditionsHold(p, existing));
    if (failed.length > 0) return { write: null, result: notAppliedResult(cf, group.key, resultColumns(group.parts), readRows(group.parts, existing), isBatch) };
    return { write: build(ctx, group, existing), result: appliedResult(cf) };
  });
}

/** The group with every part's writes at `timestamp` (a Paxos ballot's microsecond). */
function stampedWith(g: PartitionGroup, timestamp: bigint): PartitionGroup {
  return { ...g, parts: g.parts.map((p) => ({ ...p, params: { ...p.params, timestamp } })) };
}

function conditionsHold(p: PartitionPart, existing: ExistingRows): boolean {
  const spec = p.statement.spec;
  if (!p.statement.isConditional) return true;
  const clustering = p.rows.kind === 'rows' ? (p.rows.clusterings[0] ?? null) : null;
  const row: RowData | null = clustering === null ? null : existing.row(clustering);
  const exists = clustering === null ? existing.partitionExists : row !== null;
  if (spec.ifNotExists) return !exists;
  if (spec.ifExists) return exists;
  return spec.conditions.every((c) => c.appliesTo(c.column.kind === 'static' ? existing.statics : row, p.values));
}

/** The columns a not-applied result shows (null: all of them). */
function resultColumns(parts: readonly PartitionPart[]): CqlColumn[] | null {
  const out: CqlColumn[] = [];
  for (const p of parts) {
    const spec = p.statement.spec;
    if (spec.ifExists || spec.ifNotExists) return null;
    for (const c of spec.conditions) if (!out.includes(c.column)) out.push(c.column);
  }
  return out;
}

function readRows(parts: readonly PartitionPart[], existing: ExistingRows): ReadRow[] {
  const seen = new Set<string>();
  const out: ReadRow[] = [];
  for (const p of parts) {
    if (!p.statement.isConditional) continue;
    const clustering = p.rows.kind === 'rows' ? (p.rows.clusterings[0] ?? null) : null;
    const id = clustering === null ? '' : clustering.map((c) => c.toString('hex')).join(':');
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ clustering, row: clustering === null ? null : existing.row(clustering), statics: existing.statics });
  }
  return out;
}
