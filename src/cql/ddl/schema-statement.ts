/**
 * What every schema statement shares: no bind variables, no result columns, run at execution
 * against the live schema (a statement prepared earlier sees the schema as it is when it runs),
 * and a change applied through the keeper, one at a time, that may turn out to be no change
 * (IF [NOT] EXISTS) — then the result is VOID instead of a schema-change event.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type Schema, isReplicatedSystemKeyspace, isSystemKeyspace } from '../../schema/index.js';
import type { ClientState, CqlContext, CqlResult, CqlStatement, SchemaChangeEvent } from '../execution/index.js';
import { VOID_RESULT } from '../execution/index.js';
import type { StatementKind } from '../parser/index.js';

export function schemaStatement(kind: StatementKind, run: (state: ClientState) => Promise<CqlResult>): CqlStatement {
  return {
    kind,
    bindVariables: [],
    pkIndexes: [],
    resultColumns: null,
    execute: (state) => run(state),
  };
}

/**
 * Applies `op` to the keyspace's definition through the keeper. `op` returns null to change
 * nothing (an IF [NOT] EXISTS that found what it looked for), or the new schema and its event.
 */
export async function applySchemaChange(ctx: CqlContext, keyspace: string, op: (s: Schema) => { schema: Schema; event: SchemaChangeEvent } | null): Promise<CqlResult> {
  let event: SchemaChangeEvent | null = null;
  await ctx.keeper.alter([keyspace], (s) => {
    const r = op(s);
    event = r?.event ?? null;
    return r?.schema ?? s;
  });
  return event === null ? VOID_RESULT : { kind: 'schemaChange', change: event };
}

/**
 * Schema statements may not touch the system keyspaces nor the virtual ones, checked when the
 * statement runs with Cassandra 4.0's words (AlterSchemaStatement.execute). Most such statements
 * are refused before, when bound: auth/system-keyspace-guard.ts, Unauthorized as Cassandra's
 * ClientState refuses them; what reaches this check is what that guard does not see (functions,
 * aggregates, Ilium's own schema statements). `replicatedAllowed`: ALTER KEYSPACE of a replicated
 * system keyspace (its replication), and CREATE KEYSPACE of one (which then exists already).
 */
export function checkModifiable(ctx: CqlContext, keyspace: string, replicatedAllowed = false): void {
  if (isSystemKeyspace(keyspace)) {
    if (replicatedAllowed && isReplicatedSystemKeyspace(keyspace)) return;
    throw new InvalidRequestError(`System keyspace '${keyspace}' is not user-modifiable`);
  }
  if (ctx.virtualTables.isVirtualKeyspace(keyspace)) throw new InvalidRequestError(`Virtual keyspace '${keyspace}' is not user-modifiable`);
}
