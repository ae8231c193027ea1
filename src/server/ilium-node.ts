/**
 * The node's composition root: from a NodeConfig, everything a node is, wired by constructor —
 * storage (the stored schema, then the engine replaying the commit log), the 0.7 operations,
 * the CQL context (what the node says about itself comes from the config and the identity kept
 * in the data directory), the query processor, and the CQL native protocol server on
 * rpc_address:native_transport_port (0: an ephemeral port, read back from `cqlAddress`), and
 * the Thrift server (the 0.7 API: one ThriftSession per connection behind the IDL's dispatcher)
 * on rpc_address:rpc_port when start_rpc is true (`thriftAddress`), then the node's membership
 * (`StorageService`: internode messaging on listen_address:storage_port and gossip with the
 * seeds; it joins the ring as NORMAL with its tokens and keeps the schema in agreement). Schema
 * changes made over Thrift are announced to CQL clients as events, and so are ring changes
 * (TOPOLOGY_CHANGE NEW_NODE / REMOVED_NODE, STATUS_CHANGE UP / DOWN); system.peers lists the
 * ring's other members from gossip. Every request — CQL, and the Thrift calls translated into the
 * same reads and writes (ThriftOperations) — goes through one DataStore: the coordinator
 * (StorageProxy), which reaches the replicas at the request's consistency level; until it is
 * switched in, requests are refused as Unavailable (switchable-data-store.ts).
 * The replicated system keyspaces — `system_auth`, `system_traces`, `system_distributed` — are made
 * at start when missing (before schema agreement, so any ALTER made elsewhere wins); under PasswordAuthenticator, CQL and Thrift logins check its roles
 * (cql/auth/role-manager.ts) and the default superuser is made after a delay when no role exists
 * (default-role-setup.ts).
 * TLS on the client ports from client_encryption_options (node-tls.ts: on the CQL and Thrift
 * ports, or — native_transport_port_ssl set apart from native_transport_port — on a second CQL
 * server there while the first stays plaintext; certificate files checked for changes), and on
 * internode messaging from server_encryption_options (internode_encryption all, dc or rack).
 * `close()` announces the shutdown to peers and stops messaging, stops both client servers
 * (connections flush what they queued), then flushes and closes the engine. Nothing here is
 * global: many nodes can live in one process, each on its own Env.
 * Background work (flushes, compactions, the commit log's syncs, hints, batchlog replay, gossip,
 * schema pulls, the default role's setup) reports its failures to one supervisor per
 * node (`background`: logged as background_task_failed and counted; nodetool bgfailures).
 */
import { resolve } from 'node:path';
import { DEFAULT_SYSTEM_PROPERTIES, type NodeConfig, type SystemProperties, settingsRows, systemPropertyRows } from '../config/index.js';
import { internodePeersOf, tableViewsOf } from './system-views-sources.js';
import { createCqlContext } from '../cql/create-cql-context.js';
import { JavascriptHost } from '../cql/functions/index.js';
import { CQL_VERSION, type CqlContext, type DataStore, LocalDataStore, type NodeInfo, RELEASE_VERSION, type VirtualTables } from '../cql/execution/index.js';
import { LocalOperations, openNodeStorage, type SchemaKeeper, ThriftOperations } from '../db/index.js';
import { type Partitioner, createPartitioner } from '../dht/index.js';
import { type Env, type NetAddress, type Network, type TimerHandle, type TlsServerOptions, RealTimers, createRealEnv } from '../env/index.js';
import { ConfigurationError, InvalidRequestError } from '../errors/index.js';
import type { StorageEngine } from '../storage/storage-engine.js';
import type { StorageOptions } from '../storage/storage-options.js';
import { AllowAllAuthenticator, type Authenticator, type CqlRequestHandler, CqlServer, PasswordAuthenticator, RequestDataLimits } from '../transport/index.js';
import { ThriftServer } from '../transport/thrift/index.js';
import { loadCassandraIdl } from '../thrift/idl/cassandra-idl.js';
import { ServiceDispatcher } from '../thrift/server/service-dispatcher.js';
import { ThriftSession } from '../thrift/service/thrift-session.js';
import { describeRingOf } from './describe-ring.js';
import { AUTH_KEYSPACE, type RoleManager, authKeyspaceDef } from '../cql/auth/index.js';
import { distributedKeyspaceDef, ensureSystemKeyspaces, traceKeyspaceDef } from '../cql/system/index.js';
import { DefaultRoleSetup } from './default-role-setup.js';
import { WorkerBcrypt } from './worker-bcrypt.js';
import { CustomPayloadMirroringHandler } from './custom-payload-mirroring.js';
import { FailWritesDataStore } from './fail-writes-data-store.js';
import { type NodeIdentity, loadNodeIdentity, markBootstrapped, markDecommissioned, uuidText } from './node-identity.js';
import { type CleanupReport, cleanup, type TopologyContext, bootstrap, decommission, type DecommissionReport, removeNode, type RemoveNodeReport } from '../topology/index.js';
import { type NodeLogger, SILENT_LOGGER, transportLogger } from './node-logger.js';
import { AuditLog } from './audit/index.js';
import { QueryProcessor, type QueryProcessorOptions } from './query-processor.js';
import { loadOf } from './node-load.js';
import { nextGossipGeneration } from './gossip-generation.js';
import { GroupLengths, HintsServiceSink, MessagingHintDelivery, RingHintsLiveness, SchemaRingProvider, StorageProxy, StorageService, type StorageServiceOptions, registerReplicaHandlers, storageProxyOptions } from '../service/index.js';
import { DEFAULT_HINTS_OPTIONS, HintsService } from '../hints/index.js';
import { RepairService, registerRepairHandlers, StreamSessions } from '../repair/index.js';
import { PaxosAcceptor } from '../service/paxos/paxos-acceptor.js';
import type { ReplicaTracing } from '../service/replica/replica-context.js';
import { BatchlogReplayer } from '../service/batchlog/batchlog-replay.js';
import { PairedViewWrites } from '../service/paired-view-writes.js';
import { PaxosStateTable } from '../db/paxos-table.js';
import { BatchlogTable } from '../db/batchlog-table.js';
import { RowLocks } from '../db/operations/row-locks.js';
import { type Endpoint, type Location, endpoint, endpointHost, resolveNodeLocation } from '../locator/index.js';
import { type InetAddressAndPort, type InternodeTls, StageStats } from '../net/index.js';
import type { Snitch } from '../locator/index.js';
import { SwitchableDataStore, requiredReplicasOf } from './switchable-data-store.js';
import { clusterEventOf, peerInfoOf } from './membership-to-cql.js';
import { NodeTls } from './node-tls.js';
import { BackgroundSupervisor } from '../util/background-supervisor.js';
import { stepLogged } from './step-logged.js';

