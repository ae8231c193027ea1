/**
 * What the real-driver tests share: one `ilium start` process per test file, npm
 * `cassandra-driver` clients pinned to it, and small helpers to read a failed request's server
 * error (code and payload fields as the driver exposes them).
 *
 *   const node = await startDriverNode();            // before() of the file
 *   const client = await node.client({ keyspace: 'ks' });
 *   …
 *   await node.close();                              // after(): clients shut down, node stopped
 */
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';

export interface DriverNode {
  readonly process: IliumProcess;
  /** A connected client with one connection to the node; shut down by `close`. */
  client(options?: Partial<cassandra.ClientOptions>): Promise<cassandra.Client>;
  /** Creates a SimpleStrategy keyspace with replication factor 1. */
  createKeyspace(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function startDriverNode(configYaml?: string): Promise<DriverNode> {
  const proc = await startIliumProcess(configYaml === undefined ? {} : { configYaml });
  const clients: cassandra.Client[] = [];
  const client = async (options: Partial<cassandra.ClientOptions> = {}): Promise<cassandra.Client> => {
    const c = new cassandra.Client({
      contactPoints: [`${proc.host}:${proc.port}`],
      localDataCenter: 'datacenter1',
      pooling: { coreConnectionsPerHost: { [cassandra.types.distance.local]: 1 } },
      ...options,
    });
    clients.push(c);
    await c.connect();
    return c;
  };
  let admin: cassandra.Client | undefined;
  return {
    process: proc,
    client,
    createKeyspace: async (name) => {
      admin ??= await client();
      await admin.execute(`CREATE KEYSPACE ${name} WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}`);
    },
    close: async () => {
      try {
        await Promise.all(clients.map((c) => c.shutdown()));
        assert.equal(await proc.stop(), 0, `the node stopped cleanly:\n${proc.output().slice(-2000)}`);
      } finally {
        proc.dispose();
      }
    },
  };
}

/** The server error a request failed with: the driver's ResponseError with its payload fields. */
export interface ServerError {
  readonly code: number;
  readonly message: string;
  readonly keyspace?: string;
  readonly table?: string;
  readonly queryId?: Buffer;
}

export async function serverError(p: Promise<unknown>): Promise<ServerError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof cassandra.errors.ResponseError) return e as unknown as ServerError;
    throw e;
  }
  assert.fail('expected the request to fail');
}

/** Every page of a query, following the driver's page state by hand. */
export async function allPages(client: cassandra.Client, cql: string, params: unknown[], options: cassandra.QueryOptions): Promise<{ rows: cassandra.types.Row[]; pages: number }> {
  const rows: cassandra.types.Row[] = [];
  let pageState: string | undefined;
  let pages = 0;
  do {
    const r = await client.execute(cql, params, { ...options, ...(pageState === undefined ? {} : { pageState }) });
    rows.push(...r.rows);
    pages++;
    pageState = r.pageState ?? undefined;
  } while (pageState !== undefined);
  return { rows, pages };
}

/** A row as a plain object (the driver's Row has methods on its prototype). */
export function plain(row: cassandra.types.Row | undefined): Record<string, unknown> {
  assert.ok(row !== undefined, 'a row');
  return Object.fromEntries(row.keys().map((k) => [k, row.get(k)]));
}
