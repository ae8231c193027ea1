/** parseStatements over a cqlsh-style script (spans, empty statements) and parseStatement's one-statement rule. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseStatement, parseStatements } from './parse-statement.js';

test('parseStatements splits a cqlsh-style script and gives each statement its span', () => {
  const script = `-- schema
CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
USE ks;

/* the table */
CREATE TABLE t (k int PRIMARY KEY, v text);;
INSERT INTO t (k, v) VALUES (1, 'a;b');
BEGIN BATCH
  INSERT INTO t (k, v) VALUES (2, 'x');
  INSERT INTO t (k, v) VALUES (3, 'y');
APPLY BATCH;
SELECT * FROM t WHERE k = 1 -- no final semicolon
`;
  const parsed = parseStatements(script);
  assert.deepEqual(parsed.map((p) => p.statement.kind), ['createKeyspace', 'use', 'createTable', 'insert', 'batch', 'select']);
  assert.deepEqual(parsed.map((p) => p.text), [
    "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    'USE ks',
    'CREATE TABLE t (k int PRIMARY KEY, v text)',
    "INSERT INTO t (k, v) VALUES (1, 'a;b')",
    "BEGIN BATCH\n  INSERT INTO t (k, v) VALUES (2, 'x');\n  INSERT INTO t (k, v) VALUES (3, 'y');\nAPPLY BATCH",
    'SELECT * FROM t WHERE k = 1',
  ]);
  for (const p of parsed) assert.equal(script.slice(p.start, p.end), p.text);
  // Each statement's own text parses back to the same AST.
  for (const p of parsed) assert.deepEqual(parseStatement(p.text).statement, p.statement);
});

test('empty scripts and lone semicolons give no statements', () => {
  assert.deepEqual(parseStatements(''), []);
  assert.deepEqual(parseStatements(' ;; -- nothing\n ; '), []);
});

test('parseStatement accepts trailing semicolons but only one statement', () => {
  assert.equal(parseStatement('SELECT * FROM t;;').statement.kind, 'select');
  assert.throws(() => parseStatement('SELECT * FROM t; SELECT * FROM t'), /one statement only/);
});
