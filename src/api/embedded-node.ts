/**
 * The node behind `open()`: a whole Ilium node started in this process with `IliumNode.start` —
 * the assembly `ilium start` uses (schema, system keyspaces, the coordinator, hints, batchlog,
 * roles, user functions, views) — with its client ports off (`serve()` opens them) and its
 * internode network in process (a SimNetwork: nothing listens on the machine, so any number of
 * embedded nodes and real nodes live side by side). Its files are on disk under `dataDir`, held
 * with the directory's LOCK as `ilium start` holds it, or in memory when no `dataDir` is given
 * (nothing is written anywhere; everything is gone at `close()`).
 *
 * `config` takes cassandra.yaml keys (4.0 names, or 4.1/5.0 names and units), as a node's
 * configuration file does; the keys that place the node (addresses, ports, directories, seeds)
 * belong to `open()` and `serve()` and are refused here.
 */
import { resolveNodeConfig } from '../config/index.js';
import { type DataDirLock, type Env, MemoryFileSystem, SimNetwork, createRealEnv, lockDataDir } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import { IliumNode, type NodeLogger } from '../server/index.js';

/** Where an in-memory node keeps its (memory) files. */
const MEMORY_DATA_DIR = '/ilium';

/** cassandra.yaml keys `open()` sets itself: where the node lives and which ports it opens. */
const PLACEMENT_KEYS: ReadonlyMap<string, string> = new Map([
  ['data_file_directories', 'the dataDir option'],
  ['commitlog_directory', 'the dataDir option'],
  ['hints_directory', 'the dataDir option'],
  ['saved_caches_directory', 'the dataDir option'],
  ['listen_address', 'an embedded node is alone on its in-process network'],
  ['rpc_address', 'serve({ host })'],
  ['native_transport_port', 'serve({ port })'],
  ['rpc_port', 'serve({ thrift: { port } })'],
  ['start_native_transport', 'serve()'],
  ['start_rpc', 'serve({ thrift })'],
  ['seed_provider', 'an embedded node is its own seed'],
  ['start_admin', "the admin port is `ilium start`'s; an embedded node has none"],
  ['admin_address', "the admin port is `ilium start`'s; an embedded node has none"],
  ['admin_port', "the admin port is `ilium start`'s; an embedded node has none"],
  ['start_http', "the HTTP endpoint is `ilium start`'s; an embedded node has none"],
  ['http_address', "the HTTP endpoint is `ilium start`'s; an embedded node has none"],
  ['http_port', "the HTTP endpoint is `ilium start`'s; an embedded node has none"],
]);

export interface EmbeddedNodeOptions {
  /** On disk under this directory (locked until close), or in memory when undefined. */
  readonly dataDir: string | undefined;
  /** cassandra.yaml keys (partitioner, commitlog_sync, authenticator, …). */
  readonly config: Readonly<Record<string, unknown>>;
  /** The real world by default; tests pass a simulated one (then its own fs and network are used). */
  readonly env: Env | undefined;
  readonly log: NodeLogger | undefined;
}

export interface EmbeddedNode {
  readonly node: IliumNode;
  /** The machine's network, where `serve()` listens (the node's own is in process). */
  readonly clientNet: Env['net'];
  /** Whether the node's files are in memory. */
  readonly inMemory: boolean;
  close(): Promise<void>;
}

export async function startEmbeddedNode(options: EmbeddedNodeOptions): Promise<EmbeddedNode> {
  for (const key of Object.keys(options.config)) {
    const owner = PLACEMENT_KEYS.get(key);
    if (owner !== undefined) throw new ConfigurationError(`open(): config key ${key} is not taken by an embedded node (${owner})`);
  }
  const inMemory = options.dataDir === undefined;
  const base = options.env ?? createRealEnv();
  const env: Env = options.env ?? { ...base, fs: inMemory ? new MemoryFileSystem() : base.fs, net: new SimNetwork() };
  const dataDir = options.dataDir ?? MEMORY_DATA_DIR;
  const { config } = resolveNodeConfig({
    ...options.config,
    data_file_directories: [dataDir],
    start_native_transport: false,
    start_rpc: false,
  });
  const lock: DataDirLock | undefined = inMemory ? undefined : lockDataDir(env, dataDir);
  try {
    const node = await IliumNode.start({ config, env, ...(options.log === undefined ? {} : { log: options.log }) });
    let closing: Promise<void> | undefined;
    return {
      node,
      clientNet: base.net,
      inMemory,
      close: () =>
        (closing ??= (async () => {
          try {
            await node.close();
          } finally {
            lock?.release();
          }
        })()),
    };
  } catch (e) {
    lock?.release();
    throw e;
  }
}
