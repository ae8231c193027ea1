/**
 * The one text value of a SELECT JSON row: the selected columns as a JSON object, in selection
 * order, written as Cassandra writes it: '{"k": 0, "\"Name\"": "x", "ttl(v)": null}' — ", " between
 * members, ": " after each key, keys per columnNameToJsonKey, values per toJson.
 */
import type { AbstractType } from '../../marshal/abstract-type.js';
import { columnNameToJsonKey } from './json-object.js';
import { quoteJsonString } from './json-string.js';
import { toJson } from './to-json.js';

export interface JsonColumn {
  /** The column's name or alias as the result set would show it ('v', 'Name', 'ttl(v)', 'count'). */
  readonly name: string;
  readonly type: AbstractType;
  /** Serialized value, or null. */
  readonly value: Buffer | null;
}

export function selectJsonRow(columns: readonly JsonColumn[]): string {
  const members = columns.map((c) => `${quoteJsonString(columnNameToJsonKey(c.name))}: ${toJson(c.type, c.value)}`);
  return `{${members.join(', ')}}`;
}
