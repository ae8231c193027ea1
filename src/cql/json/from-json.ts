/**
 * fromJson: a parsed JSON value (json-parser.ts) as a CQL value of a given type, accepting what
 * Cassandra accepts for INSERT JSON and fromJson() (the codec tables say what each type takes),
 * with Cassandra's messages. JSON null is CQL null.
 *
 * Error messages name only the problem ("Unable to make int from 'x'"); INSERT JSON prefixes the
 * column ("Error decoding JSON value for v: Unable to make int from 'x'") through
 * fromJsonForColumn, which is the hook the executor calls per column.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/abstract-type.js';
import { jsonCodecFor } from './json-codec.js';
import { normalizeJsonInput } from './json-value.js';

/**
 * The serialized value of type `type` for `value`: a JsonValue as parseJson/parseJsonObject give
 * (plain JS numbers and bigints are also accepted and read as number literals). Null for JSON null
 * (or undefined). MarshalError (an InvalidRequestError) when the value does not fit the type.
 */
export function fromJson(type: AbstractType, value: unknown): Buffer | null {
  const v = normalizeJsonInput(value);
  if (v === null || v === undefined) return null;
  return jsonCodecFor(type).fromJson(v);
}

/**
 * fromJson for one column of an INSERT JSON: errors become InvalidRequestError
 * "Error decoding JSON value for <column>: <problem>", as Cassandra reports them.
 */
export function fromJsonForColumn(column: string, type: AbstractType, value: unknown): Buffer | null {
  try {
    return fromJson(type, value);
  } catch (e) {
    if (e instanceof InvalidRequestError) {
      throw new InvalidRequestError(`Error decoding JSON value for ${column}: ${e.message}`, { cause: e });
    }
    throw e;
  }
}

