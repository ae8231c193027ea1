/**
 * Cassandra's resources as CassandraAuthorizer names them in `system_auth.role_permissions`:
 *
 *   data            <all keyspaces>         data/ks        <keyspace ks>      data/ks/t   <table ks.t>
 *   roles           <all roles>             roles/r        <role r>
 *   functions       <all functions>         functions/ks   <all functions in ks>
 *   functions/ks/f[org.apache.cassandra.db.marshal.Int32Type^org.apache.cassandra.db.marshal.UTF8Type]
 *                   <function ks.f(int, text)>   (a UDF's or UDA's argument types: Cassandra's full
 *                   class names, '^'-joined, as its FunctionResource.getName writes them)
 *
 * Each resource has a parent (the chain a permission is looked up along, most specific first) and
 * the permissions that apply to it (Cassandra's DataResource, RoleResource, FunctionResource).
 * These names are stored: never change them.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type AbstractType, parseType, toCqlString } from '../../marshal/index.js';
import { type Schema, type UserFunctionDef, sameSignature } from '../../schema/index.js';
import type { CqlType, Permission, Resource } from '../parser/index.js';
import { resolveCqlType } from '../ddl/resolve-type.js';

export const ALL_PERMISSIONS: readonly Permission[] = ['CREATE', 'ALTER', 'DROP', 'SELECT', 'MODIFY', 'AUTHORIZE', 'DESCRIBE', 'EXECUTE'];

export interface AuthResource {
  /** The stored name: 'data/ks/t'. */
  readonly name: string;
  /** As Cassandra prints it: '<table ks.t>'. */
  readonly printed: string;
  readonly applicable: readonly Permission[];
}

const KEYSPACE_LEVEL: readonly Permission[] = ['CREATE', 'ALTER', 'DROP', 'SELECT', 'MODIFY', 'AUTHORIZE'];
const TABLE_LEVEL: readonly Permission[] = ['ALTER', 'DROP', 'SELECT', 'MODIFY', 'AUTHORIZE'];
const ROLES_LEVEL: readonly Permission[] = ['CREATE', 'ALTER', 'DROP', 'AUTHORIZE', 'DESCRIBE'];
const ROLE_LEVEL: readonly Permission[] = ['ALTER', 'DROP', 'AUTHORIZE'];
const FUNCTIONS_LEVEL: readonly Permission[] = ['CREATE', 'ALTER', 'DROP', 'AUTHORIZE', 'EXECUTE'];
const FUNCTION_LEVEL: readonly Permission[] = ['ALTER', 'DROP', 'AUTHORIZE', 'EXECUTE'];

export const allKeyspaces = (): AuthResource => ({ name: 'data', printed: '<all keyspaces>', applicable: KEYSPACE_LEVEL });
export const keyspaceResource = (ks: string): AuthResource => ({ name: `data/${ks}`, printed: `<keyspace ${ks}>`, applicable: KEYSPACE_LEVEL });
export const tableResource = (ks: string, t: string): AuthResource => ({ name: `data/${ks}/${t}`, printed: `<table ${ks}.${t}>`, applicable: TABLE_LEVEL });
export const allRoles = (): AuthResource => ({ name: 'roles', printed: '<all roles>', applicable: ROLES_LEVEL });
export const roleResourceOf = (r: string): AuthResource => ({ name: `roles/${r}`, printed: `<role ${r}>`, applicable: ROLE_LEVEL });
export const allFunctions = (ks: string | null): AuthResource =>
  ks === null ? { name: 'functions', printed: '<all functions>', applicable: FUNCTIONS_LEVEL } : { name: `functions/${ks}`, printed: `<all functions in ${ks}>`, applicable: FUNCTIONS_LEVEL };

/** One user-defined function or aggregate (Cassandra's FunctionResource.function). */
export function functionResource(keyspace: string, name: string, argumentTypes: readonly AbstractType[]): AuthResource {
  return {
    name: `functions/${keyspace}/${name}[${argumentTypes.map((t) => t.fullName).join('^')}]`,
    printed: `<function ${keyspace}.${name}(${argumentTypes.map(toCqlString).join(', ')})>`,
    applicable: FUNCTION_LEVEL,
  };
}

