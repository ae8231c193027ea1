import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_LEVELS, parseSweepArgs } from './sweep-args.js';

test('defaults', () => {
  const o = parseSweepArgs([]);
  assert.deepEqual(o.levels, DEFAULT_LEVELS);
  assert.equal(o.seconds, 5);
  assert.equal(o.warmupSeconds, 1);
  assert.equal(o.runs, 3);
  assert.equal(o.distributionLevel, 64);
  assert.equal(o.partitions, 50000);
  assert.equal(o.out, undefined);
});

test('levels are sorted; the distribution level defaults to the highest up to 64', () => {
  const o = parseSweepArgs(['--levels=256,1,16,4', '--seconds=2', '--runs=5', '--warmup=0.5']);
  assert.deepEqual(o.levels, [1, 4, 16, 256]);
  assert.equal(o.distributionLevel, 16);
  assert.equal(o.seconds, 2);
  assert.equal(o.runs, 5);
  assert.equal(o.warmupSeconds, 0.5);
  assert.equal(parseSweepArgs(['--levels=128,256']).distributionLevel, 128);
  assert.equal(parseSweepArgs(['--levels=1,8', '--dist-level=8']).distributionLevel, 8);
  assert.equal(parseSweepArgs(['--warmup=0']).warmupSeconds, 0);
});

test('bad values name their option', () => {
  assert.throws(() => parseSweepArgs(['--levels=1,x']), /--levels/);
  assert.throws(() => parseSweepArgs(['--levels=1,1']), /--levels: a level is repeated/);
  assert.throws(() => parseSweepArgs(['--levels=0']), /--levels/);
  assert.throws(() => parseSweepArgs(['--runs=1.5']), /--runs/);
  assert.throws(() => parseSweepArgs(['--seconds=-1']), /--seconds/);
  assert.throws(() => parseSweepArgs(['--warmup=x']), /--warmup/);
  assert.throws(() => parseSweepArgs(['--levels=1,4', '--dist-level=2']), /--dist-level/);
  assert.throws(() => parseSweepArgs(['--bogus=1']));
});
