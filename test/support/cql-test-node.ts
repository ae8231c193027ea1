/**
 * Test support for the CQL executor: a node (engine, schema, local data store) in a temporary
 * directory with a manual clock, a session, and helpers that parse, prepare and execute CQL
 * text. Results can be read back as JS values (each column's type composes its bytes).
 */
import { LocalOperations } from '../../src/db/operations/local-operations.js';
import { openNodeStorage } from '../../src/db/open-node-storage.js';
import { type Partitioner, Murmur3Partitioner } from '../../src/dht/index.js';
import type { Env } from '../../src/env/index.js';
import { type AuthSettings, createCqlContext } from '../../src/cql/create-cql-context.js';
import type { UdfSettings } from '../../src/cql/functions/index.js';
import { type BoundValue, type ClientState, type CqlContext, type CqlLimits, type CqlLogger, type CqlResult, type CqlStatement, type NodeInfo, type QueryOptions, type RequestTimeouts, type VirtualTables, newClientState, queryOptions } from '../../src/cql/execution/index.js';
import { parseStatement } from '../../src/cql/parser/index.js';
import { prepareStatement } from '../../src/cql/prepare.js';
import type { StorageEngine } from '../../src/storage/storage-engine.js';
import { type ManualClock, tempEnv } from './temp-env.js';

export interface CqlTestNode {
  readonly ctx: CqlContext;
  readonly engine: StorageEngine;
  readonly clock: ManualClock;
  readonly env: Env;
  /** The session statements run in (its keyspace changes with USE). */
  readonly state: ClientState;
  /** Warnings the session received. */
  readonly warnings: string[];
  prepare(cql: string): CqlStatement;
  /** Parse, prepare and execute; `values` bind the markers in order. */
  run(cql: string, values?: readonly BoundValue[], options?: Partial<Omit<QueryOptions, 'values'>>): Promise<CqlResult>;
  /** `run`, then each row as an object of composed JS values (column name → value). */
  rows(cql: string, values?: readonly BoundValue[], options?: Partial<Omit<QueryOptions, 'values'>>): Promise<Record<string, unknown>[]>;
  /** Closes the engine and opens the same directory again (a fresh session). */
  restart(): Promise<CqlTestNode>;
  close(): Promise<void>;
}

export const TEST_NODE_INFO: NodeInfo = {
  clusterName: 'Test Cluster',
  dataCenter: 'datacenter1',
  rack: 'rack1',
  partitionerClass: 'org.apache.cassandra.dht.Murmur3Partitioner',
  releaseVersion: '4.0.11',
  cqlVersion: '3.4.5',
  nativeProtocolVersion: '5',
  hostId: Buffer.from('0f0e0d0c0b0a49088007060504030201', 'hex'),
  listenAddress: '127.0.0.1',
  broadcastAddress: '127.0.0.1',
  rpcAddress: '127.0.0.1',
  nativePort: 9042,
  tokens: ['0'],
  bootstrapped: 'COMPLETED',
};

export interface CqlTestNodeOptions {
  readonly partitioner?: Partitioner;
  readonly virtualTables?: (ctx: CqlContext) => VirtualTables;
  /** The role manager's and authorizer's settings (AUTH_DEFAULTS when absent). */
  readonly auth?: AuthSettings;
  /** Request guards (DEFAULT_CQL_LIMITS when absent) and where statements log (nowhere). */
  readonly limits?: CqlLimits;
  readonly logger?: CqlLogger;
  /** The request timeouts (Cassandra's defaults when absent). */
  readonly timeouts?: RequestTimeouts;
  /** User-defined function settings (Cassandra 4.0's defaults, disabled, when absent). */
  readonly udf?: UdfSettings;
  readonly materializedViewsEnabled?: boolean;
  /** enable_sasi_indexes (off by default, as in Cassandra 4.0). */
  readonly sasiIndexesEnabled?: boolean;
  /** enable_drop_compact_storage (off by default, as in Cassandra 4.0). */
  readonly dropCompactStorageEnabled?: boolean;
}

export async function openCqlTestNode(options: CqlTestNodeOptions = {}): Promise<CqlTestNode> {
  const t = tempEnv('ilium-cql-');
  return open(t.env, t.dir, t.clock, options, t.cleanup);
}

async function open(env: Env, dir: string, clock: ManualClock, options: CqlTestNodeOptions, cleanup: () => void): Promise<CqlTestNode> {
  const partitioner = options.partitioner ?? new Murmur3Partitioner();
  const { engine, keeper } = await openNodeStorage({ env, dataDir: dir, partitioner, options: { commitlogSync: 'batch' } });
  const ops = new LocalOperations(keeper, engine, env, partitioner);
  const ctx = createCqlContext({ env, keeper, ops, partitioner, node: () => TEST_NODE_INFO, virtualTables: options.virtualTables, ...(options.auth === undefined ? {} : { auth: options.auth }), ...(options.limits === undefined ? {} : { limits: options.limits }), ...(options.logger === undefined ? {} : { logger: options.logger }), ...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }), ...(options.udf === undefined ? {} : { udf: options.udf }), ...(options.materializedViewsEnabled === undefined ? {} : { materializedViewsEnabled: options.materializedViewsEnabled }), ...(options.sasiIndexesEnabled === undefined ? {} : { sasiIndexesEnabled: options.sasiIndexesEnabled }), ...(options.dropCompactStorageEnabled === undefined ? {} : { dropCompactStorageEnabled: options.dropCompactStorageEnabled }) });
  const warnings: string[] = [];
  const state = newClientState(undefined, (m) => warnings.push(m));
  const prepare = (cql: string) => prepareStatement(parseStatement(cql), ctx, state.keyspace);
  const run = (cql: string, values: readonly BoundValue[] = [], opts: Partial<Omit<QueryOptions, 'values'>> = {}) => prepare(cql).execute(state, queryOptions(values, opts));
  return {
    ctx,
    engine,
    clock,
    env,
    state,
    warnings,
    prepare,
    run,
    rows: async (cql, values, opts) => {
      const r = await run(cql, values, opts);
      if (r.kind !== 'rows') throw new Error(`expected rows, got ${r.kind}`);
      return r.rows.map((row) => Object.fromEntries(r.columns.map((c, i) => [c.name, row[i] === null ? null : c.type.compose(row[i]!)])));
    },
    restart: async () => {
      await engine.close();
      return open(env, dir, clock, options, cleanup);
    },
    close: async () => {
      await engine.close();
      cleanup();
    },
  };
}

/**
 * Runs `fn` on a fresh node whose session uses keyspace `ks` (SimpleStrategy, RF 1), then closes
 * it; `fn` may return a restarted node, which is closed instead.
 */
export async function withKeyspace(fn: (n: CqlTestNode) => Promise<CqlTestNode | void>, options: CqlTestNodeOptions = {}): Promise<void> {
  let n = await openCqlTestNode(options);
  try {
    await n.run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    n.state.keyspace = 'ks';
    n = (await fn(n)) ?? n;
  } finally {
    await n.close();
  }
}
