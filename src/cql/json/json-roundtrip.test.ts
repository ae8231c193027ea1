// Round trips for every native type: fromJson(parseJson(toJson(x))) gives x back (or a value equal
// to it in the type's order where bytes have several forms), through the exact-number parser.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { CQL_TYPES } from '../../marshal/index.js';
import { fromJson } from './from-json.js';
import { parseJson } from './json-parser.js';
import { NATIVE_VALUES } from '../../../test/support/cql/native-values.js';
import { toJson } from './to-json.js';

/** Values whose JSON form cannot come back: float/double NaN and ±Infinity (written null), the empty varint ("" is refused, as in Cassandra). */
function roundTrips(name: string, b: Buffer): boolean {
  if (name === 'varint' && b.length === 0) return false;
  if (name === 'float' && b.length === 4) return Number.isFinite(b.readFloatBE(0));
  if (name === 'double' && b.length === 8) return Number.isFinite(b.readDoubleBE(0));
  return true;
}

for (const [name, type] of CQL_TYPES) {
  test(`${name}: toJson then fromJson gives the value back`, () => {
    const values = NATIVE_VALUES[name === 'varchar' ? 'text' : name];
    assert.ok(values, `no test values for ${name}`);
    fc.assert(
      fc.property(values, (b) => {
        fc.pre(roundTrips(name, b));
        const text = toJson(type, b);
        const back = fromJson(type, parseJson(text));
        assert.ok(back !== null, text);
        assert.equal(type.compare(back, b), 0, `${b.toString('hex')} → ${text} → ${back.toString('hex')}`);
        if (name === 'decimal' || name === 'float' || name === 'double') return; // -0.0 vs 0.0 compare as Java does
        assert.equal(back.toString('hex'), b.toString('hex'), text);
      }),
      { numRuns: 200 },
    );
  });
}

test('decimals keep their scale and -0.0 keeps its sign through JSON', () => {
  fc.assert(
    fc.property(NATIVE_VALUES.decimal!, (b) => {
      assert.equal(fromJson(CQL_TYPES.get('decimal')!, parseJson(toJson(CQL_TYPES.get('decimal')!, b)))!.toString('hex'), b.toString('hex'));
    }),
  );
  const negZero = Buffer.alloc(8);
  negZero.writeDoubleBE(-0);
  assert.equal(fromJson(CQL_TYPES.get('double')!, parseJson(toJson(CQL_TYPES.get('double')!, negZero)))!.toString('hex'), negZero.toString('hex'));
});
