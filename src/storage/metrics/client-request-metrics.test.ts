import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ClientRequestMetrics } from './client-request-metrics.js';
import { EstimatedHistogram } from './estimated-histogram.js';

test('client requests are kept by kind and level; failures sorted by their native protocol code', () => {
  const m = new ClientRequestMetrics(() => 0);
  const read = m.of('Read', 'QUORUM');
  assert.equal(m.of('Read', 'QUORUM'), read, 'one metric per (kind, level)');
  assert.notEqual(m.of('Read', 'ONE'), read);
  read.failed({ code: 0x1000 });
  read.failed({ code: 0x1200 });
  read.failed({ code: 0x1100 });
  read.failed(new Error('boom'));
  read.failed(null);
  assert.deepEqual([read.unavailables, read.timeouts, read.failures], [1, 2, 2]);
  assert.deepEqual(m.all().map((x) => `${x.kind}-${x.consistency}`).sort(), ['Read-ONE', 'Read-QUORUM']);
});

test('a histogram folds into cumulative bounds, sums its values, merges, and knows its min and max', () => {
  const h = new EstimatedHistogram();
  for (const v of [1, 5, 5, 100, 10_000]) h.record(v);
  assert.equal(h.sum, 10_111);
  assert.deepEqual(h.cumulativeCounts([0, 1, 5, 99, 103, 1e9]), [0, 1, 3, 3, 4, 5], "100 is in the bucket up to 103: counted from bound 103 on");
  assert.equal(h.min(), 1);
  assert.ok(h.max() >= 10_000);
  const other = new EstimatedHistogram();
  other.record(3);
  other.addAll(h);
  assert.deepEqual([other.count, other.sum, other.min()], [6, 10_114, 1]);
  assert.deepEqual(new EstimatedHistogram().cumulativeCounts([1, 2]), [0, 0]);
});
