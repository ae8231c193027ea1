/**
 * Test support (imported only by *.test.ts): the laws every marshal type must obey, as fast-check
 * properties registered with node:test. Each law is checked for the type and for ReversedType of it.
 *   order      sign(compare(a, b)) === sign(byte order of toComparable(a), toComparable(b)); or, for
 *              a type whose encoding keeps the serialized form (IntegerType: 'refines'), byte order
 *              agrees wherever compare is not 0 and equal encodings compare 0
 *   decode     fromComparable(toComparable(x)) gives x back (or a value comparing equal to it)
 *   text       fromString(toString(x)) gives x back (or a value comparing equal to it)
 *   delimiting encodings are prefix-free, and concatenated with any separator and tail they keep
 *              their order and decode to exactly their own length
 *   validate   accepts every generated value, rejects each given invalid one with MarshalError
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { MarshalError } from '../../../src/errors/index.js';
import { ByteReader } from '../../../src/util/byte-reader.js';
import type { AbstractType } from '../../../src/marshal/abstract-type.js';
import { ReversedType } from '../../../src/marshal/reversed-type.js';

export interface LawOptions {
  /** Runs per property (default 150). */
  numRuns?: number;
  /** 'equal' when some values have several serialized forms (decode gives a canonical one). */
  decode?: 'exact' | 'equal';
  /** 'equal' when text loses the serialized form but not the value; 'skip' to not check. */
  text?: 'exact' | 'equal' | 'skip';
  /** Values whose text cannot round-trip (documented exceptions). */
  textFilter?: (b: Buffer) => boolean;
  /** Serialized values validate must reject. */
  invalid?: readonly Buffer[];
  /**
   * 'refines' when equal values of different serialized forms keep distinct encodings (then the
   * narrower is a prefix of the wider, told apart by a byte that is never a separator).
   */
  order?: 'equal' | 'refines';
  /** Also check ReversedType(type) (default true). */
  reversed?: boolean;
}

export const SEPARATORS = [0x20, 0x38, 0x40, 0x60] as const;

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0); // never -0
const hex = (b: Buffer): string => b.toString('hex');

/** Registers every law for `type` (and its reversal) over values drawn from `values`. */
export function checkTypeLaws<T>(type: AbstractType<T>, values: fc.Arbitrary<Buffer>, opts: LawOptions = {}): void {
  lawsFor(type as AbstractType, values, opts);
  if (opts.reversed !== false) lawsFor(new ReversedType(type as AbstractType), values, { ...opts, invalid: [] });
}

type Params = { numRuns: number; refines: boolean };

function lawsFor(type: AbstractType, values: fc.Arbitrary<Buffer>, opts: LawOptions): void {
  const params = { numRuns: opts.numRuns ?? 150, refines: opts.order === 'refines' };
  test(`${type.name}: byte-comparable order equals compare`, () => orderLaw(type, values, params));
  test(`${type.name}: fromComparable(toComparable(x)) round trip`, () => decodeLaw(type, values, opts.decode ?? 'exact', params));
  const textMode = opts.text ?? 'exact';
  if (textMode !== 'skip') {
    const filtered = opts.textFilter ? values.filter(opts.textFilter) : values;
    test(`${type.name}: fromString(toString(x)) round trip`, () => textLaw(type, filtered, textMode, params));
  }
  test(`${type.name}: encodings are self-delimiting`, () => delimitingLaw(type, values, params));
  test(`${type.name}: validate`, () => {
    fc.assert(fc.property(values, (x) => type.validate(x)), params);
    for (const bad of opts.invalid ?? []) {
      assert.throws(() => type.validate(bad), MarshalError, `${type.name} must reject ${hex(bad)}`);
      assert.throws(() => type.toString(bad), MarshalError);
    }
  });
}

function sameValue(type: AbstractType, a: Buffer, b: Buffer, mode: 'exact' | 'equal'): boolean {
  return mode === 'exact' ? a.equals(b) : type.compare(a, b) === 0;
}

