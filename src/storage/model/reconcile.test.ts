import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { type Cell, CellKind, NO_DELETION_TIME } from './cell.js';
import { reconcile } from './reconcile.js';

const NAME = Buffer.from([0x40, 0x61, 0x38]);

/** Small domains so that ties on timestamp and value happen often. */
const cellArb: fc.Arbitrary<Cell> = fc
  .record({
    kind: fc.constantFrom(CellKind.LIVE, CellKind.EXPIRING, CellKind.TOMBSTONE),
    ts: fc.bigInt({ min: -2n, max: 3n }),
    value: fc.uint8Array({ maxLength: 2 }).map((v) => Buffer.from(v.map((b) => b % 3))),
    ttl: fc.integer({ min: 1, max: 3 }),
    ldt: fc.integer({ min: 98, max: 103 }),
  })
  .map(({ kind, ts, value, ttl, ldt }): Cell => {
    if (kind === CellKind.LIVE) return { name: NAME, kind, value, timestamp: ts, ttl: 0, localDeletionTime: NO_DELETION_TIME };
    if (kind === CellKind.EXPIRING) return { name: NAME, kind, value, timestamp: ts, ttl, localDeletionTime: ldt };
    return { name: NAME, kind, value: Buffer.alloc(0), timestamp: ts, ttl: 0, localDeletionTime: ldt };
  });

const nowArb = fc.integer({ min: 97, max: 104 });

test('reconcile is commutative', () => {
  fc.assert(fc.property(cellArb, cellArb, nowArb, (a, b, now) => {
    assert.deepEqual(reconcile(a, b, now), reconcile(b, a, now));
  }), { numRuns: 20000 });
});

test('reconcile is associative', () => {
  fc.assert(fc.property(cellArb, cellArb, cellArb, nowArb, (a, b, c, now) => {
    assert.deepEqual(reconcile(reconcile(a, b, now), c, now), reconcile(a, reconcile(b, c, now), now));
  }), { numRuns: 20000 });
});

test('reconcile is idempotent', () => {
  fc.assert(fc.property(cellArb, nowArb, (a, now) => {
    assert.deepEqual(reconcile(a, a, now), a);
  }), { numRuns: 1000 });
});

test('higher timestamp wins; on a tie a tombstone beats a live cell; then the greater value', () => {
  const live = (v: number, ts: bigint): Cell => ({ name: NAME, kind: CellKind.LIVE, value: Buffer.from([v]), timestamp: ts, ttl: 0, localDeletionTime: NO_DELETION_TIME });
  const tomb = (ts: bigint): Cell => ({ name: NAME, kind: CellKind.TOMBSTONE, value: Buffer.alloc(0), timestamp: ts, ttl: 0, localDeletionTime: 100 });
  assert.equal(reconcile(live(1, 5n), tomb(4n), 100).kind, CellKind.LIVE);
  assert.equal(reconcile(live(1, 5n), tomb(5n), 100).kind, CellKind.TOMBSTONE);
  assert.equal(reconcile(live(1, 5n), live(2, 5n), 100).value[0], 2);
  const expiring: Cell = { name: NAME, kind: CellKind.EXPIRING, value: Buffer.from([9]), timestamp: 5n, ttl: 10, localDeletionTime: 110 };
  // Live until 110: an equal-timestamp live cell with a greater value wins; after expiry the expired one wins.
  assert.equal(reconcile(expiring, live(1, 5n), 105).value[0], 9);
  assert.equal(reconcile(expiring, live(10, 5n), 105).value[0], 10);
  assert.equal(reconcile(expiring, live(10, 5n), 111).kind, CellKind.EXPIRING);
});

// Regression (fast-check seed 416074178): two expired cells equal in timestamp, deletion time and
// value but not TTL compared equal, so the winner depended on argument order.
test('expired cells differing only in TTL reconcile the same way in both orders', () => {
  const a: Cell = { name: NAME, kind: CellKind.EXPIRING, value: Buffer.alloc(0), timestamp: -1n, ttl: 1, localDeletionTime: 99 };
  const b: Cell = { ...a, ttl: 2 };
  assert.deepEqual(reconcile(a, b, 99), reconcile(b, a, 99));
  assert.equal(reconcile(a, b, 99).ttl, 2);
});
