/**
 * token() in WHERE: the CQL type of a token (what `token(k) > ?` binds: bigint for Murmur3,
 * varint for RandomPartitioner, blob for ByteOrdered, text for OrderPreserving — Cassandra's token
 * validators), a token value read from its serialized form, and token bounds → the partitioner
 * positions a scan runs between.
 *
 * Cassandra's rules for `token(k) > a AND token(k) <= b`: a missing bound is the minimum token;
 * when neither bound is the minimum token and a > b, or a = b with either end exclusive, the
 * range is empty (never wraps around the ring); an end bound equal to the minimum token means the
 * end of the ring.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { Partitioner, PositionBound, Token } from '../../dht/index.js';
import { type AbstractType, BYTES_TYPE, INTEGER_TYPE, LONG_TYPE, UTF8_TYPE } from '../../marshal/index.js';

export function tokenType(p: Partitioner): AbstractType {
  switch (p.name) {
    case 'Murmur3Partitioner':
      return LONG_TYPE;
    case 'RandomPartitioner':
      return INTEGER_TYPE;
    case 'OrderPreservingPartitioner':
      return UTF8_TYPE;
    default:
      return BYTES_TYPE;
  }
}

/** A token given as a value of tokenType(p). */
export function tokenFromValue(p: Partitioner, value: Buffer): Token {
  const type = tokenType(p);
  try {
    type.validate(value);
    return p.tokenFromString(type.toString(value));
  } catch (e) {
    if (e instanceof InvalidRequestError) throw new InvalidRequestError(`Invalid token value: ${e.message}`);
    throw e;
  }
}

export interface TokenBound {
  readonly token: Token;
  readonly inclusive: boolean;
}

/** Positions to scan between (undefined: that end of the ring). */
export interface KeyRange {
  readonly from?: PositionBound;
  readonly to?: PositionBound;
}

export const WHOLE_RING: KeyRange = Object.freeze({});

/** The positions of the keys whose token lies within the bounds; null when none can. */
export function tokenKeyRange(p: Partitioner, low: TokenBound | undefined, high: TokenBound | undefined): KeyRange | null {
  const lowMin = low === undefined || p.isMinimum(low.token);
  const highMin = high === undefined || p.isMinimum(high.token);
  if (!lowMin && !highMin) {
    const cmp = p.compareTokens(low!.token, high!.token);
    if (cmp > 0 || (cmp === 0 && (!low!.inclusive || !high!.inclusive))) return null;
  }
  let from: PositionBound | undefined;
  if (!lowMin) {
    if (low!.inclusive) from = p.tokenStartBound(low!.token);
    else {
      const upTo = p.tokenEndBound(low!.token);
      if (upTo === null) return null; // nothing after the largest token
      from = { position: upTo.position, inclusive: !upTo.inclusive };
    }
  }
  let to: PositionBound | undefined;
  if (!highMin) {
    if (high!.inclusive) to = p.tokenEndBound(high!.token) ?? undefined;
    else {
      const start = p.tokenStartBound(high!.token);
      to = { position: start.position, inclusive: !start.inclusive };
    }
  }
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
}

/** Whether a key's token lies within the bounds (keys restricted by = / IN and by token()). */
export function tokenWithin(p: Partitioner, token: Token, low: TokenBound | undefined, high: TokenBound | undefined): boolean {
  if (low !== undefined && !p.isMinimum(low.token)) {
    const c = p.compareTokens(token, low.token);
    if (c < 0 || (c === 0 && !low.inclusive)) return false;
  }
  if (high !== undefined && !p.isMinimum(high.token)) {
    const c = p.compareTokens(token, high.token);
    if (c > 0 || (c === 0 && !high.inclusive)) return false;
  }
  return true;
}
