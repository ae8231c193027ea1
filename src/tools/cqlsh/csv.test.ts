import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import cassandra from 'cassandra-driver';
import { parseTypeString } from './cql-type.js';
import { readLiteral } from './cql-literal-reader.js';
import { formatCsvRow, readCsv } from './csv-io.js';
import { parseField, parseTimestamp } from './csv-value-parser.js';
import { DEFAULT_FORMAT, formatCell } from './value-formatter.js';

const dialect = { delimiter: ',', quote: '"', escape: '"', nullText: '' };

async function readAll(text: string, d = dialect) {
  const bad: [number, string][] = [];
  const records = [];
  for await (const r of readCsv(Readable.from([text]), d, (line, m) => bad.push([line, m]))) records.push(r);
  return { records, bad };
}

test('CSV rows quote what needs quoting (RFC 4180) and keep null apart from the empty string', () => {
  assert.equal(formatCsvRow(['a', 'b c', 'x,y', 'say "hi"', 'two\nlines', '', null, ' pad'], dialect), 'a,b c,"x,y","say ""hi""","two\nlines","",," pad"\n');
  assert.equal(formatCsvRow(['a|b', null], { ...dialect, delimiter: '|', nullText: 'NULL' }), '"a|b"|NULL\n');
  assert.equal(formatCsvRow(['NULL'], { ...dialect, nullText: 'NULL' }), '"NULL"\n', 'a value equal to the NULL text is quoted');
  assert.equal(formatCsvRow(['q"\\'], { ...dialect, escape: '\\' }), '"q\\"\\\\"\n');
});

test('CSV reading round-trips what was written, with line numbers, and skips bad records', async () => {
  const fields = ['a', 'x,y', 'say "hi"', 'two\nlines', '', null, '日本'];
  const { records, bad } = await readAll(formatCsvRow(fields, dialect) + formatCsvRow(['2'], dialect));
  assert.deepEqual(records.map((r) => r.fields), [fields, ['2']]);
  assert.deepEqual(records.map((r) => r.line), [2, 3]);
  assert.deepEqual(bad, []);
  const broken = await readAll('ok,1\nb"a"d,2\nfine,3\n');
  assert.deepEqual(broken.records.map((r) => r.fields), [['ok', '1'], ['fine', '3']]);
  assert.deepEqual(broken.bad.map(([line, m]) => [line, /Invalid Opening Quote/.test(m)]), [[2, true]], 'reported once');
  const unclosed = await readAll('ok,1\n"never closed,2\nmore,3\n');
  assert.deepEqual(unclosed.records.map((r) => r.fields), [['ok', '1']]);
  assert.match(unclosed.bad[0]![1], /Quote Not Closed/);
  const nulls = await readAll('NIL,"NIL",x\n', { ...dialect, nullText: 'NIL' });
  assert.deepEqual(nulls.records[0]!.fields, [null, 'NIL', 'x']);
});

