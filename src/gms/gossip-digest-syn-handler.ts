/**
 * GOSSIP_DIGEST_SYN: a peer's digest of what it knows. Ignored from another cluster or partitioner
 * (Cassandra does the same); otherwise answered with an ACK saying what we want and what it lacks.
 */
import { endpointKey, type Message } from '../net/index.js';
import { decodeSyn, encodeAck } from './gossip-codec.js';
import { examineDigests } from './examine-digests.js';
import type { Gossiper } from './gossiper.js';
import { readPayload } from './read-payload.js';


export function handleSyn(g: Gossiper, m: Message): void {
  if (!g.isRunning) return;
  const syn = readPayload(g, m, decodeSyn);
  if (syn === undefined) return;
  if (syn.clusterName !== g.clusterName) {
    g.logger.warn('gossip_cluster_mismatch', { from: endpointKey(m.from), theirs: syn.clusterName, ours: g.clusterName });
    return;
  }
  if (syn.partitioner !== '' && g.partitioner !== '' && syn.partitioner !== g.partitioner) {
    g.logger.warn('gossip_partitioner_mismatch', { from: endpointKey(m.from), theirs: syn.partitioner, ours: g.partitioner });
    return;
  }
  const { requests, deltas } = examineDigests(syn.digests, (key) => g.stateByKey(key));
  g.messaging.send(m.from, { verb: 'GOSSIP_DIGEST_ACK', payload: encodeAck({ digests: requests, states: deltas }), timeoutMs: g.exchangeExpiryMs });
}
