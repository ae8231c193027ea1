/**
 * One Thrift client connection's view of this node: the CassandraService the dispatcher calls.
 * It keeps the connection's state (the keyspace set_keyspace chose, the user login() accepted),
 * checks it as Cassandra 0.7's ClientState did, and delegates data calls to the 0.7 operations
 * (ThriftOperations: translators over the node's DataStore, i.e. the coordinator, at the call's
 * consistency level — ONE when absent, the IDL's default — checked by the CQL layer's rules),
 * counter calls to counter-writes.ts (through the same DataStore), schema calls to the
 * SchemaKeeper (through schema-structs.ts). Every Ilium error leaves as the Thrift exception
 * toThriftException makes (UnavailableError → UnavailableException, timeouts → TimedOutException).
 *
 * State checks, with 0.7's messages (InvalidRequestException):
 * - every call but login and describe_version before a successful login when the authenticator
 *   requires one: "You have not logged in" (0.7's message for data calls, raised as
 *   InvalidRequestException, not AuthenticationException — login itself raises that); 0.7 let
 *   describe_* and set_keyspace through, which told an anonymous peer the schema (DESIGN §9);
 * - data calls, truncate, describe_splits and system_drop_column_family without a keyspace:
 *   "You have not set a keyspace for this session";
 * - set_keyspace of an unknown keyspace: "Keyspace 'x' does not exist";
 * - under CassandraAuthorizer (deps.authorizer), Cassandra's permission checks with its Unauthorized
 *   message: reads need SELECT on the column family (or a parent), writes and truncate MODIFY,
 *   system_add_* CREATE on the keyspace (all keyspaces for a keyspace), system_update_* ALTER,
 *   system_drop_* DROP on what is dropped.
 * describe_* calls need no keyspace. The system keyspace is listed by describe_keyspaces as 0.7 listed
 * it and may be set, but has no column families served over Thrift.
 *
 * Schema changes are published through `onSchemaChange` as the CQL layer's events, so CQL drivers
 * connected to the node refresh their metadata when a Thrift client changes the schema.
 */
import { type AuthResource, type Authorizer, type NetworkAuthorizer, allKeyspaces, keyspaceResource, tableResource } from '../../cql/auth/index.js';
import { type DataStore, type NodeInfo, type SchemaChangeEvent, checkReadLevel, checkWriteLevel } from '../../cql/execution/index.js';
import { type ColumnParent, type ColumnPath, DEFAULT_THRIFT_CONSISTENCY, type IndexClause, type KeyRange, type Mutation, type SlicePredicate, type Column, type ThriftOperations } from '../../db/index.js';
import type { StorageEngine } from '../../storage/storage-engine.js';
import { lookupColumnFamily } from '../../db/operations/column-family-lookup.js';
import type { SchemaKeeper } from '../../db/system-schema.js';
import type { Partitioner } from '../../dht/index.js';
import { type Env, type NetAddress, TimestampSource } from '../../env/index.js';
import type { ColumnFamilyDef, Schema } from '../../schema/index.js';
import type { Permission } from '../../cql/parser/index.js';
import { UnauthorizedError } from '../../errors/index.js';
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
  /** The 0.7 operations over `data`. */
  readonly ops: ThriftOperations;
  /** This node's engine: describe_splits estimates from the local SSTables, as Cassandra's does. */
  readonly engine: StorageEngine;
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
  /** The node's DataStore (the CQL context's: the coordinator): counter reads, writes and partition locks. */
  readonly data: DataStore;
  /** The CQL context's authorizer (CassandraAuthorizer checks calls; absent or AllowAll: none). */
  readonly authorizer?: Authorizer;
  /** The CQL context's network authorizer (CassandraNetworkAuthorizer refuses a login here; absent: none). */
  readonly network?: NetworkAuthorizer;
}

export class ThriftSession implements CassandraService {
  private currentKeyspace: string | undefined;
  private currentUser: string | undefined;
  private readonly counters: CounterWriteDeps;

