import { dirname, join, resolve } from 'node:path';
import { type LoadedConfig, loadConfigFile, parseSystemProperties, resolveNodeConfig } from '../config/index.js';
import { createRealEnv, lockDataDir } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import { RACKDC_FILE_NAME } from '../locator/index.js';
import { type DirectorySetting, fileSettingError } from './startup-failure.js';
import { type AdminCommandRunner, AdminServer, IliumNode, NodeHttpServer, type NodeLogger, adminRoutes, consoleRoutes, createNodeAdmin, metricsRoutes, nodeHttpRoutes, nodeSuperuserCheck } from '../server/index.js';
import { openNodeLog } from './node-log.js';
import { onStopSignals } from './stop-signals.js';

/** The exit status after a failure policy's `die` (a supervisor can tell it from a crash or a stop). */
export const DIE_EXIT_CODE = 100;

export interface StartOptions {
  /** A cassandra.yaml-style file; Cassandra's defaults (and ./data) without one. */
  readonly configFile?: string;
  /** Overrides data_file_directories. */
  readonly dataDir?: string;
  /** Overrides native_transport_port (0: any free port; the startup line says which). */
  readonly port?: number;
  /** Overrides rpc_port, the Thrift port (0: any free port). */
  readonly rpcPort?: number;
  /** Overrides listen_address and rpc_address. */
  readonly listen?: string;
  /** Overrides the seed list. */
  readonly seeds?: readonly string[];
  /** Overrides admin_port, where `ilium nodetool` connects (0: any free port). */
  readonly adminPort?: number;
  /** Overrides http_port, the HTTP endpoint (/metrics, the admin API; 0: any free port). */
  readonly httpPort?: number;
  /** Overrides commitlog_sync. */
  readonly commitlogSync?: string;
  /** `-D` definitions (`name=value`): Cassandra's system properties Ilium honours. */
  readonly systemProperties?: readonly string[];
  /** Where events go (ilium.ts builds it from --log-format, --log-level, --log-file); JSON lines on stderr without one. */
  readonly log?: NodeLogger;
}

/**
 * `ilium start`: reads the configuration (file, then command-line overrides), locks the data
 * directory, starts the node (storage with commit log replay, then the CQL server), prints one
 * startup line, and on SIGINT/SIGTERM stops the server, flushes every memtable and exits 0.
 * Logs are JSON lines on stderr (pino); stdout carries only the startup line, which says where
 * CQL and Thrift clients and `ilium nodetool` connect:
 *
 *   Ilium node started in 85 ms: data /x/data, commit log sync periodic; ready: CQL native protocol on 127.0.0.1:9042, Thrift on 127.0.0.1:9160, nodetool on 127.0.0.1:7199. Ctrl-C stops it.
 */
export async function startNode(opts: StartOptions): Promise<void> {
  const log = opts.log ?? (await openNodeLog({ stderrIsTTY: false })).log;
  const env = createRealEnv();
  const began = env.clock.monotonicNs();
  const { config, ignoredKeys } = readConfig(opts, env);
  const properties = parseSystemProperties(opts.systemProperties ?? []);
  if (ignoredKeys.length > 0) log.warn('config_keys_ignored', { keys: ignoredKeys });
  const dataDir = resolve(config.data_file_directories[0]!);
  // An unwritable directory or a path under a file is a setting to fix: one line naming it.
  const directories = [{ path: dataDir, setting: 'data_file_directories (--data)' }, ...(config.hints_directory === null ? [] : [{ path: config.hints_directory, setting: 'hints_directory' }])];
  const lock = withSettingErrors(directories, () => lockDataDir(env, dataDir, 'stop that node or pass another --data'));
  if (lock.staleOwner !== undefined) log.warn('stale_lock_taken_over', { dataDir, lockFile: lock.lockFile, previousPid: lock.staleOwner });
  const unlock = (): void => lock.release();
  let node: IliumNode;
  let admin: AdminServer | undefined;
  let http: NodeHttpServer | undefined;
  try {
    const rackDcProperties = readRackDcProperties(opts, env);
    // disk_failure_policy / commit_failure_policy die: the failure is logged, then the process exits at once.
    const die = (): void => process.exit(DIE_EXIT_CODE);
    node = await IliumNode.start({ config, properties, env, log, die, ...(rackDcProperties === undefined ? {} : { rackDcProperties }) });
    // One command table for the admin port and the HTTP admin API.
    const commands = createNodeAdmin(node, env.clock.nowMs());
    if (config.start_admin) {
      // 127.0.0.1 unless admin_address opts in; credentials on every command when authentication is on.
      const host = config.admin_address;
      const checkSuperuser = nodeSuperuserCheck(node);
      // TLS (required or optional) with the client ports' key material when client encryption is on.
      const tls = node.clientTls?.serverOptions();
      admin = new AdminServer(env, commands, { host, port: config.admin_port, ...(checkSuperuser === undefined ? {} : { checkSuperuser }), ...(tls === undefined ? {} : { tls }) });
      await admin.start().catch(async (e: unknown) => {
        await node.close();
        const code = (e as NodeJS.ErrnoException).code;
        const why = code === 'EADDRINUSE' ? 'the port is in use' : (e as Error).message;
        throw new ConfigurationError(`cannot listen for nodetool on ${host}:${config.admin_port}: ${why} (admin_address, admin_port, --admin-port; start_admin: false turns it off)`, { cause: e });
      });
    }
    if (config.start_http) http = await startHttp(node, env, commands, admin);
  } catch (e) {
    unlock();
    throw fileSettingError(e, directories);
  }
  // Signal handlers go in before the startup line: a supervisor may stop us the moment it sees it.
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { signal });
    Promise.all([admin?.close(), http?.close(), node.close()]).then(
      () => {
        unlock();
        process.exit(0);
      },
      (e: unknown) => {
        log.error('stop_failed', { error: String(e) });
        process.exit(1);
      },
    );
  };
  onStopSignals(stop); // a second signal exits at once
  // Two measures: opening the node (storage, replay, listener), and the whole process from its
  // start (module loading included) — the number the startup line shows.
  const nodeMs = Number(env.clock.monotonicNs() - began) / 1e6;
  const ms = process.uptime() * 1000;
  const cql = node.cqlAddress;
  const thrift = node.thriftAddress;
  const sync = node.engine.options.commitlogSync;
  const replayed = node.engine.replayReport?.entriesReplayed ?? 0;
  const clientTls = node.clientTls === undefined ? 'off' : node.clientTls.optional ? 'optional' : 'required';
  log.info('started', { dataDir, commitlogSync: sync, cql: cql ?? null, thrift: thrift ?? null, cqlSsl: node.cqlSslAddress ?? null, clientTls, admin: admin?.address() ?? null, adminTls: admin === undefined ? 'off' : clientTls, replayedMutations: replayed, nodeStartMs: Math.round(nodeMs), processReadyMs: Math.round(ms) });
  const cqlPart = cql === undefined ? 'CQL native protocol off' : `ready: CQL native protocol on ${formatAddress(cql.host, cql.port)}`;
  const adminAt = admin?.address();
  const listening = `${cqlPart}, ${thrift === undefined ? 'Thrift off' : `Thrift on ${formatAddress(thrift.host, thrift.port)}`}, ${adminAt === undefined ? 'nodetool off' : `nodetool on ${formatAddress(adminAt.host, adminAt.port)}`}${http === undefined ? '' : `, HTTP on ${httpUrl(http, node)}`}`;
  process.stdout.write(`Ilium node started in ${ms.toFixed(0)} ms: data ${dataDir}, commit log sync ${sync}; ${listening}. Ctrl-C stops it.\n`);
  // Without a listener nothing else keeps the process alive until a signal arrives.
  if (cql === undefined && thrift === undefined && admin === undefined && http === undefined) setInterval(() => undefined, 1 << 30);
}

