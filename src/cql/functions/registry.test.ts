// Overload resolution as Cassandra's FunctionResolver does it, and its error messages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { ReversedType } from '../../marshal/reversed-type.js';
import { type CallArg, CallArgs, fitOf, preferredLiteralType } from './call-args.js';
import { FunctionRegistry } from './function-registry.js';
import type { CqlFunction } from './function-model.js';
import { nativeScalar } from './native-scalar.js';
import { OPERATOR_FUNCTION_NAMES } from './operator-functions.js';
import { cql, registry } from '../../../test/support/cql/function-calls.js';

const col = (type: string, name = type) => CallArgs.typed(cql(type), name);
const int = (n: string) => CallArgs.literal('integer', n);
const str = (s: string) => CallArgs.literal('string', s);
const sig = (fn: CqlFunction) => `${fn.name}(${fn.argTypes.map((t) => t.cqlName).join(', ')}) -> ${fn.returnType.cqlName}`;
const resolve = (name: string, args: CallArg[], receiver: string | null = null) => sig(registry.resolve(name, args, receiver === null ? null : cql(receiver)));
const refused = (name: string, args: CallArg[], message: string, receiver: string | null = null): void => {
  assert.throws(() => registry.resolve(name, args, receiver === null ? null : cql(receiver)), (e: unknown) => {
    assert.ok(e instanceof InvalidRequestError, String(e));
    assert.equal(e.message, message);
    return true;
  });
};
const plus = OPERATOR_FUNCTION_NAMES['+'];

test('literal preferred types', () => {
  const pref = (k: Parameters<typeof preferredLiteralType>[0], s: string) => preferredLiteralType(k, s)?.cqlName;
  assert.equal(pref('integer', '2147483647'), 'int');
  assert.equal(pref('integer', '-2147483649'), 'bigint');
  assert.equal(pref('integer', '9223372036854775808'), 'varint');
  assert.equal(pref('float', '1.5'), 'double');
  assert.equal(pref('float', '0.1'), 'double');
  assert.equal(pref('float', '3.14159265358979323846'), 'decimal');
  assert.equal(pref('float', 'NaN'), 'double');
  assert.equal(pref('float', '1e400'), 'decimal');
  assert.equal(pref('string', 'abc'), 'ascii');
  assert.equal(pref('string', 'é'), 'text');
  assert.equal(pref('uuid', '6bddc89a-5644-11e4-97fc-56847afe9799'), 'timeuuid');
  assert.equal(pref('uuid', '6bddc89a-5644-41e4-97fc-56847afe9799'), 'uuid');
  assert.equal(fitOf(str('2016-01-01'), cql('timestamp')), 'weak');
  assert.equal(fitOf(str('abc'), cql('text')), 'weak');
  assert.equal(fitOf(str('abc'), cql('int')), 'none');
  assert.equal(fitOf(int('1'), new ReversedType(cql('int'))), 'exact');
  assert.equal(fitOf(col('ascii'), cql('text')), 'weak');
  assert.equal(fitOf(col('int'), cql('blob')), 'weak', 'a blob takes any value');
  assert.equal(fitOf(col('timeuuid'), cql('uuid')), 'weak');
  assert.equal(fitOf(col('uuid'), cql('timeuuid')), 'none');
  assert.equal(fitOf(CallArgs.null(), cql('counter')), 'none');
  assert.equal(fitOf(CallArgs.marker(), cql('counter')), 'weak');
});

test('exact matches win; a single weak match is taken', () => {
  assert.equal(resolve('todate', [col('timestamp')]), 'todate(timestamp) -> date');
  assert.equal(resolve('todate', [col('timeuuid')]), 'todate(timeuuid) -> date');
  assert.equal(resolve('todate', [str('2016-01-01')]), 'todate(timestamp) -> date', 'a string fits timestamp, not timeuuid');
  assert.equal(resolve('tounixtimestamp', [col('date', 'd')]), 'tounixtimestamp(date) -> bigint');
  assert.equal(resolve('max', [col('text')]), 'max(text) -> text');
  assert.equal(resolve('max', [CallArgs.typed(new ReversedType(cql('int')), 'c')]), 'max(int) -> int', 'clustering order is looked through');
  assert.equal(resolve('sum', [int('1')]), 'sum(int) -> int');
  assert.equal(resolve('count', [col('uuid')]), 'count(uuid) -> bigint');
  assert.equal(resolve('textasblob', [str('abc')]), 'textasblob(text) -> blob');
  assert.equal(resolve('mintimeuuid', [CallArgs.marker()]), 'mintimeuuid(timestamp) -> timeuuid');
});

