/** Seed 004's sorting: exactly the LongType and UTF8Type orders the seed shows. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BACKENDS, withExampleDb } from '../example-test-db.js';
import { run } from './sorting.js';

for (const backend of BACKENDS) {
  test(`sorting: LongType and UTF8Type orders of 123, 832416, 3, 976 as in seed 004 [${backend}]`, async () => {
    const r = await withExampleDb(run, undefined, backend);
    assert.deepEqual(r.longOrder, [
      '{name: 3, value: "101010101010"}',
      '{name: 123, value: "hello there"}',
      '{name: 976, value: "kjjkbcjkcbbd"}',
      '{name: 832416, value: "kjjkbcjkcbbd"}',
    ]);
    assert.deepEqual(r.utf8Order, [
      '{name: 123, value: "hello there"}',
      '{name: 3, value: "101010101010"}',
      '{name: 832416, value: "kjjkbcjkcbbd"}',
      '{name: 976, value: "kjjkbcjkcbbd"}',
    ]);
    assert.deepEqual(r.superOrder, ['homeAddress: city, street, zip', 'workAddress: city, street, zip']);
  });
}
