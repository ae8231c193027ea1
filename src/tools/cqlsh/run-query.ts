/**
 * Runs one CQL statement and prints its result the way cqlsh does. SELECT: a blank line, the
 * table (or `@ Row` blocks with EXPAND ON), `(N rows)`; on a terminal with paging on, each page
 * is its own table followed by `---MORE---`; otherwise pages run on under one header. Other
 * statements that return rows (LWT `[applied]`) print the table alone. Then server warnings and,
 * with TRACING ON, the trace (or a note that the server gave none).
 */
import type cassandra from 'cassandra-driver';
import { type CqlType, fromDriverType } from './cql-type.js';
import { describeLines } from './describe-output.js';
import type { ShellIO } from './shell-io.js';
import type { ShellSettings } from './shell-settings.js';
import { renderExpanded, renderTable } from './table-renderer.js';
import { formatCell } from './value-formatter.js';
import { pushAll } from '../../util/push-all.js';

export interface QueryContext {
  readonly client: cassandra.Client;
  readonly io: ShellIO;
  readonly settings: ShellSettings;
}

function hasRows(rs: cassandra.types.ResultSet): boolean {
  return Array.isArray(rs.columns) && Array.isArray(rs.rows);
}

function formatRows(rs: cassandra.types.ResultSet, types: readonly CqlType[]): string[][] {
  return rs.rows.map((row) => row.values().map((v, i) => formatCell(v, types[i]!)));
}

function writeLines(io: ShellIO, lines: readonly string[]): void {
  if (lines.length > 0) io.out(`${lines.join('\n')}\n`);
}

/** Executes a statement and prints what it returns. */
export async function runQuery(ctx: QueryContext, cql: string, kind: 'select' | 'describe' | 'other'): Promise<cassandra.types.ResultSet> {
  const { client, io, settings } = ctx;
  const options = settings.queryOptions();
  const rs = await client.execute(cql, [], kind === 'describe' ? { ...options, fetchSize: 5000 } : options);
  if (hasRows(rs)) {
    if (kind === 'select') await printSelect(ctx, cql, rs, options);
    else if (kind === 'describe') await printDescribe(ctx, cql, rs, options);
    else printStatic(ctx, rs);
  }
  printWarnings(io, rs.info?.warnings);
  if (settings.tracing) await printTrace(ctx, rs);
  return rs;
}

async function printSelect(ctx: QueryContext, cql: string, first: cassandra.types.ResultSet, options: cassandra.QueryOptions): Promise<void> {
  const { client, io, settings } = ctx;
  const names = first.columns.map((c) => c.name);
  const types = first.columns.map((c) => fromDriverType(c.type));
  io.out('\n');
  let rs = first;
  let total = 0;
  let isFirst = true;
  const printPage = (rows: string[][], withHeader: boolean) => {
    writeLines(io, settings.expand ? renderExpanded(names, rows, total + 1) : renderTable(names, rows, withHeader));
    if (io.tty) io.out('\n');
  };
  if (!settings.paging) {
    const all = formatRows(rs, types);
    while (rs.pageState) {
      rs = await client.execute(cql, [], { ...options, pageState: rs.pageState });
      pushAll(all, formatRows(rs, types));
    }
    printPage(all, true);
    total = all.length;
    if (!io.tty) io.out('\n');
  } else {
    for (;;) {
      const rows = formatRows(rs, types);
      if (rows.length > 0 || isFirst) printPage(rows, isFirst || io.tty);
      total += rows.length;
      if (!rs.pageState) {
        if (!io.tty) io.out('\n');
        break;
      }
      if (io.tty && (await io.ask('---MORE---')) === undefined) break;
      rs = await client.execute(cql, [], { ...options, pageState: rs.pageState });
      isFirst = false;
    }
  }
  io.out(`(${total} rows)\n`);
}

async function printDescribe(ctx: QueryContext, cql: string, first: cassandra.types.ResultSet, options: cassandra.QueryOptions): Promise<void> {
  const { client, io } = ctx;
  const names = first.columns.map((c) => c.name);
  const rows: unknown[][] = first.rows.map((r) => r.values());
  let rs = first;
  while (rs.pageState) {
    rs = await client.execute(cql, [], { ...options, fetchSize: 5000, pageState: rs.pageState });
    pushAll(rows, rs.rows.map((r) => r.values()));
  }
  const lines = describeLines({ names, rows }, io.columns);
  if (lines !== undefined) writeLines(io, lines);
  else printStatic(ctx, first);
}

/** A result without the row count: LWT `[applied]` rows, rows of other non-SELECT statements. */
function printStatic(ctx: QueryContext, rs: cassandra.types.ResultSet): void {
  const { io, settings } = ctx;
  const names = rs.columns.map((c) => c.name);
  const types = rs.columns.map((c) => fromDriverType(c.type));
  const rows = formatRows(rs, types);
  io.out('\n');
  writeLines(io, settings.expand ? renderExpanded(names, rows, 1) : renderTable(names, rows, true));
  if (io.tty) io.out('\n');
}

function printWarnings(io: ShellIO, warnings: readonly string[] | undefined): void {
  if (warnings === undefined || warnings.length === 0) return;
  io.out('\nWarnings :\n');
  for (const w of warnings) io.out(`${w}\n\n`);
}

/**
 * cqlsh's print_trace (pylib/cqlshlib/tracing.py): the session's request at its start, each event
 * as "activity [thread]" with its time (from the event's time UUID), source and elapsed
 * microseconds, then "Request complete" at start + duration; every row names the client. The
 * driver's getTrace waits until the session's duration is written, as cqlsh's driver does.
 * Times print in local time as Python prints a datetime (microseconds always shown here).
 */
async function printTrace(ctx: QueryContext, rs: cassandra.types.ResultSet): Promise<void> {
  const { client, io } = ctx;
  const id = rs.info?.traceId;
  if (id === undefined || id === null) {
    io.out('\nTracing is not supported by this server: it sent no trace for this request.\n');
    return;
  }
  io.out(`\nTracing session: ${String(id)}\n\n`);
  let trace: Awaited<ReturnType<cassandra.Client['metadata']['getTrace']>>;
  try {
    trace = await client.metadata.getTrace(id);
  } catch (e) {
    // cqlsh's words when the trace cannot be read (no system_traces, or no duration in time).
    io.out(`Unable to fetch query trace: ${(e as Error).message}\n`);
    return;
  }
  const who = String(trace.clientAddress);
  const coordinator = String(trace.coordinator);
  const started = new Date(trace.startedAt as unknown as Date | number);
  const rows = [[String(trace.requestType), traceTime(started, 0), coordinator, '0', who]];
  for (const e of trace.events as { id: cassandra.types.TimeUuid; activity: string; source: unknown; elapsed: number | null; thread: string }[]) {
    rows.push([`${e.activity} [${e.thread}]`, traceTime(e.id.getDate(), 0), String(e.source), e.elapsed === null ? '--' : String(e.elapsed), who]);
  }
  rows.push(['Request complete', traceTime(started, trace.duration as number), coordinator, String(trace.duration), who]);
  writeLines(io, renderTable(['activity', 'timestamp', 'source', 'source_elapsed', 'client'], rows, true));
  io.out('\n');
}

/** `at` plus `micros`, as Python's str(datetime) in local time: YYYY-MM-DD HH:MM:SS.ffffff. */
function traceTime(at: Date, micros: number): string {
  const us = at.getTime() * 1000 + micros;
  const d = new Date(Math.floor(us / 1000));
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(us % 1_000_000, 6)}`;
}
