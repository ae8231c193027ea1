import type { Partitioner } from './partitioner.js';
import type { Token } from './token.js';

/**
 * The tokens in [left, right], never wrapping; a right end equal to the minimum token means "to
 * the end of the ring" (so [min, min] is everything). Used for key-range scans that must include
 * their start, as Cassandra's Bounds.
 */
export class Bounds<T extends Token = Token> {
  constructor(
    readonly partitioner: Partitioner<T>,
    readonly left: T,
    readonly right: T,
  ) {
    if (partitioner.compareTokens(left, right) > 0 && !partitioner.isMinimum(right)) {
      throw new RangeError(`Bounds ${this.toString()} would wrap around the ring`);
    }
  }

  /**
   * As Cassandra: [left, min] also holds the minimum token itself (the way a Range (x, min] does),
   * which matters only for the empty key.
   */
  contains(token: T): boolean {
    const p = this.partitioner;
    if (p.isMinimum(this.right)) return p.isMinimum(token) || p.compareTokens(token, this.left) >= 0;
    return p.compareTokens(token, this.left) >= 0 && p.compareTokens(token, this.right) <= 0;
  }

  toString(): string {
    return `[${this.partitioner.tokenToString(this.left)},${this.partitioner.tokenToString(this.right)}]`;
  }
}