export interface IliumNodeOptions {
  readonly config: NodeConfig;
  /** Cassandra's `-D` system properties Ilium honours (test hooks, the query handler). */
  readonly properties?: SystemProperties;
  /** The real world by default; tests and simulations pass their own. */
  readonly env?: Env;
  readonly log?: NodeLogger;
  /** Engine tunables beyond what the config sets (tests). */
  readonly storage?: Partial<StorageOptions>;
  readonly processor?: QueryProcessorOptions;
  /** system.local, system.peers, system_schema.*: made from the node's context. */
  readonly virtualTables?: (ctx: CqlContext) => VirtualTables;
  /** The text of the node's cassandra-rackdc.properties, when it has one (GossipingPropertyFileSnitch reads it). */
  readonly rackDcProperties?: string;
  /** Messaging and gossip tunables beyond the config (tests). */
  readonly cluster?: Pick<StorageServiceOptions, 'messaging' | 'gossip' | 'loadIntervalMs'>;
  /**
   * What disk_failure_policy / commit_failure_policy `die` does once the failure is logged: `ilium
   * start` exits the process; without it the node closes itself (embedded nodes, simulations).
   */
  readonly die?: (cause: Error) => void;
}

const MB = 1024 * 1024;

/** How the node makes a client server on an Env's network (ilium-node.ts start, `serve`). */
interface ClientPorts {
  cql(env: Env, host: string, port: number, tls: TlsServerOptions | undefined): CqlServer;
  thrift(env: Env, host: string, port: number, tls: TlsServerOptions | undefined): ThriftServer;
}

export interface ServeOptions {
  readonly host: string;
  /** The CQL port; 0 picks a free one. */
  readonly port: number;
  /** Thrift's port too, when given (0 picks a free one). */
  readonly rpcPort?: number;
}

export interface ServedAddresses {
  readonly cql: NetAddress;
  readonly thrift?: NetAddress;
}

export class IliumNode {
  private closing: Promise<void> | undefined;
  private draining: Promise<void> | undefined;
  private leaving: Promise<DecommissionReport> | undefined;
  private left = false;
  private transportsStopped: Promise<void> | undefined;

  private constructor(
    readonly config: NodeConfig,
    readonly env: Env,
    readonly dataDir: string,
    readonly identity: NodeIdentity,
    readonly engine: StorageEngine,
    readonly keeper: SchemaKeeper,
    readonly ctx: CqlContext,
    /** The 0.7 operations over this node's DataStore: what every Thrift session calls. */
    readonly thrift: ThriftOperations,
    readonly processor: QueryProcessor,
    /** Undefined when start_native_transport is false. */
    readonly server: CqlServer | undefined,
    /** Undefined when start_rpc is false. */
    readonly thriftServer: ThriftServer | undefined,
    /** The TLS-only CQL server on native_transport_port_ssl; undefined unless that port is set apart. */
    readonly sslServer: CqlServer | undefined,
    /** The client ports' TLS (undefined: plaintext), its files checked for changes until close. */
    readonly clientTls: NodeTls | undefined,
    /** Internode messaging's TLS (server_encryption_options; undefined: plaintext). */
    readonly internodeTls: NodeTls | undefined,
    /** Membership: messaging, gossip, the ring, schema agreement. */
    readonly storage: StorageService,
    /** The coordinator, the hints this node keeps for others, repair. */
    readonly cluster: Coordination,
    /** Makes the default superuser when no role exists (under any authenticator, as Cassandra). */
    private readonly roleSetup: DefaultRoleSetup | undefined,
    /** The audit log (audit_logging_options; nodetool enableauditlog/disableauditlog). */
    readonly audit: AuditLog,
    /** Failures of this node's background work, logged and counted (nodetool bgfailures). */
    readonly background: BackgroundSupervisor,
    private readonly log: NodeLogger,
    private readonly die: ((cause: Error) => void) | undefined,
    /** Makes client servers as the configured ports' were made (`serve`). */
    private readonly ports: ClientPorts,
  ) {}

  /** Servers `serve` started; closed with the configured ones. */
  private readonly served: { close(): Promise<void> }[] = [];

