/**
 * The ILIUM schema extension statements (parser/ast-ilium.ts): the Thrift API's schema calls over
 * the native protocol, for the TypeScript API's remote mode. Definitions are a keyspace's canonical
 * JSON, so ids, comparators, validators and column metadata arrive exactly as the client made them;
 * the keeper applies them as the embedded API does (and builds KEYS indexes an update adds before
 * the statement returns). Reading is `ILIUM SCHEMA`: one row per user keyspace (system_auth, made by the node, is left out).
 */
import { InvalidRequestError } from '../../errors/index.js';
import { UTF8_TYPE } from '../../marshal/index.js';
import { type KeyspaceDef, isSystemKeyspace, keyspaceFromJson, keyspaceToJson } from '../../schema/index.js';
import type { ColumnSpec, CqlContext, CqlResult, CqlStatement, Preparer, SchemaChangeEvent } from '../execution/index.js';
import type { IliumStatement } from '../parser/index.js';
import { checkModifiable, schemaStatement } from './schema-statement.js';

type ChangeStatement = Extract<IliumStatement, { kind: 'iliumSchemaChange' }>;

const spec = (name: string): ColumnSpec => ({ keyspace: 'system', table: 'ilium_schema', name, type: UTF8_TYPE });
const SCHEMA_COLUMNS: readonly ColumnSpec[] = [spec('keyspace_name'), spec('definition')];

export const prepareIliumSchema: Preparer<Extract<IliumStatement, { kind: 'iliumSchema' }>> = (_stmt, _parsed, ctx) => ({
  kind: 'iliumSchema',
  bindVariables: [],
  pkIndexes: [],
  resultColumns: SCHEMA_COLUMNS,
  execute: async (): Promise<CqlResult> => ({
    kind: 'rows',
    columns: SCHEMA_COLUMNS,
    rows: ctx.schema().keyspaces.filter((ks) => !isSystemKeyspace(ks.name)).map((ks) => [UTF8_TYPE.decompose(ks.name), UTF8_TYPE.decompose(keyspaceToJson(ks))]),
  }),
});

export const prepareIliumSchemaChange: Preparer<ChangeStatement> = (stmt, _parsed, ctx): CqlStatement =>
  schemaStatement('iliumSchemaChange', async () => {
    const ks = keyspaceFromJson(stmt.definition);
    checkModifiable(ctx, ks.name);
    return { kind: 'schemaChange', change: await apply(ctx, stmt, ks) };
  });

async function apply(ctx: CqlContext, stmt: ChangeStatement, ks: KeyspaceDef): Promise<SchemaChangeEvent> {
  if (stmt.action === 'addKeyspace') {
    await ctx.keeper.addKeyspace(ks);
    return { change: 'CREATED', target: 'KEYSPACE', keyspace: ks.name };
  }
  const [cf, ...more] = ks.tables;
  if (cf === undefined || more.length > 0) throw new InvalidRequestError(`ILIUM ${stmt.action === 'addColumnFamily' ? 'ADD' : 'UPDATE'} COLUMNFAMILY takes a keyspace definition holding exactly one column family`);
  if (stmt.action === 'addColumnFamily') {
    await ctx.keeper.addColumnFamily(cf);
    return { change: 'CREATED', target: 'TABLE', keyspace: ks.name, name: cf.name };
  }
  await ctx.keeper.updateColumnFamily(cf);
  return { change: 'UPDATED', target: 'TABLE', keyspace: ks.name, name: cf.name };
}
