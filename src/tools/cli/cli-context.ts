/**
 * What a statement handler gets from the session: the connected service, the keyspace in use,
 * the schema cache, value conversion, write timestamps, the consistency level, and where to
 * print. The session builds one per statement after checking the statement's preconditions.
 */
import type { CassandraService, ConsistencyLevel } from '../../thrift/service/cassandra-service.js';
import type { ColumnAccess } from './cli-ast.js';
import type { CliSchema, ColumnFamilyView } from './cli-schema.js';
import type { CliValueSource } from './cli-types.js';

export interface CliContext {
  readonly service: CassandraService;
  readonly keyspace: string;
  readonly schema: CliSchema;
  readonly values: CliValueSource;
  readonly consistency: ConsistencyLevel;
  nextTimestamp(): bigint;
  out(text: string): void;
}

/** The addressed column family and the bytes of key and names of `CF['key']['a']['b']`. */
export interface ResolvedAccess {
  readonly view: ColumnFamilyView;
  readonly key: Buffer;
  /** For a Super column family, the first name; otherwise absent. */
  readonly superColumn?: Buffer;
  /** The column (a sub-column under a super column); absent when the access names none. */
  readonly column?: Buffer;
}

/**
 * Converts an access by the column family's types: on a Super family the first name is a super
 * column (comparator) and the second a sub-column (subcomparator); on a Standard family the one
 * name is a column (comparator).
 */
export async function resolveAccess(ctx: CliContext, a: ColumnAccess): Promise<ResolvedAccess> {
  const view = await ctx.schema.columnFamily(ctx.keyspace, a.columnFamily);
  const key = ctx.values.termBytes(a.key, view.keyType);
  const [first, second] = a.path;
  if (first === undefined) return { view, key };
  if (view.isSuper || second !== undefined) {
    const superColumn = ctx.values.termBytes(first, view.comparator);
    if (second === undefined) return { view, key, superColumn };
    return { view, key, superColumn, column: ctx.values.termBytes(second, view.subcomparator) };
  }
  return { view, key, column: ctx.values.termBytes(first, view.comparator) };
}
