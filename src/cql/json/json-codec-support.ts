/**
 * Shared pieces of the native JSON codecs: the codec contract, Cassandra's "Expected X, but got a
 * Y: v" message, and Java-style integer text parsing (Integer.parseInt and friends: optional sign,
 * decimal digits, nothing else).
 */
import { MarshalError } from '../../errors/index.js';
import { JsonNumber, jsonKindName, jsonValueForMessage } from './json-value.js';

/** How one CQL type's values are written to and read from JSON. */
export interface JsonCodec {
  /** JSON text of a valid, non-empty serialized value. */
  toJson(bytes: Buffer): string;
  /**
   * The serialized value for a parsed JSON value (json-value.ts) that is not null. Throws
   * MarshalError with Cassandra's wording when the value is not acceptable for the type.
   */
  fromJson(value: unknown): Buffer;
  /** JSON text of the empty (zero-byte) value, where the type has one. Default '""', as Cassandra. */
  readonly emptyJson?: string;
}

/** Cassandra's wording for a JSON value of the wrong kind: "Expected an int value, but got a Double: 1.5". */
export function expectedButGot(what: string, value: unknown): MarshalError {
  return new MarshalError(`Expected ${what}, but got a ${jsonKindName(value)}: ${jsonValueForMessage(value)}`);
}

/** The integer `s` holds in [min, max] per Java's parseInt/parseLong grammar, or null. */
export function parseJavaInteger(s: string, min: bigint, max: bigint): bigint | null {
  if (!/^[+-]?\d+$/.test(s)) return null;
  const v = BigInt(s);
  return v >= min && v <= max ? v : null;
}

/** The text of a string or number JSON value (other kinds: null). */
export function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  return value instanceof JsonNumber ? value.text : null;
}

/** Runs `parse`, replacing any MarshalError with one carrying `message` (Cassandra's wording). */
export function withMessage<T>(message: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof MarshalError) throw new MarshalError(message, { cause: e });
    throw e;
  }
}
