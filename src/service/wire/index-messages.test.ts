/** INDEX_READ / INDEX_CLEAN codecs: round trips, and typed refusals of bad bytes. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { MalformedMessageError } from '../../errors/index.js';
import { mutationArb } from '../../storage/commitlog/commit-log-test-support.js';
import { LIVE_DELETION } from '../../storage/model/index.js';
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { decodeIndexClean, decodeIndexRead, decodeIndexReadResponse, encodeIndexClean, encodeIndexRead, encodeIndexReadResponse } from './index-messages.js';
import { encodeMutationMessage } from './mutation-message.js';

const bytesArb = fc.uint8Array({ maxLength: 12 }).map((a) => Buffer.from(a));
const queryArb = fc.record(
  {
    slices: fc.array(fc.tuple(bytesArb, bytesArb).map(([start, end]) => ({ start, end })), { maxLength: 4 }),
    reversed: fc.boolean(),
    cellLimit: fc.nat({ max: 1000 }),
    includeTombstones: fc.constant(true as const),
  },
  { requiredKeys: ['slices', 'reversed'] },
).map((q) => ({ ...q }));
const resultArb: fc.Arbitrary<PartitionResult> = fc.tuple(mutationArb, fc.boolean()).map(([m, truncated]) => ({
  key: m.update.key,
  partitionDeletion: m.update.partitionDeletion ?? LIVE_DELETION,
  rangeTombstones: m.update.rangeTombstones,
  cells: [...m.update.cells],
  truncated,
}));

describe('index message codecs', () => {
  it('index reads and their answers round-trip', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), bytesArb, queryArb, fc.nat({ max: 0xffffffff }), fc.option(resultArb, { nil: null }), (tableId, indexName, indexKey, query, nowSec, result) => {
        const cmd = { tableId, indexName, indexKey, query, nowSec };
        assert.deepStrictEqual(decodeIndexRead(encodeIndexRead(cmd)), cmd);
        assert.deepStrictEqual(decodeIndexReadResponse(encodeIndexReadResponse(result)), result);
      }),
      { numRuns: 300, seed: 2101 },
    );
  });

  it('index cleans round-trip their entries', () => {
    fc.assert(
      fc.property(fc.string(), mutationArb, (indexName, m) => {
        const req = { tableId: m.tableId, indexName, indexKey: m.update.key, entries: [...m.update.cells] };
        assert.deepStrictEqual(decodeIndexClean(encodeIndexClean(req)), req);
      }),
      { numRuns: 200, seed: 2102 },
    );
  });

  it('a group limit is neither sent nor accepted; a clean carrying deletions is refused', () => {
    assert.throws(() => encodeIndexRead({ tableId: 't', indexName: 'i', indexKey: Buffer.from('k'), query: { slices: [], reversed: false, groupLimit: 1 } as never, nowSec: 0 }), /group kind/);
    const withDeletion = new ByteWriter()
      .lenBytes(Buffer.from('i'))
      .lenBytes(encodeMutationMessage({ tableId: 't', update: { key: Buffer.from('k'), partitionDeletion: { markedForDeleteAt: 1n, localDeletionTime: 1 }, rangeTombstones: [], cells: [] } }))
      .toBuffer();
    assert.throws(() => decodeIndexClean(withDeletion), /malformed index clean: an index clean carries entries only/);
  });

  it('every strict prefix, any trailing byte and random bytes are refused with MalformedMessageError', () => {
    const samples: [(b: Buffer) => unknown, Buffer][] = [
      [decodeIndexRead, encodeIndexRead({ tableId: 'tbl', indexName: 'idx', indexKey: Buffer.from('key'), query: { slices: [{ start: Buffer.from('a'), end: Buffer.from('z') }], reversed: false, cellLimit: 3 }, nowSec: 5 })],
      [decodeIndexReadResponse, encodeIndexReadResponse({ key: Buffer.from('k'), partitionDeletion: LIVE_DELETION, rangeTombstones: [], cells: [], truncated: true })],
      [decodeIndexClean, encodeIndexClean({ tableId: 't', indexName: 'i', indexKey: Buffer.from('k'), entries: [] })],
    ];
    for (const [decode, bytes] of samples) {
      for (let n = 0; n < bytes.length; n++) assert.throws(() => decode(bytes.subarray(0, n)), MalformedMessageError, `prefix ${n}`);
      assert.throws(() => decode(Buffer.concat([bytes, Buffer.from([0])])), MalformedMessageError);
    }
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (a) => {
        for (const [decode] of samples) {
          try {
            decode(Buffer.from(a));
          } catch (e) {
            assert.ok(e instanceof MalformedMessageError, `unexpected ${String(e)}`);
          }
        }
      }),
      { numRuns: 1000, seed: 2103 },
    );
  });
});
