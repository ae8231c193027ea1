/**
 * The 0.7 Thrift API's structures, wire-shaped: every name, key and value is a Buffer holding the
 * serialized bytes a Thrift client sends (names serialized by the column family's comparator,
 * values by their validator). The TypeScript API converts JS values into these; the Thrift server
 * will decode frames into them. Field names follow cassandra.thrift in camelCase.
 */

export interface ColumnPath {
  readonly columnFamily: string;
  readonly superColumn?: Buffer;
  readonly column?: Buffer;
}

export interface ColumnParent {
  readonly columnFamily: string;
  readonly superColumn?: Buffer;
}

/** An empty `start`/`finish` is unbounded. When `reversed`, `start` is the high end. */
export interface SliceRange {
  readonly start: Buffer;
  readonly finish: Buffer;
  readonly reversed: boolean;
  readonly count: number;
}

/** Exactly one of the two. */
export interface SlicePredicate {
  readonly columnNames?: readonly Buffer[];
  readonly sliceRange?: SliceRange;
}

export interface Column {
  readonly name: Buffer;
  readonly value: Buffer;
  /** Microseconds, client-chosen. */
  readonly timestamp: bigint;
  /** Seconds; absent for a column that never expires. */
  readonly ttl?: number;
}

export interface SuperColumn {
  readonly name: Buffer;
  readonly columns: readonly Column[];
}

export interface ColumnOrSuperColumn {
  readonly column?: Column;
  readonly superColumn?: SuperColumn;
}

export interface Deletion {
  readonly timestamp: bigint;
  readonly superColumn?: Buffer;
  readonly predicate?: SlicePredicate;
}

/** Exactly one of the two. */
export interface Mutation {
  readonly columnOrSuperColumn?: ColumnOrSuperColumn;
  readonly deletion?: Deletion;
}

/** Either keys (`startKey`/`endKey`, both inclusive) or tokens (`startToken` exclusive, `endToken` inclusive). */
export interface KeyRange {
  readonly startKey?: Buffer;
  readonly endKey?: Buffer;
  readonly startToken?: string;
  readonly endToken?: string;
  readonly count: number;
}

export interface KeySlice {
  readonly key: Buffer;
  readonly columns: ColumnOrSuperColumn[];
}

/** multiget_count's answer for one key. */
export interface KeyCount {
  readonly key: Buffer;
  readonly count: number;
}

export type IndexOperator = 'EQ' | 'GTE' | 'GT' | 'LTE' | 'LT';

export interface IndexExpression {
  readonly columnName: Buffer;
  readonly op: IndexOperator;
  readonly value: Buffer;
}

export interface IndexClause {
  readonly expressions: readonly IndexExpression[];
  readonly startKey: Buffer;
  readonly count: number;
}

/** Accepted and ignored on a single node; the coordinator will honour it. */
export type ConsistencyLevel = 'ONE' | 'QUORUM' | 'LOCAL_QUORUM' | 'EACH_QUORUM' | 'ALL' | 'ANY' | 'TWO' | 'THREE';

/** batch_mutate's argument: row key → column family name → mutations. Keys are compared by bytes. */
export type MutationMap = ReadonlyMap<Buffer, ReadonlyMap<string, readonly Mutation[]>> | ReadonlyArray<readonly [Buffer, ReadonlyMap<string, readonly Mutation[]>]>;
