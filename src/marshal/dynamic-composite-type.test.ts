/** DynamicCompositeType: Cassandra's wire form and order, the alias syntax, the byte-comparable laws. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { DynamicCompositeType } from './dynamic-composite-type.js';
import { parseType } from './type-parser.js';
import { assertMarshalError, checkTypeLaws } from '../../test/support/marshal/type-laws.js';

const DCT = parseType('DynamicCompositeType(s => UTF8Type, i => Int32Type, L => ReversedType(LongType))') as DynamicCompositeType;

/** One component as Cassandra serializes it: header (alias or name), u16 length, value, eoc. */
function component(nameOrAlias: string, value: Buffer, eoc = 0): Buffer {
  const len = Buffer.alloc(2);
  len.writeUInt16BE(value.length);
  return Buffer.concat([DCT.spell(nameOrAlias).spelling, len, value, Buffer.from([eoc & 0xff])]);
}
const i32 = (n: number) => { const b = Buffer.alloc(4); b.writeInt32BE(n); return b; };
const i64 = (n: bigint) => { const b = Buffer.alloc(8); b.writeBigInt64BE(n); return b; };
const name = (...parts: Buffer[]) => Buffer.concat(parts);

test('alias syntax: parse and print as Cassandra does', () => {
  assert.ok(DCT instanceof DynamicCompositeType);
  assert.equal(DCT.name, 'DynamicCompositeType(L=>ReversedType(LongType),i=>Int32Type,s=>UTF8Type)');
  assert.equal(DCT.fullName, 'org.apache.cassandra.db.marshal.DynamicCompositeType(L=>org.apache.cassandra.db.marshal.ReversedType(org.apache.cassandra.db.marshal.LongType),i=>org.apache.cassandra.db.marshal.Int32Type,s=>org.apache.cassandra.db.marshal.UTF8Type)');
  assert.equal(parseType(DCT.fullName).fullName, DCT.fullName);
  assert.equal(parseType('org.apache.cassandra.db.marshal.DynamicCompositeType').name, 'DynamicCompositeType()');
  assert.throws(() => parseType('DynamicCompositeType(ab => UTF8Type)'), /single character/);
  assert.throws(() => parseType('DynamicCompositeType(a => ListType(Int32Type))'), /non-parameterised/);
});

test('wire form: an alias header is 0x8000 | the character, a name header its length', () => {
  assert.equal(component('s', Buffer.from('a')).toString('hex'), '8073' + '0001' + '61' + '00');
  assert.equal(component('UTF8Type', Buffer.from('a')).toString('hex'), '0008' + Buffer.from('UTF8Type').toString('hex') + '000161' + '00');
  assert.equal(DCT.toString(name(component('s', Buffer.from('a:b')), component('i', i32(7)))), 's@a\\:b:i@7');
  assert.deepEqual(DCT.fromString('s@a\\:b:i@7'), name(component('s', Buffer.from('a:b')), component('i', i32(7))));
  assert.deepEqual(DCT.fromString('UTF8Type@x:!'), component('UTF8Type', Buffer.from('x'), 1));
  assertMarshalError(() => DCT.validate(Buffer.from('8078000161' + '00', 'hex')), /Cannot find comparator for component 0/);
  assertMarshalError(() => DCT.validate(Buffer.from('80', 'hex')), /Not enough bytes to header/);
});

test('order: by value within a type, by class names across types, alias and name alike', () => {
  const cmp = (a: Buffer, b: Buffer) => Math.sign(DCT.compare(a, b));
  assert.equal(cmp(component('i', i32(2)), component('i', i32(10))), -1);
  assert.equal(cmp(component('i', i32(7)), component('org.apache.cassandra.db.marshal.Int32Type', i32(7))), 0);
  // Int32Type < UTF8Type by simple class name, whatever the values.
  assert.equal(cmp(component('s', Buffer.from('a')), component('i', i32(1_000))), 1);
  assert.equal(cmp(component('L', i64(1n)), component('L', i64(2n))), 1, 'reversed');
  assert.equal(cmp(component('i', i32(1)), name(component('i', i32(1)), component('s', Buffer.from('')))), -1, 'a prefix first');
  assert.equal(cmp(component('i', i32(1), 1), name(component('i', i32(1)), component('s', Buffer.from('z')))), 1, 'end-of-component +1 after');
});

const spellings = ['s', 'UTF8Type', 'i', 'Int32Type', 'org.apache.cassandra.db.marshal.Int32Type', 'L', 'IntegerType', 'BytesType', 'ReversedType(UTF8Type)'];
const valueFor = (spelling: string): fc.Arbitrary<Buffer> => {
  const t = DCT.spell(spelling).type.name;
  if (t.includes('Int32')) return fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map(i32);
  if (t.includes('Long')) return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(i64);
  if (t === 'IntegerType') return fc.constantFrom('01', '0001', 'ff', '00ff').map((h) => Buffer.from(h, 'hex'));
  return fc.string({ maxLength: 4 }).map((s) => Buffer.from(s));
};
const names = fc.tuple(
  fc.array(fc.constantFrom(...spellings).chain((sp) => valueFor(sp).map((v) => [sp, v] as const)), { maxLength: 3 }),
  fc.constantFrom(-1, 0, 1),
).map(([parts, eoc]) => name(...parts.map(([sp, v], i) => component(sp, v, i === parts.length - 1 ? eoc : 0))));
checkTypeLaws(DCT, names, { decode: 'exact', text: 'skip', order: 'refines', numRuns: 300 });
