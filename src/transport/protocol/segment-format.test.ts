/** v5 segments: CRC vectors computed by an implementation we did not write (the Python driver's). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEGMENT_PAYLOAD_BYTES_MAX, crc24, encodeSegment, encodeSegments, readSegmentHeader, segmentCrc32, segmentPayload } from './segment-format.js';
import { ProtocolViolation } from './protocol-violation.js';

// Each value from python3-cassandra 3.25's cassandra/segment.py (compute_crc24, compute_crc32).
test('CRC24 of headers and CRC32 of payloads match the Python driver', () => {
  assert.equal(crc24(0, 3), 0x7de777);
  assert.equal(crc24(5 | (1 << 17), 3), 0x9a9919);
  assert.equal(crc24(SEGMENT_PAYLOAD_BYTES_MAX, 3), 0xfe9138);
  assert.equal(crc24(10 + 20 * 2 ** 17 + 2 ** 34, 5), 0x14710b);
  assert.equal(segmentCrc32(Buffer.alloc(0)), 0x44777ed3);
  assert.equal(segmentCrc32(Buffer.from('hello')), 0xb60e8074);
  assert.equal(segmentCrc32(Buffer.from(Array.from({ length: 256 }, (_, i) => i))), 0x214de79b);
});

test('an uncompressed segment is byte for byte what the Python driver writes', () => {
  // SegmentCodec().encode of a 9-byte OPTIONS envelope.
  const envelope = Buffer.from('050000010500000000', 'hex');
  assert.equal(encodeSegment(envelope, true, false).toString('hex'), '090002a4c8c1050000010500000000b5557486');
});

/** Bytes LZ4 cannot shrink (a linear congruential sequence's high bytes). */
function noise(n: number): Buffer {
  let x = 12345;
  return Buffer.from(Array.from({ length: n }, () => ((x = (x * 1103515245 + 12345) >>> 0) >>> 24)));
}

test('headers round-trip in both layouts; lz4 stores incompressible payloads as they are', () => {
  for (const lz4 of [false, true]) {
    for (const payload of [Buffer.alloc(0), Buffer.alloc(1000, 0x61), noise(300)]) {
      for (const self of [true, false]) {
        const seg = encodeSegment(payload, self, lz4);
        const h = readSegmentHeader(seg, 0, lz4);
        const at = lz4 ? 8 : 6;
        assert.equal(h.selfContained, self);
        assert.equal(seg.length, at + h.payloadBytes + 4);
        assert.deepEqual(segmentPayload(h, seg.subarray(at)), payload);
        if (lz4 && payload.length === 1000) assert.ok(h.uncompressedBytes === 1000 && h.payloadBytes < 100, 'compressed');
        if (!lz4 || payload.length !== 1000) assert.equal(h.uncompressedBytes, 0);
      }
    }
  }
});

test('a flipped header or payload byte is an unrecoverable CRC mismatch', () => {
  const seg = encodeSegment(Buffer.from('some envelope bytes'), true, false);
  for (let i = 0; i < seg.length; i++) {
    const bad = Buffer.from(seg);
    bad[i] = bad[i]! ^ 0x10;
    assert.throws(
      () => {
        const h = readSegmentHeader(bad, 0, false);
        segmentPayload(h, bad.subarray(6));
      },
      (e: unknown) => e instanceof ProtocolViolation && /unrecoverable CRC mismatch detected in frame (header|body)/.test(e.message),
      `byte ${i}`,
    );
  }
});

test('envelopes are packed into self-contained segments; a large one is split over full ones', () => {
  const small = Array.from({ length: 50 }, (_, i) => Buffer.alloc(3000, i));
  const segs = encodeSegments(small, false);
  assert.equal(segs.length, 2, '150,000 bytes in two payloads of at most 131,071');
  assert.ok(segs.every((s) => readSegmentHeader(s, 0, false).selfContained));
  const big = Buffer.alloc(SEGMENT_PAYLOAD_BYTES_MAX * 2 + 5, 0x42);
  const parts = encodeSegments([Buffer.alloc(10), big, Buffer.alloc(10)], false);
  const headers = parts.map((s) => readSegmentHeader(s, 0, false));
  assert.deepEqual(headers.map((h) => [h.payloadBytes, h.selfContained]), [[10, true], [SEGMENT_PAYLOAD_BYTES_MAX, false], [SEGMENT_PAYLOAD_BYTES_MAX, false], [5, false], [10, true]]);
});