/**
 * The function or aggregate `ks.name(types)` names, types read in `ks`; `def` absent when there
 * is none (Cassandra's Schema.findFunction).
 */
export function userFunctionOf(schema: Schema, ks: string, name: string, types: readonly CqlType[]): { argumentTypes: AbstractType[]; def?: UserFunctionDef } {
  const argumentTypes = types.map((t) => resolveCqlType(t, ks, schema));
  const def = schema.keyspace(ks)?.functions.find((d) => d.name === name && sameSignature(d.argumentTypes, argumentTypes));
  return def === undefined ? { argumentTypes } : { argumentTypes: [...def.argumentTypes], def };
}

/** The resource a stored name stands for; null for a name Ilium does not know. */
export function resourceFromName(name: string): AuthResource | null {
  const parts = name.split('/');
  if (parts[0] === 'data') {
    if (parts.length === 1) return allKeyspaces();
    if (parts.length === 2) return keyspaceResource(parts[1]!);
    if (parts.length === 3) return tableResource(parts[1]!, parts[2]!);
  }
  if (parts[0] === 'roles') return parts.length === 1 ? allRoles() : roleResourceOf(parts.slice(1).join('/'));
  if (parts[0] === 'functions' && parts.length <= 2) return allFunctions(parts[1] ?? null);
  if (parts[0] === 'functions' && parts.length === 3) return functionFromName(parts[1]!, parts[2]!);
  return null;
}

/** `f[T1^T2]` of keyspace `ks` (Cassandra's FunctionResource.fromName); null when it does not parse. */
function functionFromName(ks: string, nameAndTypes: string): AuthResource | null {
  const m = /^([^[]+)\[(.*)\]$/.exec(nameAndTypes);
  if (m === null) return null;
  try {
    const types = m[2]!.split('^').filter((t) => t.trim() !== '').map((t) => parseType(t.trim()));
    return functionResource(ks, m[1]!, types);
  } catch {
    return null;
  }
}

/** The resource and its parents, most specific first (Cassandra's Resources.chain). */
export function chainOf(resource: AuthResource): AuthResource[] {
  const out: AuthResource[] = [];
  let name: string | null = resource.name;
  while (name !== null) {
    const r = resourceFromName(name);
    if (r !== null) out.push(r);
    const cut = name.lastIndexOf('/');
    name = cut < 0 ? null : name.slice(0, cut);
  }
  return out;
}

/**
 * A GRANT/REVOKE/LIST target as an AuthResource; an unqualified table takes the session keyspace.
 * FUNCTION ks.f(types) must name its keyspace, as Cassandra's grammar asks
 * (FunctionResource.functionFromCql); its types are read in that keyspace.
 */
export function authResourceOf(r: Resource, sessionKeyspace: string | undefined, schema: Schema): AuthResource {
  switch (r.kind) {
    case 'allKeyspaces':
      return allKeyspaces();
    case 'keyspace':
      return keyspaceResource(r.keyspace);
    case 'table': {
      const ks = r.table.keyspace ?? sessionKeyspace;
      if (ks === undefined) throw new InvalidRequestError('No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename');
      return tableResource(ks, r.table.name);
    }
    case 'allRoles':
      return allRoles();
    case 'role':
      return roleResourceOf(r.role);
    case 'allFunctions':
      return allFunctions(r.keyspace);
    case 'function': {
      const ks = r.name.keyspace;
      if (ks === undefined || ks === null) throw new InvalidRequestError('In this context function name must be explictly qualified by a keyspace');
      return functionResource(ks, r.name.name, userFunctionOf(schema, ks, r.name.name, r.argumentTypes).argumentTypes);
    }
    case 'allTables':
      throw new InvalidRequestError(`Permissions on ALL TABLES IN KEYSPACE are not supported (Cassandra 4.0 has no such resource): use KEYSPACE ${r.keyspace}`);
    default:
      throw new InvalidRequestError('Permissions on MBeans are not supported by Ilium');
  }
}
