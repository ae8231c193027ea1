/** The hints file grammar: round trips, torn tails at every cut, and damage never read as a hint. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createSimEnv } from '../env/index.js';
import { encodeHint, type Hint } from './hint-record.js';
import { HintsFileReader, type ReadStep } from './hints-file-reader.js';

const hintArb = fc.record({
  createdAtMs: fc.integer({ min: 0, max: 2 ** 47 }),
  expiresAtMs: fc.integer({ min: 0, max: 2 ** 47 }),
  payload: fc.uint8Array({ maxLength: 300 }),
});

function readAll(fileBytes: Uint8Array): { hints: Hint[]; last: ReadStep } {
  const env = createSimEnv(1);
  env.fs.writeFileSync('/f.hints', fileBytes);
  const reader = new HintsFileReader(env.fs, '/f.hints');
  const hints: Hint[] = [];
  let offset = 0;
  for (;;) {
    const step = reader.read(offset);
    if (step.kind !== 'hint') {
      reader.close();
      return { hints, last: step };
    }
    hints.push(step.hint);
    offset = step.next;
  }
}

const plain = (h: Hint) => ({ createdAtMs: h.createdAtMs, expiresAtMs: h.expiresAtMs, payload: Buffer.from(h.payload).toString('hex') });

test('records read back exactly as written, then the end', () => {
  fc.assert(
    fc.property(fc.array(hintArb, { maxLength: 8 }), (hints) => {
      const { hints: back, last } = readAll(Buffer.concat(hints.map(encodeHint)));
      assert.deepEqual(back.map(plain), hints.map(plain));
      assert.equal(last.kind, 'end');
    }),
  );
});

test('a file cut anywhere yields the whole records before the cut, then a torn tail', () => {
  fc.assert(
    fc.property(fc.array(hintArb, { minLength: 1, maxLength: 5 }), fc.nat(), (hints, cutSeed) => {
      const records = hints.map(encodeHint);
      const all = Buffer.concat(records);
      const cut = cutSeed % all.length;
      const { hints: back, last } = readAll(all.subarray(0, cut));
      let whole = 0;
      for (let end = 0, i = 0; i < records.length; i++) {
        end += records[i]!.length;
        if (end <= cut) whole++;
      }
      assert.deepEqual(back.map(plain), hints.slice(0, whole).map(plain));
      const atBoundary = records.slice(0, whole).reduce((n, r) => n + r.length, 0) === cut;
      assert.equal(last.kind, atBoundary ? 'end' : 'torn');
    }),
  );
});

test('a flipped bit anywhere is found as damage: the records before it survive, reading stops there', () => {
  fc.assert(
    fc.property(fc.array(hintArb, { minLength: 1, maxLength: 4 }), fc.nat(), fc.integer({ min: 0, max: 7 }), (hints, at, bit) => {
      const records = hints.map(encodeHint);
      const all = Buffer.concat(records);
      const pos = at % all.length;
      all[pos]! ^= 1 << bit;
      let hit = 0;
      for (let end = 0; hit < records.length; hit++) {
        end += records[hit]!.length;
        if (pos < end) break;
      }
      const { hints: back, last } = readAll(all);
      assert.deepEqual(back.map(plain), hints.slice(0, hit).map(plain));
      assert.equal(last.kind, 'damaged');
    }),
  );
});

test('an oversized payload is refused on write', () => {
  const huge = { length: 256 * 1024 * 1024 + 1 } as unknown as Uint8Array;
  assert.throws(() => encodeHint({ createdAtMs: 0, expiresAtMs: 0, payload: huge }), RangeError);
});
