/** Syntax errors: the error class and code, line:column positions, and the wording of the messages. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorCode, IliumError } from '../../errors/index.js';
import { parseStatement, parseStatements } from './parse-statement.js';
import { CqlSyntaxError } from './syntax-error.js';

function error(text: string): CqlSyntaxError {
  try {
    parseStatement(text);
  } catch (e) {
    assert.ok(e instanceof CqlSyntaxError, `${text}: ${String(e)}`);
    return e;
  }
  assert.fail(`parsed without error: ${text}`);
}

test('CqlSyntaxError is an IliumError with the protocol SYNTAX_ERROR code and position fields', () => {
  const e = error('SELECT a, b FORM t');
  assert.ok(e instanceof IliumError);
  assert.equal(e.code, ErrorCode.SYNTAX_ERROR);
  assert.equal(e.name, 'CqlSyntaxError');
  assert.equal(e.message, "line 1:12 expected FROM but found 'FORM'");
  assert.deepEqual([e.line, e.column, e.offset, e.reason], [1, 12, 12, "expected FROM but found 'FORM'"]);
});

test('positions count lines from 1 and columns from 0, across \\n, \\r\\n and \\r', () => {
  assert.match(error('SELECT *\nFROM t\nWHERE a == 1').message, /^line 3:9 /);
  assert.match(error('SELECT *\r\nFROM t\r\nWHERE a == 1').message, /^line 3:9 /);
  assert.match(error('SELECT *\rFROM t WHERE a == 1').message, /^line 2:16 /);
  assert.match(error("SELECT * FROM t\nWHERE a = 'open").message, /^line 2:10 unterminated string literal$/);
});

test('messages name the expected thing and the offending token', () => {
  const cases: [string, string][] = [
    ['', "line 1:0 expected a statement (SELECT, INSERT, UPDATE, DELETE, BEGIN BATCH, USE, TRUNCATE, CREATE, ALTER, DROP, GRANT, REVOKE, LIST or DESCRIBE) but found the end of the input"],
    ['SELEKT * FROM t', "line 1:0 expected a statement (SELECT, INSERT, UPDATE, DELETE, BEGIN BATCH, USE, TRUNCATE, CREATE, ALTER, DROP, GRANT, REVOKE, LIST or DESCRIBE) but found 'SELEKT'"],
    ['SELECT * FROM', 'line 1:13 expected a table name but found the end of the input'],
    ['SELECT * FROM t WHERE a = ', 'line 1:26 expected a value but found the end of the input'],
    ["SELECT * FROM t LIMIT 'x'", "line 1:22 expected an integer or a bind marker but found ''x''"],
    ['INSERT INTO t (a) VALUES (1', "line 1:27 expected ')' but found the end of the input"],
    ['SELECT * FROM t;\nSELECT * FROM u', "line 2:0 expected the end of the statement (one statement only) but found 'SELECT'"],
    ['SELECT * FROM select', `line 1:14 expected a table name but found 'select', a reserved word (write "select" to use it as a name)`],
    ['SELECT * FROM ?', 'line 1:14 a bind marker cannot stand for a table name'],
    ['SELECT * FROM t WHERE a IN 1', "line 1:27 expected '(' but found '1'"],
    ['SELECT * FROM t WHERE a ~ 1', "line 1:24 unexpected character '~'"],
    ['SELECT * FROM t WHERE a LIKES 1', "line 1:24 expected an operator (=, <, >, <=, >=, !=, IN, CONTAINS, LIKE or IS NOT NULL) but found 'LIKES'"],
    ['SELECT * FROM t WHERE (a, b) > 1', "line 1:31 expected a tuple such as (1, 2) or a bind marker but found '1'"],
    ['UPDATE t SET a = b + 1 WHERE k = 1', "line 1:17 only 'a = a + value' is supported here"],
    ['UPDATE t SET a = [1] + b WHERE k = 1', "line 1:23 only 'a = value + a' is supported here"],
    ['UPDATE t SET a = a WHERE k = 1', "line 1:19 expected '+' or '-' but found 'WHERE'"],
    ['UPDATE t SET a = 1', 'line 1:18 expected WHERE but found the end of the input'],
    ['DELETE FROM t USING TTL 5 WHERE k = 1', "line 1:20 expected TIMESTAMP but found 'TTL'"],
    ['INSERT INTO t (a) VALUES (1) USING TTL 1 AND TTL 2', "line 1:45 TTL is given twice"],
    ['BEGIN BATCH SELECT * FROM t APPLY BATCH', "line 1:12 expected INSERT, UPDATE, DELETE or APPLY BATCH but found 'SELECT'"],
    ['CREATE TABLE t (a int PRIMARY KEY, b int PRIMARY KEY)', 'line 1:41 the PRIMARY KEY is given more than once'],
    ['CREATE KEYSPACE ks WITH a = 1 AND a = 2', "line 1:34 property 'a' is given more than once"],
    ["CREATE KEYSPACE ks WITH r = {'a': 1, 'a': 2}", "line 1:37 map key 'a' is given more than once"],
    ["CREATE KEYSPACE ks WITH replication = {'class': ?}", 'line 1:48 bind markers are not allowed in schema properties'],
    ['CREATE TYPE date (a int)', "line 1:12 'date' is a reserved type name and cannot name a user type"],
    ['CREATE TABLE t (a map<int>)', "line 1:25 expected ',' but found '>'"],
    ['CREATE TABLE t (a frozen<int, int>)', "line 1:28 expected '>' but found ','"],
    ['CREATE FUNCTION f() LANGUAGE java', "line 1:20 expected CALLED ON NULL INPUT or RETURNS NULL ON NULL INPUT but found 'LANGUAGE'"],
    ["CREATE ROLE r WITH PASSWORD = 'a' AND PASSWORD = 'b'", 'line 1:38 role option PASSWORD is given more than once'],
    ['CREATE USER "Quoted"', `line 1:12 user names cannot be "quoted"; use a 'string' or switch to ROLE`],
    ['DESCRIBE', 'line 1:8 expected what to describe (CLUSTER, SCHEMA, KEYSPACES, KEYSPACE, TABLES, TABLE, INDEX, MATERIALIZED VIEW, TYPES, TYPE, FUNCTIONS, FUNCTION, AGGREGATES, AGGREGATE or a name) but found the end of the input'],
    ['SELECT $$ FROM t', 'line 1:7 unterminated $$ string literal'],
    ['SELECT * FROM t /* open', 'line 1:16 unterminated /* comment'],
  ];
  for (const [text, message] of cases) assert.equal(error(text).message, message, text);
});

test('a long offending token is shortened in the message', () => {
  const e = error(`SELECT * FROM t WHERE a = 1 ${'x'.repeat(100)}`);
  assert.match(e.message, /found 'x{40}…'$/);
});

test('parseStatements reports the first error, with its position in the whole script', () => {
  assert.throws(() => parseStatements('SELECT * FROM t;\nSELECT * FORM u;\nSELECT'), /^CqlSyntaxError: line 2:9 expected FROM but found 'FORM'$/);
  assert.throws(() => parseStatements('SELECT * FROM t SELECT * FROM u'), /line 1:16 expected ';' between statements but found 'SELECT'/);
});
