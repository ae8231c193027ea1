import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CorruptionError } from '../../errors/ilium-error.js';
import { CellKind, liveCell, tombstoneCell } from '../model/cell.js';
import type { Mutation } from '../model/partition-update.js';
import { mutationArb, sampleMutation } from '../../../test/support/storage/commit-log-samples.js';
import { decodeMutation, encodeMutation } from './mutation-codec.js';

function decodesOrThrowsCorruption(bytes: Buffer): void {
  let m: Mutation;
  try {
    m = decodeMutation(bytes);
  } catch (err) {
    assert.ok(err instanceof CorruptionError, `unexpected ${String(err)}`);
    return;
  }
  // Canonical form: whatever decodes must be exactly what the encoder writes for it.
  assert.deepEqual(encodeMutation(m), bytes);
}

describe('mutation codec', () => {
  it('round-trips every mutation the model allows', () => {
    fc.assert(
      fc.property(mutationArb, (m) => {
        assert.deepStrictEqual(decodeMutation(encodeMutation(m)), m);
      }),
      { numRuns: 500 },
    );
  });

  it('rejects every strict prefix and any trailing byte', () => {
    fc.assert(
      fc.property(mutationArb, fc.integer({ min: 0, max: 255 }), (m, extra) => {
        const bytes = encodeMutation(m);
        for (let n = 0; n < bytes.length; n++) {
          assert.throws(() => decodeMutation(bytes.subarray(0, n)), CorruptionError);
        }
        assert.throws(() => decodeMutation(Buffer.concat([bytes, Buffer.from([extra])])), CorruptionError);
      }),
      { numRuns: 100 },
    );
  });

  it('never returns a half-decoded mutation from random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (a) => decodesOrThrowsCorruption(Buffer.from(a))),
      { numRuns: 2000 },
    );
  });

  it('never returns a half-decoded mutation from a mutated encoding', () => {
    fc.assert(
      fc.property(mutationArb, fc.nat(), fc.integer({ min: 1, max: 255 }), (m, at, xor) => {
        const bytes = encodeMutation(m);
        const i = at % bytes.length;
        bytes[i] = bytes[i]! ^ xor;
        decodesOrThrowsCorruption(bytes);
      }),
      { numRuns: 1000 },
    );
  });

  it('rejects non-canonical and unknown encodings', () => {
    const good = encodeMutation(sampleMutation(1));
    // table id "t1": [2, 't', '1'], key [5, ...]; flags byte follows the key.
    const flagsAt = 1 + 2 + 1 + 'key-1'.length;
    const flags = Buffer.from(good);
    flags[flagsAt] = 0x02;
    assert.throws(() => decodeMutation(flags), /unknown mutation flags/);
    const nonMinimal = Buffer.concat([Buffer.from([0x82, 0x00]), good.subarray(1)]);
    assert.throws(() => decodeMutation(nonMinimal), /non-minimal varint/);
    const badUtf8 = Buffer.from(good);
    badUtf8[1] = 0xff;
    assert.throws(() => decodeMutation(badUtf8), /UTF-8/);
  });

  it('refuses to encode cells that break the model', () => {
    const name = Buffer.from('n');
    const liveWithTtl = { ...liveCell(name, Buffer.from('v'), 1n), ttl: 5 };
    const tombWithValue = { ...tombstoneCell(name, 1n, 10), value: Buffer.from('x') };
    const badKind = { ...liveCell(name, Buffer.from('v'), 1n), kind: 7 as CellKind };
    const tooBig = liveCell(name, Buffer.from('v'), 1n << 63n);
    for (const cell of [liveWithTtl, tombWithValue, badKind, tooBig]) {
      const m: Mutation = { tableId: 't', update: { key: name, partitionDeletion: null, rangeTombstones: [], cells: [cell] } };
      assert.throws(() => encodeMutation(m), RangeError);
    }
  });

  it('is compact: a typical small mutation is about 100 bytes', () => {
    const size = encodeMutation(sampleMutation(42)).length;
    assert.ok(size >= 80 && size <= 110, `size ${size}`);
    assert.equal(decodeMutation(encodeMutation(sampleMutation(42))).update.cells[1]!.kind, CellKind.LIVE);
  });
});
