/** Cassandra 4.0's pairing of base and view replicas (ViewUtils.getViewNaturalEndpoint). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Endpoint } from '../locator/index.js';
import { pairedViewEndpoint } from './paired-view-writes.js';

const e = (n: number) => `127.0.28.${n}:7000` as unknown as Endpoint;

test('a base replica that is also a view replica writes its own copy; the others pair by position, common replicas left out', () => {
  assert.equal(pairedViewEndpoint(e(1), [e(1), e(2)], [e(2), e(1)]), e(1));
  assert.equal(pairedViewEndpoint(e(1), [e(1)], [e(3)]), e(3));
  assert.equal(pairedViewEndpoint(e(2), [e(1), e(2), e(3)], [e(3), e(4), e(5)]), e(5));
  assert.equal(pairedViewEndpoint(e(1), [e(1), e(2), e(3)], [e(3), e(4), e(5)]), e(4));
  assert.equal(pairedViewEndpoint(e(9), [e(1), e(2)], [e(3), e(4)]), undefined, 'no base replica: nothing to send');
});
