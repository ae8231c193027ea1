/**
 * What a statement needs from CassandraAuthorizer before it runs, read from its AST (Cassandra's
 * checkAccess of each statement): SELECT on the table for SELECT (on a materialized view, SELECT
 * on its base table); MODIFY on the table for INSERT, UPDATE, DELETE, TRUNCATE and each statement
 * of a BATCH, and for a write also SELECT on the table when it has conditions and, when the table
 * has materialized views, SELECT on it and MODIFY on each view, looked up when it runs (Cassandra
 * 4.0's SelectStatement and ModificationStatement.authorize); CREATE on the parent for
 * CREATE KEYSPACE (all keyspaces), CREATE TABLE / TYPE (the keyspace) and CREATE FUNCTION /
 * AGGREGATE (all functions in the keyspace; an aggregate also EXECUTE on its state and final
 * functions); EXECUTE on each user-defined function a SELECT or a write calls — the overload each
 * call resolved to when the statement was bound, and an aggregate's state and final functions
 * (terms/called-functions.ts; Cassandra's SelectStatement and ModificationStatement.authorize);
 * ALTER / DROP on the keyspace or table itself; ALTER
 * on the base table for indexes and materialized views. DROP INDEX and ALTER / DROP MATERIALIZED
 * VIEW name only the index or view: its base table is looked up each time the statement runs
 * (Cassandra's DropIndexStatement, AlterViewStatement and DropViewStatement.authorize), and an
 * index or view that does not exist needs nothing (the statement then fails, or does nothing with
 * IF EXISTS). Triggers and Ilium's schema changes
 * (ILIUM ADD/UPDATE) need a superuser. USE, DESCRIBE and the role and permission statements check for themselves.
 *
 * SELECT on the system tables drivers read when they connect passes for everyone (Cassandra's
 * READABLE_SYSTEM_RESOURCES: system.local, system.peers, system.peers_v2 and the tables of
 * system_schema and system_virtual_schema).
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { CqlFunction } from '../functions/function-model.js';
import type { CqlType, CreateAggregateStatement, ModificationStatement, Permission, QualifiedName, Statement } from '../parser/index.js';
import { type Schema, sameSignature } from '../../schema/index.js';
import { findIndex } from '../ddl/index-names.js';
import { resolveCqlType } from '../ddl/resolve-type.js';
import { type AuthResource, allFunctions, allKeyspaces, functionResource, keyspaceResource, tableResource, userFunctionOf } from './resources.js';

export interface Need {
  readonly permission: Permission;
  readonly resource: AuthResource;
}

export type Access =
  | { readonly kind: 'needs'; readonly needs: readonly Need[] }
  | { readonly kind: 'superuser'; readonly message: string }
  /** What is needed depends on the schema when the statement runs. */
  | { readonly kind: 'atRun'; readonly resolve: () => Access };

const NOTHING: Access = Object.freeze({ kind: 'needs', needs: [] });
const READABLE_SYSTEM_KEYSPACES = new Set(['system_schema', 'system_virtual_schema']);
const READABLE_SYSTEM_TABLES = new Set(['local', 'peers', 'peers_v2']);

/** `called`: the user-defined functions the bound statement calls (CqlStatement.calledFunctions). */
export function accessOf(s: Statement, sessionKeyspace: string | undefined, schema: () => Schema, called: readonly CqlFunction[] = []): Access {
  const ks = (q: QualifiedName): string => {
    const k = q.keyspace ?? sessionKeyspace;
    if (k === undefined) throw new InvalidRequestError('No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename');
    return k;
  };
  const table = (q: QualifiedName): AuthResource => tableResource(ks(q), q.name);
  const needs = (...list: [Permission, AuthResource][]): Access => ({ kind: 'needs', needs: list.map(([permission, resource]) => ({ permission, resource })) });
  // Calls of user-defined functions also need EXECUTE on the overloads they resolved to.
  const executing = (list: readonly Needed[]): Access => needs(...list, ...called.map((f): Needed => ['EXECUTE', functionResource(f.keyspace!, f.name, f.argTypes)]));
  switch (s.kind) {
    case 'select': {
      const k = ks(s.table);
      if (READABLE_SYSTEM_KEYSPACES.has(k) || (k === 'system' && READABLE_SYSTEM_TABLES.has(s.table.name))) return NOTHING;
      // A view's rows are its base table's: SELECT on the base (decided when bound, as Cassandra's statement is).
      const base = schema().keyspace(k)?.tables.find((t) => t.name === s.table.name)?.view?.baseTableName;
      return executing([['SELECT', tableResource(k, base ?? s.table.name)]]);
    }
    case 'insert':
    case 'update':
    case 'delete': {
      const write = writeTarget(s, ks(s.table));
      return { kind: 'atRun', resolve: () => executing(writing(schema(), write)) };
    }
    case 'truncate':
      return needs(['MODIFY', table(s.table)]);
    case 'batch': {
      const writes = s.statements.map((m) => writeTarget(m, ks(m.table)));
      return { kind: 'atRun', resolve: () => executing(writes.flatMap((w) => writing(schema(), w))) };
    }
    case 'createKeyspace':
      return needs(['CREATE', allKeyspaces()]);
    case 'alterKeyspace':
      return needs(['ALTER', keyspaceResource(s.keyspace)]);
    case 'dropKeyspace':
      return needs(['DROP', keyspaceResource(s.keyspace)]);
    case 'createTable':
      return needs(['CREATE', keyspaceResource(ks(s.table))]);
    case 'alterTable':
      return needs(['ALTER', table(s.table)]);
    case 'dropTable':
      return needs(['DROP', table(s.table)]);
    case 'createIndex':
      return needs(['ALTER', table(s.table)]);
    case 'dropIndex': {
      const k = ks(s.index);
      const name = s.index.name;
      return {
        kind: 'atRun',
        resolve: () => {
          const keyspace = schema().keyspace(k);
          const found = keyspace === undefined ? undefined : findIndex(keyspace, name);
          return found === undefined ? NOTHING : needs(['ALTER', tableResource(k, found.cf.name)]);
        },
      };
    }
    case 'createType':
      return needs(['CREATE', keyspaceResource(ks(s.type))]);
    case 'alterType':
      return needs(['ALTER', keyspaceResource(ks(s.type))]);
    case 'dropType':
      return needs(['DROP', keyspaceResource(ks(s.type))]);
    case 'createMaterializedView':
      return needs(['ALTER', table(s.baseTable)]);
    case 'alterMaterializedView':
    case 'dropMaterializedView': {
      // ALTER on the view's base table, looked up when the statement runs; a view that does not
      // exist needs nothing (Cassandra 4.0's AlterViewStatement / DropViewStatement.authorize).
      const k = ks(s.view);
      const name = s.view.name;
      return {
        kind: 'atRun',
        resolve: () => {
          const view = schema().keyspace(k)?.tables.find((t) => t.name === name)?.view ?? null;
          return view === null ? NOTHING : needs(['ALTER', tableResource(k, view.baseTableName)]);
        },
      };
    }
    case 'createFunction':
    case 'createAggregate': {
      const k = ks(s.name);
      const argumentTypes = s.kind === 'createFunction' ? s.arguments.map((a) => a.type) : s.argumentTypes;
      return { kind: 'atRun', resolve: () => needs(...creating(schema(), k, s.name.name, argumentTypes, s.orReplace), ...(s.kind === 'createAggregate' ? aggregateCalls(schema(), k, s) : [])) };
    }
    case 'dropFunction':
    case 'dropAggregate': {
      const k = ks(s.name);
      return { kind: 'atRun', resolve: () => needs(...dropping(schema(), k, s.name.name, s.argumentTypes)) };
    }
    case 'createTrigger':
      return { kind: 'superuser', message: 'Only superusers are allowed to perform CREATE TRIGGER queries' };
    case 'dropTrigger':
      return { kind: 'superuser', message: 'Only superusers are allowed to perform DROP TRIGGER queries' };
    case 'iliumSchemaChange':
      return { kind: 'superuser', message: 'Only superusers may change the schema with ILIUM statements' };
    default:
      return NOTHING;
  }
}

