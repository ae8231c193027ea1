import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { liveCell } from '../model/cell.js';
import type { PartitionUpdate } from '../model/partition-update.js';
import { Memtable } from './memtable.js';

const NAME = Buffer.from([0x40, 0x61, 0x38]);
const update = (key: Buffer, value: string, ts = 1n): PartitionUpdate => ({
  key,
  partitionDeletion: null,
  rangeTombstones: [],
  cells: [liveCell(NAME, Buffer.from(value), ts)],
});
/** A memtable keyed by the raw key (the position is the key itself, as ByteOrderedPartitioner does). */
const put = (m: Memtable, key: string, value: string, ts = 1n): void => {
  const k = Buffer.from(key);
  m.apply(k, k, update(k, value, ts), 0);
};
const valueAt = (m: Memtable, key: string): string | undefined => {
  const p = m.get(Buffer.from(key));
  return p?.cells.get(NAME)?.value.toString();
};

test('point lookups find every partition written, and nothing else', () => {
  fc.assert(
    fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 60 }), fc.array(fc.string({ maxLength: 6 }), { maxLength: 20 }), (keys, probes) => {
      const m = new Memtable(0);
      keys.forEach((k, i) => put(m, k, `v${i}`));
      keys.forEach((k, i) => assert.equal(valueAt(m, k), `v${i}`));
      for (const p of probes) if (!keys.includes(p)) assert.equal(m.get(Buffer.from(p)), undefined);
      assert.equal(m.partitions.size, keys.length);
    }),
  );
});

test('two positions sharing the six-byte prefix the partition index keys by are both found, and written to the right partition', () => {
  // Both start with "key000", the six bytes the partition index keys its tree by (partition-index.ts).
  for (const order of [['key000583084', 'key0001092000'], ['key0001092000', 'key000583084']] as const) {
    const m = new Memtable(0);
    put(m, order[0], 'first');
    assert.equal(m.get(Buffer.from(order[1])), undefined, 'a shared prefix is not a hit');
    put(m, order[1], 'second');
    assert.equal(valueAt(m, order[0]), 'first');
    assert.equal(valueAt(m, order[1]), 'second');
    put(m, order[1], 'second, newer', 2n);
    put(m, order[0], 'first, newer', 2n);
    assert.equal(valueAt(m, order[0]), 'first, newer');
    assert.equal(valueAt(m, order[1]), 'second, newer');
    assert.equal(m.partitions.size, 2);
  }
});

test('lifecycle invariants: active → flushing → flushed; a flushed memtable takes no write, none is switched twice', () => {
  const m = new Memtable(0);
  assert.equal(m.state, 'active');
  assert.throws(() => m.markFlushed(), /invariant violated: memtable: only a flushing memtable becomes flushed/);
  m.beginWrite();
  m.switchOut({ segmentId: 1, offset: 10 });
  assert.equal(m.state, 'flushing');
  assert.deepEqual(m.upperBound, { segmentId: 1, offset: 10 });
  assert.throws(() => m.beginWrite(), /invariant violated: memtable: a write was logged against a memtable no longer active/);
  assert.throws(() => m.markFlushed(), /invariant violated: memtable: flushed with writes still pending/);
  m.endWrite();
  assert.throws(() => m.endWrite(), /invariant violated: memtable: more writes ended than began/);
  m.markFlushed();
  assert.throws(() => m.apply(Buffer.from('k'), Buffer.from('k'), { key: Buffer.from('k'), partitionDeletion: null, rangeTombstones: [], cells: [] }, 0), /a write reached a flushed memtable/);
  assert.throws(() => m.switchOut({ segmentId: 2, offset: 0 }), /only an active memtable is switched out/);
  const t = new Memtable(0);
  t.discard();
  assert.throws(() => t.discard(), /only an active memtable is discarded/);
});
