import type { Random } from '../env/env.js';
import type { DecoratedKey } from './decorated-key.js';
import type { Partitioner } from './partitioner.js';
import type { PositionBound } from './position-bound.js';
import { compareByteTokens } from './token.js';

const EMPTY = Buffer.alloc(0);

/**
 * What ByteOrdered and OrderPreserving share: the token is the key's bytes, so token order is key
 * order and the position is simply the key (no prefix needed: equal tokens mean equal keys).
 * Tokens alias the key buffers they come from; keys are immutable throughout Ilium.
 */
export abstract class KeyOrderedPartitioner implements Partitioner<Buffer> {
  abstract readonly name: string;
  abstract readonly fullName: string;
  readonly preservesOrder = true;

  /** Rejects keys that cannot be tokens (OrderPreserving: invalid UTF-8). */
  protected abstract checkKey(key: Buffer): void;
  abstract tokenToString(t: Buffer): string;
  abstract tokenFromString(s: string): Buffer;
  abstract midpoint(left: Buffer, right: Buffer): Buffer;
  abstract randomToken(random: Random): Buffer;

  token(key: Buffer): Buffer {
    this.checkKey(key);
    return key;
  }

  decorate(key: Buffer): DecoratedKey<Buffer> {
    this.checkKey(key);
    return { key, token: key, position: key };
  }

  keyFromPosition(position: Buffer): Buffer {
    return position;
  }

  tokenFromPosition(position: Buffer): Buffer {
    return position;
  }

  compareTokens(a: Buffer, b: Buffer): number {
    return compareByteTokens(a, b);
  }

  minimumToken(): Buffer {
    return EMPTY;
  }

  isMinimum(t: Buffer): boolean {
    return t.length === 0;
  }

  tokenToBytes(t: Buffer): Buffer {
    return t;
  }

  tokenFromBytes(b: Buffer): Buffer {
    this.checkKey(b);
    return b;
  }

  tokenStartBound(t: Buffer): PositionBound {
    return { position: t, inclusive: true };
  }

  tokenEndBound(t: Buffer): PositionBound | null {
    return { position: t, inclusive: true };
  }
}
