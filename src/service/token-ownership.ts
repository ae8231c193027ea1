/**
 * How much of the token space each ring member owns by its tokens alone (nodetool status'
 * "Owns" without a keyspace, Cassandra's describeOwnership): a token owns the range from its
 * predecessor to itself. Numeric tokens (Murmur3: [-2^63, 2^63), RandomPartitioner: [0, 2^127])
 * measure range widths; key-ordered partitioners have no measure here, so each token counts as
 * an equal share. Fractions sum to 1 over the members (a lone member owns everything).
 */
import type { Endpoint, TokenMetadata } from '../locator/index.js';

const SPANS: Readonly<Record<string, bigint>> = {
  'org.apache.cassandra.dht.Murmur3Partitioner': 2n ** 64n,
  'org.apache.cassandra.dht.RandomPartitioner': 2n ** 127n + 1n,
};

export function tokenOwnership(ring: TokenMetadata): Map<Endpoint, number> {
  const entries = ring.ringEntries();
  const out = new Map<Endpoint, number>();
  if (entries.length === 0) return out;
  const span = SPANS[ring.partitioner.fullName];
  const numeric = span !== undefined && entries.every((e) => typeof e.token === 'bigint');
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    let share: number;
    if (!numeric || entries.length === 1) share = 1 / entries.length;
    else {
      const prev = entries[(i + entries.length - 1) % entries.length]!.token as bigint;
      const width = (((e.token as bigint) - prev) % span! + span!) % span!;
      share = Number((width * 1_000_000_000n) / span!) / 1e9;
    }
    out.set(e.endpoint, (out.get(e.endpoint) ?? 0) + share);
  }
  return out;
}
