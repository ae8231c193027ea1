/**
 * COPY's WITH options, checked and typed, with cqlsh's names and defaults. Options cqlsh has
 * that only tune its worker processes (NUMPROCESSES, MAXATTEMPTS, REPORTFREQUENCY…) are accepted
 * and have no effect here. Differences from cqlsh: ESCAPE defaults to `"` (RFC 4180: a quote
 * inside a quoted field is doubled) and timestamps are always written and read in UTC.
 */

export interface CommonCopyOptions {
  readonly delimiter: string;
  readonly quote: string;
  readonly escape: string;
  readonly header: boolean;
  readonly nullText: string;
  readonly boolStyle: readonly [string, string];
}

export interface CopyToOptions extends CommonCopyOptions {
  readonly pageSize: number;
  readonly maxOutputRows: number;
  readonly floatPrecision: number;
  readonly doublePrecision: number;
}

export interface CopyFromOptions extends CommonCopyOptions {
  readonly chunkSize: number;
  readonly maxBatchSize: number;
  readonly maxRows: number;
  readonly skipRows: number;
  readonly skipCols: readonly string[];
  readonly maxParseErrors: number;
  readonly maxInsertErrors: number;
  readonly ttl: number;
  readonly ingestRate: number;
  readonly concurrency: number;
}

const COMMON = ['DELIMITER', 'QUOTE', 'ESCAPE', 'HEADER', 'NULL', 'BOOLSTYLE', 'DATETIMEFORMAT', 'ENCODING', 'NUMPROCESSES', 'MAXATTEMPTS', 'REPORTFREQUENCY', 'DECIMALSEP', 'THOUSANDSSEP', 'CONFIGFILE', 'RATEFILE'];
const TO_ONLY = ['PAGESIZE', 'PAGETIMEOUT', 'MAXREQUESTS', 'MAXOUTPUTSIZE', 'FLOATPRECISION', 'DOUBLEPRECISION', 'BEGINTOKEN', 'ENDTOKEN'];
const FROM_ONLY = ['CHUNKSIZE', 'INGESTRATE', 'MAXBATCHSIZE', 'MINBATCHSIZE', 'MAXROWS', 'SKIPROWS', 'SKIPCOLS', 'MAXPARSEERRORS', 'MAXINSERTERRORS', 'ERRFILE', 'PREPAREDSTATEMENTS', 'TTL', 'MAXCONCURRENCY'];

class OptionReader {
  constructor(private readonly raw: ReadonlyMap<string, string>) {}

  str(name: string, dflt: string): string {
    return this.raw.get(name) ?? dflt;
  }

  char(name: string, dflt: string): string {
    const v = this.str(name, dflt);
    if ([...v].length !== 1) throw new Error(`${name} must be a single character, not '${v}'`);
    return v;
  }

  bool(name: string, dflt: boolean): boolean {
    const v = this.raw.get(name);
    if (v === undefined) return dflt;
    if (/^(true|yes|on|1)$/i.test(v)) return true;
    if (/^(false|no|off|0)$/i.test(v)) return false;
    throw new Error(`Invalid value for a boolean option ${name}: ${v}`);
  }

  int(name: string, dflt: number, min = -1): number {
    const v = this.raw.get(name);
    if (v === undefined) return dflt;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`Invalid value for the integer option ${name}: ${v}`);
    return n;
  }
}

function checkNames(raw: ReadonlyMap<string, string>, direction: 'to' | 'from'): void {
  const allowed = new Set([...COMMON, ...(direction === 'to' ? TO_ONLY : FROM_ONLY)]);
  const unknown = [...raw.keys()].filter((k) => !allowed.has(k)).map((k) => k.toLowerCase());
  if (unknown.length > 0) throw new Error(`Unrecognized COPY ${direction.toUpperCase()} options: ${unknown.join(', ')}`);
}

function common(r: OptionReader, raw: ReadonlyMap<string, string>): CommonCopyOptions {
  const quote = r.char('QUOTE', '"');
  const boolWords = r.str('BOOLSTYLE', 'True,False').split(',').map((s) => s.trim());
  if (boolWords.length !== 2 || boolWords[0] === '' || boolWords[1] === '' || boolWords[0]!.toLowerCase() === boolWords[1]!.toLowerCase()) {
    throw new Error(`Invalid boolean styles ${r.str('BOOLSTYLE', '')}`);
  }
  const enc = r.str('ENCODING', 'utf8').toLowerCase().replace('-', '');
  if (enc !== 'utf8') throw new Error(`Unsupported ENCODING ${raw.get('ENCODING')}: only utf8`);
  for (const sep of ['DECIMALSEP', 'THOUSANDSSEP'] as const) {
    const v = raw.get(sep);
    if (v !== undefined && !(sep === 'DECIMALSEP' && v === '.')) throw new Error(`${sep} is not supported by this shell`);
  }
  return {
    delimiter: r.char('DELIMITER', ','),
    quote,
    escape: r.char('ESCAPE', quote),
    header: r.bool('HEADER', false),
    nullText: r.str('NULL', ''),
    boolStyle: [boolWords[0]!, boolWords[1]!],
  };
}

export function copyToOptions(raw: ReadonlyMap<string, string>): CopyToOptions {
  checkNames(raw, 'to');
  const r = new OptionReader(raw);
  return {
    ...common(r, raw),
    pageSize: r.int('PAGESIZE', 1000, 1),
    maxOutputRows: r.int('MAXOUTPUTSIZE', -1),
    floatPrecision: r.int('FLOATPRECISION', 5, 0),
    doublePrecision: r.int('DOUBLEPRECISION', 12, 0),
  };
}

export function copyFromOptions(raw: ReadonlyMap<string, string>): CopyFromOptions {
  checkNames(raw, 'from');
  const r = new OptionReader(raw);
  return {
    ...common(r, raw),
    chunkSize: r.int('CHUNKSIZE', 5000, 1),
    maxBatchSize: r.int('MAXBATCHSIZE', 20, 1),
    maxRows: r.int('MAXROWS', -1),
    skipRows: r.int('SKIPROWS', 0, 0),
    skipCols: r.str('SKIPCOLS', '').split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== ''),
    maxParseErrors: r.int('MAXPARSEERRORS', -1),
    maxInsertErrors: r.int('MAXINSERTERRORS', 1000),
    ttl: r.int('TTL', -1),
    ingestRate: r.int('INGESTRATE', 100000, 1),
    concurrency: r.int('MAXCONCURRENCY', 16, 1),
  };
}
