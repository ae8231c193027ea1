/**
 * The JSON object of an INSERT JSON, and the column-name rule on both sides of JSON:
 *
 *   INSERT JSON key   '"Name"' (double quotes inside the key) → column Name, case kept;
 *                     any other key → lower-cased ('K' → column k), as an unquoted CQL
 *                     identifier would be
 *   SELECT JSON key   a column name with upper-case letters is written quoted ("\"Name\""), others
 *                     as they are, so that a SELECT JSON row can be inserted back with INSERT JSON
 *
 * This is Cassandra's rule (Json.handleCaseSensitivity and the selection's JSON row writer). Two
 * keys naming the same column after folding ('K' and 'k'): the later one in the text wins.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { JsonSyntaxError, parseJson } from './json-parser.js';
import { type JsonValue, isJsonObject, jsonKindName } from './json-value.js';

/** The column an INSERT JSON key names. */
export function jsonKeyToColumnName(key: string): string {
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) return key.slice(1, -1);
  return key.toLowerCase();
}

/** The key SELECT JSON writes for a column (or alias) name, before JSON string escaping. */
export function columnNameToJsonKey(name: string): string {
  return name === name.toLowerCase() ? name : `"${name}"`;
}

/**
 * Parses INSERT JSON's text: a JSON object, keys folded to column names. InvalidRequestError for
 * invalid JSON or a non-object ("Could not decode JSON string as a map: …"), and for JSON null
 * ("Got null for INSERT JSON values"). Values keep their exact form (JsonValue) for fromJson.
 */
export function parseJsonObject(text: string): Map<string, JsonValue> {
  let parsed: JsonValue;
  try {
    parsed = parseJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) {
      throw new InvalidRequestError(`Could not decode JSON string as a map: ${e.detail}. (String was: ${text})`, { cause: e });
    }
    throw e;
  }
  if (parsed === null) throw new InvalidRequestError('Got null for INSERT JSON values');
  if (!isJsonObject(parsed)) {
    throw new InvalidRequestError(`Could not decode JSON string as a map: expected an object, got a ${jsonKindName(parsed)}. (String was: ${text})`);
  }
  const out = new Map<string, JsonValue>();
  for (const [key, value] of parsed) out.set(jsonKeyToColumnName(key), value);
  return out;
}
