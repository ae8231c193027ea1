/**
 * Prints what the server answers to DESCRIBE (CQL rows since Cassandra 4.0): statements from the
 * `create_statement` column one after another with blank lines between; name listings
 * (DESCRIBE KEYSPACES / TABLES / TYPES…) as names wrapped to the terminal, grouped under
 * `Keyspace ks` headings when they span several keyspaces, as cqlsh prints them.
 */
import { quoteName } from './value-formatter.js';

export interface DescribeRows {
  readonly names: readonly string[];
  readonly rows: readonly (readonly unknown[])[];
}

/** The output lines, or undefined when the rows are not a DESCRIBE answer (print them as a table). */
export function describeLines(result: DescribeRows, width: number): string[] | undefined {
  const col = (name: string) => result.names.indexOf(name);
  const stmt = col('create_statement');
  if (stmt >= 0) {
    const lines = [''];
    for (const r of result.rows) lines.push(String(r[stmt] ?? '').replace(/\n+$/, ''), '');
    return lines;
  }
  const name = col('name');
  const ks = col('keyspace_name');
  const type = col('type');
  if (name < 0 || ks < 0) return undefined;
  if (result.rows.every((r) => type >= 0 && r[type] === 'keyspace')) {
    return ['', ...wrap(result.rows.map((r) => quoteName(String(r[name]))), width), ''];
  }
  const groups = new Map<string, string[]>();
  for (const r of result.rows) {
    const k = String(r[ks]);
    groups.set(k, [...(groups.get(k) ?? []), quoteName(String(r[name]))]);
  }
  if (groups.size <= 1) return ['', ...wrap([...groups.values()][0] ?? [], width), ''];
  const lines: string[] = [''];
  for (const [k, names] of groups) {
    const heading = `Keyspace ${quoteName(k)}`;
    lines.push(heading, '-'.repeat(heading.length), ...wrap(names, width), '');
  }
  return lines;
}

/** Names joined by two spaces, lines kept under the width. */
export function wrap(names: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const n of names) {
    if (line !== '' && line.length + 2 + n.length > width) {
      lines.push(line);
      line = '';
    }
    line = line === '' ? n : `${line}  ${n}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}
