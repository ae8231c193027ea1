/**
 * The AST of schema statements: keyspaces, tables, indexes, user types, materialized views and
 * triggers, with the `WITH name = value AND …` properties they share.
 */
import type { QualifiedName } from './ast-names.js';
import type { Relation } from './ast-relations.js';
import type { SelectItem } from './ast-selectors.js';
import type { CqlType } from './cql-type.js';

/**
 * A property value, reduced to text as Cassandra does: constants by their text (strings
 * unescaped, `true`/`false` lowercased, numbers as written), unreserved words lowercased, and
 * map literals to an ordered string→string map.
 */
export type PropertyValue =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'map'; readonly entries: ReadonlyMap<string, string> };

export interface Property {
  readonly name: string;
  readonly value: PropertyValue;
}

export interface ClusteringOrder {
  readonly column: string;
  readonly descending: boolean;
}

/** WITH options of CREATE TABLE / CREATE MATERIALIZED VIEW. */
export interface TableOptions {
  readonly properties: readonly Property[];
  readonly clusteringOrder: readonly ClusteringOrder[];
  readonly compactStorage: boolean;
}

export interface CreateKeyspaceStatement {
  readonly kind: 'createKeyspace';
  readonly keyspace: string;
  readonly ifNotExists: boolean;
  readonly properties: readonly Property[];
}

export interface AlterKeyspaceStatement {
  readonly kind: 'alterKeyspace';
  readonly keyspace: string;
  readonly ifExists: boolean;
  readonly properties: readonly Property[];
}

export interface DropKeyspaceStatement {
  readonly kind: 'dropKeyspace';
  readonly keyspace: string;
  readonly ifExists: boolean;
}

export interface ColumnDefinition {
  readonly name: string;
  readonly type: CqlType;
  readonly isStatic: boolean;
}

/** PRIMARY KEY ((a, b), c, d): partition key columns, then clustering columns. */
export interface PrimaryKey {
  readonly partitionKey: readonly string[];
  readonly clusteringColumns: readonly string[];
}

export interface CreateTableStatement {
  readonly kind: 'createTable';
  readonly table: QualifiedName;
  readonly ifNotExists: boolean;
  readonly columns: readonly ColumnDefinition[];
  /** From `col type PRIMARY KEY` or the PRIMARY KEY clause; empty lists when neither was given. */
  readonly primaryKey: PrimaryKey;
  readonly options: TableOptions;
}

export type AlterTableAction =
  | { readonly kind: 'addColumns'; readonly ifNotExists: boolean; readonly columns: readonly ColumnDefinition[] }
  | { readonly kind: 'dropColumns'; readonly ifExists: boolean; readonly columns: readonly string[]; readonly timestamp: string | null }
  | { readonly kind: 'alterColumnType'; readonly column: string; readonly type: CqlType }
  | { readonly kind: 'renameColumns'; readonly ifExists: boolean; readonly renames: readonly Rename[] }
  | { readonly kind: 'dropCompactStorage' }
  | { readonly kind: 'setOptions'; readonly properties: readonly Property[] };

export interface Rename {
  readonly from: string;
  readonly to: string;
}

export interface AlterTableStatement {
  readonly kind: 'alterTable';
  readonly table: QualifiedName;
  readonly ifExists: boolean;
  readonly action: AlterTableAction;
}

export interface DropTableStatement {
  readonly kind: 'dropTable';
  readonly table: QualifiedName;
  readonly ifExists: boolean;
}

/** `col`, `keys(col)`, `values(col)`, `entries(col)` or `full(col)`. */
export interface IndexTarget {
  readonly column: string;
  readonly type: 'simple' | 'keys' | 'values' | 'entries' | 'full';
}

export interface CreateIndexStatement {
  readonly kind: 'createIndex';
  readonly custom: boolean;
  readonly ifNotExists: boolean;
  /** Null when the name was left for the server to choose. */
  readonly name: string | null;
  readonly table: QualifiedName;
  readonly targets: readonly IndexTarget[];
  /** The class of `USING 'class'`. */
  readonly using: string | null;
  /** WITH properties, e.g. `options = {…}`. */
  readonly properties: readonly Property[];
}

export interface DropIndexStatement {
  readonly kind: 'dropIndex';
  readonly index: QualifiedName;
  readonly ifExists: boolean;
}

export interface FieldDefinition {
  readonly name: string;
  readonly type: CqlType;
}

export interface CreateTypeStatement {
  readonly kind: 'createType';
  readonly type: QualifiedName;
  readonly ifNotExists: boolean;
  readonly fields: readonly FieldDefinition[];
}

export type AlterTypeAction =
  | { readonly kind: 'addField'; readonly ifNotExists: boolean; readonly field: FieldDefinition }
  | { readonly kind: 'renameFields'; readonly ifExists: boolean; readonly renames: readonly Rename[] }
  | { readonly kind: 'alterFieldType'; readonly field: string; readonly type: CqlType };

export interface AlterTypeStatement {
  readonly kind: 'alterType';
  readonly type: QualifiedName;
  readonly ifExists: boolean;
  readonly action: AlterTypeAction;
}

export interface DropTypeStatement {
  readonly kind: 'dropType';
  readonly type: QualifiedName;
  readonly ifExists: boolean;
}

export interface CreateMaterializedViewStatement {
  readonly kind: 'createMaterializedView';
  readonly view: QualifiedName;
  readonly ifNotExists: boolean;
  readonly wildcard: boolean;
  readonly selectors: readonly SelectItem[];
  readonly baseTable: QualifiedName;
  readonly where: readonly Relation[];
  readonly primaryKey: PrimaryKey;
  readonly options: TableOptions;
}

export interface AlterMaterializedViewStatement {
  readonly kind: 'alterMaterializedView';
  readonly view: QualifiedName;
  readonly ifExists: boolean;
  readonly properties: readonly Property[];
}

export interface DropMaterializedViewStatement {
  readonly kind: 'dropMaterializedView';
  readonly view: QualifiedName;
  readonly ifExists: boolean;
}

export interface CreateTriggerStatement {
  readonly kind: 'createTrigger';
  readonly name: string;
  readonly ifNotExists: boolean;
  readonly table: QualifiedName;
  readonly className: string;
}

export interface DropTriggerStatement {
  readonly kind: 'dropTrigger';
  readonly name: string;
  readonly ifExists: boolean;
  readonly table: QualifiedName;
}

export type SchemaStatement =
  | CreateKeyspaceStatement
  | AlterKeyspaceStatement
  | DropKeyspaceStatement
  | CreateTableStatement
  | AlterTableStatement
  | DropTableStatement
  | CreateIndexStatement
  | DropIndexStatement
  | CreateTypeStatement
  | AlterTypeStatement
  | DropTypeStatement
  | CreateMaterializedViewStatement
  | AlterMaterializedViewStatement
  | DropMaterializedViewStatement
  | CreateTriggerStatement
  | DropTriggerStatement;
