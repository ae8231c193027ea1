/** The coordinator's wire codecs: round trips of every message, and typed refusals of bad bytes. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { MalformedMessageError } from '../../errors/index.js';
import { mutationArb } from '../../../test/support/storage/commit-log-samples.js';
import { LIVE_DELETION } from '../../storage/model/index.js';
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import { digestOf } from '../digest.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { decodeIndexClean, decodeIndexRead, decodeIndexReadResponse, encodeIndexClean, encodeIndexRead, encodeIndexReadResponse } from './index-messages.js';
import { decodeMutationMessage, encodeMutationMessage } from './mutation-message.js';
import { decodeRangeReadCommand, encodeRangeReadCommand } from './range-read-command.js';
import { decodeRangeResponse, encodeRangeResponse } from './range-response.js';
import { decodeReadCommand, encodeReadCommand } from './read-command.js';
import { decodeReadResponse, encodeReadResponse } from './read-response.js';
import { decodeTruncate, encodeTruncate } from './truncate-message.js';

const bytesArb = fc.uint8Array({ maxLength: 12 }).map((a) => Buffer.from(a));
const sliceArb = fc.tuple(bytesArb, bytesArb).map(([start, end]) => ({ start, end }));
const queryArb = fc.record(
  {
    slices: fc.array(sliceArb, { maxLength: 4 }),
    reversed: fc.boolean(),
    cellLimit: fc.nat({ max: 1000 }),
    groupLimit: fc.nat({ max: 1000 }),
    includeTombstones: fc.constant(true as const),
  },
  { requiredKeys: ['slices', 'reversed'] },
).map((q) => ({ ...q }));
const boundArb = fc.option(fc.record({ position: bytesArb, inclusive: fc.boolean() }).map((b) => ({ ...b })), { nil: undefined });

/** A PartitionResult as the engine makes it (from a mutation's contents). */
const resultArb: fc.Arbitrary<PartitionResult> = fc.tuple(mutationArb, fc.boolean()).map(([m, truncated]) => ({
  key: m.update.key,
  partitionDeletion: m.update.partitionDeletion ?? LIVE_DELETION,
  rangeTombstones: m.update.rangeTombstones,
  cells: [...m.update.cells],
  truncated,
}));

/** Every decoder either refuses with MalformedMessageError or returns something that re-encodes to the input's meaning. */
function refusesTyped(decode: (b: Buffer) => unknown, bytes: Buffer): void {
  try {
    decode(bytes);
  } catch (e) {
    assert.ok(e instanceof MalformedMessageError, `unexpected ${String(e)}`);
  }
}

