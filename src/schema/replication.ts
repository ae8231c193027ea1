/**
 * A keyspace's replication: the strategy class and its options. Class names are accepted the ways
 * clients and old configs spell them (short, `org.apache.cassandra.locator.` prefixed, and the
 * 0.6-era RackUnawareStrategy, which became SimpleStrategy) and stored in the short form.
 */
import { InvalidRequestError } from '../errors/index.js';

export type ReplicationClass = 'SimpleStrategy' | 'NetworkTopologyStrategy' | 'LocalStrategy';

export interface Replication {
  readonly class: ReplicationClass;
  /** SimpleStrategy: replication_factor. NetworkTopologyStrategy: data-center name → factor. */
  readonly options: Readonly<Record<string, string>>;
}

const LOCATOR_PACKAGE = 'org.apache.cassandra.locator.';

const ALIASES: ReadonlyMap<string, ReplicationClass> = new Map<string, ReplicationClass>([
  ['SimpleStrategy', 'SimpleStrategy'],
  ['RackUnawareStrategy', 'SimpleStrategy'],
  ['NetworkTopologyStrategy', 'NetworkTopologyStrategy'],
  ['LocalStrategy', 'LocalStrategy'],
]);

export interface ReplicationInput {
  readonly class: string;
  readonly options?: Readonly<Record<string, string | number>>;
}

/** The default of the seeds' schemas, which name no strategy: one replica. */
export const DEFAULT_REPLICATION: Replication = Object.freeze({ class: 'SimpleStrategy', options: Object.freeze({ replication_factor: '1' }) });

/** Normalises and validates; InvalidRequestError on an unknown class or bad options. */
export function createReplication(input: ReplicationInput): Replication {
  const raw = String(input.class).trim();
  const short = raw.startsWith(LOCATOR_PACKAGE) ? raw.slice(LOCATOR_PACKAGE.length) : raw;
  const cls = ALIASES.get(short);
  if (cls === undefined) throw new InvalidRequestError(`Unable to find replication strategy class '${raw}'`);
  const options: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.options ?? {})) options[k] = String(v).trim();
  validateOptions(cls, options);
  return Object.freeze({ class: cls, options: Object.freeze(options) });
}

function validateOptions(cls: ReplicationClass, options: Record<string, string>): void {
  if (cls === 'SimpleStrategy') {
    if (options.replication_factor === undefined) throw new InvalidRequestError('SimpleStrategy requires a replication_factor strategy option.');
    for (const k of Object.keys(options)) {
      if (k !== 'replication_factor') throw new InvalidRequestError(`Unrecognized strategy option {${k}} passed to SimpleStrategy`);
    }
  }
  if (cls === 'LocalStrategy' && Object.keys(options).length > 0) throw new InvalidRequestError('LocalStrategy takes no strategy options');
  // Every option of Simple and NetworkTopology (replication_factor, or a DC's factor) is a count.
  for (const [k, v] of Object.entries(options)) {
    if (!/^\d+$/.test(v) || Number(v) > 0x7fffffff) throw new InvalidRequestError(`Replication factor for '${k}' must be a non-negative integer, got '${v}'`);
  }
}
