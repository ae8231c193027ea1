/**
 * The JVM system properties (`-Dname=value`) of Cassandra that Ilium honours, given to
 * `ilium start` the same way (`ilium start -Dcassandra.test.fail_writes_ks=test`). Only the
 * names below are known; any other is a ConfigurationError, as unknown cassandra.yaml keys are.
 *
 * - `cassandra.test.fail_writes_ks=KS`: every write to keyspace KS fails on this node with a
 *   WRITE_FAILURE (Cassandra's test hook; drivers' suites use it to see write failures).
 * - `cassandra.custom_query_handler_class=CLASS`: the query handler. Cassandra's default
 *   (`org.apache.cassandra.cql3.QueryProcessor`) or
 *   `org.apache.cassandra.cql3.CustomPayloadMirroringQueryHandler`, which answers every QUERY,
 *   PREPARE, EXECUTE and BATCH with the custom payload the request carried.
 * - `cassandra.auth_bcrypt_gensalt_log2_rounds=N`: bcrypt's cost for new password hashes,
 *   2^N rounds, 4…31 (10 by default, as Cassandra).
 * - `cassandra.superuser_setup_delay_ms=MS`: how long after start a node waits before making the
 *   default superuser when no role exists (10000 by default, as Cassandra).
 * - `cassandra.commitlog.ignorereplayerrors=true`: commit-log replay skips what it cannot decode
 *   (each skipped region logged) and the node starts, instead of refusing to (Cassandra's
 *   CommitLogReplayer reads the same property; any value but `true` leaves it off, as Java's
 *   Boolean.getBoolean does).
 * - `ilium.test.tls_reload_period_ms=MS` (Ilium's, a test hook): how often the client ports'
 *   certificate files are checked for changes (Cassandra's fixed 10 minutes otherwise).
 */
import { ConfigurationError } from '../errors/index.js';

export type QueryHandlerKind = 'default' | 'custom-payload-mirroring';

export interface SystemProperties {
  /** Writes to this keyspace fail; null when unset. */
  readonly testFailWritesKeyspace: string | null;
  readonly queryHandler: QueryHandlerKind;
  readonly authBcryptGensaltLog2Rounds: number;
  readonly superuserSetupDelayMs: number;

  /** How often TLS key material is checked for changes; null: Cassandra's 10 minutes. */
  readonly tlsReloadPeriodMs: number | null;
  /** Replay skips undecodable commit-log regions instead of refusing to start. */
  readonly commitlogIgnoreReplayErrors: boolean;
}

export const DEFAULT_SYSTEM_PROPERTIES: SystemProperties = Object.freeze({ testFailWritesKeyspace: null, queryHandler: 'default', authBcryptGensaltLog2Rounds: 10, superuserSetupDelayMs: 10_000, tlsReloadPeriodMs: null, commitlogIgnoreReplayErrors: false });

const QUERY_HANDLERS: Readonly<Record<string, QueryHandlerKind>> = {
  'org.apache.cassandra.cql3.QueryProcessor': 'default',
  'org.apache.cassandra.cql3.CustomPayloadMirroringQueryHandler': 'custom-payload-mirroring',
};

/** Reads `name=value` definitions (what follows `-D`); a later definition of a name wins. */
export function parseSystemProperties(definitions: readonly string[]): SystemProperties {
  const out = { ...DEFAULT_SYSTEM_PROPERTIES } as { -readonly [K in keyof SystemProperties]: SystemProperties[K] };
  for (const d of definitions) {
    const eq = d.indexOf('=');
    const name = eq < 0 ? d : d.slice(0, eq);
    const value = eq < 0 ? '' : d.slice(eq + 1);
    switch (name) {
      case 'cassandra.test.fail_writes_ks':
        out.testFailWritesKeyspace = value === '' ? null : value;
        break;
      case 'cassandra.custom_query_handler_class': {
        const kind = QUERY_HANDLERS[value];
        if (kind === undefined) {
          throw new ConfigurationError(`-D${name}: unsupported query handler '${value}' (${Object.keys(QUERY_HANDLERS).join(' or ')})`);
        }
        out.queryHandler = kind;
        break;
      }
      case 'cassandra.auth_bcrypt_gensalt_log2_rounds': {
        const n = Number(value);
        if (!/^\d+$/.test(value) || n < 4 || n > 31) {
          throw new ConfigurationError(`Bad value for system property -D${name}.Please use a value between 4 and 31 inclusively`);
        }
        out.authBcryptGensaltLog2Rounds = n;
        break;
      }
      case 'cassandra.superuser_setup_delay_ms':
        if (!/^\d+$/.test(value)) throw new ConfigurationError(`-D${name}: a number of milliseconds, got '${value}'`);
        out.superuserSetupDelayMs = Number(value);
        break;
      case 'ilium.test.tls_reload_period_ms': {
        const ms = Number(value);
        if (!Number.isInteger(ms) || ms < 1) throw new ConfigurationError(`-D${name}: a positive whole number of milliseconds, got '${value}'`);
        out.tlsReloadPeriodMs = ms;
        break;
      }
      case 'cassandra.commitlog.ignorereplayerrors':
        out.commitlogIgnoreReplayErrors = value.toLowerCase() === 'true';
        break;
      default:
        throw new ConfigurationError(
          `-D${name}: unknown system property (cassandra.test.fail_writes_ks, cassandra.custom_query_handler_class, cassandra.auth_bcrypt_gensalt_log2_rounds, cassandra.superuser_setup_delay_ms, cassandra.commitlog.ignorereplayerrors or ilium.test.tls_reload_period_ms)`,
        );
    }
  }
  return Object.freeze(out);
}

/**
 * The properties as system_views.system_properties lists them: Cassandra's names, each with the
 * value the node runs with (null: unset).
 */
export function systemPropertyRows(p: SystemProperties): [string, string | null][] {
  const handler = Object.entries(QUERY_HANDLERS).find(([, kind]) => kind === p.queryHandler)?.[0] ?? null;
  return [
    ['cassandra.auth_bcrypt_gensalt_log2_rounds', String(p.authBcryptGensaltLog2Rounds)],
    ['cassandra.commitlog.ignorereplayerrors', String(p.commitlogIgnoreReplayErrors)],
    ['cassandra.custom_query_handler_class', handler],
    ['cassandra.superuser_setup_delay_ms', String(p.superuserSetupDelayMs)],
    ['cassandra.test.fail_writes_ks', p.testFailWritesKeyspace],
    ['ilium.test.tls_reload_period_ms', p.tlsReloadPeriodMs === null ? null : String(p.tlsReloadPeriodMs)],
  ];
}
