/**
 * Result rows laid out as cqlsh lays them out. Tabular: a header of names (left-aligned), a
 * `-----+-----` rule, then the values right-aligned in columns as wide as their widest cell
 * (terminal columns: wide CJK characters count two). Expanded (EXPAND ON): one `@ Row N` block
 * per row, name | value. Strings in, lines out; no colours.
 */
import { displayWidth, padEnd, padStart } from './display-width.js';

/** The lines of one page of rows in the tabular layout (without the leading blank line). */
export function renderTable(names: readonly string[], rows: readonly (readonly string[])[], withHeader: boolean): string[] {
  const widths = names.map((n) => displayWidth(n));
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, displayWidth(cell))));
  const lines: string[] = [];
  if (withHeader) {
    lines.push(` ${names.map((n, i) => padEnd(n, widths[i]!)).join(' | ')}`.trimEnd());
    lines.push(`-${widths.map((w) => '-'.repeat(w)).join('-+-')}-`);
  }
  for (const row of rows) lines.push(` ${row.map((cell, i) => padStart(cell, widths[i]!)).join(' | ')}`);
  return lines;
}

/** The lines of rows in the expanded layout; rows are numbered from `firstRow`. */
export function renderExpanded(names: readonly string[], rows: readonly (readonly string[])[], firstRow: number): string[] {
  const nameWidth = Math.max(0, ...names.map(displayWidth));
  const valueWidth = Math.max(0, ...rows.flatMap((r) => r.map(displayWidth)));
  const lines: string[] = [];
  rows.forEach((row, r) => {
    lines.push(`@ Row ${firstRow + r}`);
    lines.push(`-${'-'.repeat(nameWidth)}-+-${'-'.repeat(valueWidth)}-`);
    row.forEach((cell, i) => lines.push(` ${padEnd(names[i]!, nameWidth)} | ${cell}`));
    lines.push('');
  });
  return lines;
}