  /** Opens storage, then listens for CQL clients; on a failure everything opened is closed again. */
  static async start(opts: IliumNodeOptions): Promise<IliumNode> {
    const { config } = opts;
    const env = opts.env ?? createRealEnv();
    const log = opts.log ?? SILENT_LOGGER;
    const dataDir = resolve(config.data_file_directories[0]!);
    const partitioner = createPartitioner(config.partitioner);
    // One data centre and rack for this node, whatever asks (node-location.ts): refused here, before any file is touched.
    const location = resolveNodeLocation(config, opts.rackDcProperties);
    warnAboutIgnoredSettings(config, dataDir, log);
    // Key material is read before any file of the data directory is touched: a bad keystore stops the start here.
    const clientTls = NodeTls.load(env, config.client_encryption_options, log);
    const tls = clientTls?.serverOptions();
    // dc/rack: peers of the same data centre (rack) connect in plaintext, so the inbound side serves both.
    const internode = config.server_encryption_options;
    const internodeTls = NodeTls.load(env, internode, log, 'server_encryption_options', internode.internode_encryption === 'dc' || internode.internode_encryption === 'rack');
    const sslPortApart = tls !== undefined && config.native_transport_port_ssl !== null && config.native_transport_port_ssl !== config.native_transport_port;
    const bootstraps = shouldBootstrap(config);
    let identity = loadNodeIdentity(env, dataDir, partitioner, config.cluster_name, config.num_tokens, bootstraps, config.initial_token ?? undefined);
    if (!identity.bootstrapped && !bootstraps) identity = markBootstrapped(env, dataDir, identity);
    const joining = !identity.bootstrapped;
    const properties = opts.properties ?? DEFAULT_SYSTEM_PROPERTIES;
    const storage = { ...storageOptionsOf(config), commitlogIgnoreReplayErrors: properties.commitlogIgnoreReplayErrors, ...opts.storage };
    // Failures at run time reach the node once it exists (disk-failure.ts); at start they stop the start.
    let node: IliumNode | undefined;
    const onFailure = (action: 'stop_transports' | 'die', cause: Error): void => node?.onStorageFailure(action, cause);
    const storageLog = (event: string, fields: Record<string, unknown>, level: 'debug' | 'info' | 'warn' | 'error' = 'info'): void => log[level](event, fields);
    const background = new BackgroundSupervisor((f) => log.warn('background_task_failed', { ...f }));
    const { engine, keeper } = await openNodeStorage({ env, dataDir, partitioner, options: storage, log: storageLog, onFailure, background });
    let server: CqlServer | undefined;
    let thriftServer: ThriftServer | undefined;
    let sslServer: CqlServer | undefined;
    let storageService: StorageService | undefined;
    let cluster: Coordination | undefined;
    let roleSetup: DefaultRoleSetup | undefined;
    let javascript: JavascriptHost | undefined;
    try {
      const ops = new LocalOperations(keeper, engine, env, partitioner);
      // Before schema agreement starts, so the keyspace carries stamp 0 and any ALTER made elsewhere wins (auth-keyspace.ts).
      const builtIn = [authKeyspaceDef(env.random), traceKeyspaceDef(env.random), distributedKeyspaceDef(env.random)];
      for (const name of await ensureSystemKeyspaces(keeper, builtIn)) log.info(name === AUTH_KEYSPACE ? 'auth_keyspace_created' : 'system_keyspace_created', { keyspace: name });
      let nativePort = config.native_transport_port;
      const nodeInfo = (): NodeInfo => describeNode(config, location, partitioner, identity, nativePort);
      const local = new LocalDataStore(ops.ctx);
      // Unavailable until membership runs, then the coordinator (switchable-data-store.ts).
      const self = endpoint(`${config.listen_address}:${config.storage_port}`);
      const switchable = new SwitchableDataStore(requiredReplicasOf((ks) => keeper.schema.keyspace(ks)?.replication, self, location.datacenter));
      const data = dataStoreOf(switchable, properties, config);
      const rpcHost = config.broadcast_rpc_address ?? config.rpc_address;
      const stages = new StageStats();
      const svc: StorageService = new StorageService({
        env, config, location, partitioner, keeper, dataDir,
        hostId: uuidText(identity.hostId),
        tokens: identity.tokens,
        releaseVersion: RELEASE_VERSION,
        native: () => (server === undefined ? undefined : { host: rpcHost, port: nativePort }),
        load: () => loadOf(engine, env),
        logger: log,
        background,
        onSchemaMerged: (changes) => {
          for (const c of changes) processor.announceSchemaChange(c);
        },
        joining,
        ...opts.cluster,
        gossip: { generation: nextGossipGeneration(env, dataDir), ...opts.cluster?.gossip },
        messaging: { executor: stages.executor, ...(internodeTls === undefined ? {} : { tls: internodeTlsOf(internodeTls, config, location, (): Snitch => svc.snitch) }), ...opts.cluster?.messaging },
      });
      storageService = svc;
      const peers = () => svc.peers().map(peerInfoOf);
      const passwords = authenticatorKind(config.authenticator) === 'PasswordAuthenticator';
      const auth = {
        passwords,
        rolesValidityMs: config.roles_validity_in_ms,
        bcryptRounds: properties.authBcryptGensaltLog2Rounds,
        authorizer: config.authorizer === 'CassandraAuthorizer',
        networkAuthorizer: config.network_authorizer === 'CassandraNetworkAuthorizer',
        permissionsValidityMs: config.permissions_validity_in_ms,
        credentialsValidityMs: config.credentials_validity_in_ms,
        // Passwords are checked on a worker thread wherever time is real (ilium start, open()); in
        // process only under simulated timers (determinism). Regression: this once asked whether an
        // env was passed, and ilium start passes its real one, so bcrypt ran on the event loop.
        ...(env.timers instanceof RealTimers ? { bcrypt: new WorkerBcrypt(env.timers) } : {}),
      };
      const limits = { batchSizeWarnBytes: config.batch_size_warn_threshold_in_kb * 1024, batchSizeFailBytes: config.batch_size_fail_threshold_in_kb * 1024, unloggedBatchPartitionsWarn: config.unlogged_batch_across_partitions_warn_threshold, tombstoneWarnThreshold: config.tombstone_warn_threshold };
      const cqlLogger = { warn: (message: string) => log.warn('cql_warning', { message }), error: (message: string) => log.error('cql_error', { message }) };
      const timeouts = { readMs: config.read_request_timeout_in_ms, rangeMs: config.range_request_timeout_in_ms, writeMs: config.write_request_timeout_in_ms };
      const tracing = { queryTtlSeconds: config.tracetype_query_ttl, source: { address: config.listen_address, port: config.storage_port } };
      // system_views: the servers are made below; their clients are read when the table is.
      const settings = settingsRows(config);
      const views = {
        clients: () => [...(server?.clients() ?? []), ...(sslServer?.clients() ?? [])],
        settings: () => settings,
        threadPools: () => stages.snapshot(),
        // The SSTable chunk cache is Cassandra's "chunks" cache; Ilium has no key, row or counter cache.
        caches: () => [{ name: 'chunks', capacityBytes: engine.cache.capacityBytes, sizeBytes: engine.cache.sizeBytes, entries: engine.cache.entryCount, hits: engine.cache.hits, misses: engine.cache.misses }],
        tables: () => tableViewsOf(engine),
        sstableTasks: () => engine.sstableTasks(),
        internode: () => (storageService === undefined ? [] : internodePeersOf(storageService.messaging, storageService.snitch)),
        systemProperties: () => systemPropertyRows(properties),
      };
      const udf = {
        enabled: config.enable_user_defined_functions,
        scriptedEnabled: config.enable_scripted_user_defined_functions,
        warnTimeoutMs: config.user_defined_function_warn_timeout,
        failTimeoutMs: config.user_defined_function_fail_timeout,
      };
      // JavaScript UDFs run on a worker thread bounded in time and memory (javascript-host.ts), started at the first call.
      javascript = new JavascriptHost();
      const ctx = createCqlContext({ env, keeper, ops, partitioner, node: nodeInfo, peers, data, auth, limits, logger: cqlLogger, timeouts, tracing, views, udf, javascript, materializedViewsEnabled: config.enable_materialized_views, sasiIndexesEnabled: config.enable_sasi_indexes, dropCompactStorageEnabled: config.enable_drop_compact_storage, ...(opts.virtualTables === undefined ? {} : { virtualTables: opts.virtualTables }) });
      const audit = new AuditLog(env, `${config.listen_address}:${config.storage_port}`, `${dataDir}/audit`, (e) => log.warn('audit_log_write_failed', { error: e.message }));
      if (config.audit_logging_options.enabled) {
        audit.enable(config.audit_logging_options);
        log.info('audit_log_enabled', { dir: audit.dir });
      }
      const authenticator = audit.wrapAuthenticator(authenticatorOf(config.authenticator, ctx.roles));
      // The 0.7 calls become the reads and writes CQL makes, through the same DataStore (the coordinator).
      const requests = new ThriftOperations({ ...ops.ctx, store: ctx.data, env, timeouts });
      const processor = new QueryProcessor(ctx, {
        preparedStatementsMax: config.prepared_statements_cache_max_entries,
        preparedStatementsBytesMax: config.prepared_statements_cache_size_mb * MB,
        ...opts.processor,
      });
      processor.audit = audit;
      const handler: CqlRequestHandler = properties.queryHandler === 'custom-payload-mirroring' ? new CustomPayloadMirroringHandler(processor) : processor;
      const cqlOptions = {
        nativeTransportMaxFrameSizeInMb: config.native_transport_max_frame_size_in_mb,
        nativeTransportMaxConcurrentConnections: config.native_transport_max_concurrent_connections,
        nativeTransportMaxConcurrentConnectionsPerIp: config.native_transport_max_concurrent_connections_per_ip,
        nativeTransportAllowOlderProtocols: config.native_transport_allow_older_protocols,
        // One count for both CQL ports, as Cassandra's limits are per node.
        requestData: new RequestDataLimits({ bytesMax: config.native_transport_max_request_data_in_flight, perIpBytesMax: config.native_transport_max_request_data_in_flight_per_ip }),
        authenticator,
        logger: transportLogger(log),
        cqlVersions: [CQL_VERSION],
      };
      const thriftLogger = transportLogger(log, 'thrift');
      // The client servers, made the same way for the configured ports here and for IliumNode.serve.
      const cqlServers: CqlServer[] = [];
      const ports: ClientPorts = {
        cql: (serverEnv, host, port, serverTls) => {
          const made = new CqlServer(serverEnv, handler, { ...cqlOptions, host, port, ...(serverTls === undefined ? {} : { tls: serverTls }) });
          cqlServers.push(made);
          return made;
        },
        thrift: (serverEnv, host, port, serverTls) => {
          const idl = loadCassandraIdl();
          return new ThriftServer(serverEnv, (client) => {
            const session = new ThriftSession({
              env, keeper, ops: requests, engine, partitioner, node: nodeInfo, authenticator, client,
              timestamps: ctx.timestamps, data: ctx.data, authorizer: ctx.authorizer, network: ctx.network,
              schemaVersions: () => svc.schemaVersions(),
              ring: (keyspace) => {
                if (cluster === undefined) return undefined;
                const rpc = new Map(svc.peers().map((peer) => [peer.endpoint, peer.nativeAddress]));
                const self = config.broadcast_rpc_address ?? config.rpc_address;
                const rings = cluster.rings;
                return describeRingOf(partitioner, { ring: rings.ring(), placement: rings.placement(keyspace), rpcAddressOf: (e) => rpc.get(e) ?? (endpointHost(e) === config.listen_address ? self : endpointHost(e)) });
              },
              onSchemaChange: (change) => processor.announceSchemaChange(change),
            });
            return new ServiceDispatcher(idl, session, thriftLogger);
          }, { host, port, maxFrameBytes: config.thrift_framed_transport_size_in_mb * MB, logger: thriftLogger, ...(serverTls === undefined ? {} : { tls: serverTls }) });
        },
      };
      processor.publishTo((event) => cqlServers.reduce((n, s) => n + s.publish(event), 0));
      if (config.start_native_transport) {
        server = ports.cql(env, config.rpc_address, config.native_transport_port, tls === undefined || sslPortApart ? undefined : tls);
        const s = server;
        if (sslPortApart) sslServer = ports.cql(env, config.rpc_address, config.native_transport_port_ssl!, tls);
        const ssl = sslServer;
        nativePort = (await listen(() => s.start(), 'CQL', config.rpc_address, config.native_transport_port, settingsOf('rpc_address, native_transport_port', !sslPortApart && tls !== undefined))).port;
        if (ssl !== undefined) await listen(() => ssl.start(), 'CQL TLS', config.rpc_address, config.native_transport_port_ssl!, settingsOf('rpc_address, native_transport_port_ssl', true));
      }
      if (config.start_rpc) {
        thriftServer = ports.thrift(env, config.rpc_address, config.rpc_port, tls);
        const t = thriftServer;
        await listen(() => t.start(), 'Thrift', config.rpc_address, config.rpc_port, settingsOf('rpc_address, rpc_port; start_rpc: false turns Thrift off', tls !== undefined));
      }
      svc.onMembership((e) => processor.announceClusterEvent(clusterEventOf(e)));
      await svc.start();
      cluster = startCoordinator({ env, svc, keeper, local, config, dataDir, partitioner, engine, log, stages, background, tracing: ctx.tracing });
      switchable.switchTo(cluster.proxy);
      // Under any authenticator, as Cassandra's role manager does: the role is there when a
      // node later turns PasswordAuthenticator on.
      roleSetup = new DefaultRoleSetup(env, ctx.roles, log, properties.superuserSetupDelayMs, background);
      roleSetup.start();
      if (joining) {
        await bootstrap(cluster.topology);
        identity = markBootstrapped(env, dataDir, identity);
      }
      clientTls?.startReloading(properties.tlsReloadPeriodMs ?? undefined);
      internodeTls?.startReloading(properties.tlsReloadPeriodMs ?? undefined);
      node = new IliumNode(config, env, dataDir, identity, engine, keeper, ctx, requests, processor, server, thriftServer, sslServer, clientTls, internodeTls, svc, cluster, roleSetup, audit, background, log, opts.die, ports);
      return node;
    } catch (e) {
      // Undoing a failed start: each step that fails too is logged with what it was, and the rest still run.
      const undo = <T>(what: string, target: T | undefined, step: (t: T) => Promise<unknown>) => stepLogged(log, 'start_cleanup_failed', what, target, step, e);
      roleSetup?.cancel();
      cluster?.batchlogReplay.cancel();
      await undo('hints', cluster?.hints, (h) => h.stop());
      await undo('messaging and gossip', storageService, (svc) => svc.stop());
      clientTls?.stop();
      internodeTls?.stop();
      await undo('JavaScript UDF host', javascript, (h) => h.close());
      await undo('Thrift server', thriftServer, (t) => t.close());
      await undo('CQL TLS server', sslServer, (t) => t.close());
      await undo('CQL server', server, (t) => t.close());
      await undo('storage engine', engine, (t) => t.close());
      throw e;
    }
  }

