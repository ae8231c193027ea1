/**
 * One Thrift client connection's view of this node: the CassandraService the dispatcher calls.
 * It keeps the connection's state (the keyspace set_keyspace chose, the user login() accepted),
 * checks it as Cassandra 0.7's ClientState did, and delegates data calls to LocalOperations,
 * counter calls to counter-writes.ts, schema calls to the SchemaKeeper (through
 * schema-structs.ts). Every Ilium error leaves as the Thrift exception toThriftException makes.
 *
 * State checks, with 0.7's messages (InvalidRequestException):
 * - data and schema-change calls before a successful login when the authenticator requires one:
 *   "You have not logged in" (0.7 raised no AuthenticationException there; login itself does);
 * - data calls, truncate, describe_splits and system_drop_column_family without a keyspace:
 *   "You have not set a keyspace for this session";
 * - set_keyspace of an unknown keyspace: "Keyspace 'x' does not exist".
 * describe_* calls need neither. The system keyspace is listed by describe_keyspaces as 0.7 listed
 * it and may be set, but has no column families served over Thrift.
 *
 * Schema changes are published through `onSchemaChange` as the CQL layer's events, so CQL drivers
 * connected to the node refresh their metadata when a Thrift client changes the schema.
 */
import type { DataStore, NodeInfo, SchemaChangeEvent } from '../../cql/execution/index.js';
import { LocalDataStore } from '../../cql/execution/index.js';
import type { ColumnParent, ColumnPath, IndexClause, KeyRange, LocalOperations, Mutation, SlicePredicate, Column } from '../../db/index.js';
import { lookupColumnFamily } from '../../db/operations/column-family-lookup.js';
import type { SchemaKeeper } from '../../db/system-schema.js';
import type { Partitioner } from '../../dht/index.js';
import { type Env, type NetAddress, TimestampSource } from '../../env/index.js';
import type { ColumnFamilyDef, Schema } from '../../schema/index.js';
import type { Authenticator } from '../../transport/index.js';
import type {
  AuthenticationRequest, CassandraService, CfDef, ConsistencyLevel, CounterColumn, KsDef, ThriftColumnOrSuperColumn, ThriftKeySlice,
  ThriftMutationMap, TokenRange,
} from './cassandra-service.js';
import { isCounterColumnFamily, requireCounter, requireNonCounter, shapeColumn, shapeColumns, shapeKeySlices } from './counter-columns.js';
import { CounterRows, type CounterWriteDeps, applyCounterRows, removeCounter } from './counter-writes.js';
import { describeSplits } from './describe-splits.js';
import { SYSTEM_KS_DEF, columnFamilyOfCfDef, keyspaceOfKsDef, ksDefOf, replicationOfKsDef, updatedColumnFamily } from './schema-structs.js';
import { authenticate } from './thrift-login.js';
import { invalidRequest, notFound, toThriftException } from './thrift-exceptions.js';

/** The IDL's VERSION constant: the API version 0.7 clients check. */
export const THRIFT_API_VERSION = '19.4.0';
/** One node, one data centre and rack: what SimpleSnitch reports. */
export const SNITCH_CLASS = 'org.apache.cassandra.locator.SimpleSnitch';
const SYSTEM_KEYSPACE = 'system';

export interface ThriftSessionDeps {
  readonly env: Env;
  readonly keeper: SchemaKeeper;
  readonly ops: LocalOperations;
  /** The node's partitioner (the one its tables were registered with). */
  readonly partitioner: Partitioner;
  /** Cluster name, addresses and tokens, read at each call. */
  readonly node: () => NodeInfo;
  /**
   * The cluster's ring for describe_ring (undefined: not known yet, e.g. a node without the
   * coordinator); absent, describe_ring answers this node's own tokens.
   */
  readonly ring?: (keyspace: string) => TokenRange[] | undefined;
  /** The cluster's schema versions (version → node addresses; UNREACHABLE for down nodes), from gossip. */
  readonly schemaVersions?: () => Map<string, string[]>;
  /** Absent, or not requiring authentication: login() is accepted and not needed. */
  readonly authenticator?: Authenticator;
  /** The client's address, handed to the authenticator. */
  readonly client?: NetAddress;
  /** Told of every schema change this session makes (the CQL server's event publishing). */
  readonly onSchemaChange?: (event: SchemaChangeEvent) => void;
  /** Server timestamps for counter writes; share the CQL context's so both stay ordered. */
  readonly timestamps?: TimestampSource;
  /** The partition locks of counter read-modify-write; the CQL context's DataStore, or the local one. */
  readonly data?: Pick<DataStore, 'withPartitionLock'>;
}

