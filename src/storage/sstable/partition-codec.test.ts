import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { type Cell, CellKind, NO_DELETION_TIME } from '../model/cell.js';
import { type DeletionTime, LIVE_DELETION } from '../model/deletion.js';
import type { PartitionData } from '../model/partition-data.js';
import { compareBytes } from './bytes.js';
import { CellRun } from './cell-run.js';
import { decodeHeader, int64Max, int64Min, PartitionEncoder } from './partition-codec.js';

const bytes = (max: number) => fc.uint8Array({ maxLength: max }).map((a) => Buffer.from(a));
const timestamp = fc.oneof(fc.bigInt({ min: int64Min, max: int64Max }), fc.bigInt({ min: 0n, max: 2n ** 52n }));
const ldt = fc.integer({ min: 0, max: 0xffffffff });
// Plain objects: fc.record builds null-prototype ones, which deepStrictEqual tells apart.
// int64 min as markedForDeleteAt means "not deleted" (LIVE_DELETION), so deletions start above it.
const deletionTs = fc.bigInt({ min: int64Min + 1n, max: int64Max });
const deletion: fc.Arbitrary<DeletionTime> = fc.tuple(deletionTs, ldt).map(([markedForDeleteAt, localDeletionTime]) => ({ markedForDeleteAt, localDeletionTime }));

const cellBody = fc.oneof(
  fc.record({ kind: fc.constant(CellKind.LIVE), value: bytes(40), ttl: fc.constant(0), localDeletionTime: fc.constant(NO_DELETION_TIME) }),
  fc.record({ kind: fc.constant(CellKind.EXPIRING), value: bytes(40), ttl: fc.integer({ min: 1, max: 1e6 }), localDeletionTime: ldt }),
  fc.record({ kind: fc.constant(CellKind.TOMBSTONE), value: fc.constant(Buffer.alloc(0)), ttl: fc.constant(0), localDeletionTime: ldt }),
);

const partition: fc.Arbitrary<PartitionData> = fc
  .record({
    key: bytes(20),
    deleted: fc.option(deletion),
    rts: fc.array(fc.record({ a: bytes(6), b: bytes(6), deletion }), { maxLength: 4 }),
    names: fc.uniqueArray(bytes(12), { maxLength: 120, selector: (b) => b.toString('hex') }),
    bodies: fc.array(fc.tuple(cellBody, timestamp, fc.boolean()), { minLength: 120, maxLength: 120 }),
  })
  .map(({ key, deleted, rts, names, bodies }) => {
    names.sort(compareBytes);
    const cells: Cell[] = [];
    names.forEach((name, i) => {
      const [body, ts, same] = bodies[i]!;
      const prev = cells[i - 1];
      cells.push({ name, kind: body.kind, value: body.value, timestamp: same && prev ? prev.timestamp : ts, ttl: body.ttl, localDeletionTime: body.localDeletionTime });
    });
    const rangeTombstones = rts
      .map(({ a, b, deletion: d }) => (compareBytes(a, b) <= 0 ? { start: a, end: b, deletion: d } : { start: b, end: a, deletion: d }))
      .sort((x, y) => compareBytes(x.start, y.start));
    const partitionDeletion = deleted ?? LIVE_DELETION;
    return { key, position: key, partitionDeletion, rangeTombstones, cells };
  });

function decodeAll(buf: Buffer, headerWidth: number): Omit<PartitionData, 'position'> {
  const h = decodeHeader(buf, 0, buf.length);
  assert.equal(h.cellsStart, headerWidth);
  const run = new CellRun();
  run.reset(buf, h.cellsStart, buf.length, h.tsBase);
  const cells: Cell[] = [];
  while (run.advance()) cells.push(run.cell());
  assert.equal(cells.length, h.cellCount);
  return { key: h.key, partitionDeletion: h.partitionDeletion, rangeTombstones: h.rangeTombstones, cells };
}