  /** Where CQL clients connect; undefined when the native transport is off. */
  get cqlAddress(): NetAddress | undefined {
    return this.server?.address();
  }

  /**
   * Serves clients on `net` beside the configured ports: the CQL native protocol on `host:port`
   * (0: a free port) and, with `rpcPort`, Thrift — servers made as the configured ports' are (the
   * node's authenticator, limits and handler; TLS when client_encryption_options is on), closed
   * with them. What the embedded API's `serve()` starts on a node whose ports are off.
   */
  async serve(net: Network, options: ServeOptions): Promise<ServedAddresses> {
    if (this.closing !== undefined || this.draining !== undefined || this.left || this.transportsStopped !== undefined) throw new InvalidRequestError('the node is not serving clients (closed, drained, decommissioned or stopped by a failure policy)');
    const env = { ...this.env, net };
    const tls = this.clientTls?.serverOptions();
    const cql = this.ports.cql(env, options.host, options.port, tls);
    const cqlAddress = await listen(() => cql.start(), 'CQL', options.host, options.port, settingsOf('serve({ host, port })', tls !== undefined));
    this.served.push(cql);
    if (options.rpcPort === undefined) return { cql: cqlAddress };
    const thrift = this.ports.thrift(env, options.host, options.rpcPort, tls);
    const thriftAddress = await listen(() => thrift.start(), 'Thrift', options.host, options.rpcPort, settingsOf('serve({ host, rpcPort })', tls !== undefined));
    this.served.push(thrift);
    return { cql: cqlAddress, thrift: thriftAddress };
  }

