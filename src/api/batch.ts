/**
 * Ruby's `batch`: inserts and removes collected while the callback runs, then sent as one
 * batch_mutate (atomic per row). Calls only record their arguments; conversion (which needs the
 * column families' definitions) happens when the batch is sent, and any error refuses it whole.
 */
import type { MutationMap, Mutation } from '../db/index.js';
import type { ApiContext } from './api-context.js';
import { ColumnFamilyAccess } from './column-family-access.js';
import type { ColumnsInput, Name, SuperColumnsInput, WriteOptions } from './js-values.js';
import { columnPath, splitArgs } from './ruby-arguments.js';

type Recorded =
  | { readonly kind: 'insert'; readonly cf: string; readonly key: Name; readonly columns: ColumnsInput | SuperColumnsInput; readonly options: WriteOptions }
  | { readonly kind: 'remove'; readonly cf: string; readonly key: Name; readonly args: readonly unknown[] };

export class Batch {
  private readonly recorded: Recorded[] = [];

  insert(cf: string, key: Name, columns: ColumnsInput | SuperColumnsInput, options: WriteOptions = {}): this {
    this.recorded.push({ kind: 'insert', cf, key, columns, options });
    return this;
  }

  /** `remove(cf, key)`, `remove(cf, key, column)`, `remove(cf, key, superColumn, column)`, options last. */
  remove(cf: string, key: Name, ...args: [] | [WriteOptions] | [Name, WriteOptions?] | [Name, Name, WriteOptions?]): this {
    this.recorded.push({ kind: 'remove', cf, key, args });
    return this;
  }

  get size(): number {
    return this.recorded.length;
  }

  /** The recorded calls as one mutation map. */
  async toMutationMap(ctx: ApiContext, keyspace: string): Promise<MutationMap> {
    const access = new Map<string, ColumnFamilyAccess>();
    const out: [Buffer, Map<string, Mutation[]>][] = [];
    for (const r of this.recorded) {
      let a = access.get(r.cf);
      if (a === undefined) access.set(r.cf, (a = await ColumnFamilyAccess.of(ctx, keyspace, r.cf)));
      out.push([a.codec.key(r.key), new Map([[r.cf, mutationsOf(a, r)]])]);
    }
    return out;
  }
}

function mutationsOf(a: ColumnFamilyAccess, r: Recorded): Mutation[] {
  if (r.kind === 'insert') return a.insertMutations(r.columns, r.options);
  const { names, options } = splitArgs<WriteOptions>(r.args);
  const path = columnPath(a.isSuper, names);
  return [a.deletionMutation({ superColumn: path.superColumn, ...(path.column === undefined ? {} : { columns: [path.column] }) }, options)];
}
