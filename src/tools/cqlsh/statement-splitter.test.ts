import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatementSplitter, splitScript } from './statement-splitter.js';

const texts = (script: string) => splitScript(script).statements.map((s) => s.text);

test('statements end at semicolons, several per line or one over several lines', () => {
  assert.deepEqual(texts('SELECT * FROM t; SELECT 1 FROM u;'), ['SELECT * FROM t', 'SELECT 1 FROM u']);
  const { statements } = splitScript('SELECT *\nFROM t\nWHERE k = 1;\n\nINSERT INTO t (k) VALUES (2);');
  assert.deepEqual(statements.map((s) => [s.text, s.startLine, s.endLine]), [
    ['SELECT *\nFROM t\nWHERE k = 1', 1, 3],
    ['INSERT INTO t (k) VALUES (2)', 5, 5],
  ]);
});

test('semicolons inside quotes, quoted names and $$ strings do not end a statement', () => {
  assert.deepEqual(texts("INSERT INTO t (k, v) VALUES ('a;b', 'it''s;');"), ["INSERT INTO t (k, v) VALUES ('a;b', 'it''s;')"]);
  assert.deepEqual(texts('SELECT "we;ird" FROM t;'), ['SELECT "we;ird" FROM t']);
  assert.deepEqual(texts("CREATE FUNCTION f() RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE java AS $$ return 1; $$;"), [
    'CREATE FUNCTION f() RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE java AS $$ return 1; $$',
  ]);
  assert.deepEqual(texts("INSERT INTO t (k) VALUES ('multi\nline;\nstring');"), ["INSERT INTO t (k) VALUES ('multi\nline;\nstring')"]);
});

test('comments are dropped, and a ; inside one ends nothing', () => {
  assert.deepEqual(texts('SELECT * -- a comment; still a comment\nFROM t; // trailing;'), ['SELECT *  \nFROM t']);
  assert.deepEqual(texts('SELECT /* one; two\n three; */ k FROM t;'), ['SELECT  \n k FROM t']);
  assert.deepEqual(texts('-- only a comment\n/* and a block */'), []);
  assert.deepEqual(texts("SELECT '--not a comment' FROM t;"), ["SELECT '--not a comment' FROM t"]);
});

test('shell commands end at the line end unless the line visibly goes on', () => {
  assert.deepEqual(texts('EXPAND ON\nHELP\nselect * from t\n;'), ['EXPAND ON', 'HELP', 'select * from t']);
  assert.deepEqual(texts("COPY ks.t TO 'f.csv' WITH\n HEADER = true AND\n DELIMITER = '|'\n"), [
    "COPY ks.t TO 'f.csv' WITH\n HEADER = true AND\n DELIMITER = '|'",
  ]);
  assert.deepEqual(texts("COPY ks.t (a,\n b) TO 'f.csv'\n"), ["COPY ks.t (a,\n b) TO 'f.csv'"]);
  assert.deepEqual(texts('describe keyspaces;'), ['describe keyspaces']);
});

test('the splitter reports a pending statement, runs the last one at end of input, and resets', () => {
  const s = new StatementSplitter();
  assert.equal(s.pending, false);
  assert.deepEqual(s.push('SELECT *', 1), []);
  assert.equal(s.pending, true);
  assert.deepEqual(s.push("FROM t WHERE k = 'open", 2), []);
  s.reset();
  assert.equal(s.pending, false);
  assert.deepEqual(s.push('SELECT 1 FROM t; SELECT 2', 3).map((x) => x.text), ['SELECT 1 FROM t']);
  assert.equal(s.finish(3)?.text, 'SELECT 2');
  assert.deepEqual(texts('select * from t'), ['select * from t'], 'cqlsh -e needs no ;');
});
