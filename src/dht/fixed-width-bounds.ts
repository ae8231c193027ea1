import type { PositionBound } from './position-bound.js';

/**
 * Position bounds for partitioners whose positions are `tokenBytes(token) ‖ key` with fixed-width
 * token bytes: every key of a token starts with those bytes, and every larger token starts at or
 * after their increment.
 */
export function fixedWidthStartBound(tokenBytes: Buffer): PositionBound {
  return { position: tokenBytes, inclusive: true };
}

/** Exclusive upper bound just past every position of the token, or null past the largest token. */
export function fixedWidthEndBound(tokenBytes: Buffer): PositionBound | null {
  const next = Buffer.from(tokenBytes);
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i] !== 0xff) {
      next[i] = next[i]! + 1;
      return { position: next, inclusive: false };
    }
    next[i] = 0;
  }
  return null;
}

/** Fails loudly on a position too short to hold the fixed-width token prefix. */
export function checkPositionWidth(position: Buffer, width: number): void {
  if (position.length < width) {
    throw new RangeError(`position of ${position.length} bytes is shorter than its ${width}-byte token`);
  }
}
