/**
 * Test support for the Thrift session: a node in a temporary directory (engine, schema keeper,
 * operations and the CQL context beside them, as the node wires them), sessions on it with the
 * events they publish, and CQL text run against the same data (for Thrift ↔ CQL checks).
 */
import { createCqlContext } from '../../src/cql/create-cql-context.js';
import { type CqlContext, type DataStore, DEFAULT_REQUEST_TIMEOUTS, type RequestTimeouts, type SchemaChangeEvent, newClientState, queryOptions } from '../../src/cql/execution/index.js';
import { parseStatement } from '../../src/cql/parser/index.js';
import { prepareStatement } from '../../src/cql/prepare.js';
import { LocalOperations } from '../../src/db/operations/local-operations.js';
import { ThriftOperations } from '../../src/db/operations/thrift-operations.js';
import { openNodeStorage } from '../../src/db/open-node-storage.js';
import type { SchemaKeeper } from '../../src/db/system-schema.js';
import { type Partitioner, Murmur3Partitioner } from '../../src/dht/index.js';
import type { StorageEngine } from '../../src/storage/storage-engine.js';
import assert from 'node:assert/strict';
import type { CfDef, ThriftMutation, ThriftMutationMap } from '../../src/thrift/service/cassandra-service.js';
import { ThriftException } from '../../src/thrift/service/thrift-exceptions.js';
import { ThriftSession, type ThriftSessionDeps } from '../../src/thrift/service/thrift-session.js';
import type { Authenticator } from '../../src/transport/index.js';
import { TEST_NODE_INFO } from './cql-test-node.js';
import { type ManualClock, tempEnv } from './temp-env.js';

export interface ThriftTestNode {
  readonly keeper: SchemaKeeper;
  readonly ops: LocalOperations;
  readonly engine: StorageEngine;
  readonly cqlContext: CqlContext;
  readonly clock: ManualClock;
  readonly partitioner: Partitioner;
  /** Every schema change event sessions published, in order. */
  readonly events: SchemaChangeEvent[];
  /** A new connection's session (no keyspace, not logged in); `data` replaces the node's DataStore (a spy, a failing store). */
  session(options?: { authenticator?: Authenticator; tokens?: readonly string[]; data?: DataStore }): ThriftSession;
  /** A session with `keyspace` set. */
  sessionIn(keyspace: string): Promise<ThriftSession>;
  /** Runs CQL (in `keyspace` when given); rows as objects of composed JS values. */
  cql(text: string, keyspace?: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export const bytes = (s: string): Buffer => Buffer.from(s, 'utf8');

/** A slice predicate for every column. */
export const ALL_COLUMNS = { sliceRange: { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: false, count: 100 } };

/** A batch_mutate map from [row key, column family, mutations] rows. */
export const mutationBatch = (rows: [string, string, ThriftMutation[]][]): ThriftMutationMap => rows.map(([key, cf, ms]) => [bytes(key), new Map([[cf, ms]])] as const);

/** Asserts `p` rejects with the Thrift exception `thriftName` (and a `why` matching `why`). */
export async function rejectsThrift(p: Promise<unknown>, thriftName: string, why?: RegExp): Promise<void> {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof ThriftException, `expected a ThriftException, got ${String(e)}`);
    assert.equal(e.thriftName, thriftName, e.message);
    if (why !== undefined) assert.match(e.why ?? '', why);
    return true;
  });
}

/** Runs `fn` on a fresh node with keyspace Ks holding `cfDefs` (keyspace filled in), in a session using it. */
export async function withThriftKeyspace(cfDefs: readonly Omit<CfDef, 'keyspace'>[], fn: (n: ThriftTestNode, s: ThriftSession) => Promise<void>): Promise<void> {
  const n = await openThriftTestNode();
  try {
    await n.session().systemAddKeyspace({ name: 'Ks', strategyClass: 'SimpleStrategy', replicationFactor: 1, cfDefs: cfDefs.map((d) => ({ ...d, keyspace: 'Ks' })) });
    await fn(n, await n.sessionIn('Ks'));
  } finally {
    await n.close();
  }
}

/** `timeouts`: the request timeouts the 0.7 operations pace with (Cassandra's defaults when absent). */
export async function openThriftTestNode(partitioner: Partitioner = new Murmur3Partitioner(), timeouts: RequestTimeouts = DEFAULT_REQUEST_TIMEOUTS): Promise<ThriftTestNode> {
  const t = tempEnv('ilium-thrift-');
  const { engine, keeper } = await openNodeStorage({ env: t.env, dataDir: t.dir, partitioner, options: { commitlogSync: 'batch' } });
  const ops = new LocalOperations(keeper, engine, t.env, partitioner);
  const cqlContext = createCqlContext({ env: t.env, keeper, ops, partitioner, node: () => TEST_NODE_INFO });
  const events: SchemaChangeEvent[] = [];
  const requests = new ThriftOperations({ ...ops.ctx, store: cqlContext.data, env: t.env, timeouts });
  const session = (options: { authenticator?: Authenticator; tokens?: readonly string[]; data?: DataStore } = {}): ThriftSession => {
    const data = options.data ?? cqlContext.data;
    const deps: ThriftSessionDeps = {
      env: t.env,
      keeper,
      ops: options.data === undefined ? requests : new ThriftOperations({ ...ops.ctx, store: data, env: t.env, timeouts }),
      engine,
      partitioner,
      node: () => (options.tokens === undefined ? TEST_NODE_INFO : { ...TEST_NODE_INFO, tokens: options.tokens }),
      authenticator: options.authenticator,
      client: { host: '127.0.0.1', port: 50000 },
      onSchemaChange: (e) => events.push(e),
      timestamps: cqlContext.timestamps,
      data,
    };
    return new ThriftSession(deps);
  };
  return {
    keeper,
    ops,
    engine,
    cqlContext,
    clock: t.clock,
    partitioner,
    events,
    session,
    sessionIn: async (keyspace) => {
      const s = session();
      await s.setKeyspace(keyspace);
      return s;
    },
    cql: async (text, keyspace) => {
      const state = newClientState(keyspace);
      const r = await prepareStatement(parseStatement(text), cqlContext, keyspace).execute(state, queryOptions([]));
      if (r.kind !== 'rows') return [];
      return r.rows.map((row) => Object.fromEntries(r.columns.map((c, i) => [c.name, row[i] === null ? null : c.type.compose(row[i]!)])));
    },
    close: async () => {
      await engine.close();
      t.cleanup();
    },
  };
}
