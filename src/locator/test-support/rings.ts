/**
 * Rings for the locator's tests: endpoints by their last octet, a snitch read from a table, and
 * rings built from (endpoint, tokens) lists over Murmur3's bigint tokens.
 */
import { Murmur3Partitioner } from '../../dht/index.js';
import { type Endpoint, endpoint } from '../endpoint.js';
import { SimpleSnitch } from '../simple-snitch.js';
import type { Location, Snitch } from '../snitch.js';
import { TokenMetadata } from '../token-metadata.js';

export const murmur3 = new Murmur3Partitioner();

/** 127.0.0.n:7000. */
export function ep(n: number): Endpoint {
  return endpoint(`127.0.0.${n}`);
}

/** A snitch answering from a fixed table; strangers are in `fallback`. */
export class TableSnitch implements Snitch {
  readonly name = 'TableSnitch';
  constructor(
    private readonly table: ReadonlyMap<Endpoint, Location>,
    private readonly fallback: Location = { datacenter: 'nowhere', rack: 'nowhere' },
  ) {}

  location(e: Endpoint): Location {
    return this.table.get(e) ?? this.fallback;
  }
}

export type RingSpec = ReadonlyArray<readonly [Endpoint, readonly bigint[]]>;

/** A ring where each listed endpoint is NORMAL with its tokens. */
export function ringOf(spec: RingSpec, snitch: Snitch = new SimpleSnitch()): TokenMetadata<bigint> {
  let ring = TokenMetadata.empty(murmur3, snitch);
  for (const [e, tokens] of spec) ring = ring.withNormalTokens(e, tokens);
  return ring;
}

/** Nodes 1..n with one token each: node i owns i * 100. */
export function threeNodeRing(n = 3): TokenMetadata<bigint> {
  return ringOf(Array.from({ length: n }, (_, i) => [ep(i + 1), [BigInt((i + 1) * 100)]] as const));
}

/** dc1 and dc2, each with racks r1 and r2; `perRack` nodes in each rack. Endpoint → location. */
export function twoDcTwoRackTable(perRack: number): Map<Endpoint, Location> {
  const table = new Map<Endpoint, Location>();
  let n = 1;
  for (const datacenter of ['dc1', 'dc2']) {
    for (const rack of ['r1', 'r2']) for (let i = 0; i < perRack; i++) table.set(ep(n++), { datacenter, rack });
  }
  return table;
}