  private async closeClientServers(): Promise<void> {
    await Promise.all([this.server?.close(), this.sslServer?.close(), this.thriftServer?.close(), ...this.served.map((s) => s.close())]);
  }

  /** Where the TLS-only CQL port listens; undefined unless native_transport_port_ssl is set apart. */
  get cqlSslAddress(): NetAddress | undefined {
    return this.sslServer?.address();
  }

  /** Where Thrift clients connect; undefined when start_rpc is false. */
  get thriftAddress(): NetAddress | undefined {
    return this.thriftServer?.address();
  }

  /**
   * Cassandra's stopTransports, asked by disk_failure_policy or commit_failure_policy: gossip and
   * messaging stop (peers see this node down) and so do the CQL and Thrift servers; the process
   * and its admin port stay up for inspection. Idempotent.
   */
  stopTransports(): Promise<void> {
    this.transportsStopped ??= (async () => {
      await this.storage.stop();
      await this.closeClientServers();
      this.log.error('transports_stopped', { reason: 'disk_failure_policy or commit_failure_policy', disk_failure_policy: this.config.disk_failure_policy, commit_failure_policy: this.config.commit_failure_policy });
    })();
    return this.transportsStopped;
  }

  /** True once a failure policy stopped the transports. */
  get transportsStoppedByPolicy(): boolean {
    return this.transportsStopped !== undefined;
  }

