/**
 * Ilium nodes forming a ring in one process on the simulated Env: node i is 127.0.0.i (storage
 * 7000, CQL 9042, no Thrift, no admin) with data in /node<i> on the Env's memory file system and
 * node 1 as the seed. Gossip runs every 200 ms (ring delay 2 s) so tests need little simulated time;
 * the other nodes bootstrap when they first start (auto_bootstrap), which the ring delay bounds.
 */
import { resolveNodeConfig } from '../../src/config/index.js';
import type { SimEnv } from '../../src/env/index.js';
import { IliumNode } from '../../src/server/index.js';
import type { NodeLogger } from '../../src/server/node-logger.js';
import { simAwait } from './net-sim.js';

export const RING_GOSSIP_MS = 200;

/** Gossip every 200 ms, a 2 s ring delay, quick reconnects: little simulated time per test. */
export const RING_CLUSTER_OPTIONS = { gossip: { intervalMs: RING_GOSSIP_MS, ringDelayMs: 2000 }, messaging: { reconnectInitialMs: 50, reconnectMaxMs: 400 } } as const;

export function ringNodeConfig(i: number, more: Record<string, unknown> = {}) {
  return resolveNodeConfig({
    cluster_name: 'Sim Ring',
    listen_address: `127.0.0.${i}`,
    rpc_address: `127.0.0.${i}`,
    native_transport_port: 9042,
    start_rpc: false,
    start_admin: false,
    commitlog_sync: 'batch',
    num_tokens: 4,
    data_file_directories: [`/node${i}`],
    seed_provider: [{ class_name: 'org.apache.cassandra.locator.SimpleSeedProvider', parameters: [{ seeds: '127.0.0.1' }] }],
    ...more,
  }).config;
}

/** `gossipMs` slower than the default lets a test tell what reaches peers without gossip rounds. */
export function startRingNode(env: SimEnv, i: number, more: Record<string, unknown> = {}, log?: NodeLogger, gossipMs = RING_GOSSIP_MS): Promise<IliumNode> {
  return simAwait(env, IliumNode.start({
    env,
    ...(log === undefined ? {} : { log }),
    config: ringNodeConfig(i, more),
    cluster: { ...RING_CLUSTER_OPTIONS, gossip: { ...RING_CLUSTER_OPTIONS.gossip, intervalMs: gossipMs } },
  }));
}
