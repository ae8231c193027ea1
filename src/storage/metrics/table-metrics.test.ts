import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EstimatedHistogram } from './estimated-histogram.js';
import { Meter } from './meter.js';

test("bucket offsets grow as Cassandra's EstimatedHistogram: 1..8 one by one, then by 1.2", () => {
  const h = new EstimatedHistogram();
  for (const v of [1, 2, 3, 8, 9, 10, 11, 12, 13]) h.record(v);
  // Offsets …, 8, 10, 12, 14: 9 and 10 share the bucket of 10; 11 and 12 that of 12; 13 that of 14.
  assert.equal(h.max(), 14);
  assert.equal(h.percentile(0.5), 10);
  assert.equal(h.count, 9);
  assert.equal(new EstimatedHistogram().percentile(0.99), 0, 'empty: 0');
});

test('percentiles are the offsets of the buckets reaching them', () => {
  const h = new EstimatedHistogram();
  for (let i = 0; i < 99; i++) h.record(1000);
  h.record(1_000_000);
  assert.ok(h.percentile(0.5) >= 1000 && h.percentile(0.5) < 1200);
  assert.equal(h.percentile(0.99), h.percentile(0.5));
  assert.ok(h.max() >= 1_000_000 && h.max() < 1_200_000);
});

test('the five-minute rate: the first tick sets it, later ticks weigh in by 1 - e^(-1/60), idle ticks decay it', () => {
  const m = new Meter(0);
  for (let i = 0; i < 500; i++) m.mark(1e9); // 500 events in the first 5 s
  assert.equal(m.fiveMinuteRate(5e9), 100);
  const alpha = 1 - Math.exp(-1 / 60);
  assert.ok(Math.abs(m.fiveMinuteRate(10e9) - 100 * (1 - alpha)) < 1e-9);
  assert.ok(m.fiveMinuteRate(3600e9) < 1, 'an hour idle');
});
