/**
 * The Cassandra 0.7 Thrift service as a TypeScript interface: one method per call of
 * interface/cassandra.thrift, arguments in the IDL's order, values wire-shaped (names, keys and
 * values as the bytes a client sends; i64 as bigint; enums by name). The server's session
 * (`thrift-session.ts`) implements it over this node's data; the wire client
 * (`src/thrift/client`) implements it over a connection, so `ilium cli` and the TypeScript API
 * run the same code against either.
 *
 * Errors are thrown as the Thrift exceptions of `thrift-exceptions.ts`; the dispatcher writes
 * each as the exception field the IDL declares for the method.
 */
import type {
  Column, ColumnOrSuperColumn, ColumnParent, ColumnPath, ConsistencyLevel, Deletion, IndexClause, KeyRange, KeySlice,
  SlicePredicate,
} from '../../db/index.js';

export type { ConsistencyLevel } from '../../db/index.js';

/** A counter as clients see it: its summed value. */
export interface CounterColumn {
  readonly name: Buffer;
  readonly value: bigint;
}

export interface CounterSuperColumn {
  readonly name: Buffer;
  readonly columns: readonly CounterColumn[];
}

/** What reads return: exactly one field set. Counter column families answer with the counter fields. */
export interface ThriftColumnOrSuperColumn extends ColumnOrSuperColumn {
  readonly counterColumn?: CounterColumn;
  readonly counterSuperColumn?: CounterSuperColumn;
}

/** A deletion as the wire carries it: counter column families' deletions carry no timestamp. */
export interface ThriftDeletion extends Omit<Deletion, 'timestamp'> {
  readonly timestamp?: bigint;
}

/** batch_mutate's mutation: exactly one field set; counter column families take the counter fields. */
export interface ThriftMutation {
  readonly columnOrSuperColumn?: ThriftColumnOrSuperColumn;
  readonly deletion?: ThriftDeletion;
}

/** Row key → column family name → mutations (the db layer's MutationMap, counters included). */
export type ThriftMutationMap =
  | ReadonlyMap<Buffer, ReadonlyMap<string, readonly ThriftMutation[]>>
  | ReadonlyArray<readonly [Buffer, ReadonlyMap<string, readonly ThriftMutation[]>]>;

export interface ThriftKeySlice {
  readonly key: Buffer;
  readonly columns: readonly ThriftColumnOrSuperColumn[];
}

export interface EndpointDetails {
  readonly host: string;
  readonly datacenter: string;
  readonly rack?: string;
}

export interface TokenRange {
  readonly startToken: string;
  readonly endToken: string;
  /** The replicas' internode (listen) addresses. */
  readonly endpoints: readonly string[];
  /** Where clients reach the same replicas (rpc_address), in the same order. */
  readonly rpcEndpoints?: readonly string[];
  readonly endpointDetails?: readonly EndpointDetails[];
}

export interface AuthenticationRequest {
  readonly credentials: ReadonlyMap<string, string>;
}

export type IndexType = 'KEYS';

export interface ColumnDef {
  readonly name: Buffer;
  readonly validationClass: string;
  readonly indexType?: IndexType;
  readonly indexName?: string;
}

/** A column family as the 0.7 schema calls describe it. Absent optional fields take the IDL defaults. */
export interface CfDef {
  readonly keyspace: string;
  readonly name: string;
  readonly columnType?: string;
  readonly comparatorType?: string;
  readonly subcomparatorType?: string;
  readonly comment?: string;
  readonly rowCacheSize?: number;
  readonly keyCacheSize?: number;
  readonly readRepairChance?: number;
  readonly columnMetadata?: readonly ColumnDef[];
  readonly gcGraceSeconds?: number;
  readonly defaultValidationClass?: string;
  readonly id?: number;
  readonly minCompactionThreshold?: number;
  readonly maxCompactionThreshold?: number;
  readonly rowCacheSavePeriodInSeconds?: number;
  readonly keyCacheSavePeriodInSeconds?: number;
  readonly memtableFlushAfterMins?: number;
  readonly memtableThroughputInMb?: number;
  readonly memtableOperationsInMillions?: number;
  readonly replicateOnWrite?: boolean;
  readonly keyValidationClass?: string;
}

