/** VALIDATION and SYNC payloads: round trips, and malformed bytes refused with a typed error. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Murmur3Partitioner, Range } from '../../dht/index.js';
import { MalformedMessageError } from '../../errors/index.js';
import { endpoint } from '../../locator/index.js';
import { MerkleTree } from '../merkle-tree.js';
import { decodeSyncRequest, decodeSyncResponse, encodeSyncRequest, encodeSyncResponse } from './sync-message.js';
import { MAX_VALIDATION_DEPTH, decodeValidationRequest, decodeValidationResponse, encodeValidationRequest, encodeValidationResponse } from './validation-message.js';

const p = new Murmur3Partitioner();
const token = fc.bigInt({ min: -(2n ** 63n) + 1n, max: 2n ** 63n - 1n });
const range = fc.tuple(token, token).map(([l, r]) => new Range(p, l, r));
const malformed = (e: unknown) => e instanceof MalformedMessageError;

test('validation requests round trip', () => {
  fc.assert(
    fc.property(fc.string(), fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: MAX_VALIDATION_DEPTH }), range, (tableId, nowSec, depth, r) => {
      const back = decodeValidationRequest(encodeValidationRequest({ tableId, nowSec, depth, range: r }), p);
      assert.deepEqual([back.tableId, back.nowSec, back.depth, back.range.left, back.range.right], [tableId, nowSec, depth, r.left, r.right]);
    }),
  );
});

test('validation responses carry the tree', () => {
  fc.assert(
    fc.property(range, fc.integer({ min: 0, max: 6 }), fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { maxLength: 20 }), (r, depth, digests) => {
      const tree = MerkleTree.create(p, r, depth);
      for (const [i, d] of digests.entries()) {
        const t = p.token(Buffer.from(`k${i}`));
        if (r.contains(t)) tree.add(t, d);
      }
      const back = decodeValidationResponse(encodeValidationResponse(tree), p);
      assert.deepEqual(back.hash(), tree.hash());
      assert.equal(back.partitions, tree.partitions);
      assert.deepEqual(MerkleTree.difference(back, tree), []);
    }),
  );
});

test('sync requests and responses round trip', () => {
  fc.assert(
    fc.property(fc.string(), fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 254 }), fc.array(range, { maxLength: 5 }), fc.nat(), fc.nat(), fc.boolean(), (tableId, nowSec, host, ranges, partitions, pages, viewUpdates) => {
      const source = endpoint(`10.0.0.${host}:7000`);
      const back = decodeSyncRequest(encodeSyncRequest({ tableId, nowSec, source, ranges, viewUpdates }), p);
      assert.equal(back.tableId, tableId);
      assert.equal(back.viewUpdates, viewUpdates);
      assert.equal(back.source, source);
      assert.deepEqual(back.ranges.map((x) => [x.left, x.right]), ranges.map((x) => [x.left, x.right]));
      assert.deepEqual(decodeSyncResponse(encodeSyncResponse({ partitions, pages })), { partitions, pages });
    }),
  );
});

test('malformed repair payloads are MalformedMessageErrors', () => {
  const r = new Range(p, -5n, 5n);
  const vreq = encodeValidationRequest({ tableId: 't', nowSec: 1, depth: 3, range: r });
  assert.throws(() => decodeValidationRequest(vreq.subarray(0, vreq.length - 1), p), malformed, 'truncated');
  assert.throws(() => decodeValidationRequest(Buffer.concat([vreq, Buffer.from([0])]), p), malformed, 'trailing');
  const deep = Buffer.from(vreq);
  deep[1 + 1 + 4] = MAX_VALIDATION_DEPTH + 1; // len(1) 't'(1) nowSec(4) depth
  assert.throws(() => decodeValidationRequest(deep, p), (e: unknown) => malformed(e) && /depth/.test(String(e)));
  assert.throws(() => encodeValidationRequest({ tableId: 't', nowSec: 1, depth: 99, range: r }), RangeError);
  const badToken = Buffer.concat([vreq.subarray(0, 7), Buffer.from([3, 1, 2, 3]), vreq.subarray(7 + 9)]);
  assert.throws(() => decodeValidationRequest(badToken, p), (e: unknown) => malformed(e) && /bad token/.test(String(e)));

  const tree = encodeValidationResponse(MerkleTree.create(p, r, 3));
  assert.throws(() => decodeValidationResponse(tree.subarray(0, tree.length - 3), p), malformed);
  const reshaped = Buffer.from(tree);
  reshaped[1] = 2; // another depth: the shape no longer matches
  assert.throws(() => decodeValidationResponse(reshaped, p), malformed);
  assert.throws(() => decodeValidationResponse(Buffer.from([9]), p), malformed, 'unknown version');

  const sreq = encodeSyncRequest({ tableId: 't', nowSec: 1, source: endpoint('10.0.0.1:7000'), ranges: [r], viewUpdates: false });
  assert.throws(() => decodeSyncRequest(sreq.subarray(0, sreq.length - 2), p), malformed);
  const badSource = encodeSyncRequest({ tableId: 't', nowSec: 1, source: 'not-an-address' as never, ranges: [], viewUpdates: true });
  assert.throws(() => decodeSyncRequest(badSource, p), (e: unknown) => malformed(e) && /bad source endpoint/.test(String(e)));
  assert.throws(() => decodeSyncResponse(Buffer.from([0x80])), malformed);
});
