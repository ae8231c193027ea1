/**
 * The ring status a node gossips in STATUS (and STATUS_WITH_PORT), encoded as Cassandra encodes
 * it: a status word, then comma-separated pieces.
 *
 *   NORMAL,<token>          a member owning its tokens (the full list is in TOKENS)
 *   BOOT,<token>            joining (bootstrapping) into the tokens in TOKENS
 *   LEAVING,<token>         decommissioning; still owns its tokens
 *   LEFT,<token>,<expireMs> gone; peers forget it after expireMs (wall clock)
 *   MOVING,<token>          moving to a new token
 *   removing,<hostId>       being removed by another node (removenode)
 *   removed,<hostId>,<expireMs>
 *   shutdown,true           stopped cleanly (announced)
 *   hibernate,true          started with replace_address, not yet serving
 *
 * Only the first token appears in the status (as in Cassandra); readers take tokens from TOKENS.
 */
import type { EndpointStateData } from './endpoint-state.js';

export const STATUS_NORMAL = 'NORMAL';
export const STATUS_BOOTSTRAPPING = 'BOOT';
export const STATUS_LEAVING = 'LEAVING';
export const STATUS_LEFT = 'LEFT';
export const STATUS_MOVING = 'MOVING';
export const REMOVING_TOKEN = 'removing';
export const REMOVED_TOKEN = 'removed';
export const SHUTDOWN = 'shutdown';
export const HIBERNATE = 'hibernate';

const DELIMITER = ',';

/** Three days (Cassandra's "a very long time"): how long LEFT and removed states are kept. */
export const VERY_LONG_TIME_MS = 3 * 24 * 3600 * 1000;

export type GossipStatus =
  | { readonly kind: 'NORMAL' | 'BOOT' | 'LEAVING' | 'MOVING'; readonly token: string }
  | { readonly kind: 'LEFT'; readonly token: string; readonly expireMs: number }
  | { readonly kind: 'removing'; readonly hostId: string }
  | { readonly kind: 'removed'; readonly hostId: string; readonly expireMs: number }
  | { readonly kind: 'shutdown' | 'hibernate' }
  | { readonly kind: 'unknown'; readonly raw: string };

function first(tokens: readonly string[]): string {
  const t = tokens[0];
  if (t === undefined) throw new RangeError('a status needs at least one token');
  return t;
}

export const statusValues = {
  normal: (tokens: readonly string[]): string => `${STATUS_NORMAL}${DELIMITER}${first(tokens)}`,
  bootstrapping: (tokens: readonly string[]): string => `${STATUS_BOOTSTRAPPING}${DELIMITER}${first(tokens)}`,
  leaving: (tokens: readonly string[]): string => `${STATUS_LEAVING}${DELIMITER}${first(tokens)}`,
  left: (tokens: readonly string[], expireMs: number): string => `${STATUS_LEFT}${DELIMITER}${first(tokens)}${DELIMITER}${expireMs}`,
  moving: (token: string): string => `${STATUS_MOVING}${DELIMITER}${token}`,
  removing: (hostId: string): string => `${REMOVING_TOKEN}${DELIMITER}${hostId}`,
  removed: (hostId: string, expireMs: number): string => `${REMOVED_TOKEN}${DELIMITER}${hostId}${DELIMITER}${expireMs}`,
  shutdown: (): string => `${SHUTDOWN}${DELIMITER}true`,
  hibernate: (): string => `${HIBERNATE}${DELIMITER}true`,
};

/** Reads a status value; anything not in the grammar is `unknown` (never a throw: it came off the wire). */
export function parseStatus(value: string): GossipStatus {
  const parts = value.split(DELIMITER);
  const word = parts[0] ?? '';
  const p1 = parts[1];
  const expire = parts[2] === undefined ? NaN : Number(parts[2]);
  switch (word) {
    case STATUS_NORMAL:
    case STATUS_BOOTSTRAPPING:
    case STATUS_LEAVING:
    case STATUS_MOVING:
      if (p1 !== undefined) return { kind: word, token: p1 };
      break;
    case STATUS_LEFT:
      if (p1 !== undefined && Number.isSafeInteger(expire)) return { kind: 'LEFT', token: p1, expireMs: expire };
      break;
    case REMOVING_TOKEN:
      if (p1 !== undefined) return { kind: 'removing', hostId: p1 };
      break;
    case REMOVED_TOKEN:
      if (p1 !== undefined && Number.isSafeInteger(expire)) return { kind: 'removed', hostId: p1, expireMs: expire };
      break;
    case SHUTDOWN:
    case HIBERNATE:
      return { kind: word };
  }
  return { kind: 'unknown', raw: value };
}

/** The status of `d` (STATUS_WITH_PORT preferred, as Cassandra 4 reads it), or undefined. */
export function statusOf(d: EndpointStateData): GossipStatus | undefined {
  const v = d.states.get('STATUS_WITH_PORT') ?? d.states.get('STATUS');
  return v === undefined ? undefined : parseStatus(v.value);
}

const DEAD_KINDS = new Set<GossipStatus['kind']>(['removing', 'removed', 'LEFT', 'hibernate']);

/** A node in one of these states is not expected to be alive (Cassandra's DEAD_STATES). */
export function isDeadState(d: EndpointStateData): boolean {
  const s = statusOf(d);
  return s !== undefined && DEAD_KINDS.has(s.kind);
}

export function isShutdownState(d: EndpointStateData): boolean {
  return statusOf(d)?.kind === 'shutdown';
}

/** When a LEFT or removed state may be forgotten (wall-clock ms), or undefined. */
export function expireTimeOf(d: EndpointStateData): number | undefined {
  const s = statusOf(d);
  return s?.kind === 'LEFT' || s?.kind === 'removed' ? s.expireMs : undefined;
}

/** The TOKENS value: every token's string form, comma-separated (ours; Cassandra sends binary). */
export function tokensValue(tokens: readonly string[]): string {
  for (const t of tokens) if (t.includes(DELIMITER) || t.length === 0) throw new RangeError(`token string '${t}' cannot go in TOKENS`);
  return tokens.join(DELIMITER);
}

export function parseTokensValue(value: string): string[] {
  return value.length === 0 ? [] : value.split(DELIMITER);
}