export class ThriftSession implements CassandraService {
  private currentKeyspace: string | undefined;
  private currentUser: string | undefined;
  private readonly counters: CounterWriteDeps;

  constructor(private readonly deps: ThriftSessionDeps) {
    this.counters = {
      ops: deps.ops,
      locks: deps.data ?? new LocalDataStore(deps.ops.ctx),
      timestamps: deps.timestamps ?? new TimestampSource(deps.env.clock),
    };
  }

  /** The keyspace set_keyspace chose, if any. */
  get keyspace(): string | undefined {
    return this.currentKeyspace;
  }

  /** The user login() accepted, if any. */
  get user(): string | undefined {
    return this.currentUser;
  }

  // ---- connection state ---------------------------------------------------------------------

  login(authRequest: AuthenticationRequest): Promise<void> {
    return guard(async () => {
      this.currentUser = await authenticate(this.deps.authenticator, this.deps.client ?? { host: 'unknown', port: 0 }, authRequest);
    });
  }

  setKeyspace(keyspace: string): Promise<void> {
    return guard(() => {
      if (keyspace !== SYSTEM_KEYSPACE && this.schema().keyspace(keyspace) === undefined) throw invalidRequest(`Keyspace '${keyspace}' does not exist`);
      this.currentKeyspace = keyspace;
    });
  }

  // ---- reads --------------------------------------------------------------------------------

  get(key: Buffer, columnPath: ColumnPath, _cl?: ConsistencyLevel): Promise<ThriftColumnOrSuperColumn> {
    return guard(() => {
      const { ks, cf } = this.target(columnPath?.columnFamily);
      return shapeColumn(cf, this.deps.ops.get(ks, key, columnPath));
    });
  }

  getSlice(key: Buffer, columnParent: ColumnParent, predicate: SlicePredicate, _cl?: ConsistencyLevel): Promise<ThriftColumnOrSuperColumn[]> {
    return guard(() => {
      const { ks, cf } = this.target(columnParent?.columnFamily);
      return shapeColumns(cf, this.deps.ops.getSlice(ks, key, columnParent, predicate));
    });
  }

  getCount(key: Buffer, columnParent: ColumnParent, predicate: SlicePredicate, _cl?: ConsistencyLevel): Promise<number> {
    return guard(() => {
      const { ks } = this.target(columnParent?.columnFamily);
      return this.deps.ops.getCount(ks, key, columnParent, predicate);
    });
  }

  multigetSlice(keys: readonly Buffer[], columnParent: ColumnParent, predicate: SlicePredicate, _cl?: ConsistencyLevel): Promise<Map<Buffer, ThriftColumnOrSuperColumn[]>> {
    return guard(() => {
      const { ks, cf } = this.target(columnParent?.columnFamily);
      const rows = this.deps.ops.multigetSlice(ks, requireList(keys, 'keys'), columnParent, predicate);
      return new Map(rows.map((r) => [r.key, shapeColumns(cf, r.columns)]));
    });
  }

  multigetCount(keys: readonly Buffer[], columnParent: ColumnParent, predicate: SlicePredicate, _cl?: ConsistencyLevel): Promise<Map<Buffer, number>> {
    return guard(() => {
      const { ks } = this.target(columnParent?.columnFamily);
      return new Map(this.deps.ops.multigetCount(ks, requireList(keys, 'keys'), columnParent, predicate).map((c) => [c.key, c.count]));
    });
  }