export interface KsDef {
  readonly name: string;
  readonly strategyClass: string;
  readonly strategyOptions?: ReadonlyMap<string, string>;
  readonly replicationFactor: number;
  readonly cfDefs: readonly CfDef[];
  readonly durableWrites?: boolean;
}

/** Every call of the service. Optional trailing consistency levels default to ONE. */
export interface CassandraService {
  login(authRequest: AuthenticationRequest): Promise<void>;
  setKeyspace(keyspace: string): Promise<void>;

  get(key: Buffer, columnPath: ColumnPath, consistencyLevel?: ConsistencyLevel): Promise<ThriftColumnOrSuperColumn>;
  getSlice(key: Buffer, columnParent: ColumnParent, predicate: SlicePredicate, consistencyLevel?: ConsistencyLevel): Promise<ThriftColumnOrSuperColumn[]>;
  getCount(key: Buffer, columnParent: ColumnParent, predicate: SlicePredicate, consistencyLevel?: ConsistencyLevel): Promise<number>;
  /** One entry per distinct key asked for, in request order (an absent row has an empty list). */
  multigetSlice(keys: readonly Buffer[], columnParent: ColumnParent, predicate: SlicePredicate, consistencyLevel?: ConsistencyLevel): Promise<Map<Buffer, ThriftColumnOrSuperColumn[]>>;
  multigetCount(keys: readonly Buffer[], columnParent: ColumnParent, predicate: SlicePredicate, consistencyLevel?: ConsistencyLevel): Promise<Map<Buffer, number>>;
  getRangeSlices(columnParent: ColumnParent, predicate: SlicePredicate, range: KeyRange, consistencyLevel?: ConsistencyLevel): Promise<ThriftKeySlice[]>;
  getIndexedSlices(columnParent: ColumnParent, indexClause: IndexClause, columnPredicate: SlicePredicate, consistencyLevel?: ConsistencyLevel): Promise<ThriftKeySlice[]>;

  insert(key: Buffer, columnParent: ColumnParent, column: Column, consistencyLevel?: ConsistencyLevel): Promise<void>;
  add(key: Buffer, columnParent: ColumnParent, column: CounterColumn, consistencyLevel?: ConsistencyLevel): Promise<void>;
  remove(key: Buffer, columnPath: ColumnPath, timestamp: bigint, consistencyLevel?: ConsistencyLevel): Promise<void>;
  removeCounter(key: Buffer, path: ColumnPath, consistencyLevel?: ConsistencyLevel): Promise<void>;
  batchMutate(mutationMap: ThriftMutationMap, consistencyLevel?: ConsistencyLevel): Promise<void>;
  truncate(cfname: string): Promise<void>;

  describeSchemaVersions(): Promise<Map<string, string[]>>;
  describeKeyspaces(): Promise<KsDef[]>;
  describeClusterName(): Promise<string>;
  describeVersion(): Promise<string>;
  describeRing(keyspace: string): Promise<TokenRange[]>;
  describePartitioner(): Promise<string>;
  describeSnitch(): Promise<string>;
  describeKeyspace(keyspace: string): Promise<KsDef>;
  describeSplits(cfName: string, startToken: string, endToken: string, keysPerSplit: number): Promise<string[]>;

  systemAddColumnFamily(cfDef: CfDef): Promise<string>;
  systemDropColumnFamily(columnFamily: string): Promise<string>;
  systemAddKeyspace(ksDef: KsDef): Promise<string>;
  systemDropKeyspace(keyspace: string): Promise<string>;
  systemUpdateKeyspace(ksDef: KsDef): Promise<string>;
  systemUpdateColumnFamily(cfDef: CfDef): Promise<string>;
}
