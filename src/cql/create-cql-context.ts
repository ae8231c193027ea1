/**
 * Builds the CqlContext of a node from its parts (the composition root calls this; so do tests).
 */
import type { LocalOperations } from '../db/operations/index.js';
import type { SchemaKeeper } from '../db/system-schema.js';
import type { Partitioner } from '../dht/index.js';
import { type Env, TimestampSource } from '../env/index.js';
import { type CqlContext, type DataStore, LayoutCache, LocalDataStore, NO_VIRTUAL_TABLES, type NodeInfo, type PeerInfo, type VirtualTables } from './execution/index.js';
import { createFunctionContext, createNativeFunctionRegistry } from './functions/index.js';
import { createVirtualTables } from './virtual/index.js';

export interface CqlContextParts {
  readonly env: Env;
  readonly keeper: SchemaKeeper;
  readonly ops: LocalOperations;
  readonly partitioner: Partitioner;
  readonly node: () => NodeInfo;
  readonly peers?: () => readonly PeerInfo[];
  /**
   * Made from the context being built (system_schema reads the live schema through it); the
   * node's real ones (system.local, system_schema.* …) when absent.
   */
  readonly virtualTables?: (ctx: CqlContext) => VirtualTables;
  /** The coordinator; the local engine when absent. */
  readonly data?: DataStore;
}

export function createCqlContext(parts: CqlContextParts): CqlContext {
  const { env, keeper } = parts;
  let virtualTables: VirtualTables = NO_VIRTUAL_TABLES;
  const ctx: CqlContext = {
    env,
    schema: () => keeper.schema,
    keeper,
    data: parts.data ?? new LocalDataStore(parts.ops.ctx),
    get virtualTables() {
      return virtualTables;
    },
    partitioner: parts.partitioner,
    layouts: new LayoutCache(),
    functions: createNativeFunctionRegistry(),
    functionContext: createFunctionContext(env),
    timestamps: new TimestampSource(env.clock),
    node: parts.node,
    peers: parts.peers ?? (() => []),
    nowSec: () => Math.floor(env.clock.nowMs() / 1000),
  };
  virtualTables = (parts.virtualTables ?? createVirtualTables)(ctx);
  return ctx;
}