describe('coordinator wire codecs', () => {
  it('mutation messages round-trip and own their bytes', () => {
    fc.assert(
      fc.property(mutationArb, (m) => {
        const bytes = encodeMutationMessage(m);
        const back = decodeMutationMessage(bytes);
        assert.deepStrictEqual(back, m);
        bytes.fill(0); // the decoded mutation must not alias the payload
        assert.deepStrictEqual(back, m);
      }),
      { numRuns: 200, seed: 1001 },
    );
  });

  it('read commands round-trip (query, key, time, digest flag, group kind)', () => {
    fc.assert(
      fc.property(fc.string(), bytesArb, queryArb, fc.nat({ max: 0xffffffff }), fc.boolean(), (tableId, key, query, nowSec, digestOnly) => {
        const groupKind = query.groupLimit === undefined ? undefined : ('cqlRow' as const);
        const back = decodeReadCommand(encodeReadCommand({ tableId, key, query, groupKind, nowSec, digestOnly }));
        assert.deepStrictEqual(back, { tableId, key, nowSec, digestOnly, query, groupKind });
      }),
      { numRuns: 300, seed: 1002 },
    );
  });

  it('a group limit without a group kind cannot be sent', () => {
    assert.throws(() => encodeReadCommand({ tableId: 't', key: Buffer.from('k'), query: { slices: [], reversed: false, groupLimit: 1 }, groupKind: undefined, nowSec: 0, digestOnly: false }), /group kind/);
  });

  it('read responses round-trip data, absence and digests', () => {
    fc.assert(
      fc.property(fc.option(resultArb, { nil: null }), (result) => {
        assert.deepStrictEqual(decodeReadResponse(encodeReadResponse({ kind: 'data', result })), { kind: 'data', result });
        const digest = digestOf(result);
        assert.deepStrictEqual(decodeReadResponse(encodeReadResponse({ kind: 'digest', digest })), { kind: 'digest', digest });
      }),
      { numRuns: 200, seed: 1003 },
    );
  });

  it('range reads and their responses round-trip', () => {
    fc.assert(
      fc.property(fc.string(), boundArb, boundArb, fc.integer({ min: 1, max: 10_000 }), queryArb, fc.array(resultArb, { maxLength: 5 }), (tableId, from, to, partitionLimit, query, results) => {
        const groupKind = query.groupLimit === undefined ? undefined : ('superColumn' as const);
        const cmd = { tableId, from, to, partitionLimit, query, groupKind, nowSec: 7 };
        assert.deepStrictEqual(decodeRangeReadCommand(encodeRangeReadCommand(cmd)), cmd);
        const partitions = results.map((r, i) => ({ ...r, position: Buffer.from([i]) }));
        assert.deepStrictEqual(decodeRangeResponse(encodeRangeResponse(partitions)), partitions);
      }),
      { numRuns: 200, seed: 1004 },
    );
  });

  it('truncate round-trips', () => {
    assert.equal(decodeTruncate(encodeTruncate('ks-table-id')), 'ks-table-id');
  });

  it('every strict prefix and any trailing byte is refused with MalformedMessageError', () => {
    const samples: [(b: Buffer) => unknown, Buffer][] = [
      [decodeReadCommand, encodeReadCommand({ tableId: 'tbl', key: Buffer.from('key'), query: { slices: [{ start: Buffer.from('a'), end: Buffer.from('z') }], reversed: true, cellLimit: 3, groupLimit: 2 }, groupKind: 'cqlRow', nowSec: 5, digestOnly: true })],
      [decodeReadResponse, encodeReadResponse({ kind: 'digest', digest: digestOf(null) })],
      [decodeRangeReadCommand, encodeRangeReadCommand({ tableId: 't', from: { position: Buffer.from('p'), inclusive: false }, to: undefined, partitionLimit: 10, query: { slices: [], reversed: false }, groupKind: undefined, nowSec: 1 })],
      [decodeTruncate, encodeTruncate('t')],
    ];
    for (const [decode, bytes] of samples) {
      for (let n = 0; n < bytes.length; n++) assert.throws(() => decode(bytes.subarray(0, n)), MalformedMessageError, `prefix ${n}`);
      assert.throws(() => decode(Buffer.concat([bytes, Buffer.from([0])])), MalformedMessageError);
    }
  });

  it('random and mutated bytes are refused typed, never thrown as anything else', () => {
    const decoders = [decodeMutationMessage, decodeReadCommand, decodeReadResponse, decodeRangeReadCommand, decodeRangeResponse, decodeTruncate];
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (a) => {
        for (const d of decoders) refusesTyped(d, Buffer.from(a));
      }),
      { numRuns: 1000, seed: 1005 },
    );
  });

  it('unknown flag bits and tags are refused', () => {
    const cmd = encodeReadCommand({ tableId: 't', key: Buffer.from('k'), query: { slices: [], reversed: false }, groupKind: undefined, nowSec: 0, digestOnly: false });
    cmd[0] = 0x80;
    assert.throws(() => decodeReadCommand(cmd), /malformed read command: unknown read command flags 0x80/);
    assert.throws(() => decodeReadResponse(Buffer.from([7])), /unknown read response kind 7/);
  });
});

describe('index message codecs', () => {
  const indexQueryArb = queryArb.map(({ groupLimit: _, ...q }) => q);

  it('index reads and their answers round-trip', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), bytesArb, indexQueryArb, fc.nat({ max: 0xffffffff }), fc.option(resultArb, { nil: null }), (tableId, indexName, indexKey, query, nowSec, result) => {
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
        for (const [decode] of samples) refusesTyped(decode, Buffer.from(a));
      }),
      { numRuns: 1000, seed: 2103 },
    );
  });
});

describe('digest', () => {
  it('tells apart answers that differ only in a timestamp, and ignores key and truncation', () => {
    fc.assert(
      fc.property(resultArb.filter((r) => r.cells.length > 0), (r) => {
        const moved = { ...r, cells: r.cells.map((c, i) => (i === 0 ? { ...c, timestamp: c.timestamp > 0n ? c.timestamp - 1n : c.timestamp + 1n } : c)) };
        assert.notDeepEqual(digestOf(moved), digestOf(r));
        assert.deepEqual(digestOf({ ...r, key: Buffer.from('other'), truncated: !r.truncated }), digestOf(r));
      }),
      { numRuns: 200, seed: 1006 },
    );
    assert.deepEqual(digestOf(null), digestOf({ key: Buffer.alloc(0), partitionDeletion: LIVE_DELETION, rangeTombstones: [], cells: [], truncated: false }));
  });
});
