/**
 * Which JSON codec a CQL type uses: the one dispatch point behind toJson / fromJson (and so behind
 * SELECT JSON, INSERT JSON, toJson() and fromJson()). Native types are looked up by CQL name in the
 * tables of json-number-codecs.ts, json-text-codecs.ts and json-temporal-codecs.ts; ReversedType
 * (a clustering order) is looked through.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/abstract-type.js';
import { ReversedType } from '../../marshal/reversed-type.js';
import type { JsonCodec } from './json-codec-support.js';
import { NUMBER_JSON_CODECS } from './json-number-codecs.js';
import { TEMPORAL_JSON_CODECS } from './json-temporal-codecs.js';
import { TEXT_JSON_CODECS } from './json-text-codecs.js';

export type { JsonCodec } from './json-codec-support.js';

/** Every native type's codec, by CQL type name. */
const NATIVE_JSON_CODECS: ReadonlyMap<string, JsonCodec> = new Map<string, JsonCodec>([
  ...NUMBER_JSON_CODECS,
  ...TEXT_JSON_CODECS,
  ...TEMPORAL_JSON_CODECS,
]);

/** The codec for `type`; InvalidRequestError for a type with no JSON form. */
export function jsonCodecFor(type: AbstractType): JsonCodec {
  const base = type instanceof ReversedType ? (type.baseType as AbstractType) : type;
  const native = base.cqlName === null ? undefined : NATIVE_JSON_CODECS.get(base.cqlName);
  if (native !== undefined) return native;
  // TODO(collections, tuples, UDTs): when those types land in src/marshal, dispatch them here on
  // base.name ('ListType(…)', 'SetType(…)', 'MapType(…)', 'TupleType(…)', 'UserType(…)') to codecs
  // built per type instance in a new src/cql/json/json-collection-codecs.ts, each recursing
  // through jsonCodecFor for its element types. Cassandra's forms, for reference:
  //   list/set  JSON array, elements ", "-separated: [1, 2, 3]; an empty collection writes null;
  //             fromJson takes an array (or a string holding one); a null element is an error
  //   map       JSON object, ", " and ": " separators; keys written as JSON strings (a non-string
  //             key's JSON text is itself quoted: {"1": "a"}); fromJson parses each key string
  //             with the key type's codec (a string holding JSON for non-text keys)
  //   tuple     JSON array of the components, null for a null component; extra or missing
  //             items are errors ("Tuple contains extra items" / "Tuple is missing items")
  //   UDT       JSON object by field name (names case-folded as json-object.ts does for
  //             columns), null for a null field; unknown fields are errors ("Unknown field")
  throw new InvalidRequestError(`JSON is not supported for values of type ${base.cqlName ?? base.name}`);
}