type Needed = [Permission, AuthResource];
interface WriteTarget {
  readonly keyspace: string;
  readonly table: string;
  readonly conditional: boolean;
}

function writeTarget(m: ModificationStatement, keyspace: string): WriteTarget {
  const conditional = m.kind === 'insert' ? m.ifNotExists : m.ifExists || m.conditions.length > 0;
  return { keyspace, table: m.table.name, conditional };
}

/**
 * A write's needs (ModificationStatement.authorize): MODIFY on the table; SELECT too when it has
 * conditions (a conditional write can read); on a table with materialized views, SELECT on it and
 * MODIFY on each view (the views of the schema now).
 */
function writing(schema: Schema, w: WriteTarget): Needed[] {
  const t = tableResource(w.keyspace, w.table);
  const out: Needed[] = [['MODIFY', t]];
  if (w.conditional) out.push(['SELECT', t]);
  const views = schema.keyspace(w.keyspace)?.tables.filter((v) => v.view?.baseTableName === w.table) ?? [];
  if (views.length > 0) {
    out.push(['SELECT', t]);
    for (const v of views) out.push(['MODIFY', tableResource(w.keyspace, v.name)]);
  }
  return out;
}

const userFunction = (schema: Schema, k: string, name: string, types: readonly CqlType[]): AuthResource => functionResource(k, name, userFunctionOf(schema, k, name, types).argumentTypes);

/**
 * CREATE [OR REPLACE] FUNCTION / AGGREGATE (Cassandra 4.0's CreateFunctionStatement and
 * CreateAggregateStatement.authorize): ALTER on the one it replaces, else CREATE on the keyspace's functions.
 */
function creating(schema: Schema, k: string, name: string, types: readonly CqlType[], orReplace: boolean): Needed[] {
  const found = userFunctionOf(schema, k, name, types);
  return [found.def !== undefined && orReplace ? ['ALTER', functionResource(k, name, found.argumentTypes)] : ['CREATE', allFunctions(k)]];
}

/** An aggregate's creator also needs EXECUTE on its state and final functions (CreateAggregateStatement.authorize). */
function aggregateCalls(schema: Schema, k: string, s: CreateAggregateStatement): Needed[] {
  const out: Needed[] = [['EXECUTE', userFunction(schema, k, s.stateFunction, [s.stateType, ...s.argumentTypes])]];
  if (s.finalFunction !== null) out.push(['EXECUTE', userFunction(schema, k, s.finalFunction, [s.stateType])]);
  return out;
}

/**
 * DROP FUNCTION / AGGREGATE (DropFunctionStatement and DropAggregateStatement.authorize): DROP on
 * each overload of the name that the argument types (when given) match; none when the keyspace or
 * the function does not exist (the statement then fails, or does nothing with IF EXISTS).
 */
function dropping(schema: Schema, k: string, name: string, types: readonly CqlType[] | null): Needed[] {
  const keyspace = schema.keyspace(k);
  if (keyspace === undefined) return [];
  const resolved = types?.map((t) => resolveCqlType(t, k, schema)) ?? null;
  return keyspace.functions
    .filter((d) => d.name === name && (resolved === null || sameSignature(d.argumentTypes, resolved)))
    .map((d): Needed => ['DROP', functionResource(d.keyspace, d.name, d.argumentTypes)]);
}