  getRangeSlices(columnParent: ColumnParent, predicate: SlicePredicate, range: KeyRange, _cl?: ConsistencyLevel): Promise<ThriftKeySlice[]> {
    return guard(() => {
      const { ks, cf } = this.target(columnParent?.columnFamily);
      return shapeKeySlices(cf, this.deps.ops.getRangeSlices(ks, columnParent, predicate, range));
    });
  }

  getIndexedSlices(columnParent: ColumnParent, indexClause: IndexClause, columnPredicate: SlicePredicate, _cl?: ConsistencyLevel): Promise<ThriftKeySlice[]> {
    return guard(() => {
      const { ks, cf } = this.target(columnParent?.columnFamily);
      return shapeKeySlices(cf, this.deps.ops.getIndexedSlices(ks, columnParent, indexClause, columnPredicate));
    });
  }

  // ---- writes -------------------------------------------------------------------------------

  insert(key: Buffer, columnParent: ColumnParent, column: Column, _cl?: ConsistencyLevel): Promise<void> {
    return guard(() => {
      const { ks, cf } = this.target(columnParent?.columnFamily);
      requireNonCounter(cf);
      return this.deps.ops.insert(ks, key, columnParent, column);
    });
  }

  add(key: Buffer, columnParent: ColumnParent, column: CounterColumn, _cl?: ConsistencyLevel): Promise<void> {
    return guard(() => {
      const { cf } = this.target(columnParent?.columnFamily);
      const rows = new CounterRows();
      rows.increment(cf, key, column, columnParent.superColumn);
      rows.check(this.deps.ops.ctx.nowSec());
      return applyCounterRows(this.counters, rows.all);
    });
  }

  remove(key: Buffer, columnPath: ColumnPath, timestamp: bigint, _cl?: ConsistencyLevel): Promise<void> {
    return guard(() => {
      const { ks, cf } = this.target(columnPath?.columnFamily);
      requireNonCounter(cf);
      return this.deps.ops.remove(ks, key, columnPath, timestamp);
    });
  }

  removeCounter(key: Buffer, path: ColumnPath, _cl?: ConsistencyLevel): Promise<void> {
    return guard(() => {
      const { ks, cf } = this.target(path?.columnFamily);
      return removeCounter(this.counters, ks, cf, key, path);
    });
  }

  /**
   * Counter column families' mutations are collected and checked here, the others' are the
   * operations' batch (which checks all of its own before writing); counters are applied only
   * after that batch was accepted, so a refused mutation anywhere writes nothing.
   */
  batchMutate(mutationMap: ThriftMutationMap, _cl?: ConsistencyLevel): Promise<void> {
    return guard(async () => {
      const ks = this.dataKeyspace();
      if (mutationMap === null || typeof mutationMap !== 'object') throw invalidRequest('mutation_map is required');
      const counters = new CounterRows();
      const plain: [Buffer, Map<string, readonly Mutation[]>][] = [];
      for (const [key, byCf] of mutationMap) {
        if (!(byCf instanceof Map)) throw invalidRequest('mutation_map values must be maps of column family name to mutations');
        const plainOfKey = new Map<string, readonly Mutation[]>();
        for (const [cfName, mutations] of byCf) {
          const cf = this.columnFamily(ks, cfName);
          requireList(mutations, 'mutations');
          if (isCounterColumnFamily(cf)) {
            for (const m of mutations) counters.addMutation(cf, key, m);
            continue;
          }
          for (const m of mutations) {
            const c = m?.columnOrSuperColumn;
            if (c?.counterColumn !== undefined || c?.counterSuperColumn !== undefined) requireCounter(cf);
            if (m?.deletion != null && m.deletion.timestamp === undefined) throw invalidRequest(`Deletion timestamp is required for the non-counter column family ${cf.name}`);
          }
          plainOfKey.set(cfName, mutations as readonly Mutation[]);
        }
        if (plainOfKey.size > 0) plain.push([key, plainOfKey]);
      }
      counters.check(this.deps.ops.ctx.nowSec());
      if (plain.length > 0) await this.deps.ops.batchMutate(ks, plain);
      await applyCounterRows(this.counters, counters.all);
    });
  }

