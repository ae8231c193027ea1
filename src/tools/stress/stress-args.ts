/**
 * The command line of `ilium stress` (parsed with node's util.parseArgs): the workload as the
 * first word, then options. Every value is checked here; a bad one is a `StressOptionError`
 * naming its option. `STRESS_USAGE` is what `ilium stress --help` prints.
 */
import { parseArgs } from 'node:util';
import { type DistSpec, parseDistSpec } from './key-distribution.js';
import { OP_KINDS, type OpRatio, WORKLOADS, type Workload } from './op-mix.js';
import { type CountOrTime, parseCountOrTime, parseDurationMs, parseInteger, parseNumber, parseRatio } from './option-values.js';
import { StressOptionError } from './stress-option-error.js';
import { parseArgsMessage } from '../option-suggestion.js';

export const CONSISTENCY_LEVELS = ['ANY', 'ONE', 'TWO', 'THREE', 'QUORUM', 'ALL', 'LOCAL_QUORUM', 'EACH_QUORUM', 'LOCAL_ONE'] as const;
export type ConsistencyName = (typeof CONSISTENCY_LEVELS)[number];

export interface StressOptions {
  readonly workload: Workload;
  /** How long the measured part runs: a number of operations or a time. */
  readonly length: { readonly kind: 'ops'; readonly ops: number } | { readonly kind: 'time'; readonly ms: number };
  /** Operations or time before measuring starts (not in the summary). */
  readonly warmup: CountOrTime;
  readonly partitions: number;
  readonly rowsPerPartition: number;
  readonly rowSize: number;
  readonly dist: DistSpec;
  readonly ratio: OpRatio;
  readonly consistency: ConsistencyName;
  readonly concurrency: number;
  /** Target operations per second; 0 = unthrottled. */
  readonly rate: number;
  readonly host: string;
  readonly port: number;
  readonly localDataCenter: string;
  readonly keyspace: string;
  readonly replicationFactor: number;
  /** Plain-text authentication (cassandra-stress's `-mode user=… password=…`); none when undefined. */
  readonly user: string | undefined;
  readonly password: string | undefined;
  /** TLS (cassandra-stress's `-transport`): undefined for plaintext; `caFile` verifies the node. */
  readonly ssl: { readonly caFile: string | undefined } | undefined;
  /** Where the JSON summary goes: a file, '-' for stdout, or nowhere. */
  readonly json: string | undefined;
  readonly seed: number;
  /**
   * `driver`: the npm cassandra-driver (what applications use); `native`: our own protocol codec,
   * precomputed EXECUTE frames pipelined over `connections` (native-target.ts), cheap enough per
   * request that the node, not the client, is what gets measured.
   */
  readonly client: StressClient;
  readonly connections: number;
  /** The node's process id, to print its CPU per request (from /proc); undefined when not given. */
  readonly serverPid: number | undefined;
  readonly help: boolean;
}

export const STRESS_CLIENTS = ['driver', 'native'] as const;
export type StressClient = (typeof STRESS_CLIENTS)[number];

export const STRESS_DEFAULTS = {
  ops: 100_000,
  partitions: 100_000,
  rowsPerPartition: 1,
  rowSize: 100,
  concurrency: 32,
  host: '127.0.0.1',
  port: 9042,
  localDataCenter: 'datacenter1',
  keyspace: 'ilium_stress',
  replicationFactor: 1,
  seed: 1,
  connections: 4,
} as const;