test('operators: typed operands and literals resolve as in Cassandra', () => {
  assert.equal(resolve(plus, [int('1'), int('1')]), '_add(int, int) -> int');
  assert.equal(resolve(plus, [col('tinyint', 'a'), int('1')]), '_add(tinyint, int) -> int');
  assert.equal(resolve(plus, [col('float', 'e'), int('1')]), '_add(float, int) -> float');
  assert.equal(resolve(plus, [col('tinyint', 'a'), int('2147483657')]), '_add(tinyint, bigint) -> bigint');
  assert.equal(resolve(plus, [col('int', 'c'), CallArgs.literal('float', '5.5')]), '_add(int, double) -> double');
  assert.equal(resolve(plus, [col('counter', 'b'), int('1')]), '_add(counter, int) -> bigint');
  assert.equal(resolve(plus, [col('timestamp', 't'), CallArgs.literal('duration', '5m')]), '_add(timestamp, duration) -> timestamp');
  assert.equal(resolve(OPERATOR_FUNCTION_NAMES['-'], [col('date', 'd'), CallArgs.literal('duration', '2d')]), '_substract(date, duration) -> date');
  // With a receiver: only overloads whose result it accepts.
  assert.equal(resolve(plus, [int('1'), CallArgs.marker()], 'tinyint'), '_add(tinyint, tinyint) -> tinyint');
  assert.equal(resolve(plus, [int('1'), int('1')], 'tinyint'), '_add(tinyint, tinyint) -> tinyint');
  assert.equal(resolve(plus, [int('1'), int('1')], 'int'), '_add(int, int) -> int');
  assert.equal(resolve(OPERATOR_FUNCTION_NAMES['*'], [int('1'), int('2')], 'smallint'), '_multiply(smallint, smallint) -> smallint');
});

test('nested calls are resolved for each candidate parameter, as Cassandra does', () => {
  const inner = (name: string, args: CallArg[]) => CallArgs.call(`${name}(…)`, (r) => registry.resolve(name, args, r));
  // c2 smallint = 1 * (1 + 1): the inner sum resolves to smallint + smallint for a smallint parameter.
  assert.equal(resolve(OPERATOR_FUNCTION_NAMES['*'], [int('1'), inner(plus, [int('1'), int('1')])], 'smallint'), '_multiply(smallint, smallint) -> smallint');
  // c2 = 1 * (? + 1): the outer call resolves; the inner one is ambiguous once resolved for real.
  assert.equal(resolve(OPERATOR_FUNCTION_NAMES['*'], [int('1'), inner(plus, [CallArgs.marker(), int('1')])], 'smallint'), '_multiply(smallint, smallint) -> smallint');
  refused(plus, [CallArgs.marker(), int('1')], "Ambiguous '+' operation with args ? and 1: use type hint to disambiguate, example '(int) ?'", 'smallint');
  // toDate(maxTimeuuid(…)) picks toDate(timeuuid) exactly.
  assert.equal(resolve('todate', [inner('maxtimeuuid', [str('2013-01-01 00:05+0000')])]), 'todate(timeuuid) -> date');
  // A nested fromJson fits weakly whatever the parameter: alone it resolves, ambiguous it stays ambiguous.
  assert.equal(resolve('mintimeuuid', [inner('fromjson', [str('0')])]), 'mintimeuuid(timestamp) -> timeuuid');
  refused('todate', [inner('fromjson', [str('0')])],
    'Ambiguous call to function system.todate (can be matched by following signatures: system.todate : (timeuuid) -> date, system.todate : (timestamp) -> date): use type casts to disambiguate');
});

