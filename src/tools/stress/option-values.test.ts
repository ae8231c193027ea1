import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCountOrTime, parseDurationMs, parseInteger, parseNumber, parseRatio } from './option-values.js';
import { StressOptionError } from './stress-option-error.js';

const isOptionError = (option: string) => (e: unknown) => e instanceof StressOptionError && e.option === option;

test('integers within bounds', () => {
  assert.equal(parseInteger('--x', '42', 1), 42);
  assert.equal(parseInteger('--x', '0', 0, 5), 0);
  for (const bad of ['', ' 1', '1.0', '0x10', '-1', '1e2', '6', '99999999999999999999']) {
    assert.throws(() => parseInteger('--x', bad, 0, 5), isOptionError('--x'), bad);
  }
});

test('numbers above a bound', () => {
  assert.equal(parseNumber('--r', '2.5', 0), 2.5);
  for (const bad of ['0', '0.0', 'NaN', 'Infinity', '-3', '.5']) assert.throws(() => parseNumber('--r', bad, 0), isOptionError('--r'), bad);
});

test('durations', () => {
  assert.equal(parseDurationMs('--d', '30s'), 30_000);
  assert.equal(parseDurationMs('--d', '500ms'), 500);
  assert.equal(parseDurationMs('--d', '2m'), 120_000);
  assert.equal(parseDurationMs('--d', '1h'), 3_600_000);
  assert.equal(parseDurationMs('--d', '0.5'), 500);
  assert.throws(() => parseDurationMs('--d', '5', true), isOptionError('--d'));
  for (const bad of ['', 's', '5 s', '5sec', '-1s', '0ms']) assert.throws(() => parseDurationMs('--d', bad), isOptionError('--d'), bad);
});

test('a count of operations or a time', () => {
  assert.deepEqual(parseCountOrTime('--w', '1000'), { kind: 'ops', ops: 1000 });
  assert.deepEqual(parseCountOrTime('--w', '0'), { kind: 'ops', ops: 0 });
  assert.deepEqual(parseCountOrTime('--w', '5s'), { kind: 'time', ms: 5000 });
  assert.deepEqual(parseCountOrTime('--w', '250ms'), { kind: 'time', ms: 250 });
  for (const bad of ['1.5', 'five', '5 s', '']) assert.throws(() => parseCountOrTime('--w', bad), isOptionError('--w'), bad);
});

test('ratios', () => {
  const names = ['write', 'read'] as const;
  assert.deepEqual(parseRatio('--ratio', 'write=1,read=3', names), { write: 1, read: 3 });
  assert.deepEqual(parseRatio('--ratio', 'read=0.5', names), { write: 0, read: 0.5 });
  assert.deepEqual(parseRatio('--ratio', ' read=1 , write=2 ', names), { write: 2, read: 1 });
  for (const bad of ['', 'write', 'write=', 'write=-1', 'delete=1', 'write=1,write=1', 'write=0', 'Write=1']) {
    assert.throws(() => parseRatio('--ratio', bad, names), isOptionError('--ratio'), bad);
  }
});
