import type { Random } from '../env/env.js';
import type { DecoratedKey } from './decorated-key.js';
import type { PositionBound } from './position-bound.js';
import type { Token } from './token.js';

/**
 * Maps partition keys to tokens, which decide both where a key lives on the ring and the order of
 * partitions inside a table. Methods use method syntax on purpose: a `Partitioner<bigint>` is then
 * usable where a `Partitioner` (any token) is expected, e.g. from the registry.
 */
export interface Partitioner<T extends Token = Token> {
  /** Short class name, e.g. `Murmur3Partitioner`. */
  readonly name: string;
  /** Cassandra's class name, e.g. `org.apache.cassandra.dht.Murmur3Partitioner`. */
  readonly fullName: string;
  /** True when token order is key order (ByteOrdered, OrderPreserving): key ranges are scannable. */
  readonly preservesOrder: boolean;

  token(key: Buffer): T;
  decorate(key: Buffer): DecoratedKey<T>;
  /** The key bytes inside a position made by `decorate`. */
  keyFromPosition(position: Buffer): Buffer;
  /** The token of a position made by `decorate`, without hashing the key again. */
  tokenFromPosition(position: Buffer): T;

  compareTokens(a: T, b: T): number;
  /** The token no key maps to (except the empty key); as a range's right end it means "end of ring". */
  minimumToken(): T;
  isMinimum(t: T): boolean;

  /** As Cassandra prints tokens: decimal (Murmur3, Random), hex (ByteOrdered), the string (OPP). */
  tokenToString(t: T): string;
  /** Parses `tokenToString`'s form; throws MarshalError when `s` is not a valid token. */
  tokenFromString(s: string): T;
  /** Byte-comparable form: unsigned `Buffer.compare` order equals token order. */
  tokenToBytes(t: T): Buffer;
  tokenFromBytes(b: Buffer): T;

  /** A token halfway from `left` to `right` going clockwise (wraps when left >= right). */
  midpoint(left: T, right: T): T;
  randomToken(random: Random): T;

  /** Positions of keys with token >= t are exactly those after this bound. */
  tokenStartBound(t: T): PositionBound;
  /** Positions of keys with token <= t are exactly those before this bound; null: all of them. */
  tokenEndBound(t: T): PositionBound | null;
}
