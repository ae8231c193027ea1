// now, uuid and the date/time conversion functions on real values; null and empty arguments.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { timeUuidTimestamp100ns, timestampToUnixMs, uuidVersion } from '../../marshal/timeuuid.js';
import { CallArgs } from './call-args.js';
import { FunctionExecutionError } from './function-errors.js';
import { asScalar, cql, registry, run, show, testContext, v } from '../../../test/support/cql/function-calls.js';

const typed = (type: string, text = 'x') => CallArgs.typed(cql(type), text);
const str = (s: string) => CallArgs.literal('string', s);

/** f(g(x)) for one-argument functions, as the executor would nest them. */
function nest(outer: string, inner: string, innerArg: ReturnType<typeof str>, value: Buffer, ctx = testContext()): string | null {
  const g = asScalar(registry.resolve(inner, [innerArg]));
  const f = asScalar(registry.resolve(outer, [CallArgs.typed(g.returnType, `${inner}(…)`)]));
  return show(f.returnType, f.execute([g.execute([value], ctx)], ctx));
}

test("toDate(minTimeuuid('2013-01-01 00:05+0000')) and friends", () => {
  const t = v('timestamp', '2013-01-01 00:05+0000');
  assert.equal(nest('todate', 'mintimeuuid', str('2013-01-01 00:05+0000'), t), '2013-01-01');
  assert.equal(nest('totimestamp', 'maxtimeuuid', str('2013-01-01 00:05+0000'), t), '2013-01-01T00:05:00.000Z');
  assert.equal(nest('dateof', 'mintimeuuid', str('2013-01-01 00:05+0000'), t), '2013-01-01T00:05:00.000Z');
  assert.equal(nest('unixtimestampof', 'maxtimeuuid', str('2013-01-01 00:05+0000'), t), '1356998700000');
  assert.equal(nest('tounixtimestamp', 'mintimeuuid', str('2013-01-01 00:05+0000'), t), '1356998700000');
});

test('minTimeuuid/maxTimeuuid bound every timeuuid of their millisecond', () => {
  const ms = Date.UTC(2013, 1, 2, 10, 0, 0);
  const ctx = testContext(ms);
  const min = asScalar(registry.resolve('mintimeuuid', [str('2013-02-02 10:00+0000')])).execute([v('timestamp', String(ms))], ctx)!;
  const max = asScalar(registry.resolve('maxtimeuuid', [str('2013-02-02 10:00+0000')])).execute([v('timestamp', String(ms))], ctx)!;
  const now = asScalar(registry.resolve('now', [])).execute([], ctx)!;
  const timeuuid = cql('timeuuid');
  assert.ok(timeuuid.compare(min, now) < 0 && timeuuid.compare(now, max) < 0);
  assert.equal(timestampToUnixMs(timeUuidTimestamp100ns(min)), BigInt(ms));
  assert.equal(timestampToUnixMs(timeUuidTimestamp100ns(max)), BigInt(ms));
});

test('toDate, toTimestamp, toUnixTimestamp on each source type', () => {
  assert.equal(run('todate', [typed('timestamp')], [v('timestamp', '2016-10-04T23:59:59.999Z')]), '2016-10-04');
  assert.equal(run('todate', [typed('timestamp')], [v('timestamp', '-1')]), '1969-12-31', 'days round toward the past');
  assert.equal(run('todate', [typed('timeuuid')], [v('timeuuid', '6bddc89a-5644-11e4-97fc-56847afe9799')]), '2014-10-17');
  assert.equal(run('totimestamp', [typed('date')], [v('date', '2016-10-04')]), '2016-10-04T00:00:00.000Z');
  assert.equal(run('totimestamp', [typed('date')], [v('date', '1969-12-31')]), '1969-12-31T00:00:00.000Z');
  assert.equal(run('totimestamp', [typed('timeuuid')], [v('timeuuid', '6bddc89a-5644-11e4-97fc-56847afe9799')]), '2014-10-17T21:27:39.541Z');
  assert.equal(run('tounixtimestamp', [typed('date')], [v('date', '2016-10-04')]), '1475539200000');
  assert.equal(run('tounixtimestamp', [typed('timestamp')], [v('timestamp', '2011-02-03T04:05:00.000Z')]), '1296705900000');
  assert.equal(registry.overloads('todate').length, 2);
  assert.equal(registry.overloads('totimestamp').length, 2);
  assert.equal(registry.overloads('tounixtimestamp').length, 3);
});

