/**
 * A position on the ring. Hash partitioners use integers (`bigint`: Murmur3's signed 64-bit
 * longs, RandomPartitioner's 0..2^127); order-preserving partitioners use the key's bytes
 * (`Buffer`, compared unsigned, a shorter prefix first). Each `Partitioner<T>` fixes which one.
 */
export type Token = bigint | Buffer;

/** Orders two integer tokens. */
export function compareBigints(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders two byte tokens the way Cassandra's BytesToken does (unsigned, prefix first). */
export function compareByteTokens(a: Buffer, b: Buffer): number {
  return Buffer.compare(a, b);
}
