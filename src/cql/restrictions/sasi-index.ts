/**
 * SASI (`USING 'org.apache.cassandra.index.sasi.SASIIndex'`) as Ilium serves it: the index keeps
 * no structure of its own; the relations it would serve (=, LIKE, ranges on non-literal columns)
 * are answered without ALLOW FILTERING by the paced filtering scan every SELECT can run, with
 * SASI's semantics (its analyzer applied to both sides, LIKE kinds allowed by the index mode).
 *
 * Checked in Cassandra 4.0: index/sasi/SASIIndex.validateOptions, conf/IndexMode,
 * conf/ColumnIndex.supports, disk/OnDiskIndexBuilder.Mode (which operations each mode serves),
 * analyzer/NonTokenizingAnalyzer (case_sensitive, normalize_lowercase, normalize_uppercase),
 * cql3/restrictions/SingleColumnRestriction.LikeRestriction (the LIKE kinds, their messages).
 *
 * Refused at CREATE where Ilium cannot honour an option: tokenizing analyzers (StandardAnalyzer,
 * DelimiterAnalyzer, `analyzed: true` on text without a class).
 */
import { ConfigurationError, InvalidRequestError } from '../../errors/index.js';
import { ASCII_TYPE, type AbstractType, UTF8_TYPE, isMultiCell } from '../../marshal/index.js';
import type { ColumnFamilyDef, CqlColumn, IndexDef } from '../../schema/index.js';
import { parseIndexTarget } from '../../schema/index.js';

export const SASI_CLASS = 'org.apache.cassandra.index.sasi.SASIIndex';
const ANALYZER_PACKAGE = 'org.apache.cassandra.index.sasi.analyzer.';
const NON_TOKENIZING = `${ANALYZER_PACKAGE}NonTokenizingAnalyzer`;
const NO_OP = `${ANALYZER_PACKAGE}NoOpAnalyzer`;
const TOKENIZING = [`${ANALYZER_PACKAGE}StandardAnalyzer`, `${ANALYZER_PACKAGE}DelimiterAnalyzer`];

export type SasiMode = 'PREFIX' | 'CONTAINS' | 'SPARSE';
/** SASI's expression operations (Expression.Op) that Ilium meets. */
export type SasiOp = 'EQ' | 'MATCH' | 'PREFIX' | 'SUFFIX' | 'CONTAINS' | 'RANGE';

/** OnDiskIndexBuilder.Mode: the operations each mode serves. */
const MODE_OPS: Readonly<Record<SasiMode, readonly SasiOp[]>> = {
  PREFIX: ['EQ', 'MATCH', 'PREFIX', 'RANGE'],
  CONTAINS: ['EQ', 'MATCH', 'CONTAINS', 'PREFIX', 'SUFFIX'],
  SPARSE: ['EQ', 'RANGE'],
};

export interface SasiIndex {
  readonly name: string;
  readonly column: CqlColumn;
  readonly mode: SasiMode;
  /** Text values (is_literal): LIKE allowed, ranges not. */
  readonly literal: boolean;
  /** What the analyzer makes of a text value (identity when not analyzed). */
  readonly analyze: (text: string) => string;
}

export function isSasi(def: IndexDef): boolean {
  return def.kind === 'CUSTOM' && def.options.class_name === SASI_CLASS;
}

/** The SASI indexes of a table, with their settings. */
export function sasiIndexesOf(cf: ColumnFamilyDef): SasiIndex[] {
  const out: SasiIndex[] = [];
  for (const def of cf.indexes) {
    if (!isSasi(def)) continue;
    const column = cf.cql.columns.get(parseIndexTarget(def.options.target!).column);
    if (column !== undefined) out.push(sasiIndex(def.name, column, def.options));
  }
  return out;
}

/** Whether the index serves `op` on its column (ColumnIndex.supports). */
export function sasiSupports(index: SasiIndex, op: SasiOp): boolean {
  if (index.literal && op === 'RANGE') return false;
  if (!index.literal && op !== 'EQ' && op !== 'RANGE') return false;
  return MODE_OPS[index.mode].includes(op);
}

