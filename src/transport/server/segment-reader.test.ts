/** The v5 segment reader: property tests of round trips over any chunking, borrowed chunks included. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { encodeSegments } from '../protocol/index.js';
import { SegmentReader } from './segment-reader.js';

/** Feeds `bytes` cut at `cuts`, each chunk lent (overwritten after keep()), and collects the payloads. */
function readAll(bytes: Buffer, cuts: readonly number[], lz4: boolean): { payload: Buffer; self: boolean[]; corrupt?: string } {
  const reader = new SegmentReader(lz4);
  const payloads: Buffer[] = [];
  const self: boolean[] = [];
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const to of [...points, bytes.length]) {
    const lent = Buffer.from(bytes.subarray(from, to));
    reader.push(lent, true);
    for (let ev = reader.next(); ev !== null; ev = reader.next()) {
      if (ev.kind === 'corrupt') return { payload: Buffer.concat(payloads), self, corrupt: ev.reason };
      payloads.push(ev.payload);
      self.push(ev.selfContained);
    }
    reader.keep();
    lent.fill(0xee); // the lender reuses its buffer
    from = to;
  }
  assert.equal(reader.bufferedBytes, 0);
  return { payload: Buffer.concat(payloads), self };
}

const envelopes = fc.array(
  fc.oneof(fc.uint8Array({ minLength: 9, maxLength: 400 }), fc.integer({ min: 100_000, max: 300_000 }).map((n) => new Uint8Array(n).fill(n % 251))),
  { minLength: 1, maxLength: 6 },
);

test('any envelopes, any chunking, lent chunks: the payloads are the envelopes, in order', () => {
  fc.assert(
    fc.property(envelopes, fc.array(fc.nat(), { maxLength: 8 }), fc.boolean(), (envs, cuts, lz4) => {
      const bufs = envs.map((e) => Buffer.from(e));
      const wire = Buffer.concat(encodeSegments(bufs, lz4));
      const got = readAll(wire, cuts, lz4);
      assert.equal(got.corrupt, undefined);
      assert.deepEqual(got.payload, Buffer.concat(bufs));
    }),
    { numRuns: 60 },
  );
});

test('a corrupted byte anywhere is reported, never handed on as a payload', () => {
  fc.assert(
    fc.property(envelopes, fc.nat(), fc.integer({ min: 1, max: 255 }), fc.boolean(), (envs, at, flip, lz4) => {
      const bufs = envs.map((e) => Buffer.from(e));
      const wire = Buffer.concat(encodeSegments(bufs, lz4));
      const i = at % wire.length;
      wire[i] = wire[i]! ^ flip;
      const got = readAll(wire, [], lz4);
      // A flipped length makes the reader wait for bytes that never come, or read a CRC: never good data.
      if (got.corrupt === undefined) assert.ok(got.payload.length < Buffer.concat(bufs).length, `byte ${i} of ${wire.length}`);
      else assert.match(got.corrupt, /CRC mismatch|lz4/);
    }),
    { numRuns: 80 },
  );
});
