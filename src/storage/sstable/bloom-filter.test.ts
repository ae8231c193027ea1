import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ByteReader } from '../../util/byte-reader.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { BloomFilter } from './bloom-filter.js';
import { murmur3x86_32 } from './murmur3.js';
import { randomBytes, rng } from '../../../test/support/storage/sstable-fixtures.js';

describe('murmur3x86_32', () => {
  it('matches the reference vectors', () => {
    assert.equal(murmur3x86_32(Buffer.alloc(0), 0), 0);
    assert.equal(murmur3x86_32(Buffer.alloc(0), 1), 0x514e28b7);
    assert.equal(murmur3x86_32(Buffer.alloc(0), 0xffffffff), 0x81f16f39);
    assert.equal(murmur3x86_32(Buffer.from([0, 0, 0, 0]), 0), 0x2362f9de);
    assert.equal(murmur3x86_32(Buffer.from([0x21, 0x43, 0x65, 0x87]), 0x5082edee), 0x2362f9de);
    assert.equal(murmur3x86_32(Buffer.from([0x21, 0x43, 0x65]), 0), 0x7e4a8634);
    assert.equal(murmur3x86_32(Buffer.from([0x21, 0x43]), 0), 0xa0f7b07a);
    assert.equal(murmur3x86_32(Buffer.from([0x21]), 0), 0x72661cf4);
    assert.equal(murmur3x86_32(Buffer.from('The quick brown fox jumps over the lazy dog'), 0x9747b28c), 0x2fa826cd);
  });
});

describe('BloomFilter', () => {
  const r = rng(7);
  const keys = Array.from({ length: 20_000 }, (_, i) => Buffer.concat([randomBytes(r, 8), Buffer.from(`k${i}`)]));

  it('never reports an added key absent', () => {
    const f = BloomFilter.create(keys.length, 0.01);
    for (const k of keys) f.add(k);
    for (const k of keys) assert.ok(f.mayContain(k));
  });

  for (const fp of [0.1, 0.01, 0.001]) {
    it(`has roughly the configured false-positive rate ${fp}`, () => {
      const f = BloomFilter.create(keys.length, fp);
      for (const k of keys) f.add(k);
      let falsePositives = 0;
      const probes = 100_000;
      for (let i = 0; i < probes; i++) if (f.mayContain(Buffer.concat([Buffer.from('absent'), randomBytes(r, 10)]))) falsePositives++;
      const rate = falsePositives / probes;
      assert.ok(rate < fp * 1.6 && rate > fp * 0.4, `rate ${rate} for target ${fp}`);
    });
  }

  it('round-trips through its encoding', () => {
    const f = BloomFilter.create(1000, 0.01);
    for (const k of keys.slice(0, 1000)) f.add(k);
    const w = new ByteWriter();
    f.encode(w);
    const g = BloomFilter.decode(new ByteReader(w.toBuffer()));
    assert.equal(g.hashCount, f.hashCount);
    assert.equal(g.bitCount, f.bitCount);
    for (const k of keys) assert.equal(g.mayContain(k), f.mayContain(k));
  });

  it('rejects a malformed body', () => {
    assert.throws(() => BloomFilter.decode(new ByteReader(Buffer.from([0, 0, 0, 0, 64]))), RangeError);
    assert.throws(() => BloomFilter.decode(new ByteReader(Buffer.from([3, 0, 0, 0, 63]))), RangeError);
  });
});
