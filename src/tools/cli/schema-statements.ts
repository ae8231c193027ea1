/**
 * The schema statements over the system_* calls: create/update/drop keyspace and column family.
 * Each prints the new schema version the server answers, then checks the cluster agrees on it
 * (describe_schema_versions), as cassandra-cli 0.7 does, and refreshes the shell's schema cache.
 */
import type { CassandraService } from '../../thrift/service/cassandra-service.js';
import type { CliStatement } from './cli-ast.js';
import type { CliSchema } from './cli-schema.js';
import { CliError } from './cli-error.js';
import { applyColumnFamilyAttributes, applyKeyspaceAttributes, newKeyspace } from './schema-defs.js';

type Of<K extends CliStatement['kind']> = Extract<CliStatement, { kind: K }>;

export interface SchemaContext {
  readonly service: CassandraService;
  readonly schema: CliSchema;
  /** The keyspace in use, or undefined (column family statements need one). */
  readonly keyspace: string | undefined;
  out(text: string): void;
}

const UNREACHABLE = 'UNREACHABLE';

async function settled(ctx: SchemaContext, version: string): Promise<void> {
  ctx.out(`${version}\nWaiting for schema agreement...\n`);
  const versions = await ctx.service.describeSchemaVersions();
  const others = [...versions.keys()].filter((v) => v !== version && v !== UNREACHABLE);
  if (others.length > 0) {
    const listed = [...versions].map(([v, hosts]) => `${v}=[${hosts.join(', ')}]`).join(', ');
    throw new CliError(`The schema has not settled; further migrations are ill-advised until it does.\nVersions are {${listed}}`);
  }
  ctx.out('... schemas agree across the cluster\n');
}

function requireKeyspace(ctx: SchemaContext): string {
  if (ctx.keyspace === undefined) throw new CliError('Not authenticated to a working keyspace.');
  return ctx.keyspace;
}

export async function executeCreateKeyspace(ctx: SchemaContext, s: Of<'createKeyspace'>): Promise<void> {
  const version = await ctx.service.systemAddKeyspace(newKeyspace(s.name, s.attributes));
  await settled(ctx, version);
  ctx.schema.forget(s.name);
}

export async function executeUpdateKeyspace(ctx: SchemaContext, s: Of<'updateKeyspace'>): Promise<void> {
  const current = await ctx.schema.load(s.name);
  const version = await ctx.service.systemUpdateKeyspace(applyKeyspaceAttributes(current, s.attributes));
  await settled(ctx, version);
  ctx.schema.forget(s.name);
}

export async function executeDropKeyspace(ctx: SchemaContext, s: Of<'dropKeyspace'>): Promise<void> {
  const version = await ctx.service.systemDropKeyspace(s.name);
  await settled(ctx, version);
  ctx.schema.forget(s.name);
}

export async function executeCreateColumnFamily(ctx: SchemaContext, s: Of<'createColumnFamily'>): Promise<void> {
  const keyspace = requireKeyspace(ctx);
  const def = applyColumnFamilyAttributes({ keyspace, name: s.name, columnType: 'Standard', comparatorType: 'BytesType' }, s.attributes);
  const version = await ctx.service.systemAddColumnFamily(def);
  await settled(ctx, version);
  ctx.schema.forget(keyspace);
}

export async function executeUpdateColumnFamily(ctx: SchemaContext, s: Of<'updateColumnFamily'>): Promise<void> {
  const keyspace = requireKeyspace(ctx);
  const ks = await ctx.schema.load(keyspace);
  const current = ks.cfDefs.find((d) => d.name === s.name);
  if (current === undefined) throw new CliError(`Column Family ${s.name} was not found in the current keyspace.`);
  const version = await ctx.service.systemUpdateColumnFamily(applyColumnFamilyAttributes(current, s.attributes));
  await settled(ctx, version);
  ctx.schema.forget(keyspace);
}

export async function executeDropColumnFamily(ctx: SchemaContext, s: Of<'dropColumnFamily'>): Promise<void> {
  const keyspace = requireKeyspace(ctx);
  const version = await ctx.service.systemDropColumnFamily(s.name);
  await settled(ctx, version);
  ctx.schema.forget(keyspace);
}
