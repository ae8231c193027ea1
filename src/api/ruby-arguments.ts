/**
 * The Ruby client's argument shape: `(cf, key, [superColumn,] [column,] [options])`, parameters
 * in storage order, options last. Which name is which depends on the column family: for a Standard
 * CF the one name is a column; for a Super CF the first is the super column and the second a
 * sub-column. A Standard CF given two names passes them on as a super column path, so the
 * operations refuse it with their typed error.
 */
import type { Name } from './js-values.js';
import { isColumnsInput } from './row-mutations.js';

export interface ColumnPathArgs {
  readonly superColumn?: Name;
  readonly column?: Name;
}

/** Splits trailing arguments into names and an options object. */
export function splitArgs<O extends object>(args: readonly unknown[]): { names: Name[]; options: O | undefined } {
  const last = args[args.length - 1];
  if (args.length > 0 && isColumnsInput(last) && !(last instanceof Map)) {
    return { names: args.slice(0, -1) as Name[], options: last as O };
  }
  return { names: args.filter((a) => a !== undefined) as Name[], options: undefined };
}

export function columnPath(isSuper: boolean, names: readonly Name[]): ColumnPathArgs {
  const [a, b] = names;
  if (isSuper || names.length >= 2) return { ...(a === undefined ? {} : { superColumn: a }), ...(b === undefined ? {} : { column: b }) };
  return a === undefined ? {} : { column: a };
}
