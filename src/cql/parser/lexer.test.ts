/** The lexer: every token kind, offsets, comments, and unreadable text becoming an Invalid token. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenize } from './lexer.js';
import { TokenKind, type TokenKindValue } from './token.js';

function kinds(text: string): [TokenKindValue, string][] {
  return tokenize(text).map((t) => [t.kind, t.text]);
}

const W = TokenKind.Word;
const S = TokenKind.Symbol;
const END: [TokenKindValue, string] = [TokenKind.End, ''];

test('words are lowercased; quoted names keep case and unescape ""', () => {
  assert.deepEqual(kinds('SELECT Foo "Bar" "Like ""This"""'), [
    [W, 'select'], [W, 'foo'], [TokenKind.QuotedName, 'Bar'], [TokenKind.QuotedName, 'Like "This"'], END,
  ]);
  assert.deepEqual(kinds('"" a_1'), [[TokenKind.QuotedName, ''], [W, 'a_1'], END]);
});

test('string literals: quotes doubled inside, $$ strings raw', () => {
  assert.deepEqual(kinds("'it''s' '' $$a 'b' \"c\" $d$$"), [
    [TokenKind.String, "it's"], [TokenKind.String, ''], [TokenKind.String, 'a \'b\' "c" $d'], END,
  ]);
  assert.deepEqual(kinds("'multi\nline'"), [[TokenKind.String, 'multi\nline'], END]);
});

test('numbers: integers, floats, exponents, hex; a minus stays a symbol', () => {
  assert.deepEqual(kinds('42 -7 1.5 2. 1e10 1E-5 3.25e+2 0xCAFE 0x'), [
    [TokenKind.Integer, '42'], [S, '-'], [TokenKind.Integer, '7'], [TokenKind.Float, '1.5'], [TokenKind.Float, '2.'],
    [TokenKind.Float, '1e10'], [TokenKind.Float, '1E-5'], [TokenKind.Float, '3.25e+2'], [TokenKind.Hex, '0xCAFE'],
    [TokenKind.Hex, '0x'], END,
  ]);
});

test('a range 1..3 is integer, .., integer (not a float)', () => {
  assert.deepEqual(kinds('[1..3]'), [[S, '['], [TokenKind.Integer, '1'], [S, '..'], [TokenKind.Integer, '3'], [S, ']'], END]);
  assert.deepEqual(kinds("['a'..'c']").map((k) => k[1]), ['[', 'a', '..', 'c', ']', '']);
});

test('UUID literals, including ones starting with letters or digits', () => {
  for (const u of ['550e8400-e29b-41d4-a716-446655440000', 'ABCDEF01-2345-6789-abcd-ef0123456789']) {
    assert.deepEqual(kinds(u), [[TokenKind.Uuid, u], END]);
  }
  // Not a UUID: wrong group length, so the digits lex as a malformed number.
  assert.equal(tokenize('550e8400-e29b-41d4-a716-44665544000').some((t) => t.kind === TokenKind.Uuid), false);
});

test('duration literals', () => {
  for (const d of ['1h30m', '3d', '1y2mo', '10us', '5µs', '7ns', '12ms', '2w', '1Y2MO3W4D5H6M7S8MS9US10NS']) {
    assert.deepEqual(kinds(d), [[TokenKind.Duration, d], END], d);
  }
  assert.deepEqual(kinds('P0001-02-03T04:05:06'), [[TokenKind.Duration, 'P0001-02-03T04:05:06'], END]);
  // ISO designator forms are words; the parser reads them as durations where a value is expected.
  assert.deepEqual(kinds('P1Y2M PT1H'), [[W, 'p1y2m'], [W, 'pt1h'], END]);
});

test('a byte-order mark at the start is skipped', () => {
  assert.deepEqual(kinds('\uFEFFUSE ks'), [[W, 'use'], [W, 'ks'], END]);
});

test('comments of all three kinds are skipped', () => {
  assert.deepEqual(kinds('a -- one\nb // two\nc /* three\n four */ d'), [[W, 'a'], [W, 'b'], [W, 'c'], [W, 'd'], END]);
  assert.deepEqual(kinds('a --'), [[W, 'a'], END]);
});

test('operators and punctuation', () => {
  assert.deepEqual(kinds('= != < <= > >= + += - -= * / % ( ) [ ] { } , ; : ? . ..').map((k) => k[1]), [
    '=', '!=', '<', '<=', '>', '>=', '+', '+=', '-', '-=', '*', '/', '%', '(', ')', '[', ']', '{', '}', ',', ';', ':', '?', '.', '..', '',
  ]);
});

test('token offsets point into the source', () => {
  const src = "  SELECT  'x' ";
  const [sel, str] = tokenize(src);
  assert.equal(src.slice(sel!.start, sel!.end), 'SELECT');
  assert.equal(src.slice(str!.start, str!.end), "'x'");
});

test('unreadable text becomes one Invalid token followed by End', () => {
  const cases: [string, RegExp][] = [
    ["'open", /unterminated string/],
    ['"open', /unterminated quoted identifier/],
    ['$$open', /unterminated \$\$/],
    ['/* open', /unterminated \/\* comment/],
    ['a # b', /unexpected character '#'/],
    ['a ! b', /unexpected character '!'/],
    ['$x', /unexpected character '\$'/],
    ['12abc', /malformed number or duration/],
    ['1.5h', /malformed number/],
    ['0xZZ', /malformed hexadecimal/],
    ['a \u0000', /U\+0000/],
    ['é', /unexpected character 'é'/],
  ];
  for (const [src, re] of cases) {
    const tokens = tokenize(src);
    const invalid = tokens[tokens.length - 2]!;
    assert.equal(invalid.kind, TokenKind.Invalid, src);
    assert.match(invalid.text, re, src);
    assert.equal(tokens[tokens.length - 1]!.kind, TokenKind.End);
  }
});