describe('partition codec', () => {
  it('round-trips arbitrary partitions', () => {
    const enc = new PartitionEncoder(4096);
    fc.assert(
      fc.property(partition, (p) => {
        const e = enc.encode(p);
        const { position: _, ...expected } = p;
        assert.deepStrictEqual(decodeAll(Buffer.from(e.bytes), e.headerWidth), expected);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips long names sharing long prefixes, and long values', () => {
    const enc = new PartitionEncoder(512);
    const longName = fc
      .tuple(fc.integer({ min: 0, max: 400 }), bytes(80))
      .map(([n, tail]) => Buffer.concat([Buffer.alloc(n, 0x41), tail]));
    fc.assert(
      fc.property(fc.uniqueArray(longName, { maxLength: 40, selector: (b) => b.toString('hex') }), bytes(300), (names, value) => {
        names.sort(compareBytes);
        const cells: Cell[] = names.map((name, i) => ({
          name, kind: CellKind.LIVE, value: value.subarray(0, (i * 37) % (value.length + 1)), timestamp: BigInt(i), ttl: 0, localDeletionTime: NO_DELETION_TIME,
        }));
        const p: PartitionData = { key: Buffer.from('k'), position: Buffer.from('k'), partitionDeletion: LIVE_DELETION, rangeTombstones: [], cells };
        const e = enc.encode(p);
        const { position: _, ...expected } = p;
        assert.deepStrictEqual(decodeAll(Buffer.from(e.bytes), e.headerWidth), { ...expected, cells: cells.map((c) => ({ ...c, value: Buffer.from(c.value) })) });
      }),
      { numRuns: 150 },
    );
  });

  it('cuts cells into independently decodable blocks', () => {
    const enc = new PartitionEncoder(64);
    fc.assert(
      fc.property(partition, (p) => {
        const e = enc.encode(p);
        const buf = Buffer.from(e.bytes);
        const h = decodeHeader(buf, 0, buf.length);
        let next = e.headerWidth;
        const cells: Cell[] = [];
        for (const b of e.blocks) {
          assert.equal(b.offset, next);
          next = b.offset + b.width;
          const run = new CellRun();
          run.reset(buf, b.offset, b.offset + b.width, h.tsBase);
          const blockCells: Cell[] = [];
          while (run.advance()) blockCells.push(run.cell());
          assert.deepStrictEqual(blockCells[0]!.name, b.first);
          assert.deepStrictEqual(blockCells[blockCells.length - 1]!.name, b.last);
          cells.push(...blockCells);
        }
        if (e.blocks.length > 0) {
          assert.equal(next, buf.length);
          assert.deepStrictEqual(cells, p.cells);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('rejects invalid partitions', () => {
    const enc = new PartitionEncoder(4096);
    const c = (name: string, ts = 1n): Cell => ({ name: Buffer.from(name), kind: CellKind.LIVE, value: Buffer.from('v'), timestamp: ts, ttl: 0, localDeletionTime: NO_DELETION_TIME });
    const p = (cells: Cell[]): PartitionData => ({ key: Buffer.from('k'), position: Buffer.from('k'), partitionDeletion: LIVE_DELETION, rangeTombstones: [], cells });
    assert.throws(() => enc.encode(p([c('b'), c('a')])), RangeError);
    assert.throws(() => enc.encode(p([c('a'), c('a')])), RangeError);
    assert.throws(() => enc.encode(p([c('a', 2n ** 63n)])), RangeError);
    assert.throws(() => enc.encode(p([{ ...c('a'), kind: CellKind.TOMBSTONE, localDeletionTime: 5 }])), RangeError);
    assert.throws(() => enc.encode(p([{ ...c('a'), ttl: 5 }])), RangeError);
    const rt = { start: Buffer.from('b'), end: Buffer.from('a'), deletion: { markedForDeleteAt: 1n, localDeletionTime: 1 } };
    assert.throws(() => enc.encode({ ...p([]), rangeTombstones: [rt] }), RangeError);
  });
});
