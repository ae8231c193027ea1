/**
 * toJson(x) and fromJson(text), built per type because their signatures depend on the call:
 *   toJson(x)        x's value as JSON text (src/cql/json toJson); null gives the text 'null'.
 *                    Only meaningful in a SELECT's selection: the executor builds it for the
 *                    selected expression's type.
 *   fromJson(text)   the JSON text as a value of the receiving column's type (src/cql/json
 *                    fromJson); null or JSON null gives null. Only where the receiver's type is
 *                    known (INSERT values, UPDATE assignments, WHERE terms).
 * Undecodable JSON and values the type refuses are FunctionExecutionErrors, as in Cassandra.
 */
import type { AbstractType } from '../../marshal/abstract-type.js';
import { UTF8_TYPE } from '../../marshal/utf8-type.js';
import { JsonSyntaxError, fromJson, parseJson, toJson } from '../json/index.js';
import { FunctionExecutionError } from './function-errors.js';
import type { ScalarFunction } from './function-model.js';
import { nativeScalar } from './native-scalar.js';

export const TO_JSON_NAME = 'tojson';
export const FROM_JSON_NAME = 'fromjson';

export function toJsonFunction(argType: AbstractType): ScalarFunction {
  return nativeScalar({
    name: TO_JSON_NAME,
    argTypes: [argType],
    returnType: UTF8_TYPE,
    execute: ([v]) => Buffer.from(toJson(argType, v ?? null), 'utf8'),
  });
}

export function fromJsonFunction(returnType: AbstractType): ScalarFunction {
  return nativeScalar({
    name: FROM_JSON_NAME,
    argTypes: [UTF8_TYPE],
    returnType,
    execute: ([v]) => {
      if (v === null || v === undefined) return null;
      const text = UTF8_TYPE.compose(v);
      let parsed;
      try {
        parsed = parseJson(text);
      } catch (e) {
        if (e instanceof JsonSyntaxError) throw new FunctionExecutionError(FROM_JSON_NAME, ['text'], `Could not decode JSON string '${text}': ${e.detail}`, { cause: e });
        throw e;
      }
      return fromJson(returnType, parsed);
    },
  });
}
