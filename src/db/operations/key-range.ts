/**
 * A KeyRange → the position intervals to scan. Keys (`startKey`..`endKey`, both inclusive, either
 * may be empty or absent for "unbounded") decorate to positions: under the order-preserving
 * partitioners that is key order (the seeds' '10050'..'10070'); under hashing ones it is token
 * order, so a key range only makes sense as "from this key's position" (paging), and an end key
 * sorting before the start key is refused as 0.7 refused it. Tokens (`startToken` exclusive,
 * `endToken` inclusive, wrapping allowed) go through dht's Range, walked in ring order.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type Partitioner, type PositionInterval, Range, rangeToPositionIntervals } from '../../dht/index.js';
import type { KeyRange } from './thrift-types.js';
import { NAME_BYTES_MAX } from './thrift-validation.js';

export function keyRangeIntervals(p: Partitioner, range: KeyRange): PositionInterval[] {
  if (range === null || typeof range !== 'object') throw new InvalidRequestError('KeyRange is required');
  if (!Number.isInteger(range.count) || range.count <= 0) throw new InvalidRequestError('maxRows must be positive');
  const byKey = range.startKey !== undefined || range.endKey !== undefined;
  const byToken = range.startToken !== undefined || range.endToken !== undefined;
  if (byKey === byToken) throw new InvalidRequestError('exactly one of {start key, end key} or {start token, end token} must be specified');
  return byToken ? tokenIntervals(p, range) : [keyInterval(p, range.startKey, range.endKey)];
}

function tokenIntervals(p: Partitioner, range: KeyRange): PositionInterval[] {
  if (range.startToken === undefined || range.endToken === undefined) throw new InvalidRequestError('start token and end token must both be specified');
  // tokenFromString throws MarshalError (an InvalidRequestError) for a malformed token.
  const ring = new Range(p, p.tokenFromString(range.startToken), p.tokenFromString(range.endToken));
  // Ring order, as 0.7 walked a wrapping range: (left, end of ring] first, then (start of ring, right].
  return ring.unwrap().flatMap((piece) => rangeToPositionIntervals(piece));
}

function keyInterval(p: Partitioner, startKey: Buffer | undefined, endKey: Buffer | undefined): PositionInterval {
  for (const k of [startKey, endKey]) {
    if (k !== undefined && !Buffer.isBuffer(k)) throw new InvalidRequestError('range keys must be bytes');
    if (k !== undefined && k.length > NAME_BYTES_MAX) throw new InvalidRequestError(`Key length of ${k.length} is longer than maximum of ${NAME_BYTES_MAX}`);
  }
  const startPosition = startKey !== undefined && startKey.length > 0 ? p.decorate(startKey).position : Buffer.alloc(0);
  const endPosition = endKey !== undefined && endKey.length > 0 ? p.decorate(endKey).position : null;
  if (endPosition !== null && Buffer.compare(startPosition, endPosition) > 0) {
    throw new InvalidRequestError(
      p.preservesOrder
        ? 'start key must sort before (or equal to) end key in your partitioner!'
        : `start key's token sorts after end key's token under ${p.name}. this is not allowed; you probably should not specify end key at all`,
    );
  }
  return { start: { position: startPosition, inclusive: true }, end: endPosition === null ? null : { position: endPosition, inclusive: true } };
}
