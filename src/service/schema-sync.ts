/**
 * Schema agreement (Cassandra's MigrationManager, simplified): every node gossips its schema
 * version (SCHEMA, a digest of its keyspaces); a node that sees a live peer with another version
 * pulls the peer's keyspace versions (SCHEMA_PULL) and merges them (`keyspace-versions.ts`)
 * through the SchemaKeeper, which stores and publishes the result as for any schema change. A
 * change made here is stamped, gossiped as the new SCHEMA, and pushed to every live peer
 * (SCHEMA_PUSH) so they need not wait for gossip. Every new version, local or merged, is also sent
 * to every live peer in a gossip SYN at once (`Gossiper.gossipToLiveNow`): system.peers rows, which
 * drivers compare for schema agreement, come from gossip, and random one-a-second rounds took about
 * a second (up to two) to bring three nodes' rows into line.
 *
 * A peer's version is pulled once per version it gossips — at once when the peer joins or comes
 * back, after `pullDelayMs` (time for the push to land) when it gossips a new one; a pull whose
 * merge still leaves us different, because we hold changes the peer lacks, is not repeated (the
 * peer pulls from us);
 * a failed pull is retried after `retryMs`. The keyspace versions are kept in the data
 * directory (`keyspace-versions-file.ts`), so stamps and tombstones survive restarts.
 */
import type { SchemaKeeper } from '../db/index.js';
import type { Env } from '../env/index.js';
import type { ApplicationState, EndpointStateChangeSubscriber, Gossiper } from '../gms/index.js';
import { endpointKey, type InetAddressAndPort, type MessagingService, type NetLogger } from '../net/index.js';
import { keyspaceToJson, type Schema } from '../schema/index.js';
import type { BackgroundSupervisor } from '../util/background-supervisor.js';
import { schemaDiff, type SchemaDiffChange } from './schema-diff.js';
import { loadKeyspaceVersions, storeKeyspaceVersions } from './keyspace-versions-file.js';
import { decodeVersions, encodeVersions, initialVersions, mergeKeyspaces, type KeyspaceVersion } from './keyspace-versions.js';

export interface SchemaSyncOptions {
  readonly env: Env;
  readonly keeper: SchemaKeeper;
  readonly messaging: MessagingService;
  readonly gossiper: Gossiper;
  readonly logger: NetLogger;
  /** Where failed pulls and merges are reported (task `schema-pull`). */
  readonly background: BackgroundSupervisor;
  readonly retryMs?: number;
  /** How long a peer's newly gossiped version waits for the push that usually brings it (`PULL_DELAY_MS`). */
  readonly pullDelayMs?: number;
  /** Where the keyspace versions are kept across restarts (the data directory); memory only when absent. */
  readonly dir?: string;
  /** Told what a merge of a peer's schema changed here (for CQL clients' schema events). */
  readonly onMerged?: (changes: SchemaDiffChange[]) => void;
}

const EMPTY = new Uint8Array(0);
/** Pushes arrive and merge within tens of ms; a lost one still leaves agreement well under a second. */
export const PULL_DELAY_MS = 250;

export class SchemaSync implements EndpointStateChangeSubscriber {
  private versions: Map<string, KeyspaceVersion>;
  private lastStamp = 0n;
  private readonly pulled = new Map<string, string>();
  private readonly inflight = new Set<string>();
  private readonly pullScheduled = new Set<string>();
  private unsubscribe: (() => void) | undefined;
  private running = false;

  constructor(private readonly o: SchemaSyncOptions) {
    this.versions = o.dir === undefined ? initialVersions(o.keeper.schema) : loadKeyspaceVersions(o.env.fs, o.dir, o.keeper.schema);
  }

  /** Registers the schema verbs and starts listening to local schema changes. */
  start(): void {
    this.running = true;
    const m = this.o.messaging;
    m.registerHandler('SCHEMA_PULL', (_msg, reply) => reply.respond(encodeVersions(this.versions.values())));
    m.registerHandler('SCHEMA_PUSH', async (msg, reply) => {
      await this.merge(decodeVersions(msg.payload), msg.from);
      reply.respond(EMPTY);
    });
    m.registerHandler('SCHEMA_VERSION', (_msg, reply) => reply.respond(Buffer.from(this.o.keeper.schema.version, 'utf8')));
    this.unsubscribe = this.o.keeper.subscribe((after, before) => this.onLocalSchema(after, before));
  }

  stop(): void {
    this.running = false;
    this.unsubscribe?.();
    for (const v of ['SCHEMA_PULL', 'SCHEMA_PUSH', 'SCHEMA_VERSION'] as const) this.o.messaging.unregisterHandler(v);
  }

  /** Each keyspace's version as this node holds it (tombstones included). */
  keyspaceVersions(): KeyspaceVersion[] {
    return [...this.versions.values()];
  }

  // ---- gossip ----

  onJoin(ep: InetAddressAndPort): void {
    this.maybePull(ep);
  }

  onAlive(ep: InetAddressAndPort): void {
    this.maybePull(ep);
  }

  onChange(ep: InetAddressAndPort, state: ApplicationState): void {
    if (state === 'SCHEMA') this.schedulePull(ep);
  }

