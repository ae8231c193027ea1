/**
 * What executing a statement returns, before any wire encoding: rows with their column
 * descriptions (types as AbstractTypes; the server turns them into the protocol's type specs),
 * nothing, a new session keyspace, or a schema change (also announced to REGISTERed clients).
 */
import type { AbstractType } from '../../marshal/index.js';

/** A result column or a bind variable: where it comes from, its name, its type. */
export interface ColumnSpec {
  readonly keyspace: string;
  readonly table: string;
  readonly name: string;
  readonly type: AbstractType;
}

export type SchemaChangeType = 'CREATED' | 'UPDATED' | 'DROPPED';

export type SchemaChangeEvent =
  | { readonly change: SchemaChangeType; readonly target: 'KEYSPACE'; readonly keyspace: string }
  | { readonly change: SchemaChangeType; readonly target: 'TABLE' | 'TYPE'; readonly keyspace: string; readonly name: string }
  | {
      readonly change: SchemaChangeType;
      readonly target: 'FUNCTION' | 'AGGREGATE';
      readonly keyspace: string;
      readonly name: string;
      readonly argTypes: readonly string[];
    };

export interface RowsResult {
  readonly kind: 'rows';
  readonly columns: readonly ColumnSpec[];
  /** One serialized value (or null) per column. */
  readonly rows: readonly (readonly (Buffer | null)[])[];
  /** Present when more pages follow: hand it back in QueryOptions.pagingState. */
  readonly pagingState?: Buffer;
}

export type CqlResult =
  | { readonly kind: 'void' }
  | RowsResult
  | { readonly kind: 'setKeyspace'; readonly keyspace: string }
  | { readonly kind: 'schemaChange'; readonly change: SchemaChangeEvent };

export const VOID_RESULT: CqlResult = Object.freeze({ kind: 'void' });
