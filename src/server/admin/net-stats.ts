/**
 * nodetool netstats: the node's mode, the streams it receives (repair/stream-sessions.ts), read repair counts and the outbound message
 * counts per connection type (Cassandra 4.0's NetStats: Large, Small and Gossip messages, each
 * with pending, completed and dropped over every peer; Active is always n/a there too).
 */
import type { ConnectionType } from '../../net/verbs.js';
import type { StreamSessionView, StreamTotals } from '../../repair/index.js';
import type { IliumNode } from '../ilium-node.js';

export interface NetStatsPool {
  readonly name: string;
  readonly pending: number;
  readonly completed: number;
  readonly dropped: number;
}

export interface NetStatsResult {
  readonly mode: string;
  /** The streams this node receives now (its pulls), oldest first. */
  readonly streams: readonly StreamSessionView[];
  /** Every stream received since start, finished ones included. */
  readonly streamTotals: StreamTotals;
  readonly readRepairAttempted: number;
  readonly readRepairBlocking: number;
  readonly readRepairBackground: number;
  readonly pools: readonly NetStatsPool[];
}

const POOLS: readonly (readonly [string, ConnectionType])[] = [
  ['Large messages', 'large'],
  ['Small messages', 'small'],
  ['Gossip messages', 'gossip'],
];

export function netStats(node: IliumNode): NetStatsResult {
  const messaging = node.storage.messaging;
  const rr = node.cluster.proxy.deps.readRepair;
  return {
    mode: node.operationMode,
    streams: node.cluster.streams.active(),
    streamTotals: node.cluster.streams.totals(),
    readRepairAttempted: rr.attempted,
    readRepairBlocking: rr.repairedBlocking,
    // Ilium repairs only blocking (as Cassandra 4.0, whose background read repair is gone).
    readRepairBackground: 0,
    pools: POOLS.map(([name, type]) => ({
      name,
      pending: messaging.queuedMessages(type),
      completed: messaging.metrics.byType[type].completed,
      dropped: messaging.metrics.byType[type].dropped,
    })),
  };
}
