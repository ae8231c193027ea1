// Murmur3 tokens checked against values other projects published as Cassandra's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { murmur3Hash128 } from './murmur3-hash.js';
import { Murmur3Partitioner } from './murmur3-partitioner.js';

const bytes = (...b: number[]) => Buffer.from(b);
const range = (from: number, n: number) => Buffer.from(Array.from({ length: n }, (_, i) => from + i));

// Key → token pairs, the comments say where each was published. "From Cassandra" is how the
// DataStax C# driver labels its table (datastax/csharp-driver, src/Cassandra.Tests/TokenTests.cs,
// Murmur_Hash_Test); the Node.js driver repeats most of it (datastax/nodejs-driver,
// test/unit/tokenizer-tests.js, Murmur3Tokenizer #hash()). Keys with bytes >= 0x80 in the 1..15
// byte tail exercise Cassandra's signed-byte quirk.
const VECTORS: ReadonlyArray<readonly [string, Buffer, bigint]> = [
  ['csharp-driver: 1..16', range(1, 16), -5563837382979743776n],
  ['csharp-driver: 2..17', range(2, 16), -1513403162740402161n],
  ['csharp-driver: 3..18', range(3, 16), -495360443712684655n],
  ['csharp-driver: 4..19', range(4, 16), 1734091135765407943n],
  ['csharp-driver: 5..20', range(5, 16), -3199412112042527988n],
  ['csharp-driver: 6..21', range(6, 16), -6316563938475080831n],
  ['csharp-driver: 7..22', range(7, 16), 8228893370679682632n],
  ['csharp-driver: 16 x 0x00', Buffer.alloc(16, 0), 5457549051747178710n],
  ['csharp-driver: 16 x 0xff', Buffer.alloc(16, 0xff), -2824192546314762522n],
  ['csharp-driver: 16 x 0xfe', Buffer.alloc(16, 0xfe), -833317529301936754n],
  ['csharp-driver: 00 01 02 03 + 12 x ff', Buffer.concat([bytes(0, 1, 2, 3), Buffer.alloc(12, 0xff)]), 6463632673159404390n],
  ['csharp-driver: 17 x 0xfe (signed tail)', Buffer.alloc(17, 0xfe), -1672437813826982685n],
  ['csharp-driver: fe fe fe fe (signed tail)', bytes(254, 254, 254, 254), 4566408979886474012n],
  ['csharp-driver: 00 00 00 00', bytes(0, 0, 0, 0), -3485513579396041028n],
  ['csharp-driver: 00 01 7f 7f', bytes(0, 1, 127, 127), 6573459401642635627n],
  ['csharp-driver: 00 ff ff ff (signed tail)', bytes(0, 255, 255, 255), 123573637386978882n],
  ['csharp-driver: ff 01 02 03 (signed tail)', bytes(255, 1, 2, 3), -2839127690952877842n],
  ['csharp-driver: e2 e7 (signed tail)', bytes(226, 231), -8582699461035929883n],
  ['csharp-driver: e2 e7 e2 e7 e2 e7 01 (signed tail)', bytes(226, 231, 226, 231, 226, 231, 1), 2222373981930033306n],
  ['nodejs-driver: 7 x 00 + 80 (signed tail, top byte)', bytes(0, 0, 0, 0, 0, 0, 0, 0x80), 78142285821850151n],
  // datastax/ruby-driver, spec/cassandra/murmur3_spec.rb (string keys, and tails over 8 bytes).
  ['ruby-driver: "123"', Buffer.from('123'), -7468325962851647638n],
  ['ruby-driver: "\\x00\\xff\\x10\\xfa\\x99" x 10', Buffer.from('00ff10fa99'.repeat(10), 'hex'), 5837342703291459765n],
  ['ruby-driver: 8 x 0xfe', Buffer.alloc(8, 0xfe), -8927430733708461935n],
  ['ruby-driver: 8 x 0x10', Buffer.alloc(8, 0x10), 1446172840243228796n],
  ['ruby-driver: "9223372036854775807"', Buffer.from('9223372036854775807'), 7162290910810015547n],
];

test('murmur3 tokens equal the published Cassandra tokens', () => {
  const p = new Murmur3Partitioner();
  for (const [name, key, expected] of VECTORS) {
    assert.equal(p.token(key), expected, name);
    assert.equal(murmur3Hash128(key)[0], expected, name);
    assert.equal(p.decorate(key).token, expected, name);
  }
});

test('second half matches the reference x64_128 where no tail is involved', () => {
  // apache/commons-codec MurmurHash3Test.testHash128X64_SixteenBytes: both halves of 1..16.
  assert.deepEqual(murmur3Hash128(range(1, 16)), [-5563837382979743776n, -8561521540481840843n]);
});

test('every tail length agrees between token() and decorate() and is stable', () => {
  const p = new Murmur3Partitioner();
  const key = Buffer.from(Array.from({ length: 40 }, (_, i) => (i * 37 + 0x81) & 0xff));
  for (let n = 1; n <= key.length; n++) {
    const k = key.subarray(0, n);
    const d = p.decorate(k);
    assert.equal(d.token, p.token(Buffer.from(k)));
    assert.equal(p.tokenFromPosition(d.position), d.token);
  }
});

test('the empty key takes the minimum token, which no hash produces', () => {
  const p = new Murmur3Partitioner();
  assert.equal(p.token(Buffer.alloc(0)), -(2n ** 63n));
  assert.ok(p.isMinimum(p.decorate(Buffer.alloc(0)).token));
});
