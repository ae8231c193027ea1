/**
 * The selection clause of a SELECT prepared: `*` (partition key, clustering columns, then static
 * and regular columns each by name, as Cassandra lists them) or selectors with aliases; the result
 * columns (one `[json]` text column for SELECT JSON); whether the query aggregates; and how a row
 * (or a group of rows) becomes a result row.
 */
import { UTF8_TYPE } from '../../marshal/index.js';
import type { CqlColumn, CqlTable } from '../../schema/index.js';
import type { BoundValue } from '../execution/bound-value.js';
import type { ColumnSpec } from '../execution/cql-result.js';
import { selectJsonRow } from '../json/index.js';
import type { SelectStatement } from '../parser/index.js';
import { type SelectorScope, prepareSelector } from './prepare-selector.js';
import type { ResultRow } from './result-row.js';
import { type SelectorNode, scalarNode } from './selector-node.js';

export type ResultValues = (Buffer | null)[];

export interface Selection {
  /** The result set's columns. */
  readonly columns: readonly ColumnSpec[];
  readonly isAggregate: boolean;
  /** Every table column the selectors read. */
  readonly readColumns: ReadonlySet<CqlColumn>;
  /** The selectors read only partition key and static columns, at least one static. */
  readonly onlyStatic: boolean;
  /** For DISTINCT checks: columns selected that are neither partition key nor static. */
  readonly nonStaticColumns: readonly CqlColumn[];
  row(row: ResultRow, values: readonly BoundValue[]): ResultValues;
  /** A fold of rows into one result row (aggregate queries). */
  aggregate(values: readonly BoundValue[]): { add(row: ResultRow): void; result(): ResultValues };
}

/** Cassandra's SELECT * order. */
export function wildcardColumns(t: CqlTable): CqlColumn[] {
  const byName = (a: CqlColumn, b: CqlColumn) => Buffer.compare(Buffer.from(a.name, 'utf8'), Buffer.from(b.name, 'utf8'));
  return [...t.partitionKey, ...t.clustering, ...[...t.statics].sort(byName), ...[...t.regular].sort(byName)];
}

export function prepareSelection(stmt: SelectStatement, s: SelectorScope): Selection {
  const items = stmt.wildcard
    ? wildcardColumns(s.table).map((c) => ({ node: scalarNode(c.name, c.type, [c], (row) => row.value(c), c), alias: null as string | null }))
    : stmt.selectors.map((item) => ({ node: prepareSelector(item.selector, s), alias: item.alias }));
  const nodes: SelectorNode[] = items.map((i) => i.node);
  const names = items.map((i) => i.alias ?? i.node.name);
  const isAggregate = nodes.some((n) => n.isAggregate);
  const readColumns = new Set(nodes.flatMap((n) => n.columns));
  const read = [...readColumns];
  const spec = (name: string, type: ColumnSpec['type']): ColumnSpec => ({ keyspace: s.keyspace, table: s.tableName, name, type });
  const columns = stmt.json ? [spec('[json]', UTF8_TYPE)] : nodes.map((n, i) => spec(names[i]!, n.type));
  const finish = (vals: ResultValues): ResultValues => (stmt.json ? [UTF8_TYPE.decompose(selectJsonRow(nodes.map((n, i) => ({ name: names[i]!, type: n.type, value: vals[i] ?? null }))))] : vals);
  return {
    columns,
    isAggregate,
    readColumns,
    onlyStatic: read.some((c) => c.kind === 'static') && read.every((c) => c.kind === 'static' || c.kind === 'partition_key'),
    nonStaticColumns: read.filter((c) => c.kind !== 'static' && c.kind !== 'partition_key'),
    row: (row, values) => finish(nodes.map((n) => n.value(row, values))),
    aggregate: (values) => {
      const accs = nodes.map((n) => n.accumulate(values));
      return { add: (row) => accs.forEach((a) => a.add(row)), result: () => finish(accs.map((a) => a.result())) };
    },
  };
}