test('CSV fields become driver values of their column types', () => {
  const opts = { boolStyle: ['True', 'False'] as const };
  const p = (text: string, type: string) => parseField(text, parseTypeString(type), opts);
  assert.equal(p('42', 'int'), 42);
  assert.equal(p('-9223372036854775808', 'bigint'), -9223372036854775808n);
  assert.equal(p('123456789012345678901234567890', 'varint'), 123456789012345678901234567890n);
  assert.equal(p('2.5', 'double'), 2.5);
  assert.ok(Number.isNaN(p('NaN', 'float') as number));
  assert.equal(String(p('1.5E-3', 'decimal')), '0.0015');
  assert.equal(p('true', 'boolean'), true);
  assert.equal(p('False', 'boolean'), false);
  assert.deepEqual(p('0xcafe', 'blob'), Buffer.from([0xca, 0xfe]));
  assert.equal(String(p('9F1C7A56-3F1E-4C2A-8D6B-0C8B5F0E1A11', 'uuid')), '9f1c7a56-3f1e-4c2a-8d6b-0c8b5f0e1a11');
  assert.equal(String(p('10.0.0.1', 'inet')), '10.0.0.1');
  assert.equal(String(p('2011-02-03', 'date')), '2011-02-03');
  assert.equal(p('text, as is ', 'text'), 'text, as is ');
  assert.deepEqual(p("['a', 'it''s']", 'list<text>'), ['a', "it's"]);
  assert.deepEqual(p('{1, 2}', 'set<int>'), [1, 2]);
  assert.deepEqual(p("{'k': 1, 'j': null}", 'map<text, int>'), new Map<string, number | null>([['k', 1], ['j', null]]));
  const tuple = p("(1, 'a', ['04:05:00'])", 'tuple<int, text, list<time>>') as cassandra.types.Tuple;
  assert.equal(tuple.get(0), 1);
  assert.equal(String(tuple.get(2)[0]), '04:05:00');
  const udt = { kind: 'udt', name: 'addr', fields: [{ name: 'city', type: parseTypeString('text') }, { name: 'Zip', type: parseTypeString('int') }] } as const;
  assert.deepEqual(parseField(`{city: 'Paris', "Zip": 75001}`, udt, opts), { city: 'Paris', Zip: 75001 });
  for (const [text, type, message] of [
    ['x', 'int', /Invalid int value 'x'/],
    ['2147483648', 'int', /out of range/],
    ['maybe', 'boolean', /Invalid boolean/],
    ['0xabc', 'blob', /Invalid blob/],
    ['[1, 2', 'list<int>', /expected|unterminated|missing/],
    ['{1: 2}', 'set<int>', /Invalid set literal/],
    ['{nope: 1}', 'frozen<addr>', /Unknown field nope/],
  ] as const) {
    const t = type === 'frozen<addr>' ? udt : parseTypeString(type);
    assert.throws(() => parseField(text, t, opts), message, `${text} as ${type}`);
  }
});

test('timestamps: cqlsh COPY form, ISO 8601 with zones, dates alone, epoch milliseconds; round trip with COPY TO', () => {
  const ms = Date.UTC(2011, 1, 3, 4, 5, 0, 250);
  assert.equal(parseTimestamp('2011-02-03 04:05:00.250+0000').getTime(), ms);
  assert.equal(parseTimestamp('2011-02-03T04:05:00.25Z').getTime(), ms);
  assert.equal(parseTimestamp('2011-02-03T06:05:00.250+02:00').getTime(), ms);
  assert.equal(parseTimestamp('2011-02-03').getTime(), Date.UTC(2011, 1, 3));
  assert.equal(parseTimestamp(String(ms)).getTime(), ms);
  assert.throws(() => parseTimestamp('2011-02-30 00:00:00'), /Invalid timestamp/);
  assert.throws(() => parseTimestamp('yesterday'), /Invalid timestamp/);
  const copyFormat = { ...DEFAULT_FORMAT, raw: true };
  const type = parseTypeString('map<text, frozen<list<timestamp>>>');
  const value = new Map([['k', [new Date(ms)]]]);
  const text = formatCell(value, type, copyFormat);
  assert.equal(text, "{'k': ['2011-02-03 04:05:00.250+0000']}");
  assert.deepEqual(parseField(text, type, { boolStyle: ['True', 'False'] }), value);
});

test('the literal reader nests, keeps quoted text whole and refuses deep nesting', () => {
  assert.deepEqual(readLiteral("{'a': [1, (2, 'x, y')]}"), {
    kind: 'braces',
    items: [],
    pairs: [[{ kind: 'string', value: 'a' }, { kind: 'list', items: [{ kind: 'atom', value: '1' }, { kind: 'tuple', items: [{ kind: 'atom', value: '2' }, { kind: 'string', value: 'x, y' }] }] }]],
  });
  assert.throws(() => readLiteral('['.repeat(100) + ']'.repeat(100)), /nested too deeply/);
  assert.throws(() => readLiteral('[1] junk'), /unexpected/);
});