  truncate(cfname: string): Promise<void> {
    return guard(() => {
      const { ks } = this.target(cfname);
      return this.deps.ops.truncate(ks, cfname);
    });
  }

  // ---- description --------------------------------------------------------------------------

  describeSchemaVersions(): Promise<Map<string, string[]>> {
    return guard(() => {
      const cluster = this.deps.schemaVersions?.();
      return cluster !== undefined && cluster.size > 0 ? cluster : new Map([[this.schema().version, [this.deps.node().broadcastAddress]]]);
    });
  }

  describeKeyspaces(): Promise<KsDef[]> {
    return guard(() => [SYSTEM_KS_DEF, ...this.schema().keyspaces.map(ksDefOf)]);
  }

  describeClusterName(): Promise<string> {
    return guard(() => this.deps.node().clusterName);
  }

  describeVersion(): Promise<string> {
    return Promise.resolve(THRIFT_API_VERSION);
  }

  /**
   * The cluster's ring (deps.ring) when there is one: a range per ring token with its replicas.
   * Otherwise one range per token of this node, each ending at the token, all held by this node.
   */
  describeRing(keyspace: string): Promise<TokenRange[]> {
    return guard(() => {
      if (this.schema().keyspace(keyspace) === undefined) throw invalidRequest(`There is no ring for the keyspace: ${keyspace}`);
      const ring = this.deps.ring?.(keyspace);
      if (ring !== undefined) return ring;
      const { partitioner: p } = this.deps;
      const node = this.deps.node();
      const tokens = [...node.tokens].sort((a, b) => p.compareTokens(p.tokenFromString(a), p.tokenFromString(b)));
      return tokens.map((endToken, i) => ({ startToken: tokens[(i + tokens.length - 1) % tokens.length]!, endToken, endpoints: [node.rpcAddress] }));
    });
  }

  describePartitioner(): Promise<string> {
    return Promise.resolve(this.deps.partitioner.fullName);
  }

  describeSnitch(): Promise<string> {
    return Promise.resolve(SNITCH_CLASS);
  }

  describeKeyspace(keyspace: string): Promise<KsDef> {
    return guard(() => {
      if (keyspace === SYSTEM_KEYSPACE) return SYSTEM_KS_DEF;
      const ks = this.schema().keyspace(keyspace);
      if (ks === undefined) throw notFound();
      return ksDefOf(ks);
    });
  }

  describeSplits(cfName: string, startToken: string, endToken: string, keysPerSplit: number): Promise<string[]> {
    return guard(() => {
      const { cf } = this.target(cfName);
      const { ops, partitioner } = this.deps;
      return describeSplits(ops.ctx.engine, partitioner, cf, startToken, endToken, keysPerSplit, ops.ctx.nowSec());
    });
  }

  // ---- schema changes -----------------------------------------------------------------------

  systemAddColumnFamily(cfDef: CfDef): Promise<string> {
    return this.changeSchema(async () => {
      const cf = columnFamilyOfCfDef(cfDef, this.deps.env.random);
      const schema = await this.deps.keeper.addColumnFamily(cf);
      this.publish({ change: 'CREATED', target: 'TABLE', keyspace: cf.keyspace, name: cf.name });
      return schema;
    });
  }

  systemDropColumnFamily(columnFamily: string): Promise<string> {
    return this.changeSchema(async () => {
      const ks = this.requireKeyspace();
      const schema = await this.deps.keeper.dropColumnFamily(ks, columnFamily);
      this.publish({ change: 'DROPPED', target: 'TABLE', keyspace: ks, name: columnFamily });
      return schema;
    });
  }

