/**
 * Tab completion: the candidates for the word being typed, from where it stands in the
 * statement — statement and shell keywords first, keyspaces after USE / KEYSPACE, tables after
 * FROM / INTO / UPDATE / TABLE / TRUNCATE / COPY / DESCRIBE (`ks.` narrows to that keyspace),
 * columns of the statement's table after WHERE / AND / SET / `(` / `,` / BY, and the values of
 * shell settings (CONSISTENCY levels, ON/OFF). Keywords come back in the case being typed.
 */
import type { SchemaSnapshot } from './schema-cache.js';
import { CONSISTENCY_LEVELS, SERIAL_LEVELS } from './shell-command.js';
import { quoteName } from './value-formatter.js';

const START = [
  'ALTER', 'APPLY', 'BEGIN', 'CLEAR', 'CLS', 'CONSISTENCY', 'COPY', 'CREATE', 'DELETE', 'DESC', 'DESCRIBE', 'DROP',
  'EXIT', 'EXPAND', 'GRANT', 'HELP', 'INSERT', 'LIST', 'PAGING', 'QUIT', 'REVOKE', 'SELECT', 'SERIAL', 'SHOW',
  'SOURCE', 'TRACING', 'TRUNCATE', 'UPDATE', 'USE',
];
const SCHEMA_OBJECTS = ['KEYSPACE', 'TABLE', 'TYPE', 'INDEX', 'FUNCTION', 'AGGREGATE', 'MATERIALIZED', 'ROLE', 'USER'];
const DESCRIBE_OBJECTS = ['AGGREGATE', 'AGGREGATES', 'CLUSTER', 'FULL', 'FUNCTION', 'FUNCTIONS', 'INDEX', 'KEYSPACE', 'KEYSPACES', 'SCHEMA', 'TABLE', 'TABLES', 'TYPE', 'TYPES'];
const AFTER_TABLE = ['WHERE', 'LIMIT', 'ORDER', 'GROUP', 'PER', 'ALLOW', 'USING', 'SET', 'IF', 'VALUES', 'TO', 'FROM', 'WITH'];
const GENERAL = [
  'ADD', 'ALLOW', 'AND', 'AS', 'ASC', 'BATCH', 'BY', 'CLUSTERING', 'CONTAINS', 'COUNT', 'DESC', 'DISTINCT', 'EXISTS',
  'FILTERING', 'FROM', 'IF', 'IN', 'INTO', 'JSON', 'KEY', 'LIMIT', 'NOT', 'NULL', 'ORDER', 'PRIMARY', 'SET', 'STATIC',
  'TIMESTAMP', 'TTL', 'USING', 'VALUES', 'WHERE', 'WITH', 'WRITETIME',
];

export interface CompletionContext {
  readonly schema: SchemaSnapshot;
  readonly keyspace: string | undefined;
}

/** Words of a statement: names (quoted or not), punctuation as one-character words. */
function words(text: string): string[] {
  return text.match(/"(?:[^"]|"")*"|'(?:[^']|'')*'|[\w.]+|[(),;=*<>]/g) ?? [];
}

function matchCase(keywords: readonly string[], partial: string): string[] {
  const lower = partial !== '' && partial === partial.toLowerCase();
  return keywords.map((k) => (lower ? k.toLowerCase() : k));
}

function tables(ctx: CompletionContext, partial: string): string[] {
  const dot = partial.indexOf('.');
  if (dot >= 0) {
    const ks = partial.slice(0, dot).replace(/^"|"$/g, '');
    return (ctx.schema.tables.get(ks) ?? []).map((t) => `${partial.slice(0, dot)}.${quoteName(t)}`);
  }
  const own = ctx.keyspace === undefined ? [] : (ctx.schema.tables.get(ctx.keyspace) ?? []).map(quoteName);
  return [...own, ...ctx.schema.keyspaces.map(quoteName)];
}

/** The table a statement refers to (after FROM / INTO / UPDATE / COPY / TABLE), if any. */
function statementTable(ws: readonly string[], ctx: CompletionContext): string | undefined {
  for (let i = 0; i < ws.length - 1; i++) {
    if (!['FROM', 'INTO', 'UPDATE', 'COPY', 'TABLE'].includes(ws[i]!.toUpperCase())) continue;
    const name = ws[i + 1]!.replace(/"/g, '');
    const key = name.includes('.') ? name : `${ctx.keyspace}.${name}`;
    if (ctx.schema.columns.has(key)) return key;
  }
  return undefined;
}

/** Candidates for the last (partial) word of `before`, the text typed up to the cursor. */
export function completions(before: string, ctx: CompletionContext): { candidates: string[]; partial: string } {
  const partial = /[\w."]*$/.exec(before)![0];
  const ws = words(before.slice(0, before.length - partial.length));
  const prev = ws[ws.length - 1]?.toUpperCase();
  const prev2 = ws[ws.length - 2]?.toUpperCase();
  let pool: string[];
  if (ws.length === 0) pool = matchCase(START, partial);
  else if (prev === 'USE' || (prev === 'KEYSPACE' && prev2 !== 'CREATE')) pool = ctx.schema.keyspaces.map(quoteName);
  else if (prev === 'CONSISTENCY' && prev2 === 'SERIAL') pool = matchCase(SERIAL_LEVELS, partial);
  else if (prev === 'CONSISTENCY') pool = matchCase(CONSISTENCY_LEVELS, partial);
  else if (prev === 'SERIAL') pool = matchCase(['CONSISTENCY'], partial);
  else if (prev === 'EXPAND' || prev === 'TRACING' || prev === 'PAGING') pool = matchCase(['ON', 'OFF'], partial);
  else if (prev === 'SHOW') pool = matchCase(['VERSION', 'HOST', 'SESSION'], partial);
  else if (prev === 'HELP') pool = matchCase(START, partial);
  else if (prev === 'INSERT') pool = matchCase(['INTO'], partial);
  else if (prev === 'DELETE') pool = matchCase(['FROM'], partial);
  else if ((prev === 'CREATE' || prev === 'DROP' || prev === 'ALTER') && ws.length === 1) pool = matchCase(SCHEMA_OBJECTS, partial);
  else if (prev === 'DESC' || prev === 'DESCRIBE') pool = [...matchCase(DESCRIBE_OBJECTS, partial), ...tables(ctx, partial)];
  else if (['FROM', 'INTO', 'UPDATE', 'TABLE', 'TRUNCATE', 'COPY'].includes(prev!)) pool = tables(ctx, partial);
  else {
    const table = statementTable(ws, ctx);
    const cols = table === undefined ? [] : (ctx.schema.columns.get(table) ?? []).map((c) => quoteName(c.name));
    const afterTable = table !== undefined && ws.length >= 2 && ['FROM', 'INTO', 'UPDATE', 'COPY'].includes(prev2!) ? matchCase(AFTER_TABLE, partial) : [];
    if (afterTable.length > 0) pool = afterTable;
    else if (['WHERE', 'AND', 'SET', '(', ',', 'BY', 'IF', 'SELECT', 'DISTINCT'].includes(prev!)) pool = [...cols, ...matchCase(GENERAL, partial)];
    else pool = matchCase(GENERAL, partial);
  }
  const p = partial.toLowerCase();
  const candidates = [...new Set(pool.filter((c) => c.toLowerCase().startsWith(p)))].sort();
  return { candidates, partial };
}
