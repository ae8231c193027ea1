import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCopy } from './copy-command.js';
import { copyFromOptions, copyToOptions } from './copy-options.js';
import { parseShellCommand } from './shell-command.js';

test('shell commands parse with their arguments, case-insensitively', () => {
  assert.deepEqual(parseShellCommand('exit'), { kind: 'exit' });
  assert.deepEqual(parseShellCommand('QUIT'), { kind: 'exit' });
  assert.deepEqual(parseShellCommand('expand on'), { kind: 'expand', on: true });
  assert.deepEqual(parseShellCommand('EXPAND'), { kind: 'expand', on: undefined });
  assert.deepEqual(parseShellCommand('tracing OFF'), { kind: 'tracing', on: false });
  assert.deepEqual(parseShellCommand('PAGING 50'), { kind: 'paging', setting: 50 });
  assert.deepEqual(parseShellCommand('paging off'), { kind: 'paging', setting: false });
  assert.deepEqual(parseShellCommand('consistency local_quorum'), { kind: 'consistency', level: 'LOCAL_QUORUM' });
  assert.deepEqual(parseShellCommand('SERIAL CONSISTENCY'), { kind: 'serial-consistency', level: undefined });
  assert.deepEqual(parseShellCommand("SOURCE 'my file.cql'"), { kind: 'source', file: 'my file.cql' });
  assert.deepEqual(parseShellCommand('show version'), { kind: 'show', what: 'version', arg: undefined });
  assert.deepEqual(parseShellCommand('HELP copy'), { kind: 'help', topic: 'COPY' });
  assert.deepEqual(parseShellCommand('cls'), { kind: 'clear' });
  assert.deepEqual(parseShellCommand('desc keyspaces'), { kind: 'describe', cql: 'desc keyspaces' });
  assert.deepEqual(parseShellCommand('USE "Ks"'), { kind: 'use', cql: 'USE "Ks"' });
  assert.deepEqual(parseShellCommand('select * from t'), { kind: 'cql', cql: 'select * from t' });
});

test('malformed shell commands are improper, with cqlsh wording', () => {
  assert.deepEqual(parseShellCommand('EXPAND maybe'), { kind: 'improper', message: 'Improper EXPAND command.' });
  assert.deepEqual(parseShellCommand('PAGING -3'), { kind: 'improper', message: 'Improper PAGING command.' });
  assert.deepEqual(parseShellCommand('CONSISTENCY SOMETIMES'), { kind: 'improper', message: 'Improper CONSISTENCY command.' });
  assert.deepEqual(parseShellCommand('SERIAL CONSISTENCY QUORUM'), { kind: 'improper', message: 'Improper SERIAL CONSISTENCY command.' });
  assert.deepEqual(parseShellCommand('SHOW everything'), { kind: 'improper', message: 'Improper SHOW command.' });
  assert.deepEqual(parseShellCommand("SOURCE 'unterminated"), { kind: 'improper', message: 'Improper SOURCE command.' });
  assert.deepEqual(parseShellCommand('exit now'), { kind: 'improper', message: 'Improper EXIT command.' });
});

test('COPY parses table, columns, direction, target and options', () => {
  const to = parseCopy(`COPY ks.users (id, "Name") TO 'out.csv' WITH HEADER = true AND DELIMITER = '|' AND PAGESIZE = 10`);
  assert.deepEqual(to, {
    keyspace: 'ks',
    table: 'users',
    columns: ['id', 'Name'],
    direction: 'to',
    file: 'out.csv',
    options: new Map([['HEADER', 'true'], ['DELIMITER', '|'], ['PAGESIZE', '10']]),
  });
  const from = parseCopy("copy Users from STDIN with maxbatchsize=5 and NULL='it''s null'");
  assert.deepEqual(from, { keyspace: undefined, table: 'users', columns: undefined, direction: 'from', file: undefined, options: new Map([['MAXBATCHSIZE', '5'], ['NULL', "it's null"]]) });
  assert.equal((parseCopy("COPY t TO 'f' WITH INGESTRATE = 1.5") as { options: ReadonlyMap<string, string> }).options.get('INGESTRATE'), '1.5');
  for (const bad of ['COPY', 'COPY t', "COPY t INTO 'f'", 'COPY t TO f', "COPY t (a, TO 'f'", "COPY t TO 'f' WITH", "COPY t TO 'f' HEADER = true", "COPY t TO 'f"]) {
    assert.equal(typeof parseCopy(bad), 'string', bad);
  }
});

test('COPY options are checked and typed, with cqlsh defaults', () => {
  const to = copyToOptions(new Map());
  assert.deepEqual([to.delimiter, to.quote, to.escape, to.header, to.nullText, to.pageSize], [',', '"', '"', false, '', 1000]);
  const from = copyFromOptions(new Map([['HEADER', 'True'], ['SKIPCOLS', 'a, B'], ['MAXPARSEERRORS', '3'], ['BOOLSTYLE', 'yes,no']]));
  assert.deepEqual([from.header, from.skipCols, from.maxParseErrors, from.maxBatchSize, from.boolStyle], [true, ['a', 'b'], 3, 20, ['yes', 'no']]);
  assert.throws(() => copyToOptions(new Map([['CHUNKSIZE', '5']])), /Unrecognized COPY TO options: chunksize/);
  assert.throws(() => copyFromOptions(new Map([['PAGESIZE', '5']])), /Unrecognized COPY FROM options: pagesize/);
  assert.throws(() => copyToOptions(new Map([['DELIMITER', '||']])), /single character/);
  assert.throws(() => copyFromOptions(new Map([['HEADER', 'perhaps']])), /boolean/);
  assert.throws(() => copyFromOptions(new Map([['MAXBATCHSIZE', '0']])), /MAXBATCHSIZE/);
  assert.throws(() => copyToOptions(new Map([['ENCODING', 'latin1']])), /ENCODING/);
});

test("LOGIN user ['password']: a name or quoted user, a string-literal password", () => {
  assert.deepEqual(parseShellCommand("LOGIN bob 'p''w'"), { kind: 'login', user: 'bob', password: "p'w" });
  assert.deepEqual(parseShellCommand('login "Bob"'), { kind: 'login', user: 'Bob', password: undefined });
  assert.deepEqual(parseShellCommand('LOGIN'), { kind: 'improper', message: 'Improper LOGIN command.' });
  assert.deepEqual(parseShellCommand('LOGIN bob pw'), { kind: 'improper', message: 'Improper LOGIN command.' });
});
