/**
 * CQL statements run in this process for the embedded backend (what `ks.table(name)` sends): a
 * CQL context over the embedded node's own schema keeper and operations, created on first use.
 * Rows come back as each column's bytes, every page read.
 */
import { createCqlContext } from '../cql/create-cql-context.js';
import { type CqlContext, type NodeInfo, newClientState, queryOptions } from '../cql/execution/index.js';
import { parseStatement } from '../cql/parser/index.js';
import { prepareStatement } from '../cql/prepare.js';
import type { LocalOperations, SchemaKeeper } from '../db/index.js';
import type { Partitioner } from '../dht/index.js';
import type { Env } from '../env/index.js';

/** Rows per page while reading a result. */
const PAGE_ROWS = 1000;

export class EmbeddedCql {
  private ctx: CqlContext | undefined;

  constructor(private readonly parts: { readonly env: Env; readonly keeper: SchemaKeeper; readonly ops: LocalOperations; readonly partitioner: Partitioner }) {}

  async run(keyspace: string, query: string, values: readonly (Buffer | null)[]): Promise<(Buffer | null)[][]> {
    const statement = prepareStatement(parseStatement(query), this.context(), keyspace);
    const state = newClientState(keyspace);
    const out: (Buffer | null)[][] = [];
    let pagingState: Buffer | undefined;
    for (;;) {
      const result = await statement.execute(state, queryOptions(values, { pageSize: PAGE_ROWS, ...(pagingState === undefined ? {} : { pagingState }) }));
      if (result.kind !== 'rows') return out;
      for (const r of result.rows) out.push([...r]);
      if (result.pagingState === undefined) return out;
      pagingState = result.pagingState;
    }
  }

  private context(): CqlContext {
    if (this.ctx === undefined) {
      const { env, keeper, ops, partitioner } = this.parts;
      this.ctx = createCqlContext({ env, keeper, ops, partitioner, node: () => embeddedNode(partitioner) });
    }
    return this.ctx;
  }
}

/** What system.local says of an embedded node (nobody connects to it). */
function embeddedNode(partitioner: Partitioner): NodeInfo {
  return {
    clusterName: 'Ilium embedded',
    dataCenter: 'datacenter1',
    rack: 'rack1',
    partitionerClass: partitioner.fullName,
    releaseVersion: '4.0.11',
    cqlVersion: '3.4.5',
    nativeProtocolVersion: '5',
    hostId: Buffer.alloc(16),
    listenAddress: '127.0.0.1',
    broadcastAddress: '127.0.0.1',
    rpcAddress: '127.0.0.1',
    nativePort: 0,
    tokens: [],
    bootstrapped: 'COMPLETED',
  };
}