test('ambiguous calls', () => {
  refused(plus, [CallArgs.marker(), int('1')], "Ambiguous '+' operation with args ? and 1: use type hint to disambiguate, example '(int) ?'", 'int');
  refused(plus, [int('1'), CallArgs.marker()], "Ambiguous '+' operation with args 1 and ?: use type hint to disambiguate, example '(int) ?'");
  refused(plus, [CallArgs.marker(), int('50')], "Ambiguous '+' operation with args ? and 50: use type hint to disambiguate, example '(int) ?'");
  refused('_negate', [CallArgs.marker()], 'Ambiguous negation: use type casts to disambiguate');
  refused('todate', [CallArgs.marker()],
    'Ambiguous call to function system.todate (can be matched by following signatures: system.todate : (timeuuid) -> date, system.todate : (timestamp) -> date): use type casts to disambiguate');
  // NULL fits every max overload but counter's.
  const maxes = registry.overloads('max').filter((f) => f.argTypes[0]!.cqlName !== 'counter');
  const listed = maxes.map((f) => `system.max : (${f.argTypes[0]!.cqlName}) -> ${f.returnType.cqlName}`).join(', ');
  refused('max', [CallArgs.null()], `Ambiguous call to function system.max (can be matched by following signatures: ${listed}): use type casts to disambiguate`);
});

test('unknown functions, arity and type errors', () => {
  refused('nosuchfunction', [], 'Unknown function nosuchfunction called');
  refused('toDate', [col('timestamp')], 'Unknown function toDate called', null);
  refused('now', [int('1')], 'Invalid number of arguments in call to function system.now: 0 required but 1 provided');
  refused('todate', [], 'Invalid number of arguments in call to function system.todate: 1 required but 0 provided');
  refused('mintimeuuid', [col('int', 'x')], 'Type error: x cannot be passed as argument 0 of function system.mintimeuuid of type timestamp');
  refused('mintimeuuid', [CallArgs.literal('boolean', 'true')], 'Type error: true cannot be passed as argument 0 of function system.mintimeuuid of type timestamp');
  refused('todate', [col('int', 'x')],
    'Invalid call to function system.todate, none of its type signatures match (known type signatures: system.todate : (timeuuid) -> date, system.todate : (timestamp) -> date)');
  refused(plus, [col('boolean', 'b'), col('text', 'c')], "the '+' operation is not supported between b and c");
  refused(plus, [col('boolean', 'b'), int('1')], "the '+' operation is not supported between b and 1");
  refused(OPERATOR_FUNCTION_NAMES['/'], [CallArgs.literal('float', 'NaN'), col('boolean', 'b')], "the '/' operation is not supported between NaN and b");
  refused(OPERATOR_FUNCTION_NAMES['%'], [col('timestamp', 'time'), CallArgs.literal('duration', '10m')], "the '%' operation is not supported between time and 10m");
});

test('toJson and fromJson are built for the call', () => {
  assert.equal(resolve('tojson', [col('int')]), 'tojson(int) -> text');
  refused('tojson', [col('int')], 'toJson() may only be used within the selection clause of SELECT statements', 'text');
  refused('tojson', [CallArgs.marker()], 'toJson() needs an argument of known type, got ?: use a type cast');
  refused('tojson', [], 'Invalid number of arguments in call to function system.tojson: 1 required but 0 provided');
  assert.equal(resolve('fromjson', [CallArgs.marker()], 'bigint'), 'fromjson(text) -> bigint');
  assert.equal(resolve('fromjson', [str('123')], 'int'), 'fromjson(text) -> int');
  refused('fromjson', [CallArgs.marker()], 'fromJson() cannot be used in the selection clause of a SELECT statement');
  refused('fromjson', [col('int', 'x')], 'Type error: x cannot be passed as argument 0 of function system.fromjson of type text', 'int');
  assert.ok(registry.has('tojson') && registry.has('fromjson') && !registry.has('token'));
});

test('registries are immutable values; withFunctions extends one', () => {
  const twice = nativeScalar({ name: 'twice', argTypes: [cql('int')], returnType: cql('int'), execute: ([x]) => x ?? null });
  const extended = registry.withFunctions([twice]);
  assert.equal(extended.resolve('twice', [int('2')]), twice);
  assert.equal(registry.has('twice'), false);
  assert.ok(extended.overloads('todate').length === 2);
  const empty = new FunctionRegistry([]);
  assert.throws(() => empty.resolve('now', []), /Unknown function now called/);
});
