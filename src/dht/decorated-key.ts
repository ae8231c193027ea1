import type { Token } from './token.js';

/**
 * A partition key together with its token and its `position`: the byte string the storage engine
 * sorts partitions by. `Buffer.compare` on positions orders exactly like (token, then key bytes
 * unsigned), which is Cassandra's DecoratedKey order, so the engine never needs the partitioner to
 * compare two partitions.
 */
export interface DecoratedKey<T extends Token = Token> {
  readonly key: Buffer;
  readonly token: T;
  readonly position: Buffer;
}
