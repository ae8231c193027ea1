/**
 * Cassandra's JSON forms of the structured types, both ways, built per type instance and recursing
 * through the element types' codecs (`codecFor`, the dispatcher of json-codec.ts):
 *
 *   list, set  [e1, e2]          from an array; a null element is an error; a set is sorted and
 *                                deduplicated as its type normalizes it
 *   map        {"k": v, …}       keys are JSON strings: a key whose JSON is a string (text, a
 *                                timestamp…) is written as it is, any other key's JSON text is
 *                                itself quoted ({"1": "a"}, {"[1, 2]": 3}); read back with the key
 *                                type's codec from the string (which holds JSON for non-text keys)
 *   tuple      [c1, null, …]     exactly one item per component, null for a null component
 *   UDT        {"f": v, …}       every field by name (a name with upper-case letters written
 *                                "\"Name\"" and read case-folded as INSERT JSON keys are), null for a
 *                                null field; a missing field is null, an unknown one an error
 *
 * Every form is also accepted from a JSON string holding it ('"[1, 2]"'), as Cassandra does — that
 * is what makes the map-key rule round-trip for collection keys. Messages are Cassandra's.
 */
import { MarshalError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/abstract-type.js';
import { CollectionType } from '../../marshal/collection-type.js';
import { ListType } from '../../marshal/list-type.js';
import { MapType } from '../../marshal/map-type.js';
import { SetType } from '../../marshal/set-type.js';
import { TupleType } from '../../marshal/tuple-type.js';
import { UserType } from '../../marshal/user-type.js';
import { readCollectionValues, writeCollectionValues } from '../../marshal/value-sequence.js';
import type { JsonCodec } from './json-codec-support.js';
import { columnNameToJsonKey, jsonKeyToColumnName } from './json-object.js';
import { JsonSyntaxError, parseJson } from './json-parser.js';
import { quoteJsonString } from './json-string.js';
import { isJsonObject, jsonKindName, jsonValueForMessage, normalizeJsonInput } from './json-value.js';

export type CodecLookup = (type: AbstractType) => JsonCodec;

const EMPTY_VALUE_JSON = '""';

/** The codec of a list, set, map, tuple or UDT type; undefined for any other type. */
export function structuredJsonCodec(type: AbstractType, codecFor: CodecLookup): JsonCodec | undefined {
  if (type instanceof ListType || type instanceof SetType) return sequenceCodec(type, codecFor);
  if (type instanceof MapType) return mapCodec(type, codecFor);
  if (type instanceof UserType) return userTypeCodec(type, codecFor);
  if (type instanceof TupleType) return tupleCodec(type, codecFor);
  return undefined;
}

/** JSON text of one nested value (an element, key, component or field), empty values included. */
function nestedJson(type: AbstractType, codecFor: CodecLookup, bytes: Buffer): string {
  const codec = codecFor(type);
  return bytes.length === 0 ? (codec.emptyJson ?? EMPTY_VALUE_JSON) : codec.toJson(bytes);
}

/** A string holding JSON is read as that JSON (Cassandra's JsonUtils.decodeJson). */
function decodeIfString(value: unknown): unknown {
  if (typeof value !== 'string') return normalizeJsonInput(value);
  try {
    return parseJson(value);
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw new MarshalError(`Error decoding JSON string: ${e.detail}`, { cause: e });
    throw e;
  }
}

function expected(what: string, value: unknown): MarshalError {
  return new MarshalError(`Expected ${what}, but got a ${jsonKindName(value)}: ${jsonValueForMessage(value)}`);
}

function sequenceCodec(type: ListType | SetType, codecFor: CodecLookup): JsonCodec {
  const element = type.elements as AbstractType;
  const isSet = type instanceof SetType;
  return {
    emptyJson: '[]',
    toJson(bytes) {
      const items = readCollectionValues(bytes, type.name, ['element']).map((e) => nestedJson(element, codecFor, e));
      return `[${items.join(', ')}]`;
    },
    fromJson(value) {
      const v = decodeIfString(value);
      if (!Array.isArray(v)) throw expected(isSet ? 'a list (representing a set)' : 'a list', v);
      const flat = v.map((e: unknown) => {
        const item = normalizeJsonInput(e);
        if (item === null || item === undefined) throw new MarshalError(`Invalid null element in ${isSet ? 'set' : 'list'}`);
        return codecFor(element).fromJson(item);
      });
      return normalized(type, writeCollectionValues(flat, flat.length, type.name));
    },
  };
}

function mapCodec(type: MapType, codecFor: CodecLookup): JsonCodec {
  const keys = type.keys as AbstractType;
  const values = type.valueType as AbstractType;
  return {
    emptyJson: '{}',
    toJson(bytes) {
      const flat = readCollectionValues(bytes, type.name, ['key', 'value']);
      const items: string[] = [];
      for (let i = 0; i < flat.length; i += 2) {
        const key = nestedJson(keys, codecFor, flat[i]!);
        items.push(`${key.startsWith('"') ? key : quoteJsonString(key)}: ${nestedJson(values, codecFor, flat[i + 1]!)}`);
      }
      return `{${items.join(', ')}}`;
    },
    fromJson(value) {
      const v = decodeIfString(value);
      if (!isJsonObject(v)) throw expected('a map', v);
      const flat: Buffer[] = [];
      for (const [k, x] of v) {
        const item = normalizeJsonInput(x);
        if (item === null || item === undefined) throw new MarshalError('Invalid null value in map');
        flat.push(codecFor(keys).fromJson(k), codecFor(values).fromJson(item));
      }
      return normalized(type, writeCollectionValues(flat, flat.length / 2, type.name));
    },
  };
}

/** Sets and maps in their canonical order, once per element / key (the last value of a key wins). */
function normalized(type: CollectionType<unknown>, bytes: Buffer): Buffer {
  return type.normalize(bytes);
}

function tupleCodec(type: TupleType, codecFor: CodecLookup): JsonCodec {
  const types = type.types;
  const toJson = (bytes: Buffer): string => {
    const parts = type.split(bytes);
    return `[${types.map((t, i) => (parts[i] == null ? 'null' : nestedJson(t, codecFor, parts[i]!))).join(', ')}]`;
  };
  return {
    emptyJson: toJson(Buffer.alloc(0)),
    toJson,
    fromJson(value) {
      const v = decodeIfString(value);
      if (!Array.isArray(v)) throw expected('a list representation of a tuple', v);
      const shown = jsonValueForMessage(v);
      if (v.length > types.length) throw new MarshalError(`Tuple contains extra items (expected ${types.length}): ${shown}`);
      if (v.length < types.length) throw new MarshalError(`Tuple is missing items (expected ${types.length}): ${shown}`);
      return type.build(
        v.map((e: unknown, i) => {
          const item = normalizeJsonInput(e);
          return item === null || item === undefined ? null : codecFor(types[i]!).fromJson(item);
        }),
      );
    },
  };
}

function userTypeCodec(type: UserType, codecFor: CodecLookup): JsonCodec {
  const types = type.fieldTypes;
  const toJson = (bytes: Buffer): string => {
    const parts = type.split(bytes);
    const fields = type.fieldNames.map((name, i) => `${quoteJsonString(columnNameToJsonKey(name))}: ${parts[i] == null ? 'null' : nestedJson(types[i]!, codecFor, parts[i]!)}`);
    return `{${fields.join(', ')}}`;
  };
  return {
    emptyJson: toJson(Buffer.alloc(0)),
    toJson,
    fromJson(value) {
      const v = decodeIfString(value);
      if (!isJsonObject(v)) throw expected('a map', v);
      const given = new Map<string, unknown>();
      for (const [k, x] of v) given.set(jsonKeyToColumnName(k), x);
      const components = type.fieldNames.map((name, i) => {
        const item = normalizeJsonInput(given.get(name));
        given.delete(name);
        return item === null || item === undefined ? null : codecFor(types[i]!).fromJson(item);
      });
      const unknown = given.keys().next();
      if (unknown.done !== true) throw new MarshalError(`Unknown field '${unknown.value}' in value of user defined type ${type.typeName}`);
      return type.build(components);
    },
  };
}