  /** What the storage engine asks after a failure it logged (storage/disk-failure.ts). */
  onStorageFailure(action: 'stop_transports' | 'die', cause: Error): void {
    if (action === 'stop_transports') {
      void this.stopTransports().catch((e: unknown) => this.log.error('stop_transports_failed', { error: String(e) }));
      return;
    }
    this.log.error('dying', { reason: cause.message, disk_failure_policy: this.config.disk_failure_policy, commit_failure_policy: this.config.commit_failure_policy });
    if (this.die !== undefined) this.die(cause);
    else void this.close().catch(() => undefined);
  }

  /** True once `drain()` was asked: clients are gone and memtables flushed. */
  get drained(): boolean {
    return this.draining !== undefined;
  }

  /**
   * nodetool drain: stops taking client requests (the CQL and Thrift servers close), then flushes
   * every memtable, so a restart replays nothing. The process stays up until stopped. Idempotent.
   */
  drain(): Promise<void> {
    this.draining ??= (async () => {
      this.log.info('draining', {});
      await this.storage.stop();
      await this.closeClientServers();
      await this.engine.flush();
      this.log.info('drained', {});
    })();
    return this.draining;
  }

  /**
   * The node's ring state, as nodetool info reports Cassandra's operation mode: NORMAL, LEAVING
   * (decommission under way), DECOMMISSIONED (left the ring; messaging and gossip stopped) or
   * DRAINED.
   */
  get operationMode(): 'NORMAL' | 'LEAVING' | 'DECOMMISSIONED' | 'DRAINED' {
    if (this.left) return 'DECOMMISSIONED';
    if (this.leaving !== undefined) return 'LEAVING';
    return this.drained ? 'DRAINED' : 'NORMAL';
  }

  /**
   * nodetool decommission (src/topology/decommission.ts): LEAVING, this node's ranges streamed to
   * their new owners, LEFT; then messaging and gossip stop and so do the client servers. The
   * process stays up until stopped. Refused (InvalidRequestError) when a keyspace would keep
   * fewer nodes than its replication factor.
   */
  decommission(): Promise<DecommissionReport> {
    if (this.drained) return Promise.reject(new InvalidRequestError('the node is drained; it cannot be decommissioned'));
    this.leaving ??= (async () => {
      try {
        const report = await decommission(this.cluster.topology);
        this.left = true;
        markDecommissioned(this.env, this.dataDir, this.identity);
        this.cluster.batchlogReplay.cancel();
        await this.storage.stop();
        await this.closeClientServers();
        await this.cluster.hints.stop();
        await this.engine.flush();
        this.log.info('decommissioned', { ...report });
        return report;
      } catch (e) {
        this.leaving = undefined;
        throw e;
      }
    })();
    return this.leaving;
  }

  /** nodetool removenode <host-id> (src/topology/remove-node.ts): a dead node's ranges re-replicated, then forgotten. */
  removeNode(hostId: string): Promise<RemoveNodeReport> {
    if (this.left || this.drained) return Promise.reject(new InvalidRequestError('the node is not serving; removenode must run on a live ring member'));
    return removeNode(this.cluster.topology, hostId);
  }

  /** nodetool cleanup [ks] (src/topology/cleanup.ts): drops local partitions of ranges this node no longer replicates. */
  cleanup(keyspace?: string): Promise<CleanupReport> {
    if (this.left || this.drained) return Promise.reject(new InvalidRequestError('the node is not serving; cleanup needs its ring'));
    return cleanup(this.cluster.topology, this.engine, keyspace);
  }

