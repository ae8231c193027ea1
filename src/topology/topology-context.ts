/**
 * What the topology operations (bootstrap, decommission, removenode) need from a node: its
 * membership (ring, gossip, status), its replica side (local data, messaging, tables by id: the
 * repair machinery that streams ranges), placement per keyspace, the keyspaces whose data moves
 * (user keyspaces not replicated by LocalStrategy) and the schema version it holds.
 */
import type { Env } from '../env/index.js';
import type { Token } from '../dht/index.js';
import type { NetLogger } from '../net/index.js';
import type { RepairReplicaContext } from '../repair/index.js';
import type { KeyspaceDef } from '../schema/index.js';
import type { RingProvider, StorageService } from '../service/index.js';

export interface TopologyContext {
  readonly env: Env;
  readonly svc: StorageService;
  readonly replica: RepairReplicaContext;
  readonly rings: RingProvider;
  /** The keyspaces now known (system ones included: they are filtered here). */
  keyspaces(): readonly KeyspaceDef[];
  /** This node's schema version. */
  schemaVersion(): string;
  readonly log: NetLogger;
  /** Timeout of each table's range stream (SYNC_REQ); the verb's default when absent. */
  readonly streamTimeoutMs?: number;
}

/** Keyspaces whose data lives on the ring: not system ones, not LocalStrategy. */
export function streamedKeyspaces(ctx: TopologyContext): KeyspaceDef[] {
  return ctx.keyspaces().filter((k) => !k.name.startsWith('system') && k.replication.class !== 'LocalStrategy' && !k.replication.class.endsWith('.LocalStrategy'));
}

/** This node's tokens as the partitioner's tokens. */
export function localTokens(ctx: TopologyContext): Token[] {
  return ctx.svc.tokens.map((t) => ctx.replica.partitioner.tokenFromString(t));
}

/** Resolves after `ms` on the Env's timers. */
export function sleep(env: Env, ms: number): Promise<void> {
  return new Promise((resolve) => env.timers.setTimeout(resolve, ms));
}

export function nowSec(env: Env): number {
  return Math.floor(env.clock.nowMs() / 1000);
}
