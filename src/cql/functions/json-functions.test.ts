// toJson() and fromJson() as functions: results, nulls, and failures as FunctionExecutionError.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ErrorCode } from '../../errors/index.js';
import { CallArgs } from './call-args.js';
import { FunctionExecutionError } from './function-errors.js';
import { asScalar, cql, registry, show, testContext, v } from '../../../test/support/cql/function-calls.js';

const ctx = testContext();
const text = (s: string) => Buffer.from(s, 'utf8');

test('toJson(x) gives the JSON text of x; of null, the text null', () => {
  const toJson = (type: string) => asScalar(registry.resolve('tojson', [CallArgs.typed(cql(type), 'x')]));
  assert.equal(toJson('int').returnType, cql('text'));
  assert.equal(show(cql('text'), toJson('int').execute([v('int', '-5')], ctx)), '-5');
  assert.equal(show(cql('text'), toJson('text').execute([text('a"b')], ctx)), '"a\\"b"');
  assert.equal(show(cql('text'), toJson('timestamp').execute([v('timestamp', '2014-01-01')], ctx)), '"2014-01-01 00:00:00.000Z"');
  assert.equal(show(cql('text'), toJson('bigint').execute([null], ctx)), 'null');
});

test('fromJson(text) decodes for the receiver type; null and JSON null give null', () => {
  const fromJson = (type: string) => asScalar(registry.resolve('fromjson', [CallArgs.marker()], cql(type)));
  assert.equal(show(cql('bigint'), fromJson('bigint').execute([text('9223372036854775807')], ctx)), '9223372036854775807');
  assert.equal(show(cql('decimal'), fromJson('decimal').execute([text('"123.4500"')], ctx)), '123.4500');
  assert.equal(fromJson('int').execute([text('null')], ctx), null);
  assert.equal(fromJson('int').execute([null], ctx), null);
});

test('undecodable JSON and unfit values are function failures', () => {
  const fromJson = asScalar(registry.resolve('fromjson', [CallArgs.marker()], cql('int')));
  assert.throws(() => fromJson.execute([text('{"a": ')], ctx), (e: unknown) => {
    assert.ok(e instanceof FunctionExecutionError);
    assert.equal(e.code, ErrorCode.FUNCTION_FAILURE);
    assert.match(e.message, /^Could not decode JSON string '\{"a": ': unexpected end of input at offset 6$/);
    assert.deepEqual([e.keyspace, e.functionName, e.argTypes], ['system', 'fromjson', ['text']]);
    return true;
  });
  assert.throws(() => fromJson.execute([text('123.5')], ctx), (e: unknown) =>
    e instanceof FunctionExecutionError && e.message === "execution of 'system.fromjson[text]' failed: Expected an int value, but got a Double: 123.5");
});
