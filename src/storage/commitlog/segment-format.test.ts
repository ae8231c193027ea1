import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { crc32c } from '../../util/crc.js';
import {
  ENTRY_HEADER_BYTES,
  ENTRY_TRAILER_BYTES,
  EntryProbe,
  SEGMENT_HEADER_BYTES,
  checkSegmentHeader,
  encodeSegmentHeader,
  findNextValidEntry,
  frameEntry,
  lengthCrc,
  parseSegmentFileName,
  probeEntry,
  segmentFileName,
  segmentSalt,
} from './segment-format.js';

function entry(payload: Buffer, salt: number): Buffer {
  const b = Buffer.alloc(ENTRY_HEADER_BYTES + payload.length + ENTRY_TRAILER_BYTES);
  payload.copy(b, ENTRY_HEADER_BYTES);
  frameEntry(b, 0, ENTRY_HEADER_BYTES + payload.length, salt);
  return b;
}

describe('segment format', () => {
  it('computes the length CRC exactly as crc32c of the big-endian u32', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xffffffff }), (len, seed) => {
        const b = Buffer.alloc(4);
        b.writeUInt32BE(len);
        assert.equal(lengthCrc(len, seed), crc32c(b, seed));
      }),
    );
  });

  it('names files by segment id and parses them back', () => {
    assert.equal(segmentFileName(1234), 'CommitLog-1234.log');
    assert.equal(parseSegmentFileName('CommitLog-1234.log'), 1234);
    for (const bad of ['CommitLog-.log', 'CommitLog-12.log.tmp', 'commitlog-1.log', 'CommitLog-1x.log']) {
      assert.equal(parseSegmentFileName(bad), null, bad);
    }
  });

  it('checks headers: valid, short, bit-flipped, wrong id', () => {
    const h = encodeSegmentHeader(77);
    assert.equal(h.length, SEGMENT_HEADER_BYTES);
    assert.equal(checkSegmentHeader(h, 77), null);
    assert.match(checkSegmentHeader(h.subarray(0, 10), 77)!, /shorter than its header/);
    assert.match(checkSegmentHeader(h, 78)!, /file name says 78/);
    for (let bit = 0; bit < SEGMENT_HEADER_BYTES * 8; bit++) {
      const flipped = Buffer.from(h);
      flipped[bit >> 3] = flipped[bit >> 3]! ^ (1 << (bit & 7));
      assert.notEqual(checkSegmentHeader(flipped, 77), null, `bit ${bit}`);
    }
  });

  it('probes entries and classifies every kind of damage', () => {
    const salt = segmentSalt(5);
    const e = entry(Buffer.from('hello world'), salt);
    assert.equal(probeEntry(e, 0, e.length, salt), e.length);
    assert.equal(probeEntry(e, 0, 7, salt), EntryProbe.SHORT_HEADER);
    assert.equal(probeEntry(e, 0, e.length - 1, salt), EntryProbe.TRUNCATED);
    assert.equal(probeEntry(e, 0, e.length, segmentSalt(6)), EntryProbe.BAD_LENGTH, 'another segment’s entry');
    const badPayload = Buffer.from(e);
    badPayload[ENTRY_HEADER_BYTES + 3] = badPayload[ENTRY_HEADER_BYTES + 3]! ^ 0x10;
    assert.equal(probeEntry(badPayload, 0, e.length, salt), EntryProbe.BAD_PAYLOAD);
    const zeros = Buffer.alloc(64);
    assert.equal(probeEntry(zeros, 0, zeros.length, salt), EntryProbe.BAD_LENGTH);
  });

  it('finds the next valid entry past garbage', () => {
    const salt = segmentSalt(9);
    const e = entry(Buffer.from('payload'), salt);
    const buf = Buffer.concat([Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]), e]);
    assert.equal(findNextValidEntry(buf, 0, buf.length, salt), 11);
    assert.equal(findNextValidEntry(buf, 12, buf.length, salt), -1);
    assert.equal(findNextValidEntry(buf, 0, buf.length - 1, salt), -1);
  });
});