  systemAddKeyspace(ksDef: KsDef): Promise<string> {
    return this.changeSchema(async () => {
      const ks = keyspaceOfKsDef(ksDef, this.deps.env.random);
      const schema = await this.deps.keeper.addKeyspace(ks);
      this.publish({ change: 'CREATED', target: 'KEYSPACE', keyspace: ks.name });
      for (const t of ks.tables) this.publish({ change: 'CREATED', target: 'TABLE', keyspace: ks.name, name: t.name });
      return schema;
    });
  }

  systemDropKeyspace(keyspace: string): Promise<string> {
    return this.changeSchema(async () => {
      const schema = await this.deps.keeper.dropKeyspace(keyspace);
      this.publish({ change: 'DROPPED', target: 'KEYSPACE', keyspace });
      return schema;
    });
  }

  /** Replication and durable_writes only, as 0.7: column families change one by one. */
  systemUpdateKeyspace(ksDef: KsDef): Promise<string> {
    return this.changeSchema(async () => {
      if (ksDef === null || typeof ksDef !== 'object') throw invalidRequest('KsDef is required');
      if (Array.isArray(ksDef.cfDefs) && ksDef.cfDefs.length > 0) throw invalidRequest('Keyspace update must not contain any column family definitions.');
      const changes = { replication: replicationOfKsDef(ksDef), ...(ksDef.durableWrites === undefined ? {} : { durableWrites: ksDef.durableWrites }) };
      const schema = await this.deps.keeper.updateKeyspace(ksDef.name, changes);
      this.publish({ change: 'UPDATED', target: 'KEYSPACE', keyspace: ksDef.name });
      return schema;
    });
  }

  /** The keeper refuses comparator and column type changes, and builds the KEYS indexes added. */
  systemUpdateColumnFamily(cfDef: CfDef): Promise<string> {
    return this.changeSchema(async () => {
      if (cfDef === null || typeof cfDef !== 'object') throw invalidRequest('CfDef is required');
      const old = this.schema().getTable(cfDef.keyspace, cfDef.name);
      const schema = await this.deps.keeper.updateColumnFamily(updatedColumnFamily(old, cfDef, this.deps.env.random));
      this.publish({ change: 'UPDATED', target: 'TABLE', keyspace: old.keyspace, name: old.name });
      return schema;
    });
  }

  // ---- helpers ------------------------------------------------------------------------------

  private schema(): Schema {
    return this.deps.keeper.schema;
  }

  private checkLogin(): void {
    if (this.currentUser === undefined && this.deps.authenticator?.requiresAuthentication === true) throw invalidRequest('You have not logged in');
  }

  private requireKeyspace(): string {
    if (this.currentKeyspace === undefined) throw invalidRequest('You have not set a keyspace for this session');
    return this.currentKeyspace;
  }

  /** A data call's keyspace: logged in (when required) and set. */
  private dataKeyspace(): string {
    this.checkLogin();
    return this.requireKeyspace();
  }

  /** A data call's keyspace and column family. */
  private target(cfName: string | undefined): { ks: string; cf: ColumnFamilyDef } {
    const ks = this.dataKeyspace();
    return { ks, cf: this.columnFamily(ks, cfName) };
  }

  private columnFamily(ks: string, cfName: string | undefined): ColumnFamilyDef {
    if (ks === SYSTEM_KEYSPACE && typeof cfName === 'string' && cfName.length > 0) throw invalidRequest(`unconfigured columnfamily ${cfName}`);
    return lookupColumnFamily(this.schema(), ks, cfName as string);
  }

  private changeSchema(change: () => Promise<Schema>): Promise<string> {
    return guard(async () => {
      this.checkLogin();
      return (await change()).version;
    });
  }

  private publish(event: SchemaChangeEvent): void {
    this.deps.onSchemaChange?.(event);
  }
}

/** Runs a call, turning whatever it throws (synchronously or not) into its Thrift exception. */
async function guard<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw toThriftException(e);
  }
}

function requireList<T>(v: readonly T[], what: string): readonly T[] {
  if (!Array.isArray(v)) throw invalidRequest(`${what} must be a list`);
  return v;
}
