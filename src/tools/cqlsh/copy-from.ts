/**
 * COPY … FROM: reads CSV records (csv-io.ts), turns each field into a value of its column's
 * type (csv-value-parser.ts, types from system_schema), and inserts them with one prepared
 * INSERT: rows of the same partition go together in UNLOGGED batches of up to MAXBATCHSIZE,
 * at most MAXCONCURRENCY requests in flight, no faster than INGESTRATE rows/s. A row that cannot
 * be read or inserted is reported with its row number and the import goes on, until
 * MAXPARSEERRORS / MAXINSERTERRORS is exceeded. A failed batch is retried row by row so each
 * error names its row. Ends with "N rows imported from 1 files in X seconds (S skipped).".
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CopyCommand } from './copy-command.js';
import { type CopyFromOptions, copyFromOptions } from './copy-options.js';
import type { CqlType } from './cql-type.js';
import { readCsv } from './csv-io.js';
import { parseField } from './csv-value-parser.js';
import { Progress } from './copy-progress.js';
import { type CopyContext, tableName } from './copy-to.js';
import { formatError } from './error-format.js';
import { loadTableColumns } from './schema-cache.js';
import { quoteName } from './value-formatter.js';

export interface ImportSummary {
  readonly imported: number;
  readonly failed: number;
  readonly skipped: number;
}

interface Target {
  readonly name: string;
  readonly type: CqlType;
  readonly key: boolean;
  readonly partitionKey: boolean;
  /** The field's index in a CSV record. */
  readonly field: number;
}

interface PendingRow {
  readonly row: number;
  readonly values: unknown[];
}

class TooManyErrors extends Error {}

/** Imports a CSV file or stdin; throws only when the import cannot start or must stop. */
export async function copyFrom(ctx: CopyContext, cmd: CopyCommand): Promise<ImportSummary> {
  const opts = copyFromOptions(cmd.options);
  const { keyspace, qualified } = tableName(cmd, ctx.keyspace);
  const table = await loadTableColumns(ctx.client, keyspace, cmd.table);
  if (table === undefined) throw new Error(`Table ${qualified} does not exist or its columns are unknown`);
  const fileColumns = cmd.columns ?? table.columns.map((c) => c.name);
  const targets: Target[] = [];
  fileColumns.forEach((name, field) => {
    if (opts.skipCols.includes(name)) return;
    const col = table.columns.find((c) => c.name === name);
    if (col === undefined) throw new Error(`Invalid column name ${name}`);
    targets.push({ name, type: col.type, key: col.kind === 'partition_key' || col.kind === 'clustering', partitionKey: col.kind === 'partition_key', field });
  });
  const missingKey = table.columns.find((c) => (c.kind === 'partition_key' || c.kind === 'clustering') && !targets.some((t) => t.name === c.name));
  if (missingKey !== undefined) throw new Error(`Primary key column '${missingKey.name}' missing from the columns to import`);
  const input = openInput(ctx, cmd.file);
  const insert = `INSERT INTO ${qualified} (${targets.map((t) => quoteName(t.name)).join(', ')}) VALUES (${targets.map(() => '?').join(', ')})${opts.ttl > 0 ? ` USING TTL ${opts.ttl}` : ''}`;
  ctx.io.out(`\nStarting copy of ${qualified} with columns [${targets.map((t) => t.name).join(', ')}].\n`);
  const importer = new Importer(ctx, opts, insert, targets, fileColumns.length);
  try {
    await importer.run(input);
  } catch (e) {
    await importer.drain();
    if (!(e instanceof TooManyErrors)) throw e;
    ctx.io.err(`${e.message}\n`);
  }
  return importer.finish();
}

function openInput(ctx: CopyContext, file: string | undefined): Readable {
  if (file !== undefined) return createReadStream(file, { encoding: 'utf8' });
  const stdin = ctx.io.stdin();
  if (stdin === undefined) throw new Error('COPY FROM STDIN needs the data on a pipe (cqlsh reads its commands from the terminal here)');
  return stdin;
}

class Importer {
  private readonly started: number;
  private readonly progress: Progress;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly groups = new Map<string, PendingRow[]>();
  private rowNo = 0;
  private parsed = 0;
  private imported = 0;
  private parseErrors = 0;
  private insertErrors = 0;
  private skipped = 0;
  private batching = true;

  constructor(
    private readonly ctx: CopyContext,
    private readonly opts: CopyFromOptions,
    private readonly insert: string,
    private readonly targets: readonly Target[],
    private readonly width: number,
  ) {
    this.started = ctx.now();
    this.progress = new Progress(ctx.io, this.started, ctx.now);
  }

