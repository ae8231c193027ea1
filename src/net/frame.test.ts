/** Frames: round trips under any chunking, checksums catch corruption, the size limit holds. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { encodeFrame, FRAME_OVERHEAD_BYTES, FrameDecoder } from './frame.js';
import { InternodeProtocolError } from './net-errors.js';

/** Cuts `bytes` at the given (sorted, deduplicated) offsets. */
function cut(bytes: Buffer, points: number[]): Buffer[] {
  const at = [...new Set(points.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let prev = 0;
  for (const p of [...at, bytes.length]) {
    out.push(bytes.subarray(prev, p));
    prev = p;
  }
  return out;
}

test('frames come back whole and in order however the stream is cut', () => {
  fc.assert(
    fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 20 }), (bodies, points) => {
      const stream = Buffer.concat(bodies.map((b) => encodeFrame(b)));
      const d = new FrameDecoder(1024);
      const got = cut(stream, points).flatMap((c) => d.push(c));
      assert.deepEqual(got.map((b) => Buffer.from(b)), bodies.map((b) => Buffer.from(b)));
      assert.equal(d.bufferedBytes, 0);
    }),
  );
});

test('any flipped bit in a frame is detected', () => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 1, maxLength: 200 }), fc.nat(), fc.integer({ min: 0, max: 7 }), (body, at, bit) => {
      const frame = encodeFrame(body);
      const i = at % frame.length;
      frame[i] = frame[i]! ^ (1 << bit);
      const d = new FrameDecoder(1 << 20);
      // A corrupted length that now asks for more bytes waits; otherwise a checksum must fail.
      try {
        const got = d.push(frame);
        assert.equal(got.length, 0, 'a corrupted frame must never be returned');
        assert.ok(i < 4, 'only a corrupted length can leave the decoder waiting');
      } catch (err) {
        assert.ok(err instanceof InternodeProtocolError);
        assert.match(err.message, /checksum|exceeds/);
      }
    }),
  );
});

test('a frame above the limit is refused from its header, before its body arrives', () => {
  const d = new FrameDecoder(100);
  const frame = encodeFrame(Buffer.alloc(101));
  assert.throws(() => d.push(frame.subarray(0, 8)), /101 bytes exceeds the limit of 100/);
  assert.equal(FRAME_OVERHEAD_BYTES, 12);
});

test('bytes that are not an internode stream fail the header check', () => {
  const d = new FrameDecoder(1 << 20);
  assert.throws(() => d.push(Buffer.from('GET / HTTP/1.1\r\n\r\n')), /header checksum mismatch/);
});
