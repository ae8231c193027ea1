/**
 * `ilium schema load FILE [--data DIR] [--partitioner NAME]`: adds the keyspaces and column
 * families of a schema file — the seeds' JSON form or their XML storage-conf form — to a node's
 * data directory while no node runs on it; `ilium schema load FILE --host H [--port N]` (and
 * `ilium cli --batch < schema.json`, as seed 000 loads its schema) to a running node, over its
 * Thrift port, through the same `loadSchema` of the API. The file is read and validated on its own first, then
 * against the stored schema, so an invalid file changes nothing; existing keyspaces and column
 * families are left unchanged and reported. The directory is opened embedded (the API's `open`),
 * which takes its LOCK, so a running node is never written behind its back.
 *
 * `--partitioner` must be the one the directory's data is written with (Murmur3Partitioner by
 * default, as for `open`): opening replays unflushed writes, which are ordered by it.
 */
import { resolve } from 'node:path';
import { type Ilium, type PartitionerName, type SchemaLoadResult, connect, open } from '../api/index.js';
import type { TlsClientOptions } from '../env/index.js';
import { parseSchemaText } from '../api/schema-text.js';
import { createPartitioner } from '../dht/index.js';
import { type Env, createRealEnv } from '../env/index.js';
import { ConfigurationError, DataDirectoryInUseError, IliumError } from '../errors/index.js';

export interface SchemaLoadOptions {
  readonly file: string;
  readonly dataDir: string;
  /** Short or full class name; Murmur3Partitioner when absent. */
  readonly partitioner?: string;
}

const IN_USE_REMEDY = 'a running node holds it: stop that node and run schema load again, or load the schema through the running node';

/** Where a running node takes a schema: its Thrift address, and a login when it asks for one. */
export interface RemoteSchemaTarget {
  readonly host: string;
  /** The Thrift port (rpc_port, 9160 by default). */
  readonly port: number;
  readonly credentials?: { readonly username: string; readonly password: string };
  readonly ssl?: TlsClientOptions;
}

/** Whether `text` is a schema document (the seeds' JSON or XML form) rather than cli statements. */
export function isSchemaDocument(text: string): boolean {
  const first = text.trimStart()[0];
  return first === '{' || first === '<';
}

/**
 * Loads schema text into a running node over Thrift and returns the lines to print. The text is
 * checked on its own first (`what` names it in errors), so an invalid one changes nothing.
 */
export async function loadSchemaRemote(what: string, text: string, target: RemoteSchemaTarget, env: Env = createRealEnv()): Promise<string[]> {
  checkSchemaText(what, text, env);
  const db = await connect({
    contactPoints: [target.host],
    port: target.port,
    protocol: 'thrift',
    ...(target.credentials === undefined ? {} : { credentials: target.credentials }),
    ...(target.ssl === undefined ? {} : { ssl: target.ssl }),
  });
  try {
    return describe(await db.loadSchema(text), `${target.host}:${target.port}`);
  } finally {
    await db.close();
  }
}

/** Loads the file and returns the lines to print (one per keyspace or column family). */
export async function loadSchemaFile(opts: SchemaLoadOptions, env: Env = createRealEnv()): Promise<string[]> {
  const partitioner = createPartitioner(opts.partitioner ?? 'Murmur3Partitioner').name as PartitionerName;
  const text = readSchemaFile(env, opts.file);
  checkSchemaText(`schema file ${opts.file}`, text, env); // the file alone must be valid before the directory is touched
  const dataDir = resolve(opts.dataDir);
  const db = await openOwned(dataDir, env, partitioner);
  try {
    return describe(await db.loadSchema(text), dataDir);
  } finally {
    await db.close();
  }
}

/** `open`, with the remedy a schema load's user needs when a node holds the directory. */
async function openOwned(dataDir: string, env: Env, partitioner: PartitionerName): Promise<Ilium> {
  try {
    return await open({ dataDir, env, partitioner });
  } catch (e) {
    if (!(e instanceof DataDirectoryInUseError)) throw e;
    throw new DataDirectoryInUseError(e.dataDir, e.pid, e.lockFile, IN_USE_REMEDY);
  }
}

export function readSchemaFile(env: Env, file: string): string {
  try {
    if (!env.fs.existsSync(file)) throw new ConfigurationError(`schema file ${file} does not exist`);
    if (env.fs.statSync(file).isDirectory) throw new ConfigurationError(`${file} is a directory, not a schema file`);
    return env.fs.readFileSync(file).toString('utf8');
  } catch (e) {
    if (e instanceof IliumError) throw e;
    throw new ConfigurationError(`cannot read schema file ${file}: ${(e as Error).message}`, { cause: e });
  }
}

/** `what` names the text in errors ("schema file twitter.json", "the schema on standard input"). */
function checkSchemaText(what: string, text: string, env: Env): void {
  let count: number;
  try {
    count = parseSchemaText(text, env.random).length;
  } catch (e) {
    if (!(e instanceof IliumError)) throw e;
    throw new ConfigurationError(`${what} is not valid: ${e.message}`, { cause: e });
  }
  if (count === 0) throw new ConfigurationError(`${what} defines no keyspace`);
}

function describe(result: SchemaLoadResult, into: string): string[] {
  const lines: string[] = [];
  for (const ks of result.keyspacesAdded) lines.push(`added keyspace ${ks}`);
  for (const cf of result.columnFamiliesAdded) lines.push(`added column family ${cf}`);
  for (const e of result.existing) {
    const what = e.columnFamily === undefined ? `keyspace ${e.keyspace}` : `column family ${e.keyspace}.${e.columnFamily}`;
    lines.push(`${what} already exists (unchanged${e.differs ? '; the file defines it differently' : ''})`);
  }
  const added = result.keyspacesAdded.length + result.columnFamiliesAdded.length;
  lines.push(`schema loaded into ${into}: ${added === 0 ? 'nothing new' : `${result.keyspacesAdded.length} keyspace(s), ${result.columnFamiliesAdded.length} column family(ies) added`}`);
  return lines;
}
