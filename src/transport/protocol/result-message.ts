import type { DataTypeSpec } from './data-type-spec.js';
import type { SchemaChange } from './schema-change.js';

/**
 * RESULT messages (v4 spec §4.2.5) as the query layer returns them. Values are already
 * serialized ([bytes] per cell, null for a null cell); types are `DataTypeSpec`s.
 */
export interface ColumnSpec {
  readonly keyspace: string;
  readonly table: string;
  readonly name: string;
  readonly type: DataTypeSpec;
}

/**
 * <metadata> of a Rows result and the result metadata of a Prepared one. Encoded with the
 * Global_tables_spec flag when every column has the same keyspace and table.
 */
export interface ResultMetadata {
  readonly columns: readonly ColumnSpec[];
  /** Set when more pages follow (Has_more_pages). */
  readonly pagingState?: Buffer;
  /**
   * Send only flags, column count and paging state (No_metadata). The transport sets this by
   * itself when the request asked to skip metadata.
   */
  readonly noMetadata?: boolean;
  /**
   * v5: the columns differ from those of the result metadata id the EXECUTE named; sent with the
   * Metadata_changed flag and this new id, and always with the full metadata.
   */
  readonly newMetadataId?: Buffer;
}

/** <metadata> of a Prepared result: the bind markers and which of them form the partition key. */
export interface PreparedMetadata {
  readonly columns: readonly ColumnSpec[];
  /**
   * Index of the bind marker of each partition key column, in partition key order; empty when
   * some key column has no plain marker. Sent from v4 on.
   */
  readonly pkIndexes: readonly number[];
}

export interface VoidResult {
  readonly kind: 'void';
}

export interface RowsResult {
  readonly kind: 'rows';
  readonly metadata: ResultMetadata;
  /** Each row has one value per column of `metadata.columns`. */
  readonly rows: readonly (readonly (Buffer | null)[])[];
}

export interface SetKeyspaceResult {
  readonly kind: 'set_keyspace';
  readonly keyspace: string;
}

export interface PreparedResult {
  readonly kind: 'prepared';
  readonly id: Buffer;
  readonly metadata: PreparedMetadata;
  /** Columns an execution returns; `{ columns: [], noMetadata: true }` for non-SELECTs. */
  readonly resultMetadata: ResultMetadata;
}

export interface SchemaChangeResult {
  readonly kind: 'schema_change';
  readonly change: SchemaChange;
}

export type ResultMessage = VoidResult | RowsResult | SetKeyspaceResult | PreparedResult | SchemaChangeResult;

/** Result kind codes (wire facts). */
export const ResultKind = {
  VOID: 0x0001,
  ROWS: 0x0002,
  SET_KEYSPACE: 0x0003,
  PREPARED: 0x0004,
  SCHEMA_CHANGE: 0x0005,
} as const;

/** Rows metadata flags (wire facts). */
export const RowsFlag = {
  GLOBAL_TABLES_SPEC: 0x0001,
  HAS_MORE_PAGES: 0x0002,
  NO_METADATA: 0x0004,
  /** v5 */
  METADATA_CHANGED: 0x0008,
} as const;