  /** Announces the shutdown to peers and stops messaging, stops the CQL and Thrift servers, then flushes and closes the engine. Idempotent. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.log.info('stopping', {});
      this.roleSetup?.cancel();
      this.clientTls?.stop();
      this.internodeTls?.stop();
      this.cluster.batchlogReplay.cancel();
      // Every step runs even when one before it failed (each failure logged); the first is rethrown at the end.
      const step = <T>(what: string, target: T | undefined, run: (t: T) => Promise<unknown>) => stepLogged(this.log, 'stop_step_failed', what, target, run);
      const failures = [await step('messaging and gossip', this.storage, (s) => s.stop())];
      failures.push(...(await Promise.all([step('CQL server', this.server, (s) => s.close()), step('CQL TLS server', this.sslServer, (s) => s.close()), step('Thrift server', this.thriftServer, (s) => s.close()), ...this.served.map((s) => step('served client port', s, (x) => x.close()))])));
      this.audit.disable();
      failures.push(await step('hints', this.cluster.hints, (h) => h.stop()));
      failures.push(await step('storage engine', this.engine, (e) => e.close()));
      failures.push(await step('role manager', this.ctx.roles, (r) => r.close()));
      failures.push(await step('JavaScript UDF host', this.ctx.userFunctions, (u) => u.close()));
      const first = failures.find((f) => f !== undefined);
      if (first !== undefined) throw first;
      this.log.info('stopped', {});
    })();
    return this.closing;
  }
}

/**
 * server_encryption_options on messaging: the inbound server with TLS (optional under dc/rack),
 * and per peer TLS when internode_encryption says so — all, dc (the peer is in another data
 * centre), rack (another rack, or another data centre) — the snitch telling where peers are.
 */
function internodeTlsOf(tls: NodeTls, config: NodeConfig, self: Location, snitch: () => Snitch): InternodeTls {
  const mode = config.server_encryption_options.internode_encryption;
  const verify = config.server_encryption_options.require_endpoint_verification;
  const encrypts = (peer: InetAddressAndPort): boolean => {
    if (mode === 'all') return true;
    const at = snitch().location(endpoint(`${peer.host}:${peer.port}`));
    return at.datacenter !== self.datacenter || (mode === 'rack' && at.rack !== self.rack);
  };
  return { inbound: tls.serverOptions(), outbound: (peer) => (encrypts(peer) ? tls.clientOptions(verify) : undefined) };
}

/** The settings a listener's failure names: the key material's too on a TLS port (a wrong password, a bad key). */
function settingsOf(settings: string, tls: boolean): string {
  return tls ? `${settings}; client_encryption_options: keystore, keystore_password, truststore` : settings;
}

/** Starts a listener; a failure says which address and which settings to change. */
async function listen(start: () => Promise<NetAddress>, clients: string, host: string, port: number, settings: string): Promise<NetAddress> {
  try {
    return await start();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? 'the port is in use' : code === 'EADDRNOTAVAIL' ? 'the address is not on this machine' : (e as Error).message;
    throw new ConfigurationError(`cannot listen for ${clients} clients on ${host}:${port}: ${why} (${settings})`, { cause: e });
  }
}

interface CoordinatorInputs {
  readonly env: Env;
  readonly svc: StorageService;
  readonly keeper: SchemaKeeper;
  readonly local: DataStore;
  readonly config: NodeConfig;
  readonly dataDir: string;
  readonly partitioner: Partitioner;
  readonly engine: StorageEngine;
  readonly log: NodeLogger;
  readonly stages: StageStats;
  readonly background: BackgroundSupervisor;
  /** Continues traced requests' sessions on this node when a message carries one. */
  readonly tracing: ReplicaTracing;
}

/** What a node coordinates with: the proxy, the hints it keeps for others, and repair. */
export interface Coordination {
  readonly proxy: StorageProxy;
  readonly hints: HintsService;
  readonly repair: RepairService;
  /** The ring and each keyspace's placement, as the proxy sees them (nodetool getendpoints). */
  readonly rings: SchemaRingProvider;
  /** Replays logged batches whose coordinator did not finish them; quarantines those that do not decode. */
  readonly batchlog: BatchlogReplayer;
  /** The periodic replay (cancelled on close and decommission). */
  readonly batchlogReplay: TimerHandle;
  /** Internode work per stage (nodetool tpstats). */
  readonly stages: StageStats;
  /** What bootstrap, decommission and removenode work with. */
  readonly topology: TopologyContext;
  /** The streams (pulls) this node receives: nodetool netstats. */
  readonly streams: StreamSessions;
}

/**
 * The coordinator over the ring gossip keeps: replica, hint and repair verbs registered on the
 * node's messaging, placement from the live schema, liveness from the failure detector, hints kept
 * on disk for replicas that miss writes and delivered when gossip sees them up again, timeouts
 * from the config.
 */
function startCoordinator(i: CoordinatorInputs): Coordination {
  const { env, svc, keeper, local, config } = i;
  const self = svc.localEndpoint;
  const tableById = (id: string) => keeper.schema.tableById(id);
  const paxos = new PaxosAcceptor({ table: new PaxosStateTable(i.engine), locks: new RowLocks(), clock: env.clock, local, tableById });
  const batchlog = new BatchlogTable(i.engine);
  registerReplicaHandlers(svc.messaging, { local, tableById, groupLengths: new GroupLengths(), paxos, batchlog: { table: batchlog, clock: env.clock }, tracing: i.tracing });
  const rings = new SchemaRingProvider(() => svc.ring(), (ks) => keeper.schema.keyspace(ks)?.replication, self);
  const liveness = { isAlive: (e: Endpoint) => svc.isAlive(e), downSinceMs: (e: Endpoint) => svc.downSinceMs(e) ?? null };
  const options = storageProxyOptions(config);
  const hints = new HintsService(
    env,
    config.hints_directory ?? `${i.dataDir}/hints`,
    new RingHintsLiveness(liveness, rings),
    new MessagingHintDelivery(svc.messaging, rings, options.writeTimeoutMs),
    {
      enabled: config.hinted_handoff_enabled,
      maxHintWindowMs: config.max_hint_window_in_ms,
      disabledDatacenters: config.hinted_handoff_disabled_datacenters,
      flushPeriodMs: config.hints_flush_period_in_ms,
      dispatchPeriodMs: DEFAULT_HINTS_OPTIONS.dispatchPeriodMs,
      throttleBytesPerSec: config.hinted_handoff_throttle_in_kb * 1024,
      maxFileBytes: config.max_hints_file_size_in_mb * MB,
    },
    i.log,
    i.background,
  );
  hints.start();
  svc.onMembership((e) => {
    if (e.change !== 'UP') return;
    const hostId = svc.ring().hostIdOf(e.endpoint);
    if (hostId !== undefined) hints.onAlive(hostId);
  });
  const streams = new StreamSessions();
  const replica = { local, tableById, partitioner: i.partitioner, messaging: svc.messaging, streams };
  registerRepairHandlers(svc.messaging, replica);
  const repair = new RepairService({ replica, self, rings, liveness, clock: env.clock, keyspace: (name) => keeper.schema.keyspace(name) });
  const hintSink = new HintsServiceSink({ hints, rings, clock: env.clock, tableById });
  // Base replicas send their view updates to the paired view replica (Cassandra 4.0's pairing).
  keeper.viewWrites = new PairedViewWrites({ self, rings, messaging: svc.messaging, hints: hintSink, writeTimeoutMs: options.writeTimeoutMs, local: keeper.viewWrites });
  const proxy = new StorageProxy({
    env,
    messaging: svc.messaging,
    self,
    local,
    rings,
    liveness,
    snitch: svc.snitch,
    hints: hintSink,
    options,
    paxos,
    background: i.background,
    metrics: i.engine.metrics,
  });
  // Cassandra replays the batchlog every 10 s (batches older than twice the write timeout).
  const replayer = new BatchlogReplayer({
    env, table: batchlog, coordinator: proxy, tableById, writeTimeoutMs: options.writeTimeoutMs,
    background: i.background,
    quarantineDir: `${i.dataDir}/quarantine/batchlog`,
  });
  const batchlogReplay = replayer.start(10_000);
  const topology: TopologyContext = {
    env, svc, replica, rings, log: i.log,
    keyspaces: () => keeper.schema.keyspaces,
    schemaVersion: () => keeper.schema.version,
  };
  return { proxy, hints, repair, rings, batchlog: replayer, batchlogReplay, stages: i.stages, topology, streams };
}

/**
 * Cassandra's shouldBootstrap: auto_bootstrap, and this node is not a seed and has seeds to join
 * through (a node whose identity exists already is judged by the identity's bootstrapped flag).
 */
function shouldBootstrap(config: NodeConfig): boolean {
  const hostOf = (seed: string) => (seed.includes(':') && !seed.startsWith('[') ? seed.slice(0, seed.lastIndexOf(':')) : seed);
  const isSeed = config.seeds.some((s) => hostOf(s) === config.listen_address);
  return config.auto_bootstrap && !isSeed && config.seeds.length > 0;
}

/** The local engine, failing writes to one keyspace when `cassandra.test.fail_writes_ks` says so. */
function dataStoreOf(local: DataStore, properties: SystemProperties, config: NodeConfig): DataStore {
  const ks = properties.testFailWritesKeyspace;
  return ks === null ? local : new FailWritesDataStore(local, ks, `/${config.listen_address}:${config.storage_port}`);
}

/** The engine settings cassandra.yaml carries. */
export function storageOptionsOf(config: NodeConfig): Partial<StorageOptions> {
  return {
    commitlogSync: config.commitlog_sync,
    commitlogSyncPeriodMs: config.commitlog_sync_period_in_ms,
    commitlogSyncGroupWindowMs: config.commitlog_sync_group_window_in_ms,
    commitlogSegmentSizeBytes: config.commitlog_segment_size_in_mb * MB,
    memtableFlushThresholdBytes: config.memtable_flush_threshold_in_mb * MB,
    diskFailurePolicy: config.disk_failure_policy,
    commitFailurePolicy: config.commit_failure_policy,
    commitStoppedWaitMs: config.write_request_timeout_in_ms,
    tombstoneWarnThreshold: config.tombstone_warn_threshold,
    tombstoneFailureThreshold: config.tombstone_failure_threshold,
    autoSnapshot: config.auto_snapshot,
    maxValueSizeBytes: config.max_value_size_in_mb * MB,
  };
}

function describeNode(config: NodeConfig, location: Location, partitioner: Partitioner, identity: NodeIdentity, nativePort: number): NodeInfo {
  return {
    clusterName: config.cluster_name,
    dataCenter: location.datacenter,
    rack: location.rack,
    partitionerClass: partitioner.fullName,
    releaseVersion: RELEASE_VERSION,
    cqlVersion: CQL_VERSION,
    nativeProtocolVersion: '5',
    hostId: identity.hostId,
    listenAddress: config.listen_address,
    broadcastAddress: config.listen_address,
    rpcAddress: config.broadcast_rpc_address ?? config.rpc_address,
    nativePort,
    tokens: identity.tokens,
    bootstrapped: 'COMPLETED',
  };
}

/** Which authenticator the config names (refused at start otherwise). */
export function authenticatorKind(name: string): 'AllowAllAuthenticator' | 'PasswordAuthenticator' {
  const short = name.slice(name.lastIndexOf('.') + 1);
  if (short === 'AllowAllAuthenticator' || short === 'PasswordAuthenticator') return short;
  throw new ConfigurationError(`authenticator ${name} is not supported (AllowAllAuthenticator or PasswordAuthenticator)`);
}

/** PasswordAuthenticator checks the roles in system_auth, for CQL and Thrift alike. */
function authenticatorOf(name: string, roles: RoleManager): Authenticator {
  if (authenticatorKind(name) === 'AllowAllAuthenticator') return new AllowAllAuthenticator();
  return new PasswordAuthenticator((user, password) => roles.authenticate(user, password));
}

function warnAboutIgnoredSettings(config: NodeConfig, dataDir: string, log: NodeLogger): void {
  if (config.data_file_directories.length > 1) log.warn('config_ignored', { key: 'data_file_directories', using: dataDir, reason: 'one data directory per node' });
  const logDir = config.commitlog_directory;
  if (logDir !== null && resolve(logDir) !== `${dataDir}/commitlog`) {
    log.warn('config_ignored', { key: 'commitlog_directory', using: `${dataDir}/commitlog`, reason: 'the commit log lives in the data directory' });
  }
  if (config.rpc_address === '0.0.0.0' && config.broadcast_rpc_address === null) {
    throw new ConfigurationError('rpc_address 0.0.0.0 needs broadcast_rpc_address: the address clients are told to use');
  }
}
