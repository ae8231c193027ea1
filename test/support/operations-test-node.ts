/**
 * Test support for the operations' tests: a node in a temporary directory (manual clock) with the
 * seed 000 Twitter schema plus UserRelationships, and a `Test` keyspace exercising validators,
 * KEYS indexes, a LongType comparator and a super column family. Restartable.
 */
import { type Partitioner, Murmur3Partitioner } from '../../src/dht/index.js';
import { createColumnFamily, createKeyspace, loadJsonSchema } from '../../src/schema/index.js';
import { SEED_000_TWITTER } from '../../src/schema/fixtures/seed-schemas.js';
import type { StorageEngine } from '../../src/storage/storage-engine.js';
import { type ManualClock, tempEnv } from './temp-env.js';
import type { Env } from '../../src/env/index.js';
import { openNodeStorage } from '../../src/db/open-node-storage.js';
import { DEFAULT_REQUEST_TIMEOUTS } from '../../src/db/request-budget.js';
import type { SchemaKeeper } from '../../src/db/system-schema.js';
import { LocalOperations } from '../../src/db/operations/local-operations.js';
import { ThriftOperations } from '../../src/db/operations/thrift-operations.js';
import { LocalDataStore } from '../../src/service/local-data-store.js';

export interface TestNode {
  /** The 0.7 operations over this node's local DataStore. */
  ops: ThriftOperations;
  /** The replica-side context (engine, indexes, locks). */
  local: LocalOperations;
  engine: StorageEngine;
  keeper: SchemaKeeper;
  clock: ManualClock;
  /** Closes the engine and opens the same directory again. */
  restart(): Promise<TestNode>;
  /** Opens the same directory again without closing: what a restart after a crash sees. */
  crashRestart(): Promise<TestNode>;
  close(): Promise<void>;
}

export const b = (s: string): Buffer => Buffer.from(s, 'utf8');

export async function openTestNode(partitioner: Partitioner = new Murmur3Partitioner()): Promise<TestNode> {
  const t = tempEnv('ilium-ops-');
  const node = await open(t.env, t.dir, t.clock, partitioner, t.cleanup);
  for (const ks of loadJsonSchema(SEED_000_TWITTER, t.env.random)) await node.keeper.addKeyspace(ks);
  await node.keeper.addColumnFamily(createColumnFamily({ keyspace: 'Twitter', name: 'UserRelationships', columnType: 'Super', comparator: 'UTF8Type', subcomparator: 'TimeUUIDType' }, t.env.random));
  await node.keeper.addKeyspace(testKeyspace(t.env));
  return node;
}

function testKeyspace(env: Env) {
  return createKeyspace(
    {
      name: 'Test',
      tables: [
        {
          name: 'People',
          comparator: 'UTF8Type',
          keyValidator: 'UTF8Type',
          columnMetadata: [
            { name: 'name', validator: 'UTF8Type' },
            { name: 'state', validator: 'UTF8Type', indexType: 'KEYS' },
            { name: 'birth_year', validator: 'LongType', indexType: 'KEYS' },
          ],
        },
        { name: 'Numbers', comparator: 'LongType' },
        { name: 'Super', columnType: 'Super', comparator: 'UTF8Type', subcomparator: 'LongType' },
        { name: 'Expiring', comparator: 'UTF8Type', defaultTimeToLive: 100 },
      ],
    },
    env.random,
  );
}

async function open(env: Env, dir: string, clock: ManualClock, partitioner: Partitioner, cleanup: () => void): Promise<TestNode> {
  const { engine, keeper } = await openNodeStorage({ env, dataDir: dir, partitioner, options: { commitlogSync: 'batch' } });
  const local = new LocalOperations(keeper, engine, env, partitioner);
  const ops = new ThriftOperations({ ...local.ctx, store: new LocalDataStore(local.ctx), env, timeouts: DEFAULT_REQUEST_TIMEOUTS });
  return {
    ops,
    local,
    engine,
    keeper,
    clock,
    restart: async () => {
      await engine.close();
      return open(env, dir, clock, partitioner, cleanup);
    },
    crashRestart: () => open(env, dir, clock, partitioner, cleanup),
    close: async () => {
      await engine.close();
      cleanup();
    },
  };
}
