import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { Page } from './page.js';
import type { ResultRow } from './result-row.js';

const KEY = Buffer.from('k');

function rows(n: number): ResultRow[] {
  return Array.from({ length: n }, (_, i) => ({ key: KEY, partitionKey: [KEY], clustering: [Buffer.from([i & 255])], nowSec: 0, value: () => null, cell: () => null }));
}

test('a page takes 200k rows of one partition (issue 16: it overflowed the stack)', () => {
  const page = new Page(Infinity);
  page.add(KEY, rows(200_000), Infinity);
  assert.equal(page.rows.length, 200_000);
  assert.equal(page.last?.partitionRowsLeft, Infinity);
});

test('a page stops at its size and at the partition limit, and remembers the last row', () => {
  const page = new Page(5);
  const r = rows(10);
  page.add(KEY, r, 3);
  assert.equal(page.rows.length, 3);
  assert.equal(page.last?.clustering, r[2]!.clustering);
  assert.equal(page.last?.partitionRowsLeft, 0);
  page.add(KEY, r, 10);
  assert.equal(page.rows.length, 5);
  assert.ok(page.full);
  assert.equal(page.last?.partitionRowsLeft, 8);
});
