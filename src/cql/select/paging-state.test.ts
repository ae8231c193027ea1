/** The paging state round-trips, and untrusted bytes are refused cleanly (never a crash). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { InvalidRequestError } from '../../errors/index.js';
import { decodePagingState, encodePagingState } from './paging-state.js';

const limit = fc.oneof(fc.constant(Infinity), fc.nat({ max: 2 ** 31 }));

test('encode → decode is the identity', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 40 }), fc.option(fc.array(fc.uint8Array({ maxLength: 20 }), { maxLength: 4 }), { nil: null }), limit, limit, (key, clustering, rowsLeft, partitionRowsLeft) => {
      const s = { key: Buffer.from(key), clustering: clustering === null ? null : clustering.map((c) => Buffer.from(c)), rowsLeft, partitionRowsLeft };
      assert.deepEqual(decodePagingState(encodePagingState(s)), s);
    }),
  );
});

test('malformed states are an InvalidRequestError', () => {
  const good = encodePagingState({ key: Buffer.from('k'), clustering: [Buffer.from('c')], rowsLeft: 3, partitionRowsLeft: Infinity });
  for (const bad of [Buffer.alloc(0), Buffer.from([2]), good.subarray(0, good.length - 1), Buffer.concat([good, Buffer.from([0])]), Buffer.from([1, 4])]) {
    assert.throws(() => decodePagingState(bad), (e: unknown) => e instanceof InvalidRequestError && /paging state/.test((e as Error).message));
  }
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 30 }), (bytes) => {
      try {
        decodePagingState(Buffer.from(bytes));
      } catch (e) {
        assert.ok(e instanceof InvalidRequestError);
      }
    }),
  );
});
