/**
 * Rings for the locator's tests: endpoints by their last octet, a snitch read from a table, and
 * rings built from (endpoint, tokens) lists over Murmur3's bigint tokens.
 */
import fc from 'fast-check';
import { Murmur3Partitioner } from '../../../src/dht/index.js';
import { type Endpoint, endpoint } from '../../../src/locator/endpoint.js';
import { SimpleSnitch } from '../../../src/locator/simple-snitch.js';
import type { Location, Snitch } from '../../../src/locator/snitch.js';
import { TokenMetadata } from '../../../src/locator/token-metadata.js';

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

export interface RingShape {
  readonly nodes: number;
  readonly vnodes: number;
  readonly tokens: readonly bigint[];
  /** Per node: index into `datacenters` and `racks`. */
  readonly placement: ReadonlyArray<{ readonly dc: number; readonly rack: number }>;
}

export const DATACENTERS = ['dc1', 'dc2', 'dc3'] as const;

/** Random rings of 1..maxNodes nodes with 1..4 tokens each, spread over up to 3 DCs × 3 racks. */
export function arbitraryRingShape(maxNodes = 8): fc.Arbitrary<RingShape> {
  return fc.record({ nodes: fc.integer({ min: 1, max: maxNodes }), vnodes: fc.integer({ min: 1, max: 4 }) }).chain(({ nodes, vnodes }) =>
    fc.record({
      nodes: fc.constant(nodes),
      vnodes: fc.constant(vnodes),
      tokens: fc.uniqueArray(fc.bigInt({ min: -(2n ** 63n) + 1n, max: 2n ** 63n - 1n }), { minLength: nodes * vnodes, maxLength: nodes * vnodes }),
      placement: fc.array(fc.record({ dc: fc.integer({ min: 0, max: 2 }), rack: fc.integer({ min: 0, max: 2 }) }), { minLength: nodes, maxLength: nodes }),
    }),
  );
}

/** The shape's snitch table: node i is 127.0.0.(i+1). */
export function shapeTable(shape: RingShape): Map<Endpoint, Location> {
  return new Map(shape.placement.map((p, i) => [ep(i + 1), { datacenter: DATACENTERS[p.dc]!, rack: `r${p.rack + 1}` }]));
}

export function ringOfShape(shape: RingShape): TokenMetadata<bigint> {
  const spec = Array.from({ length: shape.nodes }, (_, i) => [ep(i + 1), shape.tokens.slice(i * shape.vnodes, (i + 1) * shape.vnodes)] as const);
  return ringOf(spec, new TableSnitch(shapeTable(shape)));
}

export const arbitraryToken = (): fc.Arbitrary<bigint> => fc.bigInt({ min: -(2n ** 63n) + 1n, max: 2n ** 63n - 1n });