export const STRESS_USAGE = `usage: ilium stress write|read|mixed [options]
  Drives a node (Ilium or Cassandra) over CQL's native protocol and reports throughput and latency.
  write: INSERTs rows, walking the key population in order (so a write run of
  partitions × rows-per-partition operations writes every row); read: SELECTs one row by key,
  keys drawn by --dist (a key never written counts as "not found"); mixed: both, by --ratio.
  -n, --ops N                 measured operations (default ${STRESS_DEFAULTS.ops})
  --duration TIME             or measure for a time instead: 30s, 2m, 500ms
  --warmup N|TIME             operations (1000) or time (5s) first, left out of the figures
  --partitions N              partition keys in the population (default ${STRESS_DEFAULTS.partitions})
  --rows-per-partition N      clustering rows per partition (default ${STRESS_DEFAULTS.rowsPerPartition})
  --row-size BYTES            size of the value blob (default ${STRESS_DEFAULTS.rowSize})
  --dist uniform|gaussian[:k]|zipf[:s]
                              key distribution for reads and mixed writes (default uniform;
                              gaussian: k standard deviations to each edge, 3; zipf exponent, 1)
  --ratio write=W,read=R      mixed only: operation weights (default write=1,read=1)
  --cl LEVEL                  consistency level: ${CONSISTENCY_LEVELS.join(', ')} (default ONE)
  --concurrency N             requests in flight (default ${STRESS_DEFAULTS.concurrency})
  --rate N                    target operations per second, 0 = unthrottled (default); latency
                              counts from each operation's scheduled start
  --host HOST, --port N       where to connect (default ${STRESS_DEFAULTS.host} ${STRESS_DEFAULTS.port})
  --dc NAME                   the driver's local data center (default ${STRESS_DEFAULTS.localDataCenter})
  --keyspace KS               created if missing, with its table (default ${STRESS_DEFAULTS.keyspace})
  --replication-factor N      for a keyspace it creates (SimpleStrategy; default 1)
  --user USER --password PW  log in (cassandra-stress's -mode user=USER password=PW)
  --ssl                       connect over TLS, verifying the node with the system's CAs
  --ssl-ca FILE               ... or with these CA certificates (PEM); implies --ssl. cassandra-stress's
                              -transport truststore=FILE, without its JKS stores, protocol and cipher keys
  --json FILE|-               also write the summary as one JSON object (- : last line of stdout)
  --seed N                    seed of the key and operation generators (default ${STRESS_DEFAULTS.seed})
  --client driver|native      driver: the npm cassandra-driver (default); native: Ilium's own protocol
                              codec (v4), precomputed EXECUTE frames pipelined over --connections,
                              for measuring a node's capacity rather than the driver's (no --ssl)
  --connections N             native only: connections, --concurrency spread over them (default ${STRESS_DEFAULTS.connections})
  --server-pid PID            also print the node's CPU time per operation (read from /proc/PID)
  --help                      this text (-h is not help: host is --host, as nodetool's -h)`;

const OPTIONS = {
  ops: { type: 'string', short: 'n' },
  duration: { type: 'string' },
  warmup: { type: 'string' },
  partitions: { type: 'string' },
  'rows-per-partition': { type: 'string' },
  'row-size': { type: 'string' },
  dist: { type: 'string' },
  ratio: { type: 'string' },
  cl: { type: 'string' },
  concurrency: { type: 'string' },
  rate: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  dc: { type: 'string' },
  keyspace: { type: 'string' },
  'replication-factor': { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
  ssl: { type: 'boolean' },
  'ssl-ca': { type: 'string' },
  json: { type: 'string' },
  seed: { type: 'string' },
  client: { type: 'string' },
  connections: { type: 'string' },
  'server-pid': { type: 'string' },
  help: { type: 'boolean' },
} as const;

const ROW_SIZE_MAX = 16 * 1024 * 1024;
const CONCURRENCY_MAX = 4096;
const CONNECTIONS_MAX = 64;
const CK_MAX = 2 ** 31 - 1; // the clustering column is a CQL int

/** Parses the arguments after `stress`; throws StressOptionError (unknown options too). */
export function parseStressArgs(argv: readonly string[]): StressOptions {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS });
  } catch (e) {
    throw parseArgsError(e as Error & { code?: string });
  }
  const { values: v, positionals } = parsed;
  const help = v.help ?? false;
  if (positionals.length > 1) throw new StressOptionError('workload', `one workload expected, got '${positionals.join(' ')}'`);
  const workloadText = positionals[0] ?? (help ? 'write' : undefined);
  if (workloadText === undefined) throw new StressOptionError('workload', `missing: one of ${WORKLOADS.join(', ')}`);
  if (!(WORKLOADS as readonly string[]).includes(workloadText)) throw new StressOptionError('workload', `expected one of ${WORKLOADS.join(', ')}, got '${workloadText}'`);
  const workload = workloadText as Workload;

  if (v.ops !== undefined && v.duration !== undefined) throw new StressOptionError('--duration', 'cannot be combined with -n/--ops');
  const length: StressOptions['length'] =
    v.duration !== undefined ? { kind: 'time', ms: parseDurationMs('--duration', v.duration) } : { kind: 'ops', ops: v.ops === undefined ? STRESS_DEFAULTS.ops : parseInteger('-n/--ops', v.ops, 1) };
  if (v.ratio !== undefined && workload !== 'mixed') throw new StressOptionError('--ratio', `only applies to the mixed workload, not ${workload}`);

  if ((v.user === undefined) !== (v.password === undefined)) throw new StressOptionError(v.user === undefined ? '--password' : '--user', 'needs --user and --password together');
  const partitions = int('--partitions', v.partitions, STRESS_DEFAULTS.partitions, 1);
  const client = clientOf(v.client);
  if (client !== 'native' && v.connections !== undefined) throw new StressOptionError('--connections', 'only applies to --client native');
  if (client === 'native' && (v.ssl === true || v['ssl-ca'] !== undefined)) throw new StressOptionError('--client', 'native does not speak TLS: use --client driver with --ssl');
  const rowsPerPartition = int('--rows-per-partition', v['rows-per-partition'], STRESS_DEFAULTS.rowsPerPartition, 1, CK_MAX);
  if (!Number.isSafeInteger(partitions * rowsPerPartition)) throw new StressOptionError('--rows-per-partition', 'partitions × rows-per-partition is too large');
  return {
    workload,
    length,
    warmup: v.warmup === undefined ? { kind: 'ops', ops: 0 } : parseCountOrTime('--warmup', v.warmup),
    partitions,
    rowsPerPartition,
    rowSize: int('--row-size', v['row-size'], STRESS_DEFAULTS.rowSize, 0, ROW_SIZE_MAX),
    dist: v.dist === undefined ? { kind: 'uniform' } : parseDistSpec('--dist', v.dist),
    ratio: v.ratio === undefined ? { write: 1, read: 1 } : parseRatio('--ratio', v.ratio, OP_KINDS),
    consistency: consistency(v.cl),
    concurrency: int('--concurrency', v.concurrency, STRESS_DEFAULTS.concurrency, 1, CONCURRENCY_MAX),
    rate: v.rate === undefined || v.rate === '0' ? 0 : parseNumber('--rate', v.rate, 0),
    host: nonEmpty('--host', v.host, STRESS_DEFAULTS.host),
    port: int('--port', v.port, STRESS_DEFAULTS.port, 1, 65535),
    localDataCenter: nonEmpty('--dc', v.dc, STRESS_DEFAULTS.localDataCenter),
    keyspace: keyspaceName(v.keyspace),
    replicationFactor: int('--replication-factor', v['replication-factor'], STRESS_DEFAULTS.replicationFactor, 1, 100),
    user: v.user === undefined ? undefined : nonEmpty('--user', v.user, ''),
    password: v.password,
    ssl: v.ssl === true || v['ssl-ca'] !== undefined ? { caFile: v['ssl-ca'] === undefined ? undefined : nonEmpty('--ssl-ca', v['ssl-ca'], '') } : undefined,
    json: v.json === undefined ? undefined : nonEmpty('--json', v.json, ''),
    seed: int('--seed', v.seed, STRESS_DEFAULTS.seed, 0),
    client,
    connections: int('--connections', v.connections, STRESS_DEFAULTS.connections, 1, CONNECTIONS_MAX),
    serverPid: v['server-pid'] === undefined ? undefined : parseInteger('--server-pid', v['server-pid'], 1),
    help,
  };
}

