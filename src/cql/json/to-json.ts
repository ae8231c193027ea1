/**
 * toJson: one CQL value as JSON text, in the form Cassandra writes for SELECT JSON and toJson()
 * (the codec tables say what each type writes). A null value is the JSON null; an empty (zero-byte)
 * value is '""' for the types that allow one ("0x" for blobs), as Cassandra writes it.
 */
import type { AbstractType } from '../../marshal/abstract-type.js';
import { jsonCodecFor } from './json-codec.js';

const EMPTY_VALUE_JSON = '""';

/**
 * JSON text of the serialized value `bytes` of type `type` (null for CQL null). The value is
 * validated first: MarshalError for bytes that are not a valid value of the type.
 */
export function toJson(type: AbstractType, bytes: Buffer | null): string {
  if (bytes === null) return 'null';
  const codec = jsonCodecFor(type);
  type.validate(bytes);
  if (bytes.length === 0) return codec.emptyJson ?? EMPTY_VALUE_JSON;
  return codec.toJson(bytes);
}
