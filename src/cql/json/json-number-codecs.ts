/**
 * JSON codecs of the number types, by CQL name. What Cassandra accepts and writes:
 *
 *   type              accepts                                            writes
 *   tinyint/smallint  integer numbers or numeric strings in range         integer
 *   int               integer numbers in range (Jackson's Integer), strings integer
 *   bigint/counter    integer numbers in range (Integer/Long), strings    integer
 *   varint            integer numbers of any size, integer strings       integer, exact digits
 *   decimal           any number or numeric string, exactly as written   BigDecimal.toString ("1.5", "-1.23E-12")
 *   float/double      any number, numeric strings (Java's grammar:       Java's Float/Double.toString;
 *                     NaN, Infinity, 1e3, 2.5f)                          NaN and ±Infinity as null
 * An empty string gives the empty value where Cassandra's fromString does (not for varint,
 * tinyint, smallint). Numbers are exact: they arrive as literal text (JsonNumber), never through a
 * double, except where the column itself is a float or double.
 */
import { MarshalError } from '../../errors/index.js';
import { bigintToBytes, bytesToBigint } from '../../marshal/bigint-bytes.js';
import { EMPTY_BUFFER } from '../../marshal/base-type.js';
import { DECIMAL_TYPE, readDecimal } from '../../marshal/decimal-type.js';
import { formatJavaDouble, formatJavaFloat, parseJavaFloatingText } from '../../marshal/java-number-format.js';
import { encodeLong } from '../../marshal/long-type.js';
import { javaDecimalToString } from './java-decimal-text.js';
import { type JsonCodec, expectedButGot, parseJavaInteger, scalarText, withMessage } from './json-codec-support.js';
import { JsonNumber, jsonValueForMessage } from './json-value.js';

/** `v` (already in range) as a `bytes`-byte big-endian two's complement integer. */
function fixedInt(bytes: number, v: bigint): Buffer {
  if (bytes === 8) return encodeLong(v);
  const out = Buffer.alloc(bytes);
  out.writeIntBE(Number(v), 0, bytes);
  return out;
}

function readFixedInt(b: Buffer): string {
  return b.length === 8 ? b.readBigInt64BE(0).toString() : String(b.readIntBE(0, b.length));
}

/** int, bigint, counter: JSON integers (within the Java class Cassandra insists on) or strings. */
function strictInteger(bytes: 4 | 8, what: string, javaName: string): JsonCodec {
  const bits = BigInt(bytes * 8);
  const min = -(2n ** (bits - 1n));
  const max = 2n ** (bits - 1n) - 1n;
  return {
    toJson: readFixedInt,
    fromJson(value) {
      if (typeof value === 'string') {
        if (value === '') return EMPTY_BUFFER;
        const v = parseJavaInteger(value, min, max);
        if (v === null) throw new MarshalError(`Unable to make ${javaName} from '${value}'`);
        return fixedInt(bytes, v);
      }
      if (value instanceof JsonNumber && value.isInteger) {
        const v = value.toBigInt();
        if (v >= min && v <= max) return fixedInt(bytes, v);
      }
      throw expectedButGot(what, value);
    },
  };
}

/** tinyint, smallint: any number or string, parsed as text ("Unable to make short from '1.5'"). */
function lenientInteger(bytes: 1 | 2, what: string, javaName: string): JsonCodec {
  const max = 2n ** BigInt(bytes * 8 - 1) - 1n;
  return {
    toJson: readFixedInt,
    fromJson(value) {
      const text = scalarText(value);
      if (text === null) throw expectedButGot(what, value);
      const v = parseJavaInteger(text, -max - 1n, max);
      if (v === null) throw new MarshalError(`Unable to make ${javaName} from '${text}'`);
      return fixedInt(bytes, v);
    },
  };
}

const VARINT: JsonCodec = {
  toJson: (b) => bytesToBigint(b).toString(),
  fromJson(value) {
    const text = scalarText(value);
    if (text === null || !/^[+-]?\d+$/.test(text)) {
      throw new MarshalError(`Value '${jsonValueForMessage(value)}' is not a valid representation of a varint value`);
    }
    return bigintToBytes(BigInt(text));
  },
};

const DECIMAL: JsonCodec = {
  toJson(b) {
    const { unscaled, scale } = readDecimal(b);
    return javaDecimalToString(unscaled, scale);
  },
  fromJson(value) {
    const text = scalarText(value) ?? jsonValueForMessage(value);
    return withMessage(`Value '${text}' is not a valid representation of a decimal value`, () => {
      if (scalarText(value) === null) throw new MarshalError('not a number');
      return DECIMAL_TYPE.fromString(text);
    });
  },
};

function floating(bytes: 4 | 8, what: string, javaName: string): JsonCodec {
  const encode = (x: number): Buffer => {
    const out = Buffer.alloc(bytes);
    if (bytes === 4) out.writeFloatBE(x, 0);
    else out.writeDoubleBE(x, 0);
    return out;
  };
  return {
    toJson(b) {
      const x = bytes === 4 ? b.readFloatBE(0) : b.readDoubleBE(0);
      // JSON has no NaN or Infinity; Cassandra writes null (what most parsers make of them).
      if (!Number.isFinite(x)) return 'null';
      return bytes === 4 ? formatJavaFloat(x) : formatJavaDouble(x);
    },
    fromJson(value) {
      if (typeof value === 'string') {
        if (value === '') return EMPTY_BUFFER;
        return encode(withMessage(`Unable to make ${javaName} from '${value}'`, () => parseJavaFloatingText(value, javaName)));
      }
      if (value instanceof JsonNumber) return encode(value.toNumber());
      throw expectedButGot(what, value);
    },
  };
}

/** Codecs of the number types, by CQL type name. */
export const NUMBER_JSON_CODECS: ReadonlyMap<string, JsonCodec> = new Map<string, JsonCodec>([
  ['tinyint', lenientInteger(1, 'a byte value', 'byte')],
  ['smallint', lenientInteger(2, 'a short value', 'short')],
  ['int', strictInteger(4, 'an int value', 'int')],
  ['bigint', strictInteger(8, 'a bigint value', 'long')],
  ['counter', strictInteger(8, 'a bigint value', 'long')],
  ['varint', VARINT],
  ['decimal', DECIMAL],
  ['float', floating(4, 'a float value', 'float')],
  ['double', floating(8, 'a double value', 'double')],
]);
