/**
 * CSV for COPY. Reading goes through the `csv-parse` package (RFC 4180: quoted fields with
 * doubled quotes, delimiters and line breaks inside quotes; streaming; a bad record is skipped
 * and reported with its line, the rest of the file goes on — though after a quote that never
 * closes, the rest of the file is inside that field, as CSV has it). Writing is the dozen lines below:
 * a field is quoted when it holds the delimiter, the quote, a line break or surrounding spaces,
 * or is an empty string — so an empty string (`""`) and a null (nothing, or the NULL option)
 * stay distinct, which csv-stringify's options cannot express (its quoted_empty quotes nulls too).
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';

export interface CsvDialect {
  readonly delimiter: string;
  readonly quote: string;
  /** The character that escapes a quote inside a quoted field (the quote itself: RFC 4180). */
  readonly escape: string;
  /** What a null field is written as and read from (unquoted). */
  readonly nullText: string;
}

/** One CSV line (with its line break) from fields; `null` is a null value. */
export function formatCsvRow(fields: readonly (string | null)[], d: CsvDialect): string {
  return `${fields.map((f) => formatCsvField(f, d)).join(d.delimiter)}\n`;
}

function formatCsvField(field: string | null, d: CsvDialect): string {
  if (field === null) return d.nullText;
  const needsQuotes =
    field === '' ||
    field === d.nullText ||
    field.includes(d.delimiter) ||
    field.includes(d.quote) ||
    /[\r\n]/.test(field) ||
    field.trim() !== field;
  if (!needsQuotes) return field;
  let body = field;
  if (d.escape !== d.quote) body = body.split(d.escape).join(d.escape + d.escape);
  body = body.split(d.quote).join(d.escape + d.quote);
  return `${d.quote}${body}${d.quote}`;
}

export interface CsvRecord {
  /** Field texts; an unquoted field equal to the NULL text is `null`. */
  readonly fields: readonly (string | null)[];
  /** The input line the record ends on (1-based). */
  readonly line: number;
}

/** Records of a CSV stream; records that cannot be read go to `onBadRecord` and are skipped. */
export async function* readCsv(input: Readable, d: CsvDialect, onBadRecord: (line: number, message: string) => void): AsyncGenerator<CsvRecord> {
  const parser = parse({
    delimiter: d.delimiter,
    quote: d.quote,
    escape: d.escape,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: true,
    cast: (value, ctx) => (!ctx.quoting && value === d.nullText ? (null as unknown as string) : value),
  });
  let lastBadLine = -1;
  parser.on('skip', (err: Error & { lines?: number }) => {
    // one broken record can raise several errors on the same line: report it once
    const line = err.lines ?? 0;
    if (line !== lastBadLine) onBadRecord(line, err.message);
    lastBadLine = line;
  });
  input.on('error', (e) => parser.destroy(e));
  input.pipe(parser);
  for await (const item of parser as AsyncIterable<{ record: (string | null)[]; info: { lines: number } }>) {
    yield { fields: item.record, line: item.info.lines };
  }
}
