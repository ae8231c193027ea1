/**
 * The parsed form of JSON text, as INSERT JSON and fromJson() decode it (json-parser.ts).
 *
 *   null, boolean, string   as themselves
 *   number                  a JsonNumber holding the literal's exact source text, so a big integer
 *                           (9007199254740993) or a long decimal reaches varint/bigint/decimal
 *                           without passing through a double
 *   array                   a readonly array of JsonValue
 *   object                  a ReadonlyMap from member name to JsonValue (member order kept; a name
 *                           such as "__proto__" is just a key)
 *
 * Also the vocabulary Cassandra's messages use for a value's kind: Cassandra parses with Jackson,
 * and its errors name the Java class Jackson produced ("Expected an int value, but got a Long:
 * 2147483648"); jsonKindName reproduces those names so our messages read the same.
 */

const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const NUMBER_GRAMMAR = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A JSON number literal, kept as its source text. */
export class JsonNumber {
  readonly text: string;

  /** `text` must follow JSON's number grammar (RangeError otherwise). */
  constructor(text: string) {
    if (!NUMBER_GRAMMAR.test(text)) throw new RangeError(`not a JSON number: '${text}'`);
    this.text = text;
  }

  /** A JS number as a JsonNumber (finite numbers only; integers print without exponent). */
  static fromNumber(n: number): JsonNumber {
    if (!Number.isFinite(n)) throw new RangeError(`JSON has no literal for ${n}`);
    return new JsonNumber(Number.isInteger(n) && Math.abs(n) < 1e21 ? BigInt(n).toString() : String(n));
  }

  /** True for integer literals: no fraction and no exponent ("12", "-0"), as Jackson reads them. */
  get isInteger(): boolean {
    return !/[.eE]/.test(this.text);
  }

  /** The exact value of an integer literal (RangeError for a non-integer literal). */
  toBigInt(): bigint {
    if (!this.isInteger) throw new RangeError(`'${this.text}' is not an integer literal`);
    return BigInt(this.text);
  }

  /** The nearest double. */
  toNumber(): number {
    return Number(this.text);
  }

  toString(): string {
    return this.text;
  }
}

export type JsonValue = null | boolean | string | JsonNumber | readonly JsonValue[] | ReadonlyMap<string, JsonValue>;

export function isJsonObject(v: unknown): v is ReadonlyMap<string, JsonValue> {
  return v instanceof Map;
}

/**
 * The Java class Jackson would have produced for `v` (what Cassandra's messages name): Integer,
 * Long or BigInteger for integer literals by magnitude, Double for the others, String, Boolean,
 * ArrayList, LinkedHashMap.
 */
export function jsonKindName(v: unknown): string {
  if (v instanceof JsonNumber) {
    if (!v.isInteger) return 'Double';
    const n = v.toBigInt();
    if (n >= INT32_MIN && n <= INT32_MAX) return 'Integer';
    return n >= INT64_MIN && n <= INT64_MAX ? 'Long' : 'BigInteger';
  }
  if (typeof v === 'string') return 'String';
  if (typeof v === 'boolean') return 'Boolean';
  if (Array.isArray(v)) return 'ArrayList';
  if (v instanceof Map) return 'LinkedHashMap';
  if (typeof v === 'number' || typeof v === 'bigint') return jsonKindName(toJsonNumber(v));
  return v === null ? 'null' : typeof v;
}

/** `v` as Java's toString would print it in a message: strings bare, lists as [a, b], maps as {k=v}. */
export function jsonValueForMessage(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(jsonValueForMessage).join(', ')}]`;
  if (v instanceof Map) return `{${[...v].map(([k, x]) => `${k}=${jsonValueForMessage(x)}`).join(', ')}}`;
  return String(v);
}

/** JS numbers and bigints (from callers that built values by hand) as JsonNumbers; others unchanged. */
export function normalizeJsonInput(v: unknown): unknown {
  return typeof v === 'number' || typeof v === 'bigint' ? toJsonNumber(v) : v;
}

function toJsonNumber(v: number | bigint): JsonNumber {
  return typeof v === 'bigint' ? new JsonNumber(v.toString()) : JsonNumber.fromNumber(v);
}
