/**
 * JSON ↔ CQL values: what SELECT JSON, INSERT JSON, toJson() and fromJson() need.
 *   parseJson / parseJsonObject  text → JsonValue (numbers kept exact), INSERT JSON key folding
 *   toJson / fromJson            one value of a CQL type ↔ JSON, Cassandra's forms and messages
 *   fromJsonForColumn            fromJson with INSERT JSON's "Error decoding JSON value for <col>"
 *   selectJsonRow                a SELECT JSON row's text
 *
 * JSON ↔ CQL values for SELECT JSON, INSERT JSON, toJson(), fromJson(): a strict parser that keeps
 * number literals exact (`JsonNumber`), Cassandra's JSON form of every native type both ways with
 * its messages (`json-codec.ts` dispatches), lists, sets, maps (non-text keys as their JSON
 * quoted), tuples and UDTs built per type (`json-structured-codecs.ts`), INSERT JSON key folding,
 * SELECT JSON rows
 */
export { JsonNumber, type JsonValue, isJsonObject, jsonKindName } from './json-value.js';
export { JsonSyntaxError, MAX_DEPTH, parseJson } from './json-parser.js';
export { escapeJsonString, quoteJsonString } from './json-string.js';
export { javaDecimalToString } from './java-decimal-text.js';
export { type JsonCodec, jsonCodecFor } from './json-codec.js';
export { formatJsonTimestamp } from './json-temporal-codecs.js';
export { toJson } from './to-json.js';
export { fromJson, fromJsonForColumn } from './from-json.js';
export { columnNameToJsonKey, jsonKeyToColumnName, parseJsonObject } from './json-object.js';
export { type JsonColumn, selectJsonRow } from './select-json-row.js';
