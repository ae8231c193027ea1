/**
 * COPY … TO: pages through `SELECT cols FROM ks.table` (PAGESIZE rows a request) and writes
 * each row as a CSV line, values formatted by their column types as cqlsh's COPY writes them
 * (text raw, collections as CQL literals, timestamps to the millisecond). Shows a progress
 * line on a terminal and ends with "N rows exported to 1 files in X seconds.".
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import type cassandra from 'cassandra-driver';
import type { CopyCommand } from './copy-command.js';
import { copyToOptions } from './copy-options.js';
import { fromDriverType } from './cql-type.js';
import { formatCsvRow } from './csv-io.js';
import { Progress } from './copy-progress.js';
import { loadTableColumns } from './schema-cache.js';
import type { ShellIO } from './shell-io.js';
import { DEFAULT_FORMAT, formatCell, quoteName } from './value-formatter.js';

export interface CopyContext {
  readonly client: cassandra.Client;
  readonly io: ShellIO;
  readonly keyspace: string | undefined;
  readonly consistency: number;
  readonly now: () => number;
}

export function tableName(cmd: CopyCommand, current: string | undefined): { keyspace: string; qualified: string } {
  const keyspace = cmd.keyspace ?? current;
  if (keyspace === undefined) throw new Error('No keyspace specified and no current keyspace');
  return { keyspace, qualified: `${quoteName(keyspace)}.${quoteName(cmd.table)}` };
}

/** Exports rows; returns the number written. Errors are thrown with messages to print. */
export async function copyTo(ctx: CopyContext, cmd: CopyCommand): Promise<number> {
  const opts = copyToOptions(cmd.options);
  const { keyspace, qualified } = tableName(cmd, ctx.keyspace);
  let columns = cmd.columns;
  if (columns === undefined) {
    const table = await loadTableColumns(ctx.client, keyspace, cmd.table);
    if (table === undefined) throw new Error(`Table ${qualified} does not exist or its columns are unknown`);
    columns = table.columns.map((c) => c.name);
  }
  const names = columns.map(quoteName);
  ctx.io.out(`\nStarting copy of ${qualified} with columns [${columns.join(', ')}].\n`);
  const format = { ...DEFAULT_FORMAT, raw: true, nullText: opts.nullText, boolStyle: opts.boolStyle, floatPrecision: opts.floatPrecision, doublePrecision: opts.doublePrecision };
  const file: WriteStream | undefined = cmd.file === undefined ? undefined : createWriteStream(cmd.file, { encoding: 'utf8' });
  const write = async (text: string) => {
    if (file === undefined) ctx.io.out(text);
    else if (!file.write(text)) await once(file, 'drain');
  };
  const started = ctx.now();
  const progress = new Progress(ctx.io, started, ctx.now);
  let count = 0;
  try {
    if (file !== undefined) await once(file, 'open');
    if (opts.header) await write(formatCsvRow(columns, opts));
    const cql = `SELECT ${names.join(', ')} FROM ${qualified}`;
    let pageState: string | undefined;
    do {
      const rs = await ctx.client.execute(cql, [], { prepare: false, fetchSize: opts.pageSize, consistency: ctx.consistency, ...(pageState ? { pageState } : {}) });
      const types = rs.columns.map((c) => fromDriverType(c.type));
      let chunk = '';
      for (const row of rs.rows) {
        if (opts.maxOutputRows >= 0 && count >= opts.maxOutputRows) break;
        const fields = row.values().map((v, i) => (v === null || v === undefined ? null : formatCell(v, types[i]!, format)));
        chunk += formatCsvRow(fields, opts);
        count++;
      }
      await write(chunk);
      progress.update(count);
      pageState = rs.pageState ?? undefined;
    } while (pageState && (opts.maxOutputRows < 0 || count < opts.maxOutputRows));
  } finally {
    if (file !== undefined) {
      file.end();
      await once(file, 'close').catch(() => undefined);
    }
  }
  progress.done(count);
  ctx.io.out(`${count} rows exported to 1 files in ${((ctx.now() - started) / 1000).toFixed(3)} seconds.\n`);
  return count;
}