  /**
   * A peer gossiping a new version most often has it from a push that is on its way here too (the
   * peer's own, or the node that made the change, whose push a merged peer's gossip can overtake):
   * look again after `pullDelayMs` and pull only if we still differ (Cassandra delays these pulls
   * for the same reason, CASSANDRA-5025). A lost push costs that delay; joins and restarts pull at once.
   */
  private schedulePull(ep: InetAddressAndPort): void {
    const key = endpointKey(ep);
    if (!this.running || key === endpointKey(this.o.gossiper.local) || this.pullScheduled.has(key)) return;
    this.pullScheduled.add(key);
    this.o.env.timers.setTimeout(() => {
      this.pullScheduled.delete(key);
      this.o.background.run('schema-pull', () => this.maybePull(ep), key);
    }, this.o.pullDelayMs ?? PULL_DELAY_MS);
  }

  /** Pulls from `ep` when it is alive, gossips another version than ours, and that version was not pulled yet. */
  maybePull(ep: InetAddressAndPort): void {
    const g = this.o.gossiper;
    const key = endpointKey(ep);
    if (!this.running || key === endpointKey(g.local) || !g.isAlive(ep) || this.inflight.has(key)) return;
    const theirs = g.endpointState(ep)?.states.get('SCHEMA')?.value;
    if (theirs === undefined || theirs === this.o.keeper.schema.version || this.pulled.get(key) === theirs) return;
    this.inflight.add(key);
    this.o.messaging.sendWithCallback(ep, { verb: 'SCHEMA_PULL', payload: EMPTY }, {
      onResponse: (msg) => {
        this.pulled.set(key, theirs);
        this.merge(decodeVersions(msg.payload), ep)
          .catch((e: unknown) => this.o.background.report('schema-pull', e, `merging the schema of ${key}`))
          .finally(() => {
            this.inflight.delete(key);
            this.maybePull(ep);
          });
      },
      onFailure: (e) => {
        this.inflight.delete(key);
        this.o.background.report('schema-pull', e, `pulling the schema of ${key}; retrying`);
        this.o.env.timers.setTimeout(() => this.o.background.run('schema-pull', () => this.maybePull(ep), key), this.o.retryMs ?? 1000);
      },
    });
  }

  /** Merges a peer's keyspace versions through the keeper (queued like any schema change). */
  async merge(remote: readonly KeyspaceVersion[], from: InetAddressAndPort): Promise<void> {
    let changed: string[] = [];
    let before: Schema | undefined;
    const after = await this.o.keeper.alter(remote.map((r) => r.name), (s) => {
      before = s;
      const r = mergeKeyspaces(s, this.versions, remote);
      for (const [name, why] of r.refused) this.o.logger.warn('schema_merge_refused', { endpoint: endpointKey(from), keyspace: name, reason: why });
      // Recorded before the keeper publishes, so onLocalSchema knows these are not local changes.
      this.versions = r.versions;
      changed = r.changed;
      return r.schema;
    });
    this.save();
    if (changed.length === 0 || before === undefined) return;
    this.o.logger.info('schema_merged', { endpoint: endpointKey(from), keyspaces: changed, version: after.version });
    this.o.onMerged?.(schemaDiff(before, after, changed));
  }

  // ---- local changes ----

  private onLocalSchema(after: Schema, before: Schema): void {
    let local = false;
    const names = new Set([...before.keyspaces.map((k) => k.name), ...after.keyspaces.map((k) => k.name)]);
    for (const name of names) {
      const ks = after.keyspace(name);
      const definition = ks === undefined ? null : keyspaceToJson(ks);
      const known = this.versions.get(name);
      if ((known?.definition ?? null) === definition) continue;
      this.versions.set(name, { name, stamp: this.nextStamp(), definition });
      local = true;
    }
    if (local) this.save();
    if (!this.running || after.version === before.version) return;
    this.o.gossiper.addLocalApplicationState('SCHEMA', after.version);
    if (local) this.push();
    // Drivers wait for every node's system.peers to show one version, and those rows come from
    // gossip: spread the new SCHEMA to every live peer now rather than over the next random rounds.
    // Receivers of the push do the same once merged, so each node hears each new version at once.
    this.o.gossiper.gossipToLiveNow();
  }

  /** Sends our keyspace versions to every live peer. */
  private push(): void {
    const payload = encodeVersions(this.versions.values());
    const g = this.o.gossiper;
    for (const ep of g.liveMembers()) {
      if (endpointKey(ep) === endpointKey(g.local)) continue;
      this.o.messaging.sendWithCallback(ep, { verb: 'SCHEMA_PUSH', payload }, {
        onResponse: () => undefined,
        onFailure: (e) => this.o.logger.info('schema_push_failed', { endpoint: endpointKey(ep), error: String(e) }),
      });
    }
  }

  /** Keeps the versions in the data directory (a failure is logged: the stamps fall back to 0 on the next start). */
  private save(): void {
    if (this.o.dir === undefined) return;
    try {
      storeKeyspaceVersions(this.o.env.fs, this.o.dir, this.versions.values());
    } catch (e) {
      this.o.logger.warn('schema_versions_not_saved', { error: String(e) });
    }
  }

  /** Wall-clock micros, strictly increasing, above every stamp we hold. */
  private nextStamp(): bigint {
    let max = this.lastStamp;
    for (const v of this.versions.values()) if (v.stamp > max) max = v.stamp;
    const now = this.o.env.clock.nowMicros();
    this.lastStamp = now > max ? now : max + 1n;
    return this.lastStamp;
  }
}
