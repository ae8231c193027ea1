/**
 * EXECUTE on the user-defined functions a statement calls, as Cassandra asks of SELECT and of
 * INSERT, UPDATE, DELETE and BATCH (its statements' checkAccess add, for each function call that
 * is not native, EXECUTE on that function — checked in apache/cassandra cql3/functions/
 * FunctionCall and SelectStatement.checkAccess). A call is found anywhere in the statement's AST
 * (selectors, WHERE terms, values); it names `ks.f` or, unqualified, `f` of the statement's
 * keyspace, and needs EXECUTE on each overload of that name, read from the schema when the
 * statement runs (satisfied by a grant on that function, `<all functions in ks>` or `<all functions>`).
 */
import type { Schema } from '../../schema/index.js';
import type { QualifiedName } from '../parser/index.js';
import { type AuthResource, functionResource } from './resources.js';

/** Every function call's name in `node` (an AST), natives included. */
export function functionCallsIn(node: unknown, out: QualifiedName[] = []): QualifiedName[] {
  if (Array.isArray(node)) {
    for (const x of node) functionCallsIn(x, out);
  } else if (typeof node === 'object' && node !== null) {
    const o = node as { kind?: unknown; name?: unknown };
    if (o.kind === 'functionCall' && typeof o.name === 'object' && o.name !== null) out.push(o.name as QualifiedName);
    for (const v of Object.values(node)) if (typeof v === 'object' && v !== null) functionCallsIn(v, out);
  }
  return out;
}

/** The user-defined overloads these calls may mean, as function resources. */
export function userFunctionResources(calls: readonly QualifiedName[], statementKeyspace: string, schema: Schema): AuthResource[] {
  const out = new Map<string, AuthResource>();
  for (const call of calls) {
    if (call.keyspace === 'system') continue;
    const ks = schema.keyspace(call.keyspace ?? statementKeyspace);
    for (const d of ks?.functions.filter((f) => f.name === call.name) ?? []) {
      const r = functionResource(d.keyspace, d.name, d.argumentTypes);
      out.set(r.name, r);
    }
  }
  return [...out.values()];
}
