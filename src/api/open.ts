/**
 * `open()`: an embedded database — a whole Ilium node in this process (embedded-node.ts) behind
 * the Ilium API, with CQL (`execute`, `prepare`) and client ports on request (`serve`).
 *
 *   const db = await open();                      // in memory: nothing is written anywhere
 *   const db = await open({ dataDir: './data' }); // durable, the directory locked until close()
 *
 * With a `dataDir` it owns the directory until `close()`: it takes the same LOCK as `ilium start`
 * (src/env/data-dir-lock.ts), so a directory a node or another `open()` holds — in any process,
 * this one included — is refused with `DataDirectoryInUseError`. Options are checked when called
 * (plain JavaScript callers included): an unknown or mistyped one is a ConfigurationError naming it.
 */
import type { Env } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import type { NodeLogger } from '../server/index.js';
import type { CommitLogSync } from '../storage/storage-options.js';
import { EmbeddedBackend } from './embedded-backend.js';
import { startEmbeddedNode } from './embedded-node.js';
import { Ilium } from './ilium.js';

export type PartitionerName = 'Murmur3Partitioner' | 'RandomPartitioner' | 'ByteOrderedPartitioner' | 'OrderPreservingPartitioner';

export interface OpenOptions {
  /**
   * Where the node keeps its commit log, SSTables and schema; created when missing, locked until
   * `close()`. Without it the node lives in memory and is gone at `close()`.
   */
  readonly dataDir?: string;
  /** Murmur3Partitioner by default. Key ranges (`getRange`) follow key order only under the order-preserving two. It must stay the same for a data directory. */
  readonly partitioner?: PartitionerName;
  /** 'periodic' by default (the engine's); 'batch' makes each write durable before it resolves. */
  readonly commitlogSync?: CommitLogSync;
  /** Return values (and BytesType names and keys) as stored bytes instead of decoded JS values. */
  readonly raw?: boolean;
  /**
   * cassandra.yaml settings, by their keys (`{ authenticator: 'PasswordAuthenticator',
   * enable_user_defined_functions: true }`); the ones that place the node (addresses, ports,
   * directories, seeds) belong to `dataDir` and `serve()`.
   */
  readonly config?: Readonly<Record<string, unknown>>;
  /** Where the node logs (silent by default). */
  readonly log?: NodeLogger;
  /** The clock, random source, file system and network; the real ones by default (tests pass a simulated env). */
  readonly env?: Env;
}

const PARTITIONERS: readonly PartitionerName[] = ['Murmur3Partitioner', 'RandomPartitioner', 'ByteOrderedPartitioner', 'OrderPreservingPartitioner'];
const SYNC_MODES: readonly CommitLogSync[] = ['periodic', 'batch', 'group'];
const OPTION_NAMES = ['dataDir', 'partitioner', 'commitlogSync', 'raw', 'config', 'log', 'env'] as const;

export async function open(options: OpenOptions = {}): Promise<Ilium> {
  checkOptions(options);
  const config: Record<string, unknown> = { ...(options.config ?? {}) };
  if (options.partitioner !== undefined) config['partitioner'] = options.partitioner;
  if (options.commitlogSync !== undefined) config['commitlog_sync'] = options.commitlogSync;
  const embedded = await startEmbeddedNode({ dataDir: options.dataDir, config, env: options.env, log: options.log });
  return new Ilium(new EmbeddedBackend(embedded), embedded.node.env, { raw: options.raw ?? false });
}

/** Plain JavaScript callers get the same checks TypeScript's would give, as clear errors. */
function checkOptions(options: unknown): asserts options is OpenOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new ConfigurationError(`open(): options must be an object, not ${options === null ? 'null' : Array.isArray(options) ? 'an array' : typeof options}`);
  const o = options as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if ((OPTION_NAMES as readonly string[]).includes(key)) continue;
    const near = OPTION_NAMES.find((n) => n.toLowerCase() === key.toLowerCase());
    throw new ConfigurationError(`open(): unknown option '${key}'${near === undefined ? ` (the options are ${OPTION_NAMES.join(', ')})` : ` (did you mean '${near}'?)`}`);
  }
  if (o['dataDir'] !== undefined && (typeof o['dataDir'] !== 'string' || o['dataDir'] === '')) throw new ConfigurationError(`open(): dataDir must be a directory path (a non-empty string), not ${JSON.stringify(o['dataDir'])}; leave it out for a database in memory`);
  if (o['partitioner'] !== undefined && !PARTITIONERS.includes(o['partitioner'] as PartitionerName)) throw new ConfigurationError(`open(): partitioner must be one of ${PARTITIONERS.join(', ')}, not ${JSON.stringify(o['partitioner'])}`);
  if (o['commitlogSync'] !== undefined && !SYNC_MODES.includes(o['commitlogSync'] as CommitLogSync)) throw new ConfigurationError(`open(): commitlogSync must be one of ${SYNC_MODES.join(', ')}, not ${JSON.stringify(o['commitlogSync'])}`);
  if (o['raw'] !== undefined && typeof o['raw'] !== 'boolean') throw new ConfigurationError(`open(): raw must be true or false, not ${JSON.stringify(o['raw'])}`);
  if (o['config'] !== undefined && (typeof o['config'] !== 'object' || o['config'] === null || Array.isArray(o['config']))) throw new ConfigurationError('open(): config must be an object of cassandra.yaml keys');
}
