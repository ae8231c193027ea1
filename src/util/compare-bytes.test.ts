import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compareBytes } from './compare-bytes.js';

test('compareBytes agrees with Buffer.compare for short and long inputs', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 100 }), fc.uint8Array({ maxLength: 100 }), fc.nat(100), (a, b, shared) => {
      const prefix = new Uint8Array(shared).fill(7);
      const x = Buffer.concat([prefix, a]);
      const y = Buffer.concat([prefix, b]);
      assert.equal(compareBytes(x, y), Buffer.compare(x, y));
    }),
    { numRuns: 3000 },
  );
});
