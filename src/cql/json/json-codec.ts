/**
 * Which JSON codec a CQL type uses: the one dispatch point behind toJson / fromJson (and so behind
 * SELECT JSON, INSERT JSON, toJson() and fromJson()). Native types are looked up by CQL name in the
 * tables of json-number-codecs.ts, json-text-codecs.ts and json-temporal-codecs.ts; lists, sets,
 * maps, tuples and user types get a codec built for the instance (json-structured-codecs.ts, which
 * recurses through this dispatcher for their element types); ReversedType (a clustering order) is
 * looked through.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/abstract-type.js';
import { ReversedType } from '../../marshal/reversed-type.js';
import type { JsonCodec } from './json-codec-support.js';
import { NUMBER_JSON_CODECS } from './json-number-codecs.js';
import { TEMPORAL_JSON_CODECS } from './json-temporal-codecs.js';
import { structuredJsonCodec } from './json-structured-codecs.js';
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
  const structured = structuredJsonCodec(base, jsonCodecFor);
  if (structured !== undefined) return structured;
  throw new InvalidRequestError(`JSON is not supported for values of type ${base.cqlName ?? base.name}`);
}