function readConfig(opts: StartOptions, env: ReturnType<typeof createRealEnv>): LoadedConfig {
  const overrides: Record<string, unknown> = {};
  if (opts.dataDir !== undefined) overrides.data_file_directories = [opts.dataDir];
  if (opts.port !== undefined) overrides.native_transport_port = opts.port;
  if (opts.rpcPort !== undefined) overrides.rpc_port = opts.rpcPort;
  if (opts.adminPort !== undefined) overrides.admin_port = opts.adminPort;
  if (opts.httpPort !== undefined) overrides.http_port = opts.httpPort;
  if (opts.listen !== undefined) {
    overrides.listen_address = opts.listen;
    overrides.rpc_address = opts.listen;
  }
  if (opts.seeds !== undefined) overrides.seeds = opts.seeds;
  if (opts.commitlogSync !== undefined) overrides.commitlog_sync = opts.commitlogSync;
  return opts.configFile === undefined ? resolveNodeConfig(overrides) : loadConfigFile(env.fs, opts.configFile, overrides);
}

/** cassandra-rackdc.properties beside cassandra.yaml (where Cassandra's conf directory keeps it), when there is one. */
function readRackDcProperties(opts: StartOptions, env: ReturnType<typeof createRealEnv>): string | undefined {
  if (opts.configFile === undefined) return undefined;
  const path = join(dirname(resolve(opts.configFile)), RACKDC_FILE_NAME);
  return env.fs.existsSync(path) ? env.fs.readFileSync(path).toString('utf8') : undefined;
}

function withSettingErrors<T>(directories: readonly DirectorySetting[], f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw fileSettingError(e, directories);
  }
}

/**
 * The HTTP endpoint on http_address:http_port: the same credentials and TLS as the admin port.
 * A port it cannot take stops the start (the node closed, as for the admin port).
 */
async function startHttp(node: IliumNode, env: ReturnType<typeof createRealEnv>, commands: AdminCommandRunner, admin: AdminServer | undefined): Promise<NodeHttpServer> {
  const { http_address: host, http_port: port } = node.config;
  const checkSuperuser = nodeSuperuserCheck(node);
  const tls = node.clientTls?.serverOptions();
  const server = new NodeHttpServer(env, nodeHttpRoutes([metricsRoutes(node), adminRoutes(commands), consoleRoutes(node)]), { host, port, ...(checkSuperuser === undefined ? {} : { checkSuperuser }), ...(tls === undefined ? {} : { tls }) });
  await server.start().catch(async (e: unknown) => {
    await Promise.all([admin?.close(), node.close()]);
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? 'the port is in use' : (e as Error).message;
    throw new ConfigurationError(`cannot serve HTTP on ${host}:${port}: ${why} (http_address, http_port, --http-port; start_http: false turns it off)`, { cause: e });
  });
  return server;
}

function httpUrl(http: NodeHttpServer, node: IliumNode): string {
  const a = http.address();
  return `${node.clientTls === undefined ? 'http' : 'https'}://${formatAddress(a.host, a.port)}`;
}

function formatAddress(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}
