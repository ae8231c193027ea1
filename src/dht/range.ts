import type { Bounds } from './bounds.js';
import type { Partitioner } from './partitioner.js';
import type { Token } from './token.js';

/**
 * The tokens in (left, right] on the ring, with Cassandra's Range semantics:
 * - left >= right wraps past the end of the ring (`isWrapAround`);
 * - left == right is the full ring, whatever the token;
 * - a right end equal to the minimum token means "to the end of the ring", so (x, min] does not
 *   need unwrapping.
 * The minimum token belongs to no real key (only the empty key, which tables refuse).
 */
export class Range<T extends Token = Token> {
  constructor(
    readonly partitioner: Partitioner<T>,
    readonly left: T,
    readonly right: T,
  ) {}

  static fullRing<T extends Token>(partitioner: Partitioner<T>): Range<T> {
    const min = partitioner.minimumToken();
    return new Range(partitioner, min, min);
  }

  private cmp(a: T, b: T): number {
    return this.partitioner.compareTokens(a, b);
  }

  isWrapAround(): boolean {
    return this.cmp(this.left, this.right) >= 0;
  }

  isFullRing(): boolean {
    return this.cmp(this.left, this.right) === 0;
  }

  contains(token: T): boolean {
    const afterLeft = this.cmp(token, this.left) > 0;
    const upToRight = this.cmp(token, this.right) <= 0;
    return this.isWrapAround() ? afterLeft || upToRight : afterLeft && upToRight;
  }

  /** Whether every token of `that` is in this range. */
  containsRange(that: Range<T>): boolean {
    if (this.isFullRing()) return true;
    const thisWraps = this.isWrapAround();
    const thatWraps = that.isWrapAround();
    const leftOk = this.cmp(this.left, that.left) <= 0;
    const rightOk = this.cmp(that.right, this.right) <= 0;
    if (thisWraps === thatWraps) return leftOk && rightOk;
    // A wrapping range holds a non-wrapping one when it fits in either of its two segments;
    // a non-wrapping range can never hold a wrapping one.
    return thisWraps && (leftOk || rightOk);
  }

  intersects(that: Range<T> | Bounds<T>): boolean {
    if (that instanceof Range) return this.intersectionWith(that).length > 0;
    if (this.contains(that.left)) return true;
    // Bounds [x, x] is a single token, not the full ring a Range (x, x] would be — unless x is the
    // minimum, where both mean "everything" (Cassandra answers false there; we follow Bounds).
    const single = this.cmp(that.left, that.right) === 0 && !this.partitioner.isMinimum(that.right);
    return !single && this.intersects(new Range(this.partitioner, that.left, that.right));
  }

  /** The common tokens as 0, 1 or 2 ranges (two when one wraps and the other spans its gap). */
  intersectionWith(that: Range<T>): Range<T>[] {
    if (that.containsRange(this)) return [this];
    if (this.containsRange(that)) return [that];
    const thisWraps = this.isWrapAround();
    const thatWraps = that.isWrapAround();
    if (!thisWraps && !thatWraps) {
      if (!(this.cmp(this.left, that.right) < 0 && this.cmp(that.left, this.right) < 0)) return [];
      const left = this.cmp(this.left, that.left) >= 0 ? this.left : that.left;
      const right = this.cmp(this.right, that.right) <= 0 ? this.right : that.right;
      return [new Range(this.partitioner, left, right)];
    }
    if (thisWraps && thatWraps) {
      const [first, second] = this.cmp(this.left, that.left) < 0 ? [this, that] : [that, this];
      return intersectBothWrapping(first, second);
    }
    return thisWraps ? intersectOneWrapping(this, that) : intersectOneWrapping(that, this);
  }

  /** Non-wrapping pieces covering the same tokens: a wrapping range splits at the minimum. */
  unwrap(): Range<T>[] {
    const min = this.partitioner.minimumToken();
    if (!this.isWrapAround() || this.partitioner.isMinimum(this.right)) return [this];
    return [new Range(this.partitioner, this.left, min), new Range(this.partitioner, min, this.right)];
  }

  equals(that: Range<T>): boolean {
    return this.cmp(this.left, that.left) === 0 && this.cmp(this.right, that.right) === 0;
  }

  toString(): string {
    return `(${this.partitioner.tokenToString(this.left)},${this.partitioner.tokenToString(this.right)}]`;
  }

  /** Unwrapped, sorted by left end, overlapping or touching ranges merged. */
  static normalize<T extends Token>(ranges: readonly Range<T>[]): Range<T>[] {
    const first = ranges[0];
    if (first === undefined) return [];
    const p = first.partitioner;
    const pieces = ranges.flatMap((r) => r.unwrap()).sort((a, b) => p.compareTokens(a.left, b.left));
    return mergeSorted(p, pieces);
  }
}

/** Both wrap and neither holds the other; `first` starts earlier. */
function intersectBothWrapping<T extends Token>(first: Range<T>, second: Range<T>): Range<T>[] {
  const p = first.partitioner;
  const out: Range<T>[] = [];
  if (p.compareTokens(second.right, first.left) > 0) out.push(new Range(p, first.left, second.right));
  out.push(new Range(p, second.left, first.right));
  return out;
}

function intersectOneWrapping<T extends Token>(wrapping: Range<T>, other: Range<T>): Range<T>[] {
  const p = wrapping.partitioner;
  const out: Range<T>[] = [];
  if (other.contains(wrapping.right)) out.push(new Range(p, other.left, wrapping.right));
  // wrapping.left itself is not in `wrapping`, so it must also be strictly below other.right.
  if (other.contains(wrapping.left) && p.compareTokens(wrapping.left, other.right) < 0) {
    out.push(new Range(p, wrapping.left, other.right));
  }
  return out;
}

/** Merges unwrapped ranges sorted by left end; (a, b] and (b, c] become (a, c]. */
function mergeSorted<T extends Token>(p: Partitioner<T>, pieces: Range<T>[]): Range<T>[] {
  const out: Range<T>[] = [];
  let current = pieces[0]!;
  for (let i = 1; i < pieces.length; i++) {
    if (p.isMinimum(current.right)) break; // current already runs to the end of the ring
    const next = pieces[i]!;
    if (p.compareTokens(next.left, current.right) <= 0) {
      if (p.isMinimum(next.right) || p.compareTokens(current.right, next.right) < 0) {
        current = new Range(p, current.left, next.right);
      }
    } else {
      out.push(current);
      current = next;
    }
  }
  if (p.isMinimum(current.right) && p.isMinimum(current.left)) return [current];
  out.push(current);
  return out;
}
