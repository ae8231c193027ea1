/**
 * The node's DataStore during start-up. Until membership runs and the coordinator
 * (`StorageProxy`) is switched in, the node does not know the ring, so it cannot honour any
 * consistency level: every data call is refused with UnavailableError (required = the level's
 * blockFor under the keyspace's replication, alive = 0), as Cassandra refuses requests on a node
 * that has not joined. Never a local answer: a read from this node's copy alone could miss writes
 * acknowledged by the other replicas, and a write kept here alone could be lost with the node.
 * After the switch every call goes to the coordinator (which, on a one-node ring, hands it to the
 * local store). One indirection per request; the switch happens once.
 */
import { UnavailableError } from '../errors/index.js';
import { type Consistency, type Endpoint, blockFor, createReplicationStrategy } from '../locator/index.js';
import type { ColumnFamilyDef, IndexDef, Replication } from '../schema/index.js';
import type { ApplyOptions, CasDecide, CasLevels, DataStore, PartitionResult, PositionBound, ScannedPartition, SliceQuery, TableWrite } from '../service/index.js';
import type { Cell } from '../storage/model/index.js';

/** Replica answers a request on `cf` at `cl` would need: the `required` of the refusal. */
export type RequiredReplicas = (cf: ColumnFamilyDef, cl: Consistency) => number;

export class SwitchableDataStore implements DataStore {
  private current: DataStore | undefined;

  constructor(private readonly required: RequiredReplicas) {}

  /** From now on every call goes to `next`. */
  switchTo(next: DataStore): void {
    this.current = next;
  }

  read(cf: ColumnFamilyDef, key: Buffer, query: SliceQuery, cl: Consistency, nowSec: number): Promise<PartitionResult | null> {
    return this.current?.read(cf, key, query, cl, nowSec) ?? this.refuse(cf, cl);
  }

  readMany(cf: ColumnFamilyDef, keys: readonly Buffer[], query: SliceQuery, cl: Consistency, nowSec: number): Promise<(PartitionResult | null)[]> {
    return this.current?.readMany(cf, keys, query, cl, nowSec) ?? this.refuse(cf, cl);
  }

  scan(cf: ColumnFamilyDef, from: PositionBound | undefined, to: PositionBound | undefined, query: SliceQuery, partitionLimit: number, cl: Consistency, nowSec: number): Promise<ScannedPartition[]> {
    return this.current?.scan(cf, from, to, query, partitionLimit, cl, nowSec) ?? this.refuse(cf, cl);
  }

  apply(writes: readonly TableWrite[], cl: Consistency, how?: ApplyOptions): Promise<void> {
    if (this.current !== undefined) return this.current.apply(writes, cl, how);
    const first = writes[0];
    // Nothing to write needs no replica; refusing it would still be honest, but it is not a request.
    return first === undefined ? Promise.resolve() : this.refuse(first.cf, cl);
  }

  cas<T>(cf: ColumnFamilyDef, key: Buffer, levels: CasLevels, decide: CasDecide<T>): Promise<T> {
    return this.current?.cas(cf, key, levels, decide) ?? this.refuse(cf, levels.serial);
  }

  /** The lock guards a read-modify-write through this store, which could not proceed anyway. */
  withPartitionLock<T>(cf: ColumnFamilyDef, key: Buffer, fn: () => Promise<T>): Promise<T> {
    return this.current?.withPartitionLock(cf, key, fn) ?? this.refuse(cf, 'ONE');
  }

  /** Cassandra's truncate needs every replica: ALL. */
  truncate(cf: ColumnFamilyDef): Promise<void> {
    return this.current?.truncate(cf) ?? this.refuse(cf, 'ALL');
  }

  readIndex(cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, query: SliceQuery, cl: Consistency, nowSec: number): Promise<PartitionResult | null> {
    return this.current?.readIndex(cf, index, indexKey, query, cl, nowSec) ?? this.refuse(cf, cl);
  }

  cleanIndex(cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, entries: readonly Cell[]): Promise<void> {
    return this.current?.cleanIndex(cf, index, indexKey, entries) ?? this.refuse(cf, 'ONE');
  }

  private refuse(cf: ColumnFamilyDef, cl: Consistency): Promise<never> {
    const message = `Cannot achieve consistency level ${cl}: this node is starting and cannot coordinate requests yet`;
    return Promise.reject(new UnavailableError(message, cl, this.required(cf, cl), 0));
  }
}

/**
 * blockFor under the keyspace's replication as the schema has it now, every replica counted in the
 * node's own data center (the ring, which would say otherwise, is what is not known yet).
 */
export function requiredReplicasOf(replicationOf: (keyspace: string) => Replication | undefined, self: Endpoint, localDatacenter: string): RequiredReplicas {
  return (cf, cl) => {
    const replication = replicationOf(cf.keyspace);
    if (replication === undefined) return 1;
    const strategy = createReplicationStrategy(replication, self);
    return blockFor(cl, { strategy, localDatacenter, datacenterOf: () => localDatacenter });
  };
}