/** Validates CREATE CUSTOM INDEX … USING SASI's options (SASIIndex.validateOptions, IndexMode). */
export function checkSasiOptions(column: CqlColumn, options: Readonly<Record<string, string>>, partitionerName: string): void {
  if (!partitionerName.endsWith('Murmur3Partitioner')) throw new ConfigurationError('SASI only supports Murmur3Partitioner.');
  if (isMultiCell(column.type)) throw new ConfigurationError('complex columns are not yet supported by SASI');
  if (column.kind === 'partition_key') throw new ConfigurationError('partition key columns are not yet supported by SASI');
  const analyzer = options.analyzer_class;
  if (analyzer !== undefined) {
    if (TOKENIZING.includes(analyzer)) throw new ConfigurationError(`Ilium does not support the SASI analyzer ${analyzer}: only NonTokenizingAnalyzer and NoOpAnalyzer (no tokenizing) are honoured`);
    if (analyzer !== NON_TOKENIZING && analyzer !== NO_OP) throw new ConfigurationError(`Invalid analyzer class option specified [${analyzer}]`);
    if (analyzer === NON_TOKENIZING && !isText(column.type)) throw new ConfigurationError(`NonTokenizingAnalyzer does not support type ${column.type.cqlName ?? column.type.name}`);
  } else if (options.analyzed?.toLowerCase() === 'true' && isText(column.type)) {
    throw new ConfigurationError(`Ilium does not support 'analyzed': 'true' without an analyzer_class on text column ${column.name} (SASI's StandardAnalyzer tokenizes); use ${NON_TOKENIZING}`);
  }
  const index = sasiIndex('', column, options);
  if (index.mode === 'SPARSE') {
    if (index.literal) throw new ConfigurationError('SPARSE mode is only supported on non-literal columns.');
    if (analyzed(options)) throw new ConfigurationError("SPARSE mode doesn't support analyzers.");
  }
}

function sasiIndex(name: string, column: CqlColumn, options: Readonly<Record<string, string>>): SasiIndex {
  const given = options.mode;
  const mode = given === undefined ? 'PREFIX' : given.toUpperCase();
  if (mode !== 'PREFIX' && mode !== 'CONTAINS' && mode !== 'SPARSE') throw new ConfigurationError(`Incorrect index mode: ${given}`);
  const literal = options.is_literal === undefined ? isText(column.type) : options.is_literal.toLowerCase() === 'true';
  return { name, column, mode, literal, analyze: analyzerOf(options) };
}

function isText(type: AbstractType): boolean {
  return type === UTF8_TYPE || type === ASCII_TYPE;
}

/** IndexMode.getMode: a class given means analyzed unless `analyzed` says otherwise. */
function analyzed(options: Readonly<Record<string, string>>): boolean {
  if (options.analyzed !== undefined) return options.analyzed.toLowerCase() === 'true';
  return options.analyzer_class !== undefined;
}

/** NonTokenizingAnalyzer's case options; identity for NoOpAnalyzer and unanalyzed indexes. */
function analyzerOf(options: Readonly<Record<string, string>>): (text: string) => string {
  if (!analyzed(options) || options.analyzer_class !== NON_TOKENIZING) return (t) => t;
  const flag = (key: string, dflt: boolean) => (options[key] === undefined ? dflt : options[key]!.toLowerCase() === 'true');
  if (flag('normalize_lowercase', false) || !flag('case_sensitive', true)) return (t) => t.toLowerCase();
  if (flag('normalize_uppercase', false)) return (t) => t.toUpperCase();
  return (t) => t;
}

// ---- LIKE ----

export type LikeKind = 'PREFIX' | 'SUFFIX' | 'CONTAINS' | 'MATCHES';

export interface LikePattern {
  readonly kind: LikeKind;
  readonly term: string;
}

/** Cassandra's LIKE kinds by the leading and trailing `%` (LikeRestriction.makeSpecific). */
export function parseLike(value: string): LikePattern {
  const ends = value.endsWith('%');
  const starts = value.startsWith('%');
  const kind: LikeKind = ends ? (starts ? 'CONTAINS' : 'PREFIX') : starts ? 'SUFFIX' : 'MATCHES';
  const term = value.slice(starts ? 1 : 0, ends ? value.length - 1 : value.length);
  if (term.length === 0) throw new InvalidRequestError("LIKE value can't be empty.");
  return { kind, term };
}

/** Operator.toString of Cassandra's LIKE kinds, as its messages print them. */
const KIND_TEXT: Readonly<Record<LikeKind, string>> = {
  PREFIX: "LIKE '<term>%'",
  SUFFIX: "LIKE '%<term>'",
  CONTAINS: "LIKE '%<term>%'",
  MATCHES: "LIKE '<term>'",
};

/** The LIKE kind checked against the index mode; Cassandra's message when the mode cannot serve it. */
export function checkLikeServed(index: SasiIndex, p: LikePattern): void {
  const op: SasiOp = p.kind === 'MATCHES' ? 'MATCH' : p.kind;
  if (!sasiSupports(index, op)) throw new InvalidRequestError(`${index.column.name} ${KIND_TEXT[p.kind]} ${p.term} is only supported on properly indexed columns`);
}

/** Whether an (analyzed) value matches an (analyzed) pattern. */
export function likeMatches(value: string, p: LikePattern): boolean {
  switch (p.kind) {
    case 'PREFIX':
      return value.startsWith(p.term);
    case 'SUFFIX':
      return value.endsWith(p.term);
    case 'CONTAINS':
      return value.includes(p.term);
    case 'MATCHES':
      return value === p.term;
  }
}
