/**
 * JSON codecs of the string-like types, by CQL name. What Cassandra accepts and writes:
 *
 *   type       accepts                                   writes
 *   ascii      strings of ASCII characters               string (json-string.ts escaping)
 *   text       strings                                   string
 *   blob       strings "0x" + an even number of hex      "0x…" (lower-case hex; "0x" when empty)
 *   boolean    true/false, or "true"/"false" any case    true/false
 *   uuid       UUID strings (either case)                string
 *   timeuuid   version-1 UUID strings                    string
 *   inet       IPv4/IPv6 address strings                 string (Java's form: 0:0:0:0:0:0:0:1)
 * An empty string gives the empty value for boolean, uuid, timeuuid and inet, as Cassandra's
 * fromString does.
 */
import { MarshalError } from '../../errors/index.js';
import { ASCII_TYPE } from '../../marshal/ascii-type.js';
import { EMPTY_BUFFER } from '../../marshal/base-type.js';
import { INET_ADDRESS_TYPE } from '../../marshal/inet-address-type.js';
import { parseInetAddress } from '../../marshal/inet-text.js';
import { uuidFromString, uuidToString, uuidVersion } from '../../marshal/timeuuid.js';
import { UTF8_TYPE } from '../../marshal/utf8-type.js';
import { type JsonCodec, expectedButGot, withMessage } from './json-codec-support.js';
import { quoteJsonString } from './json-string.js';
import { jsonKindName, jsonValueForMessage } from './json-value.js';

const ASCII: JsonCodec = {
  toJson: (b) => quoteJsonString(ASCII_TYPE.compose(b)),
  fromJson(value) {
    if (typeof value !== 'string') throw expectedButGot('an ascii string', value);
    for (let i = 0; i < value.length; i++) {
      if (value.charCodeAt(i) > 0x7f) {
        throw new MarshalError(`Invalid ASCII character in string literal: '${value[i]}' at index ${i} of '${value}'`);
      }
    }
    return Buffer.from(value, 'latin1');
  },
};

const TEXT: JsonCodec = {
  toJson: (b) => quoteJsonString(b.toString('utf8')),
  fromJson(value) {
    if (typeof value !== 'string') throw expectedButGot('a UTF-8 string', value);
    return UTF8_TYPE.decompose(value);
  },
};

const BLOB: JsonCodec = {
  emptyJson: '"0x"',
  toJson: (b) => `"0x${b.toString('hex')}"`,
  fromJson(value) {
    const shown = jsonValueForMessage(value);
    const invalid = (why: string): MarshalError => new MarshalError(`Value '${shown}' is not a valid blob representation: ${why}`);
    if (typeof value !== 'string') throw invalid(`expected a string, got a ${jsonKindName(value)}`);
    if (!value.startsWith('0x')) throw invalid(`String representation of blob is missing 0x prefix: ${value}`);
    const hex = value.slice(2);
    if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw invalid(`cannot parse '${hex}' as hex bytes`);
    return Buffer.from(hex, 'hex');
  },
};

const BOOLEAN: JsonCodec = {
  toJson: (b) => (b[0] === 0 ? 'false' : 'true'),
  fromJson(value) {
    if (typeof value === 'boolean') return Buffer.from([value ? 1 : 0]);
    if (typeof value !== 'string') throw expectedButGot('a boolean value', value);
    if (value === '') return EMPTY_BUFFER;
    const lower = value.toLowerCase();
    if (lower !== 'true' && lower !== 'false') throw new MarshalError(`Unable to make boolean from '${value}'`);
    return Buffer.from([lower === 'true' ? 1 : 0]);
  },
};

function uuidCodec(timeBased: boolean): JsonCodec {
  return {
    toJson: (b) => `"${uuidToString(b)}"`,
    fromJson(value) {
      if (typeof value !== 'string') throw expectedButGot(`a string representation of a ${timeBased ? 'timeuuid' : 'uuid'}`, value);
      if (value === '') return EMPTY_BUFFER;
      const bytes = withMessage(`Unable to make UUID from '${value}'`, () => uuidFromString(value));
      if (timeBased && uuidVersion(bytes) !== 1) throw new MarshalError('TimeUUID supports only version 1 UUIDs');
      return bytes;
    },
  };
}

const INET: JsonCodec = {
  toJson: (b) => `"${INET_ADDRESS_TYPE.toString(b)}"`,
  fromJson(value) {
    if (typeof value !== 'string') throw expectedButGot('a string representation of an inet value', value);
    if (value === '') return EMPTY_BUFFER;
    const bytes = parseInetAddress(value);
    if (bytes === null) throw new MarshalError(`Unable to make inet address from '${value}'`);
    return bytes;
  },
};

/** Codecs of the string-like types, by CQL type name. */
export const TEXT_JSON_CODECS: ReadonlyMap<string, JsonCodec> = new Map<string, JsonCodec>([
  ['ascii', ASCII],
  ['text', TEXT],
  ['varchar', TEXT],
  ['blob', BLOB],
  ['boolean', BOOLEAN],
  ['uuid', uuidCodec(false)],
  ['timeuuid', uuidCodec(true)],
  ['inet', INET],
]);
