/**
 * Halfway between two points of a ring of `modulus` integers, going clockwise from `left`; when
 * left >= right the interval wraps past zero. Also reports whether the halving dropped an odd
 * bit, which ByteOrdered/OrderPreserving midpoints turn into one extra, half-weight digit so the
 * result still lies strictly inside the interval. Mirrors Cassandra's FBUtilities.midpoint, whose
 * results other nodes may compare with ours.
 */
export function ringMidpoint(left: bigint, right: bigint, modulus: bigint): { midpoint: bigint; remainder: boolean } {
  if (left < right) {
    const sum = left + right;
    return { midpoint: sum >> 1n, remainder: (sum & 1n) === 1n };
  }
  const distance = modulus + right - left;
  return { midpoint: ((distance >> 1n) + left) % modulus, remainder: (distance & 1n) === 1n };
}