function int(option: string, text: string | undefined, dflt: number, min: number, max?: number): number {
  return text === undefined ? dflt : parseInteger(option, text, min, max);
}

function clientOf(text: string | undefined): StressClient {
  if (text === undefined) return 'driver';
  if (!(STRESS_CLIENTS as readonly string[]).includes(text)) throw new StressOptionError('--client', `expected one of ${STRESS_CLIENTS.join(', ')}, got '${text}'`);
  return text as StressClient;
}

function nonEmpty(option: string, text: string | undefined, dflt: string): string {
  if (text === undefined) return dflt;
  if (text.trim() === '') throw new StressOptionError(option, 'must not be empty');
  return text;
}

function consistency(text: string | undefined): ConsistencyName {
  if (text === undefined) return 'ONE';
  const upper = text.toUpperCase();
  if (!(CONSISTENCY_LEVELS as readonly string[]).includes(upper)) throw new StressOptionError('--cl', `expected one of ${CONSISTENCY_LEVELS.join(', ')}, got '${text}'`);
  return upper as ConsistencyName;
}

function keyspaceName(text: string | undefined): string {
  if (text === undefined) return STRESS_DEFAULTS.keyspace;
  // created unquoted, so a plain CQL identifier (Cassandra's limit is 48 characters)
  if (!/^[A-Za-z][A-Za-z0-9_]{0,47}$/.test(text)) throw new StressOptionError('--keyspace', `expected a name of letters, digits and _ (at most 48, a letter first), got '${text}'`);
  return text;
}

/** util.parseArgs's refusal, named by our option labels (`-n` and `--ops` are both `-n/--ops`). */
function parseArgsError(e: Error & { code?: string }): StressOptionError {
  const flag = /'(--?[A-Za-z][\w-]*)/.exec(e.message)?.[1];
  const option = flag === '-n' || flag === '--ops' ? '-n/--ops' : (flag ?? 'arguments');
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new StressOptionError(option, parseArgsMessage(e, OPTIONS));
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take/.test(e.message)) return new StressOptionError(option, 'takes no value');
    return new StressOptionError(option, /ambiguous/.test(e.message) ? 'needs a value (a value starting with - is not one)' : 'needs a value');
  }
  return new StressOptionError(option, e.message);
}
