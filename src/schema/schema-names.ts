/**
 * Keyspace, column family and index names. Cassandra accepts `\w+` up to 48 characters: names
 * become directory and file names, and the limit keeps full paths under OS limits.
 */
import { InvalidRequestError } from '../errors/index.js';

export const NAME_LENGTH_MAX = 48;

const NAME = /^\w+$/;

/** Throws InvalidRequestError unless `name` is a valid `kind` name ('Keyspace', 'Column family', …). */
export function validateName(kind: string, name: string): void {
  if (typeof name !== 'string' || name.length === 0 || name.length > NAME_LENGTH_MAX || !NAME.test(name)) {
    throw new InvalidRequestError(
      `${kind} name must not be empty, more than ${NAME_LENGTH_MAX} characters long, or contain non-alphanumeric-underscore characters (got "${String(name)}")`,
    );
  }
}

/** Keyspaces Ilium owns; user schema operations may not touch them. */
export const SYSTEM_KEYSPACES: ReadonlySet<string> = new Set(['system', 'system_schema', 'system_auth', 'system_traces', 'system_distributed']);

export function isSystemKeyspace(name: string): boolean {
  return SYSTEM_KEYSPACES.has(name.toLowerCase());
}

/**
 * System keyspaces that live in the ordinary replicated schema (Cassandra's
 * isReplicatedSystemKeyspace): made by the node, kept in step by schema agreement, their
 * replication changeable with ALTER KEYSPACE; users may not otherwise change them.
 */
export const REPLICATED_SYSTEM_KEYSPACES: ReadonlySet<string> = new Set(['system_auth', 'system_traces', 'system_distributed']);

export function isReplicatedSystemKeyspace(name: string): boolean {
  return REPLICATED_SYSTEM_KEYSPACES.has(name.toLowerCase());
}