function orderLaw(type: AbstractType, values: fc.Arbitrary<Buffer>, params: Params): void {
  fc.assert(
    fc.property(values, values, (a, b) => {
      const c = sign(type.compare(a, b));
      assert.ok(sign(type.compare(b, a)) === -c, 'compare is antisymmetric');
      assert.ok(type.compare(a, a) === 0, 'compare(a, a) is 0');
      const e = sign(Buffer.compare(type.toComparable(a), type.toComparable(b)));
      if (params.refines) {
        if (c !== 0) assert.equal(e, c, `${hex(a)} vs ${hex(b)}`);
        if (e === 0) assert.equal(c, 0, `${hex(a)} vs ${hex(b)}: equal encodings, equal values`);
      } else {
        assert.equal(e, c, `${hex(a)} vs ${hex(b)}`);
      }
    }),
    { numRuns: params.numRuns },
  );
}

function decodeLaw(type: AbstractType, values: fc.Arbitrary<Buffer>, mode: 'exact' | 'equal', params: Params): void {
  fc.assert(
    fc.property(values, (x) => {
      const enc = type.toComparable(x);
      const reader = new ByteReader(enc);
      const back = type.fromComparable(reader);
      assert.equal(reader.pos, enc.length, 'reads exactly the encoding');
      assert.ok(sameValue(type, back, x, mode), `${hex(x)} decoded as ${hex(back)}`);
      assert.ok(type.toComparable(back).equals(enc), 'the decoded value encodes identically');
    }),
    { numRuns: params.numRuns },
  );
}

function textLaw(type: AbstractType, values: fc.Arbitrary<Buffer>, mode: 'exact' | 'equal', params: Params): void {
  fc.assert(
    fc.property(values, (x) => {
      const s = type.toString(x);
      const back = type.fromString(s);
      assert.ok(sameValue(type, back, x, mode), `${hex(x)} → '${s}' → ${hex(back)}`);
    }),
    params,
  );
}

function delimitingLaw(type: AbstractType, values: fc.Arbitrary<Buffer>, params: Params): void {
  const sep = fc.constantFrom(...SEPARATORS);
  const tail = fc.uint8Array({ maxLength: 6 }).map((u) => Buffer.from(u));
  fc.assert(
    fc.property(values, values, sep, sep, tail, tail, (a, b, s1, s2, t1, t2) => {
      const ea = type.toComparable(a);
      const eb = type.toComparable(b);
      if (!ea.equals(eb) && !(params.refines && type.compare(a, b) === 0)) {
        const shorter = ea.length < eb.length ? ea : eb;
        const longer = shorter === ea ? eb : ea;
        assert.ok(!longer.subarray(0, shorter.length).equals(shorter), 'no encoding is a prefix of another');
      }
      const x = Buffer.concat([ea, Buffer.from([s1]), t1]);
      const y = Buffer.concat([eb, Buffer.from([s2]), t2]);
      const c = sign(type.compare(a, b));
      if (c !== 0) assert.equal(sign(Buffer.compare(x, y)), c);
      const reader = new ByteReader(x);
      type.fromComparable(reader);
      assert.equal(reader.pos, ea.length, 'decoding stops at the end of the component');
    }),
    { numRuns: params.numRuns },
  );
}

/** `arb`, or now and then the empty value. */
export function withEmpty(arb: fc.Arbitrary<Buffer>): fc.Arbitrary<Buffer> {
  return fc.oneof({ weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) }, { weight: 8, arbitrary: arb });
}

/** Byte strings rich in the bytes the escaping cares about (0x00, 0x01, 0xFE, 0xFF). */
export function byteStrings(maxLength = 12, byte: fc.Arbitrary<number> = fc.integer({ min: 0, max: 255 })): fc.Arbitrary<Buffer> {
  const b = fc.oneof(byte, byte.filter((x) => x <= 1 || x >= 0xfe));
  return fc.array(b, { maxLength }).map((a) => Buffer.from(a));
}

/** Fixed-length random bytes. */
export function fixedBytes(n: number): fc.Arbitrary<Buffer> {
  return fc.uint8Array({ minLength: n, maxLength: n }).map((u) => Buffer.from(u));
}

/** Asserts that `fn` throws a MarshalError whose message matches `pattern`. */
export function assertMarshalError(fn: () => unknown, pattern?: RegExp): void {
  assert.throws(fn, (e: unknown) => e instanceof MarshalError && (pattern === undefined || pattern.test(e.message)));
}
