import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FrameReader } from './frame-reader.js';

/** A v4 QUERY-opcode frame with `body`. */
function frame(stream: number, body: Buffer): Buffer {
  const h = Buffer.alloc(9);
  h.writeUInt8(4, 0);
  h.writeInt16BE(stream, 2);
  h.writeUInt8(0x07, 4);
  h.writeInt32BE(body.length, 5);
  return Buffer.concat([h, body]);
}

test('borrowed chunks: frames and kept bytes survive the lender reusing its buffer, however the stream is cut', () => {
  fc.assert(
    fc.property(
      fc.array(fc.uint8Array({ maxLength: 300 }), { minLength: 1, maxLength: 8 }),
      fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 20 }),
      (bodies, cuts) => {
        const stream = Buffer.concat(bodies.map((b, i) => frame(i, Buffer.from(b))));
        const reader = new FrameReader(1 << 20);
        const lent = Buffer.alloc(128);
        const got: Buffer[] = [];
        let at = 0;
        for (let i = 0; at < stream.length; i++) {
          const n = Math.min(cuts[i % cuts.length]!, stream.length - at, lent.length);
          stream.copy(lent, 0, at, at + n);
          at += n;
          reader.push(lent.subarray(0, n), true);
          // Take at most one frame per read: the rest must be kept across the reuse.
          const ev = reader.next();
          if (ev?.kind === 'frame') got.push(ev.body);
          reader.keep();
          lent.fill(0xee);
        }
        for (let ev = reader.next(); ev !== null; ev = reader.next()) if (ev.kind === 'frame') got.push(ev.body);
        assert.deepEqual(got.map((b) => b.toString('hex')), bodies.map((b) => Buffer.from(b).toString('hex')));
      },
    ),
  );
});

test('borrowed chunks: a header refused by the limit copies nothing', () => {
  const reader = new FrameReader(1024);
  const lent = Buffer.concat([frame(1, Buffer.alloc(0)).subarray(0, 9), Buffer.alloc(4096, 0x61)]);
  lent.writeInt32BE(15 * 1024 * 1024, 5);
  reader.push(lent, true);
  const ev = reader.next();
  assert.equal(ev?.kind, 'oversized');
  reader.keep();
  assert.equal(reader.bufferedBytes, 0, 'the body bytes already here were skipped, none kept');
});