test('null and empty arguments give null', () => {
  for (const [name, type] of [['todate', 'timestamp'], ['todate', 'timeuuid'], ['totimestamp', 'date'], ['tounixtimestamp', 'timestamp'], ['dateof', 'timeuuid'], ['unixtimestampof', 'timeuuid'], ['mintimeuuid', 'timestamp'], ['maxtimeuuid', 'timestamp']] as const) {
    assert.equal(run(name, [typed(type)], [null]), null, `${name}(${type}) of null`);
    if (type !== 'date') assert.equal(run(name, [typed(type)], [Buffer.alloc(0)]), null, `${name}(${type}) of empty`);
  }
});

test('results outside the target type are FunctionExecutionErrors', () => {
  const far = v('timestamp', String(2n ** 62n));
  assert.throws(() => run('todate', [typed('timestamp')], [far]), (e: unknown) => e instanceof FunctionExecutionError && /^execution of 'system\.todate\[timestamp\]' failed: /.test(e.message));
  assert.throws(() => run('mintimeuuid', [typed('timestamp')], [far]), FunctionExecutionError);
});

test('now(), currentTimeUUID(): version 1, at the context clock, strictly increasing, not deterministic', () => {
  const ctx = testContext(Date.UTC(2021, 2, 4, 5, 6, 7, 8));
  const now = asScalar(registry.resolve('now', []));
  assert.equal(now.deterministic, false);
  assert.equal(now.returnType, cql('timeuuid'));
  const ids = [...Array(50)].map(() => now.execute([], ctx)!);
  for (const id of ids) assert.equal(uuidVersion(id), 1);
  assert.equal(timestampToUnixMs(timeUuidTimestamp100ns(ids[0]!)), BigInt(Date.UTC(2021, 2, 4, 5, 6, 7, 8)));
  for (let i = 1; i < ids.length; i++) assert.ok(cql('timeuuid').compare(ids[i - 1]!, ids[i]!) < 0);
  const alias = asScalar(registry.resolve('currenttimeuuid', []));
  assert.ok(cql('timeuuid').compare(ids[ids.length - 1]!, alias.execute([], ctx)!) < 0, 'one generator per context');
});

test('currentTimestamp(), currentDate(), currentTime() read the context clock, in UTC', () => {
  const ctx = testContext(Date.UTC(2021, 2, 4, 5, 6, 7, 8));
  assert.equal(run('currenttimestamp', [], [], ctx), '2021-03-04T05:06:07.008Z');
  assert.equal(run('currentdate', [], [], ctx), '2021-03-04');
  assert.equal(run('currenttime', [], [], ctx), '05:06:07.008000000');
  ctx.setNow(-1);
  assert.equal(run('currentdate', [], [], ctx), '1969-12-31');
  assert.equal(run('currenttime', [], [], ctx), '23:59:59.999000000');
  for (const name of ['currenttimestamp', 'currentdate', 'currenttime', 'uuid']) {
    assert.equal(asScalar(registry.resolve(name, [])).deterministic, false, name);
  }
  assert.equal(asScalar(registry.resolve('todate', [typed('timestamp')])).deterministic, true);
});

test('uuid(): random version-4 UUIDs from the context', () => {
  const ctx = testContext();
  const uuid = asScalar(registry.resolve('uuid', []));
  const a = uuid.execute([], ctx)!;
  const b = uuid.execute([], ctx)!;
  assert.equal(uuidVersion(a), 4);
  assert.equal(a[8]! & 0xc0, 0x80, 'RFC 4122 variant');
  assert.notDeepEqual(a, b);
  assert.deepEqual(asScalar(registry.resolve('uuid', [])).execute([], testContext()), asScalar(registry.resolve('uuid', [])).execute([], testContext()), 'seeded: reproducible');
});
