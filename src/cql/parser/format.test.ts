/** Printing back: quoteIdentifier / formatQualifiedName / quoteString, and formatType round-tripping with parseCqlType. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { CqlType } from './cql-type.js';
import { formatType } from './format-type.js';
import { NATIVE_TYPE_NAMES } from './keywords.js';
import { parseCqlType } from './parse-type-text.js';
import { parseStatement } from './parse-statement.js';
import { formatQualifiedName, quoteIdentifier, quoteString } from './quote.js';

test('quoteIdentifier leaves plain lowercase names bare and quotes the rest', () => {
  assert.equal(quoteIdentifier('users'), 'users');
  assert.equal(quoteIdentifier('key'), 'key');
  assert.equal(quoteIdentifier('a_1'), 'a_1');
  assert.equal(quoteIdentifier('Users'), '"Users"');
  assert.equal(quoteIdentifier('select'), '"select"');
  assert.equal(quoteIdentifier('true'), '"true"');
  assert.equal(quoteIdentifier('1a'), '"1a"');
  assert.equal(quoteIdentifier('_a'), '"_a"');
  assert.equal(quoteIdentifier('with space'), '"with space"');
  assert.equal(quoteIdentifier('say "hi"'), '"say ""hi"""');
  assert.equal(quoteIdentifier(''), '""');
  assert.equal(formatQualifiedName({ keyspace: 'MyKs', name: 't' }), '"MyKs".t');
  assert.equal(quoteString("it's"), "'it''s'");
});

test('any name survives quoteIdentifier and parsing back', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 20 }), (name) => {
      const s = parseStatement(`SELECT ${quoteIdentifier(name)} FROM ${quoteIdentifier(name)}.t`).statement;
      assert.equal(s.kind, 'select');
      if (s.kind !== 'select') return;
      assert.deepEqual(s.selectors[0]!.selector, { kind: 'column', name });
      assert.equal(s.table.keyspace, name);
    }),
    { numRuns: 500 },
  );
});

test('formatType prints types as CQL', () => {
  const cases = ['int', 'list<text>', 'set<frozen<list<int>>>', 'map<text, frozen<map<int, blob>>>', 'tuple<int, text, float>',
    'frozen<address>', 'ks.address', '"Ks"."Addr"', "'org.apache.cassandra.db.marshal.BytesType'", "'it''s'"];
  for (const text of cases) assert.equal(formatType(parseCqlType(text)), text);
  assert.equal(formatType(parseCqlType('MAP < TEXT,INT >')), 'map<text, int>');
  assert.equal(formatType({ kind: 'user', keyspace: 'ks', name: 'int' }), 'ks."int"');
  assert.equal(formatType({ kind: 'user', keyspace: null, name: 'date' }), '"date"');
  assert.throws(() => parseCqlType('list<int> x'), /line 1:10 expected the end of the type but found 'x'/);
});

const nameArb = fc.oneof(fc.constantFrom('addr', 'Addr', 'my type', 'key', 'int', 'date', 'frozen', 'list', 'byte'), fc.string({ minLength: 1, maxLength: 6 }));

const typeArb: fc.Arbitrary<CqlType> = fc.letrec<{ type: CqlType }>((tie) => ({
  type: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...NATIVE_TYPE_NAMES).map((name): CqlType => ({ kind: 'native', name })),
    fc.record({ keyspace: fc.option(nameArb, { nil: null }), name: nameArb }).map((n): CqlType => ({ kind: 'user', ...n })),
    fc.string({ maxLength: 10 }).map((className): CqlType => ({ kind: 'custom', className })),
    tie('type').map((element): CqlType => ({ kind: 'list', element })),
    tie('type').map((element): CqlType => ({ kind: 'set', element })),
    tie('type').map((type): CqlType => ({ kind: 'frozen', type })),
    fc.tuple(tie('type'), tie('type')).map(([key, value]): CqlType => ({ kind: 'map', key, value })),
    fc.array(tie('type'), { minLength: 1, maxLength: 3 }).map((elements): CqlType => ({ kind: 'tuple', elements })),
  ),
})).type;

test('parseCqlType(formatType(t)) gives back t for any type', () => {
  fc.assert(fc.property(typeArb, (type) => {
    assert.deepEqual(parseCqlType(formatType(type)), type);
  }), { numRuns: 1000 });
});
