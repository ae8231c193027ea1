/**
 * What a node keeps about itself in its data directory, made on first start and read on every
 * later one (Cassandra keeps these in system.local): its host id, its tokens, the cluster name,
 * and the partitioner its data is ordered by. A node started with a different partitioner would
 * misplace every key, and one with another cluster name joined the wrong cluster: both refuse to
 * start with a message saying what to do.
 *
 *   <dataDir>/node-identity.json   {"host_id": uuid text, "tokens": [token text…],
 *                                   "cluster_name": text, "partitioner": full class name,
 *                                   "bootstrapped": false while a new node has not finished its
 *                                   bootstrap (absent: true, as files from before bootstrap),
 *                                   "decommissioned": true once the node left the ring (it
 *                                   refuses to start again on this directory)}
 *
 * Written to a temporary file, synced, renamed into place, directory synced: a crash leaves the
 * old file or the new one, never half of one.
 */
import type { Partitioner } from '../dht/index.js';
import { type Env, mkdirDurable, replaceFileDurable } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import { SimpleSnitch, TokenMetadata, chooseTokens } from '../locator/index.js';

export const NODE_IDENTITY_FILE = 'node-identity.json';

export interface NodeIdentity {
  readonly hostId: Buffer;
  readonly tokens: readonly string[];
  readonly clusterName: string;
  /** The partitioner's full class name. */
  readonly partitioner: string;
  /** False until a new node's bootstrap completes (a restart then bootstraps again). */
  readonly bootstrapped: boolean;
}

interface StoredIdentity {
  readonly host_id: string;
  readonly tokens: readonly string[];
  readonly cluster_name: string;
  readonly partitioner: string;
  readonly bootstrapped?: boolean;
  readonly decommissioned?: boolean;
}

/**
 * Reads the identity, checking it against the configuration, or makes and stores a new one with
 * initial_token's tokens or `numTokens` random ones (num_tokens; an existing identity keeps the
 * tokens it has).
 */
export function loadNodeIdentity(env: Env, dataDir: string, partitioner: Partitioner, clusterName: string, numTokens = 1, willBootstrap = false, initialToken?: string): NodeIdentity {
  const path = `${dataDir}/${NODE_IDENTITY_FILE}`;
  if (!env.fs.existsSync(path)) {
    // initial_token (checked against num_tokens), else num_tokens random tokens.
    const tokens = chooseTokens({ partitioner, random: env.random, numTokens, ...(initialToken === undefined ? {} : { initialToken }), ring: TokenMetadata.empty(partitioner, new SimpleSnitch()) }).map((t) => partitioner.tokenToString(t));
    const fresh: NodeIdentity = { hostId: randomUuid(env), tokens, clusterName, partitioner: partitioner.fullName, bootstrapped: !willBootstrap };
    storeIdentity(env, dataDir, fresh);
    return fresh;
  }
  const stored = readIdentity(env, path);
  if (stored.decommissioned === true) {
    throw new ConfigurationError(`This node was decommissioned and will not rejoin the ring: move ${dataDir} aside to start a new node there`);
  }
  if (stored.partitioner !== partitioner.fullName) {
    throw new ConfigurationError(
      `Cannot start with partitioner ${partitioner.fullName}: the data in ${dataDir} is ordered by ${stored.partitioner}. ` +
        `Set "partitioner: ${stored.partitioner}" in the configuration, or use another data directory`,
    );
  }
  if (stored.clusterName !== clusterName) {
    throw new ConfigurationError(`Saved cluster name ${stored.clusterName} != configured name ${clusterName} (data directory ${dataDir})`);
  }
  return stored;
}

function readIdentity(env: Env, path: string): NodeIdentity & { readonly decommissioned?: boolean } {
  let raw: unknown;
  try {
    raw = JSON.parse(env.fs.readFileSync(path).toString('utf8'));
  } catch (e) {
    throw new ConfigurationError(`${path} is unreadable (${(e as Error).message}); restore it or move the data directory aside`, { cause: e });
  }
  const s = raw as Partial<StoredIdentity> | null;
  const hostId = typeof s?.host_id === 'string' ? Buffer.from(s.host_id.replace(/-/g, ''), 'hex') : Buffer.alloc(0);
  const tokensOk = Array.isArray(s?.tokens) && s.tokens.length > 0 && s.tokens.every((t) => typeof t === 'string');
  if (hostId.length !== 16 || !tokensOk || typeof s?.cluster_name !== 'string' || typeof s.partitioner !== 'string') {
    throw new ConfigurationError(`${path} is not a valid node identity (host_id, tokens, cluster_name, partitioner); restore it or move the data directory aside`);
  }
  return { hostId, tokens: [...s.tokens!], clusterName: s.cluster_name, partitioner: s.partitioner, bootstrapped: s.bootstrapped !== false, ...(s.decommissioned === true ? { decommissioned: true } : {}) };
}

function storeIdentity(env: Env, dataDir: string, id: NodeIdentity, decommissioned = false): void {
  mkdirDurable(env.fs, dataDir);
  const stored: StoredIdentity = { host_id: uuidText(id.hostId), tokens: id.tokens, cluster_name: id.clusterName, partitioner: id.partitioner, bootstrapped: id.bootstrapped, ...(decommissioned ? { decommissioned: true } : {}) };
  replaceFileDurable(env.fs, dataDir, NODE_IDENTITY_FILE, Buffer.from(`${JSON.stringify(stored, null, 2)}\n`, 'utf8'));
}

/** Records that the bootstrap finished: the next start joins as NORMAL at once. */
export function markBootstrapped(env: Env, dataDir: string, id: NodeIdentity): NodeIdentity {
  const done = { ...id, bootstrapped: true };
  storeIdentity(env, dataDir, done);
  return done;
}

/** Records that the node left the ring (decommission): a later start on this directory is refused. */
export function markDecommissioned(env: Env, dataDir: string, id: NodeIdentity): void {
  storeIdentity(env, dataDir, id, true);
}

/** A version 4 (random) UUID from the env's randomness. */
function randomUuid(env: Env): Buffer {
  const b = Buffer.from(env.random.bytes(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  return b;
}

export function uuidText(b: Buffer): string {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