  constructor(private readonly deps: ThriftSessionDeps) {
    this.counters = {
      ops: deps.ops,
      store: deps.data,
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

  /**
   * A role the network authorizer keeps out of this node's data centre is refused here, with
   * Cassandra's message as an AuthorizationException (a CQL session gets it on each request).
   */
  login(authRequest: AuthenticationRequest): Promise<void> {
    return guard(async () => {
      const user = await authenticate(this.deps.authenticator, this.deps.client ?? { host: 'unknown', port: 0 }, authRequest);
      await this.deps.network?.ensureLocalAccess(user);
      this.currentUser = user;
    });
  }

  /** True while the authenticator requires a login and none succeeded (the transport's small-frame bound). */
  mustLogIn(): boolean {
    return this.currentUser === undefined && this.deps.authenticator?.requiresAuthentication === true;
  }

  setKeyspace(keyspace: string): Promise<void> {
    return guard(() => {
      this.checkLogin();
      if (keyspace !== SYSTEM_KEYSPACE && this.schema().keyspace(keyspace) === undefined) throw invalidRequest(`Keyspace '${keyspace}' does not exist`);
      this.currentKeyspace = keyspace;
    });
  }

  // ---- reads --------------------------------------------------------------------------------

  get(key: Buffer, columnPath: ColumnPath, cl?: ConsistencyLevel): Promise<ThriftColumnOrSuperColumn> {
    return guard(async () => {
      const { ks, cf } = await this.allowedTarget('SELECT', columnPath?.columnFamily);
      return shapeColumn(cf, await this.deps.ops.get(ks, key, columnPath, readLevel(cl)));
    });
  }

  getSlice(key: Buffer, columnParent: ColumnParent, predicate: SlicePredicate, cl?: ConsistencyLevel): Promise<ThriftColumnOrSuperColumn[]> {
    return guard(async () => {
      const { ks, cf } = await this.allowedTarget('SELECT', columnParent?.columnFamily);
      return shapeColumns(cf, await this.deps.ops.getSlice(ks, key, columnParent, predicate, readLevel(cl)));
    });
  }

  getCount(key: Buffer, columnParent: ColumnParent, predicate: SlicePredicate, cl?: ConsistencyLevel): Promise<number> {
    return guard(async () => {
      const { ks } = await this.allowedTarget('SELECT', columnParent?.columnFamily);
      return this.deps.ops.getCount(ks, key, columnParent, predicate, readLevel(cl));
    });
  }

  multigetSlice(keys: readonly Buffer[], columnParent: ColumnParent, predicate: SlicePredicate, cl?: ConsistencyLevel): Promise<Map<Buffer, ThriftColumnOrSuperColumn[]>> {
    return guard(async () => {
      const { ks, cf } = await this.allowedTarget('SELECT', columnParent?.columnFamily);
      const rows = await this.deps.ops.multigetSlice(ks, requireList(keys, 'keys'), columnParent, predicate, readLevel(cl));
      return new Map(rows.map((r) => [r.key, shapeColumns(cf, r.columns)]));
    });
  }

  multigetCount(keys: readonly Buffer[], columnParent: ColumnParent, predicate: SlicePredicate, cl?: ConsistencyLevel): Promise<Map<Buffer, number>> {
    return guard(async () => {
      const { ks } = await this.allowedTarget('SELECT', columnParent?.columnFamily);
      return new Map((await this.deps.ops.multigetCount(ks, requireList(keys, 'keys'), columnParent, predicate, readLevel(cl))).map((c) => [c.key, c.count]));
    });
  }

  getRangeSlices(columnParent: ColumnParent, predicate: SlicePredicate, range: KeyRange, cl?: ConsistencyLevel): Promise<ThriftKeySlice[]> {
    return guard(async () => {
      const { ks, cf } = await this.allowedTarget('SELECT', columnParent?.columnFamily);
      return shapeKeySlices(cf, await this.deps.ops.getRangeSlices(ks, columnParent, predicate, range, readLevel(cl)));
    });
  }

  getIndexedSlices(columnParent: ColumnParent, indexClause: IndexClause, columnPredicate: SlicePredicate, cl?: ConsistencyLevel): Promise<ThriftKeySlice[]> {
    return guard(async () => {
      const { ks, cf } = await this.allowedTarget('SELECT', columnParent?.columnFamily);
      return shapeKeySlices(cf, await this.deps.ops.getIndexedSlices(ks, columnParent, indexClause, columnPredicate, readLevel(cl)));
    });
  }

  // ---- writes -------------------------------------------------------------------------------

  insert(key: Buffer, columnParent: ColumnParent, column: Column, cl?: ConsistencyLevel): Promise<void> {
    return guard(async () => {
      const { ks, cf } = await this.writeTarget(columnParent?.columnFamily);
      requireNonCounter(cf);
      return this.deps.ops.insert(ks, key, columnParent, column, writeLevel(cl, undefined));
    });
  }

  add(key: Buffer, columnParent: ColumnParent, column: CounterColumn, cl?: ConsistencyLevel): Promise<void> {
    return guard(async () => {
      const { cf } = await this.writeTarget(columnParent?.columnFamily);
      const rows = new CounterRows();
      rows.increment(cf, key, column, columnParent.superColumn);
      rows.check(this.deps.ops.ctx.nowSec());
      return applyCounterRows(this.counters, rows.all, writeLevel(cl, cf.name));
    });
  }

  remove(key: Buffer, columnPath: ColumnPath, timestamp: bigint, cl?: ConsistencyLevel): Promise<void> {
    return guard(async () => {
      const { ks, cf } = await this.writeTarget(columnPath?.columnFamily);
      requireNonCounter(cf);
      return this.deps.ops.remove(ks, key, columnPath, timestamp, writeLevel(cl, undefined));
    });
  }

  removeCounter(key: Buffer, path: ColumnPath, cl?: ConsistencyLevel): Promise<void> {
    return guard(async () => {
      const { ks, cf } = await this.writeTarget(path?.columnFamily);
      return removeCounter(this.counters, ks, cf, key, path, writeLevel(cl, cf.name));
    });
  }

  /**
   * Counter column families' mutations are collected and checked here, the others' are the
   * operations' batch (which checks all of its own before writing); counters are applied only
   * after that batch was accepted, so a refused mutation anywhere writes nothing.
   */
  batchMutate(mutationMap: ThriftMutationMap, cl?: ConsistencyLevel): Promise<void> {
    return guard(async () => {
      const ks = this.dataKeyspace();
      let counterTable: string | undefined;
      if (mutationMap === null || typeof mutationMap !== 'object') throw invalidRequest('mutation_map is required');
      const counters = new CounterRows();
      const plain: [Buffer, Map<string, readonly Mutation[]>][] = [];
      for (const [key, byCf] of mutationMap) {
        if (!(byCf instanceof Map)) throw invalidRequest('mutation_map values must be maps of column family name to mutations');
        const plainOfKey = new Map<string, readonly Mutation[]>();
        for (const [cfName, mutations] of byCf) {
          const cf = this.columnFamily(ks, cfName);
          await this.allow('MODIFY', tableResource(ks, cf.name));
          requireNotView(cf);
          requireList(mutations, 'mutations');
          if (isCounterColumnFamily(cf)) {
            counterTable ??= cf.name;
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
      const level = writeLevel(cl, counterTable);
      if (plain.length > 0) await this.deps.ops.batchMutate(ks, plain, level);
      await applyCounterRows(this.counters, counters.all, level);
    });
  }

  truncate(cfname: string): Promise<void> {
    return guard(async () => {
      const { ks } = await this.allowedTarget('MODIFY', cfname);
      return this.deps.ops.truncate(ks, cfname);
    });
  }

  // ---- description --------------------------------------------------------------------------

  describeSchemaVersions(): Promise<Map<string, string[]>> {
    return guard(() => {
      this.checkLogin();
      const cluster = this.deps.schemaVersions?.();
      return cluster !== undefined && cluster.size > 0 ? cluster : new Map([[this.schema().version, [this.deps.node().broadcastAddress]]]);
    });
  }

  describeKeyspaces(): Promise<KsDef[]> {
    return guard(() => {
      this.checkLogin();
      return [SYSTEM_KS_DEF, ...this.schema().keyspaces.map(ksDefOf)];
    });
  }

  describeClusterName(): Promise<string> {
    return guard(() => {
      this.checkLogin();
      return this.deps.node().clusterName;
    });
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
      this.checkLogin();
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
    return guard(() => {
      this.checkLogin();
      return this.deps.partitioner.fullName;
    });
  }

  describeSnitch(): Promise<string> {
    return guard(() => {
      this.checkLogin();
      return SNITCH_CLASS;
    });
  }

  describeKeyspace(keyspace: string): Promise<KsDef> {
    return guard(() => {
      this.checkLogin();
      if (keyspace === SYSTEM_KEYSPACE) return SYSTEM_KS_DEF;
      const ks = this.schema().keyspace(keyspace);
      if (ks === undefined) throw notFound();
      return ksDefOf(ks);
    });
  }

  describeSplits(cfName: string, startToken: string, endToken: string, keysPerSplit: number): Promise<string[]> {
    return guard(() => {
      const { cf } = this.target(cfName);
      const { ops, engine, partitioner } = this.deps;
      return describeSplits(engine, partitioner, cf, startToken, endToken, keysPerSplit, ops.ctx.nowSec());
    });
  }

  // ---- schema changes -----------------------------------------------------------------------

  systemAddColumnFamily(cfDef: CfDef): Promise<string> {
    return this.changeSchema(async (publish) => {
      const cf = columnFamilyOfCfDef(cfDef, this.deps.env.random);
      await this.allow('CREATE', keyspaceResource(cf.keyspace));
      const schema = await this.deps.keeper.addColumnFamily(cf);
      publish({ change: 'CREATED', target: 'TABLE', keyspace: cf.keyspace, name: cf.name });
      return schema;
    });
  }

  systemDropColumnFamily(columnFamily: string): Promise<string> {
    return this.changeSchema(async (publish) => {
      const ks = this.requireKeyspace();
      await this.allow('DROP', tableResource(ks, columnFamily));
      const schema = await this.deps.keeper.dropColumnFamily(ks, columnFamily);
      publish({ change: 'DROPPED', target: 'TABLE', keyspace: ks, name: columnFamily });
      return schema;
    });
  }

  systemAddKeyspace(ksDef: KsDef): Promise<string> {
    return this.changeSchema(async (publish) => {
      const ks = keyspaceOfKsDef(ksDef, this.deps.env.random);
      await this.allow('CREATE', allKeyspaces());
      const schema = await this.deps.keeper.addKeyspace(ks);
      publish({ change: 'CREATED', target: 'KEYSPACE', keyspace: ks.name });
      for (const t of ks.tables) publish({ change: 'CREATED', target: 'TABLE', keyspace: ks.name, name: t.name });
      return schema;
    });
  }

  systemDropKeyspace(keyspace: string): Promise<string> {
    return this.changeSchema(async (publish) => {
      await this.allow('DROP', keyspaceResource(keyspace));
      const schema = await this.deps.keeper.dropKeyspace(keyspace);
      publish({ change: 'DROPPED', target: 'KEYSPACE', keyspace });
      return schema;
    });
  }

  /** Replication and durable_writes only, as 0.7: column families change one by one. */
  systemUpdateKeyspace(ksDef: KsDef): Promise<string> {
    return this.changeSchema(async (publish) => {
      if (ksDef === null || typeof ksDef !== 'object') throw invalidRequest('KsDef is required');
      if (Array.isArray(ksDef.cfDefs) && ksDef.cfDefs.length > 0) throw invalidRequest('Keyspace update must not contain any column family definitions.');
      await this.allow('ALTER', keyspaceResource(ksDef.name));
      const changes = { replication: replicationOfKsDef(ksDef), ...(ksDef.durableWrites === undefined ? {} : { durableWrites: ksDef.durableWrites }) };
      const schema = await this.deps.keeper.updateKeyspace(ksDef.name, changes);
      publish({ change: 'UPDATED', target: 'KEYSPACE', keyspace: ksDef.name });
      return schema;
    });
  }

  /** The keeper refuses comparator and column type changes, and builds the KEYS indexes added. */
  systemUpdateColumnFamily(cfDef: CfDef): Promise<string> {
    return this.changeSchema(async (publish) => {
      if (cfDef === null || typeof cfDef !== 'object') throw invalidRequest('CfDef is required');
      const old = this.schema().getTable(cfDef.keyspace, cfDef.name);
      await this.allow('ALTER', tableResource(old.keyspace, old.name));
      const schema = await this.deps.keeper.updateColumnFamily(updatedColumnFamily(old, cfDef, this.deps.env.random));
      publish({ change: 'UPDATED', target: 'TABLE', keyspace: old.keyspace, name: old.name });
      return schema;
    });
  }

  // ---- helpers ------------------------------------------------------------------------------

  private schema(): Schema {
    return this.deps.keeper.schema;
  }

  private checkLogin(): void {
    if (this.mustLogIn()) throw invalidRequest('You have not logged in');
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

  /**
   * A schema call: logged in; the events `change` publishes go to CQL clients and to the
   * authorizer (the creator's grants, a dropped resource's grants gone) once it succeeded.
   */
  private changeSchema(change: (publish: (event: SchemaChangeEvent) => void) => Promise<Schema>): Promise<string> {
    return guard(async () => {
      this.checkLogin();
      const events: SchemaChangeEvent[] = [];
      const version = (await change((e) => events.push(e))).version;
      for (const e of events) {
        this.deps.onSchemaChange?.(e);
        await this.deps.authorizer?.schemaChanged(this.currentUser, e, this.schema());
      }
      return version;
    });
  }

  /** A data call's keyspace and column family, once the user may use `permission` on it. */
  private async allowedTarget(permission: Permission, cfName: string | undefined): Promise<{ ks: string; cf: ColumnFamilyDef }> {
    const t = this.target(cfName);
    await this.allow(permission, tableResource(t.ks, t.cf.name));
    return t;
  }

  /** A column family written to: MODIFY held, and not a materialized view. */
  private async writeTarget(cfName: string | undefined): Promise<{ ks: string; cf: ColumnFamilyDef }> {
    const t = await this.allowedTarget('MODIFY', cfName);
    requireNotView(t.cf);
    return t;
  }

  /**
   * Under CassandraAuthorizer: the user holds `permission` on the resource or a parent, else
   * Cassandra's Unauthorized message as an InvalidRequestException (the IDL declares
   * AuthorizationException for login() only; 0.7's server raised InvalidRequestException too).
   */
  private async allow(permission: Permission, resource: AuthResource): Promise<void> {
    const authorizer = this.deps.authorizer;
    if (authorizer === undefined || !authorizer.enabled) return;
    try {
      await authorizer.ensure(this.currentUser ?? 'anonymous', permission, resource);
    } catch (e) {
      throw e instanceof UnauthorizedError ? invalidRequest(e.message) : e;
    }
  }
}

/** A read call's level: the IDL's default when absent; refused as Cassandra refuses it for reads. */
function readLevel(cl: ConsistencyLevel | undefined): ConsistencyLevel {
  const level = cl ?? DEFAULT_THRIFT_CONSISTENCY;
  checkReadLevel(level);
  return level;
}

/** A write call's level; `counterTable` names a counter column family the call writes to. */
function writeLevel(cl: ConsistencyLevel | undefined, counterTable: string | undefined): ConsistencyLevel {
  const level = cl ?? DEFAULT_THRIFT_CONSISTENCY;
  checkWriteLevel(level, counterTable);
  return level;
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

/**
 * A view is written only through its base table (the view's rows follow the base's): Thrift
 * writes to one are refused as Cassandra 3.x's CassandraServer refuses them.
 */
function requireNotView(cf: ColumnFamilyDef): void {
  if (cf.view !== null) throw invalidRequest('Cannot modify Materialized Views directly');
}
