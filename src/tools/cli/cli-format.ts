/**
 * Read results printed as cassandra-cli 0.7 prints them:
 *   => (column=screen_name, value=buttonscat, timestamp=1270690173386000[, ttl=N])
 *   => (super_column=work,
 *        (column=city, value=san francisco, timestamp=…))
 *   => (counter=hits, value=5)
 * and, for list and indexed gets, one block per row (`-------------------`, `RowKey: k`) then
 * `N Row(s) Returned.`. Names are shown by the comparator (sub-columns by the subcomparator),
 * values by their validator, keys by the key type.
 */
import type { Column } from '../../db/index.js';
import type { CounterColumn, ThriftColumnOrSuperColumn, ThriftKeySlice } from '../../thrift/service/cassandra-service.js';
import type { ColumnFamilyView } from './cli-schema.js';
import { textOf } from './cli-types.js';

const SUB_INDENT = '     ';

function columnText(view: ColumnFamilyView, c: Column, asSub: boolean): string {
  const name = textOf(c.name, asSub ? view.subcomparator : view.comparator);
  const value = textOf(c.value, view.validatorFor(c.name));
  const ttl = c.ttl === undefined ? '' : `, ttl=${c.ttl}`;
  return `(column=${name}, value=${value}, timestamp=${c.timestamp}${ttl})`;
}

function counterText(view: ColumnFamilyView, c: CounterColumn, asSub: boolean): string {
  return `(counter=${textOf(c.name, asSub ? view.subcomparator : view.comparator)}, value=${c.value})`;
}

/**
 * One result of a read as lines. `inSuper`: the read named a super column, so plain columns are
 * its sub-columns (named by the subcomparator).
 */
export function formatColumnOrSuper(view: ColumnFamilyView, cosc: ThriftColumnOrSuperColumn, inSuper: boolean): string {
  if (cosc.column !== undefined) return `=> ${columnText(view, cosc.column, inSuper)}\n`;
  if (cosc.counterColumn !== undefined) return `=> ${counterText(view, cosc.counterColumn, inSuper)}\n`;
  if (cosc.superColumn !== undefined) {
    const subs = cosc.superColumn.columns.map((c) => `\n${SUB_INDENT}${columnText(view, c, true)}`).join('');
    return `=> (super_column=${textOf(cosc.superColumn.name, view.comparator)},${subs})\n`;
  }
  if (cosc.counterSuperColumn !== undefined) {
    const subs = cosc.counterSuperColumn.columns.map((c) => `\n${SUB_INDENT}${counterText(view, c, true)}`).join('');
    return `=> (super_column=${textOf(cosc.counterSuperColumn.name, view.comparator)},${subs})\n`;
  }
  return '';
}

/** A slice of one row (get CF['key'], get CF['key']['super']) with its `Returned N results.` line. */
export function formatSlice(view: ColumnFamilyView, columns: readonly ThriftColumnOrSuperColumn[], inSuper: boolean): string {
  return `${columns.map((c) => formatColumnOrSuper(view, c, inSuper)).join('')}Returned ${columns.length} results.\n`;
}

/** Rows of list and get … where. */
export function formatKeySlices(view: ColumnFamilyView, slices: readonly ThriftKeySlice[]): string {
  let out = '';
  for (const s of slices) {
    out += `-------------------\nRowKey: ${textOf(s.key, view.keyType)}\n`;
    for (const c of s.columns) out += formatColumnOrSuper(view, c, false);
  }
  return `${out}\n${slices.length} Row${slices.length > 1 ? 's' : ''} Returned.\n`;
}