  async run(input: Readable): Promise<void> {
    let headerSeen = !this.opts.header;
    const badRecords: [number, string][] = [];
    for await (const rec of readCsv(input, this.opts, (line, message) => badRecords.push([line, message]))) {
      for (const [line, message] of badRecords.splice(0)) this.parseError(++this.rowNo, `line ${line}: ${message}`);
      if (!headerSeen) {
        headerSeen = true;
        continue;
      }
      if (this.skipped < this.opts.skipRows) {
        this.skipped++;
        continue;
      }
      if (this.opts.maxRows >= 0 && this.rowNo >= this.opts.maxRows) break;
      this.rowNo++;
      this.accept(rec.fields);
      if (this.parsed % this.opts.chunkSize === 0) await this.flushGroups();
      await this.throttle();
    }
    for (const [line, message] of badRecords.splice(0)) this.parseError(++this.rowNo, `line ${line}: ${message}`);
    await this.flushGroups();
    await Promise.all(this.inFlight);
  }

  /** Waits for the requests still in flight (after the import stopped early). */
  async drain(): Promise<void> {
    await Promise.allSettled(this.inFlight);
  }

  finish(): ImportSummary {
    this.progress.done(this.imported);
    const failed = this.parseErrors + this.insertErrors;
    if (failed > 0) this.ctx.io.err(`Failed to import ${failed} rows (${this.parseErrors} could not be read, ${this.insertErrors} could not be inserted).\n`);
    const secs = ((this.ctx.now() - this.started) / 1000).toFixed(3);
    this.ctx.io.out(`${this.imported} rows imported from 1 files in ${secs} seconds (${this.skipped} skipped).\n`);
    return { imported: this.imported, failed, skipped: this.skipped };
  }

  private accept(fields: readonly (string | null)[]): void {
    const row = this.rowNo;
    if (fields.length !== this.width) {
      this.parseError(row, `Invalid row length ${fields.length} should be ${this.width}`);
      return;
    }
    const values: unknown[] = [];
    for (const t of this.targets) {
      const text = fields[t.field] ?? null;
      if (text === null || (text === '' && t.type.kind === 'native' && t.type.name !== 'text' && t.type.name !== 'ascii')) {
        if (t.key) {
          this.parseError(row, `Cannot insert null value for primary key column '${t.name}'`);
          return;
        }
        values.push(null);
        continue;
      }
      try {
        values.push(parseField(text, t.type, this.opts));
      } catch (e) {
        this.parseError(row, `column ${t.name}: ${(e as Error).message}`);
        return;
      }
    }
    this.parsed++;
    const key = this.targets.map((t) => (t.partitionKey ? String(fields[t.field]) : '')).join('\u0000');
    const group = this.groups.get(key) ?? [];
    group.push({ row, values });
    this.groups.set(key, group);
    if (group.length >= this.opts.maxBatchSize) {
      this.groups.delete(key);
      this.dispatch(group);
    }
  }

  private parseError(row: number, message: string): void {
    this.parseErrors++;
    this.ctx.io.err(`Failed to import row ${row}: ParseError - ${message}\n`);
    if (this.opts.maxParseErrors >= 0 && this.parseErrors > this.opts.maxParseErrors) {
      throw new TooManyErrors(`Exceeded maximum number of parse errors ${this.opts.maxParseErrors}`);
    }
  }

  private insertError(row: number, e: unknown): void {
    this.insertErrors++;
    this.ctx.io.err(`Failed to import row ${row}: ${formatError(e)}\n`);
  }

  private async flushGroups(): Promise<void> {
    for (const group of this.groups.values()) this.dispatch(group);
    this.groups.clear();
    while (this.inFlight.size >= this.opts.concurrency) await Promise.race(this.inFlight);
    this.checkInsertErrors();
  }

  private checkInsertErrors(): void {
    if (this.opts.maxInsertErrors >= 0 && this.insertErrors > this.opts.maxInsertErrors) {
      throw new TooManyErrors(`Exceeded maximum number of insert errors ${this.opts.maxInsertErrors}`);
    }
  }

  private dispatch(rows: PendingRow[]): void {
    const p = this.send(rows).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  private async send(rows: PendingRow[]): Promise<void> {
    const { client, consistency } = this.ctx;
    if (rows.length > 1 && this.batching) {
      try {
        await client.batch(rows.map((r) => ({ query: this.insert, params: r.values })), { prepare: true, logged: false, consistency });
        this.done(rows.length);
        return;
      } catch {
        // retried row by row below, so that each error names its row
      }
    }
    let ok = 0;
    for (const r of rows) {
      try {
        await client.execute(this.insert, r.values, { prepare: true, consistency });
        ok++;
        this.done(1);
      } catch (e) {
        this.insertError(r.row, e);
      }
    }
    // a batch that failed while each of its rows went in: this server does not take our batches
    if (rows.length > 1 && ok === rows.length) this.batching = false;
  }

  private done(n: number): void {
    this.imported += n;
    this.progress.update(this.imported);
  }

  private async throttle(): Promise<void> {
    if (this.inFlight.size >= this.opts.concurrency) await Promise.race(this.inFlight);
    this.checkInsertErrors();
    const elapsedMs = this.ctx.now() - this.started;
    const aheadMs = (this.parsed * 1000) / this.opts.ingestRate - elapsedMs;
    if (aheadMs > 5) await sleep(aheadMs);
  }
}
