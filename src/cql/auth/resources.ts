/**
 * Cassandra's resources as CassandraAuthorizer names them in `system_auth.role_permissions`:
 *
 *   data            <all keyspaces>         data/ks        <keyspace ks>      data/ks/t   <table ks.t>
 *   roles           <all roles>             roles/r        <role r>
 *   functions       <all functions>         functions/ks   <all functions in ks>
 *   functions/ks/f[int^text]   <function ks.f(int, text)>   (argument types as written, '^'-joined)
 *
 * Each resource has a parent (the chain a permission is looked up along, most specific first) and
 * the permissions that apply to it (Cassandra's DataResource, RoleResource, FunctionResource).
 * These names are stored: never change them.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type CqlType, type Permission, type QualifiedName, type Resource, formatType } from '../parser/index.js';

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

/**
 * FUNCTION ks.f(types): one function. Its keyspace must be written, as Cassandra's grammar asks
 * (FunctionResource.functionFromCql).
 */
export function functionResource(name: QualifiedName, argumentTypes: readonly CqlType[]): AuthResource {
  if (name.keyspace === undefined || name.keyspace === null) throw new InvalidRequestError('In this context function name must be explictly qualified by a keyspace');
  const types = argumentTypes.map(formatType);
  return { name: `functions/${name.keyspace}/${name.name}[${types.join('^')}]`, printed: `<function ${name.keyspace}.${name.name}(${types.join(', ')})>`, applicable: FUNCTION_LEVEL };
}

/** The resource a stored name stands for; null for a name Ilium does not know (a function's). */
export function resourceFromName(name: string): AuthResource | null {
  const parts = name.split('/');
  if (parts[0] === 'data') {
    if (parts.length === 1) return allKeyspaces();
    if (parts.length === 2) return keyspaceResource(parts[1]!);
    if (parts.length === 3) return tableResource(parts[1]!, parts[2]!);
  }
  if (parts[0] === 'roles') return parts.length === 1 ? allRoles() : roleResourceOf(parts.slice(1).join('/'));
  if (parts[0] === 'functions' && parts.length <= 2) return allFunctions(parts[1] ?? null);
  return null;
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

/** A GRANT/REVOKE/LIST target as an AuthResource; an unqualified table takes the session keyspace. */
export function authResourceOf(r: Resource, sessionKeyspace: string | undefined): AuthResource {
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
    case 'function':
      return functionResource(r.name, r.argumentTypes);
    case 'allTables':
      throw new InvalidRequestError(`Permissions on ALL TABLES IN KEYSPACE are not supported (Cassandra 4.0 has no such resource): use KEYSPACE ${r.keyspace}`);
    default:
      throw new InvalidRequestError('Permissions on MBeans are not supported by Ilium');
  }
}
